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
  type FieldControlProps,
  FieldDescription,
  FieldError,
  type FieldProps,
  useFieldControl,
  useFieldControlProps,
} from './components/field';
export { IconButton, type IconButtonProps, iconButtonVariants } from './components/icon-button';
export { Input, type InputProps, inputVariants } from './components/input';
export { Label } from './components/label';
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
export { Skeleton } from './components/skeleton';
export { Spinner, type SpinnerProps, spinnerVariants } from './components/spinner';
export { Switch, type SwitchProps, switchVariants } from './components/switch';
export { Toaster, type ToasterProps, toast } from './components/toaster';
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
