export {
  Avatar,
  AvatarFallback,
  type AvatarFallbackProps,
  AvatarImage,
  type AvatarProps,
  avatarVariants,
  getInitials,
} from './components/avatar';
export { Badge, type BadgeProps, badgeVariants, formatBadgeCount } from './components/badge';
export {
  type Banner,
  BannerCarousel,
  type BannerCarouselCopy,
  type BannerCarouselProps,
  bannerCarouselCopy,
  safeBannerHref,
  usePrefersReducedMotion,
} from './components/banner-carousel';
export {
  Breadcrumb,
  type BreadcrumbItem,
  type BreadcrumbLinkRenderProps,
  type BreadcrumbProps,
  breadcrumbCopy,
} from './components/breadcrumb';
export { Button, type ButtonProps, buttonVariants } from './components/button';
export {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  type CardTitleProps,
} from './components/card';
export { Checkbox } from './components/checkbox';
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog';
export {
  DataTable,
  type DataTableColumnMeta,
  type DataTableCopy,
  type DataTableProps,
  dataTableCopy,
} from './components/data-table';
export {
  DATE_RANGE_PRESETS,
  DateRangePicker,
  type DateRangePickerProps,
  type DateRangePreset,
  type DateRangeValue,
  formatDay,
  parseDay,
} from './components/date-range-picker';
export {
  Dialog,
  DialogClose,
  DialogContent,
  type DialogContentProps,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
  DialogTrigger,
} from './components/dialog';
export {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  type DropdownMenuItemProps,
  DropdownMenuLabel,
  DropdownMenuPortal,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from './components/dropdown-menu';
export { Empty, type EmptyProps } from './components/empty';
export { ErrorPage, type ErrorPageProps, type ErrorStatus } from './components/error-page';
export {
  Field,
  FieldDescription,
  FieldError,
  type FieldProps,
} from './components/field';
export {
  type FieldControlProps,
  useFieldControl,
  useFieldControlProps,
} from './components/field-control';
export {
  HeaderClock,
  type HeaderClockProps,
  headerClockCopy,
  msToNextSecond,
} from './components/header-clock';
export { IconButton, type IconButtonProps, iconButtonVariants } from './components/icon-button';
export { Input, type InputProps, inputVariants } from './components/input';
export { Label } from './components/label';
export {
  PAGINATION_JUMP,
  Pagination,
  type PaginationCopy,
  type PaginationPart,
  type PaginationProps,
  pageAfterSizeChange,
  pageCountOf,
  paginationCopy,
  paginationItemVariants,
  paginationParts,
} from './components/pagination';
export { Popover, PopoverAnchor, PopoverClose, PopoverContent, PopoverTrigger } from './components/popover';
export { RelativeTime, type RelativeTimeProps } from './components/relative-time';
export {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectScrollDownButton,
  SelectScrollUpButton,
  SelectSeparator,
  SelectTrigger,
  type SelectTriggerProps,
  SelectValue,
  selectTriggerVariants,
} from './components/select';
export {
  activeGroupKey,
  isPathActive,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_COLLAPSED,
  Sidebar,
  type SidebarCopy,
  type SidebarItem,
  type SidebarLinkProps,
  type SidebarProps,
  type SidebarState,
  type SidebarTheme,
  sidebarCopy,
} from './components/sidebar';
export { Skeleton } from './components/skeleton';
export { Spinner, type SpinnerProps, spinnerVariants } from './components/spinner';
export { Switch, type SwitchProps, switchVariants } from './components/switch';
export { ToastHost, toast } from './components/toast';
export type { ToasterProps } from './components/toaster';
export { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './components/tooltip';
export { type Copy, copy } from './copy';
export { cn } from './lib/cn';
export {
  type ClockParts,
  formatClock,
  formatClockParts,
  formatDateTime,
  formatMoney,
  formatRelativeTime,
  RELATIVE_TIME_UNITS,
  relativeTimeParts,
  type TimeZoneOptions,
} from './lib/format';
export { useControllableState } from './lib/use-controllable-state';
export { MOBILE_BREAKPOINT, MOBILE_QUERY, useIsMobile, useMediaQuery } from './lib/use-media-query';
