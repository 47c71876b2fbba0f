import type * as React from 'react';
import { copy } from '../copy';
import { cn } from '../lib/cn';
import { InboxIcon } from '../lib/icons';

export type EmptyProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  /** Replaces the default inbox icon; `null` shows none. */
  icon?: React.ReactNode;
  /** Default 暂无数据. */
  description?: React.ReactNode;
  /** A button or link under the text (e.g. 新建). */
  action?: React.ReactNode;
};

/** What a list, table or panel shows when it has nothing to show. */
export function Empty({ className, icon, description = copy.empty, action, children, ...props }: EmptyProps) {
  return (
    <div
      data-slot="empty"
      className={cn('flex flex-col items-center justify-center gap-2 py-8 text-center', className)}
      {...props}
    >
      {icon === null ? null : (
        <div data-slot="empty-icon" className="text-neutral-400 [&_svg:not([class*='size-'])]:size-12">
          {icon ?? <InboxIcon strokeWidth={1.25} />}
        </div>
      )}
      <div data-slot="empty-description" className="text-sm text-muted-foreground">
        {description}
      </div>
      {children}
      {action ? (
        <div data-slot="empty-action" className="mt-2">
          {action}
        </div>
      ) : null}
    </div>
  );
}
