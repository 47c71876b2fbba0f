import {
  Button,
  DateRangePicker,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@consign/ui';
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
 * draft follows the address when Back/Forward changes it.
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

  return (
    <search data-slot="filter-bar">
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(draft);
        }}
      >
        {keywordPlaceholder !== undefined ? (
          <Input
            aria-label={LIST_TEXT.keyword}
            placeholder={keywordPlaceholder}
            value={draft.keyword ?? ''}
            maxLength={64}
            onChange={(event) => set('keyword', event.target.value)}
            wrapperClassName="w-48"
          />
        ) : null}
        {shop ? (
          <Select
            value={draft.shop_id || ALL}
            onValueChange={(next) => set('shop_id', next === ALL ? '' : next)}
          >
            <SelectTrigger aria-label={LIST_TEXT.shop} className="w-40">
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
            <SelectTrigger aria-label={select.label} className="w-32">
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
            className="w-56"
          />
        ) : null}
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
