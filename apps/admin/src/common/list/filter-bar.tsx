import {
  Button,
  DateRangePicker,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  useIsMobile,
} from '@consign/ui';
import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useShopOptions } from './shop-options';
import { LIST_TEXT } from './texts';

/** The filters beside the keyword box; each one edits one key of the address query. */
export interface FilterBarOptions {
  /** Show the shop picker (`shop_id`). */
  shop?: boolean;
  /**
   * Show the date range (`start_date`, `end_date`: inclusive days) as the design system's
   * `DateRangePicker`, named by this text (the time it filters, e.g. `下单时间`).
   */
  dateRange?: string;
  /** More pickers, each editing one address key. */
  selects?: readonly FilterSelect[];
}

export interface FilterBarProps extends FilterBarOptions {
  /** The applied filters (from the address). */
  value: Readonly<Record<string, string | undefined>>;
  /** Apply the draft: the page writes it to the address (back to page 1). */
  onSearch: (value: Record<string, string>) => void;
  onReset: () => void;
  /** The keyword box's placeholder; without it the list has no keyword box (余额明细). */
  keywordPlaceholder?: string | undefined;
}

/** A picker of the filter row: `allLabel` is the "no filter" choice. */
export interface FilterSelect {
  key: string;
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
}

const ALL = 'all';

/**
 * The one search form of the list pages: the keyword box, with the page's other filters (shop, date
 * range, pickers) edited as a draft, applied together with 查询 (or Enter) and cleared with 重置. The
 * draft follows the address when Back/Forward changes it. On a phone (below 768 px) the keyword box
 * and 查询 stay in the row and the other filters open in a sheet (筛选, with how many are applied).
 */
export function FilterBar({
  value,
  onSearch,
  onReset,
  keywordPlaceholder,
  shop = false,
  dateRange,
  selects = [],
}: FilterBarProps) {
  const keys = ['keyword', 'shop_id', 'start_date', 'end_date', ...selects.map((s) => s.key)];
  const fill = (from: FilterBarProps['value']) =>
    Object.fromEntries(keys.map((key) => [key, from[key] ?? '']));
  const [draft, setDraft] = useState<Record<string, string>>(() => fill(value));
  // Back/forward changes the address: the draft follows it.
  const applied = JSON.stringify(fill(value));
  useEffect(() => setDraft(JSON.parse(applied)), [applied]);
  const shops = useShopOptions(shop);
  const set = (key: string, next: string) => setDraft((d) => ({ ...d, [key]: next }));

  const phone = useIsMobile();
  const [sheetOpen, setSheetOpen] = useState(false);
  const keywordBox =
    keywordPlaceholder !== undefined ? (
      <Input
        aria-label={LIST_TEXT.keyword}
        placeholder={keywordPlaceholder}
        value={draft.keyword ?? ''}
        maxLength={64}
        onChange={(event) => set('keyword', event.target.value)}
        wrapperClassName={phone ? 'min-w-0 flex-1' : 'w-48'}
      />
    ) : null;
  // The pickers: beside the keyword box, or (on a phone) one per line in the 筛选 sheet.
  const pickers = (
    <>
      {shop ? (
        <Select
          value={draft.shop_id || ALL}
          onValueChange={(next) => set('shop_id', next === ALL ? '' : next)}
        >
          <SelectTrigger aria-label={LIST_TEXT.shop} className={phone ? 'w-full' : 'w-40'}>
            <SelectValue placeholder={LIST_TEXT.allShops} />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{LIST_TEXT.allShops}</SelectItem>
            {shops.map((s) => (
              <SelectItem key={s.id} value={String(s.id)}>
                {s.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ) : null}
      {selects.map((select) => (
        <Select
          key={select.key}
          value={draft[select.key] || ALL}
          onValueChange={(next) => set(select.key, next === ALL ? '' : next)}
        >
          <SelectTrigger aria-label={select.label} className={phone ? 'w-full' : 'w-32'}>
            <SelectValue placeholder={select.allLabel} />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{select.allLabel}</SelectItem>
            {select.options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ))}
      {dateRange ? (
        <DateRangePicker
          label={dateRange}
          value={{ from: draft.start_date || undefined, to: draft.end_date || undefined }}
          onChange={(range) =>
            setDraft((d) => ({ ...d, start_date: range.from ?? '', end_date: range.to ?? '' }))
          }
          className={phone ? 'w-full' : 'w-56'}
        />
      ) : null}
    </>
  );
  const hasPickers = shop || selects.length > 0 || Boolean(dateRange);

  if (phone) {
    // The keyword box and 查询 stay on the page; the other filters open in a sheet from the bottom.
    const applied = [
      shop && value.shop_id,
      dateRange && (value.start_date || value.end_date),
      ...selects.map((select) => value[select.key]),
    ].filter(Boolean).length;
    return (
      <search data-slot="filter-bar">
        <form
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            onSearch(draft);
          }}
        >
          {keywordBox}
          {keywordBox ? (
            <Button type="submit" variant="primary">
              {LIST_TEXT.search}
            </Button>
          ) : null}
          {hasPickers ? (
            <Button type="button" data-slot="filter-sheet-open" onClick={() => setSheetOpen(true)}>
              <SlidersHorizontal aria-hidden="true" />
              {LIST_TEXT.filtersApplied(applied)}
            </Button>
          ) : null}
        </form>
        <Dialog open={sheetOpen} onOpenChange={setSheetOpen}>
          <DialogContent
            data-slot="filter-sheet"
            aria-describedby={undefined}
            className="inset-x-0 top-auto bottom-0 m-0 max-h-[85dvh] max-w-none rounded-b-none sm:max-w-none"
          >
            <DialogHeader>
              <DialogTitle>{LIST_TEXT.filters}</DialogTitle>
            </DialogHeader>
            <form
              className="flex flex-col gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                onSearch(draft);
                setSheetOpen(false);
              }}
            >
              {pickers}
              <DialogFooter className="flex-row justify-end">
                <Button
                  type="button"
                  onClick={() => {
                    onReset();
                    setSheetOpen(false);
                  }}
                >
                  {LIST_TEXT.reset}
                </Button>
                <Button type="submit" variant="primary">
                  {LIST_TEXT.search}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </search>
    );
  }

  return (
    <search data-slot="filter-bar">
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(draft);
        }}
      >
        {keywordBox}
        {pickers}
        {/* 查询 and 重置 wrap together, never 重置 alone. */}
        <div className="flex gap-2">
          <Button type="submit" variant="primary">
            {LIST_TEXT.search}
          </Button>
          <Button type="button" onClick={onReset}>
            {LIST_TEXT.reset}
          </Button>
        </div>
      </form>
    </search>
  );
}
