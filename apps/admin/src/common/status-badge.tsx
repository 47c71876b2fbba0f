import { Badge, type BadgeProps } from '@consign/ui';

export type Tone = NonNullable<BadgeProps['tone']>;

/** A status as a coloured pill. */
export function StatusBadge({ label, tone }: { label: string; tone: Tone }) {
  return <Badge count={label} tone={tone} data-slot="status-badge" />;
}
