export { Button, type ButtonProps, buttonVariants } from './components/button';
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
