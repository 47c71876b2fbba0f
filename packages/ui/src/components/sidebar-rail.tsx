import { Popover, Tooltip } from 'radix-ui';
import * as React from 'react';
import { cn } from '../lib/cn';
import {
  activeRowClass,
  floatingClass,
  holdsActiveItem,
  iconClass,
  keyOf,
  type MenuContext,
  railRowClass,
  rowClass,
  type SidebarItem,
  SidebarLink,
} from './sidebar';

/** The `data-rail-key` of the focused row of the fallback rail, read before it is replaced. */
function railKeyOfFocus(): string | undefined {
  const active = document.activeElement;
  return active instanceof HTMLElement
    ? active.closest<HTMLElement>('[data-rail-key]')?.dataset.railKey
    : undefined;
}

/**
 * A collapsed group: an icon button whose items open in a Radix Popover flyout on hover, on keyboard
 * focus (without moving focus), or on click, Enter, Space and ArrowRight (which move focus in).
 */
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
  const holdsActive = holdsActiveItem(item, ctx);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        data-slot="sidebar-group-trigger"
        data-rail-key={keyOf(item)}
        data-sidebar-focusable=""
        data-active={holdsActive ? '' : undefined}
        aria-label={item.title}
        className={cn(rowClass, railRowClass, holdsActive && activeRowClass)}
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
      >
        <span className={iconClass}>{item.icon ?? item.title.slice(0, 1)}</span>
      </Popover.Trigger>
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

/**
 * The collapsed 60px rail: an icon button with a flyout per group, an icon link with a tooltip per item.
 * `Sidebar` loads this module when the rail is first shown and draws its `RailFallback` until then.
 */
export default function SidebarRail({ items, ctx }: { items: SidebarItem[]; ctx: MenuContext }) {
  const listRef = React.useRef<HTMLUListElement>(null);
  // A row of the fallback focused before this module arrived left the page with it: focus the same row.
  const focusedKey = React.useRef(railKeyOfFocus());
  React.useLayoutEffect(() => {
    const key = focusedKey.current;
    if (key === undefined || document.activeElement !== document.body) return;
    for (const row of listRef.current?.querySelectorAll<HTMLElement>('[data-rail-key]') ?? [])
      if (row.dataset.railKey === key) row.focus();
  }, []);
  return (
    <Tooltip.Provider delayDuration={200}>
      <ul ref={listRef} data-slot="sidebar-menu" className="flex flex-col gap-1">
        {items.map((item) =>
          item.children?.length ? (
            <li key={keyOf(item)} data-slot="sidebar-group">
              <CollapsedGroup item={item} ctx={ctx} />
            </li>
          ) : (
            <li key={keyOf(item)} data-slot="sidebar-menu-item">
              <Tooltip.Root>
                <Tooltip.Trigger asChild>
                  <SidebarLink
                    item={item}
                    ctx={ctx}
                    showTitle={false}
                    aria-label={item.title}
                    className={railRowClass}
                    data-rail-key={keyOf(item)}
                  />
                </Tooltip.Trigger>
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
            </li>
          ),
        )}
      </ul>
    </Tooltip.Provider>
  );
}
