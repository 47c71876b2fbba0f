import { Popover, Tooltip } from 'radix-ui';
import * as React from 'react';
import { cn } from '../lib/cn';
import {
  CollapsedRail,
  floatingClass,
  keyOf,
  type MenuContext,
  railGroupTriggerProps,
  type SidebarItem,
  SidebarLink,
} from './sidebar-parts';

/**
 * The collapsed rail with its flyouts (Radix Popover) and tooltips (Radix Tooltip). The Sidebar loads
 * this module on demand, so that an expanded sidebar's first paint carries none of the floating-UI code;
 * until it has arrived the Sidebar draws the same rail without them (`CollapsedRail` alone).
 */

/** Collapsed group: an icon button whose items open in a flyout on hover, focus-and-Enter or click. */
function CollapsedGroup({ item, ctx }: { item: SidebarItem; ctx: MenuContext }) {
  const [open, setOpen] = React.useState(false);
  const closeTimer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const byHover = React.useRef(false);
  // Set while Radix hands focus back to the trigger on close, so that this focus does not reopen it.
  const returningFocus = React.useRef(false);
  const contentRef = React.useRef<HTMLDivElement>(null);
  const cancelClose = () => clearTimeout(closeTimer.current);
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), 150);
  };
  React.useEffect(() => () => clearTimeout(closeTimer.current), []);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        {...railGroupTriggerProps(item, ctx)}
        onPointerEnter={(event) => {
          if (event.pointerType !== 'mouse') return;
          cancelClose();
          byHover.current = true;
          setOpen(true);
        }}
        onPointerLeave={(event) => {
          if (event.pointerType === 'mouse') scheduleClose();
        }}
        onClick={(event) => {
          // The pointer that clicks has hovered first: the flyout is already open, keep it so.
          if (byHover.current && open) event.preventDefault();
          byHover.current = false;
        }}
        onFocus={(event) => {
          // Keyboard focus shows the items without moving focus; Enter, Space or ArrowRight goes in.
          if (returningFocus.current || !event.currentTarget.matches(':focus-visible')) return;
          byHover.current = true;
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (!['Enter', ' ', 'ArrowRight'].includes(event.key)) return;
          event.preventDefault();
          if (open) {
            contentRef.current?.querySelector<HTMLElement>('a')?.focus();
          } else {
            byHover.current = false;
            setOpen(true);
          }
        }}
      />
      <Popover.Portal>
        <Popover.Content
          side="right"
          align="start"
          sideOffset={8}
          data-slot="sidebar-flyout"
          aria-label={item.title}
          onOpenAutoFocus={(event) => {
            // Hovering shows the items without stealing focus; keyboard and click move focus in.
            if (byHover.current) event.preventDefault();
          }}
          onCloseAutoFocus={() => {
            returningFocus.current = true;
            setTimeout(() => {
              returningFocus.current = false;
            }, 0);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
            const links = [...event.currentTarget.querySelectorAll<HTMLElement>('a')];
            const index = links.indexOf(document.activeElement as HTMLElement);
            const next =
              event.key === 'ArrowDown' ? Math.min(links.length - 1, index + 1) : Math.max(0, index - 1);
            links[next]?.focus();
            event.preventDefault();
          }}
          ref={contentRef}
          onPointerEnter={cancelClose}
          onPointerLeave={scheduleClose}
          className={cn(floatingClass, 'min-w-40', ctx.theme === 'dark' && 'dark')}
        >
          <p className="px-3 py-1.5 text-xs font-medium text-muted-foreground">{item.title}</p>
          <ul className="flex flex-col gap-0.5">
            {item.children?.map((child) => (
              <li key={keyOf(child)}>
                <SidebarLink
                  item={child}
                  ctx={{
                    ...ctx,
                    onNavigate: () => {
                      setOpen(false);
                      ctx.onNavigate();
                    },
                  }}
                />
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The 60px rail: flyouts for groups, tooltips for items. */
export function CollapsedMenu({ items, ctx }: { items: SidebarItem[]; ctx: MenuContext }) {
  return (
    <Tooltip.Provider delayDuration={200}>
      <CollapsedRail
        items={items}
        ctx={ctx}
        renderGroup={(item) => <CollapsedGroup item={item} ctx={ctx} />}
        wrapLink={(item, link) => (
          <Tooltip.Root>
            <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content
                side="right"
                sideOffset={8}
                data-slot="sidebar-tooltip"
                className={cn(floatingClass, 'px-2.5 py-1.5 text-xs', ctx.theme === 'dark' && 'dark')}
              >
                {item.title}
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        )}
      />
    </Tooltip.Provider>
  );
}
