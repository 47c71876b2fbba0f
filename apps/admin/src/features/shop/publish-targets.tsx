import type { PublishCat, PublishTarget } from '@consign/api-client';
import { PUBLISH_PLATFORMS } from '@consign/api-client/contract';
import { apiQuery, listQuery } from '@consign/api-client/query';
import {
  Button,
  Checkbox,
  Input,
  Label,
  Popover,
  PopoverContent,
  PopoverTrigger,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@consign/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApi } from '../../lib/use-api';
import { SHOP_TEXT } from './texts';

const text = SHOP_TEXT.publish;
/** The Select's value for "the shop's first freight template" (Radix Select takes no empty value). */
const FIRST_TEMPLATE = 'first';

/** One shop of a 铺货 with the seller's choices; `cat_name`: the chosen category's name with its parents. */
export interface TargetDraft {
  shop_id: number;
  cat_id: string | null;
  cat_name: string | null;
  cost_template_id: string | null;
  properties: Record<string, string>;
}

export const draftOf = (shopId: number, from?: Partial<TargetDraft>): TargetDraft => ({
  shop_id: shopId,
  cat_id: from?.cat_id ?? null,
  cat_name: from?.cat_name ?? null,
  cost_template_id: from?.cost_template_id ?? null,
  properties: from?.properties ?? {},
});

/** The contract's choices of a draft: blank properties dropped (the offer's attributes are used). */
export function targetOf(draft: TargetDraft): PublishTarget {
  const properties = Object.fromEntries(
    Object.entries(draft.properties)
      .map(([name, value]) => [name, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
  return {
    shop_id: draft.shop_id,
    ...(draft.cat_id
      ? { cat_id: draft.cat_id, ...(draft.cat_name ? { cat_name: draft.cat_name } : {}) }
      : {}),
    ...(draft.cost_template_id ? { cost_template_id: draft.cost_template_id } : {}),
    ...(Object.keys(properties).length > 0 ? { properties } : {}),
  };
}

/** A category's name with its parents, as the listing keeps it (女装 > 连衣裙). */
export const catPath = (names: readonly string[]) => names.join(' > ');

/** The shops goods can be published to: authorised shops of a platform the server publishes to. */
export function usePublishShops(enabled = true) {
  const query = useQuery({
    enabled,
    ...listQuery(useApi(), '/api/shop/index', { pageIndex: 1, pageSize: 100 }),
    staleTime: 60_000,
    select: (page) =>
      page.list.filter(
        (shop) =>
          (PUBLISH_PLATFORMS as readonly string[]).includes(shop.platform) &&
          shop.auth_status === 'authorized',
      ),
  });
  return { shops: query.data ?? [], loading: query.isPending && enabled };
}

/**
 * 铺货's choices: the shops (checkboxes) and, per chosen shop, its category (the shop's authorised
 * categories, browsed level by level with a search), the category's properties and the freight
 * template. `lockedShopId`: one shop only (重新发布).
 */
export function PublishTargetsEditor({
  value,
  onChange,
  lockedShopId,
}: {
  value: TargetDraft[];
  onChange: (value: TargetDraft[]) => void;
  lockedShopId?: number;
}) {
  const { shops, loading } = usePublishShops();
  const id = useId();
  const shown = lockedShopId ? shops.filter((shop) => shop.id === lockedShopId) : shops;
  const update = (next: TargetDraft) =>
    onChange(value.map((draft) => (draft.shop_id === next.shop_id ? next : draft)));
  return (
    <div className="flex flex-col gap-3">
      {lockedShopId ? null : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{text.shops}</legend>
          {!loading && shops.length === 0 ? (
            <p className="text-sm text-muted-foreground">{text.noShops}</p>
          ) : null}
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {shops.map((shop) => (
              <div key={shop.id} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-shop-${shop.id}`}
                  checked={value.some((draft) => draft.shop_id === shop.id)}
                  onCheckedChange={(checked) =>
                    onChange(
                      checked === true
                        ? [...value, draftOf(shop.id)]
                        : value.filter((draft) => draft.shop_id !== shop.id),
                    )
                  }
                />
                <Label htmlFor={`${id}-shop-${shop.id}`} className="font-normal">
                  {shop.name}
                </Label>
              </div>
            ))}
          </div>
        </fieldset>
      )}
      {value.map((draft) => {
        const shop = shown.find((s) => s.id === draft.shop_id);
        return shop ? (
          <ShopChoices key={draft.shop_id} shopName={shop.name} draft={draft} onChange={update} />
        ) : null;
      })}
    </div>
  );
}

/** One chosen shop: category, the category's properties, freight template. */
function ShopChoices({
  shopName,
  draft,
  onChange,
}: {
  shopName: string;
  draft: TargetDraft;
  onChange: (draft: TargetDraft) => void;
}) {
  const api = useApi();
  const id = useId();
  const options = useQuery(
    apiQuery(api, '/api/goods/publish-options', {
      shop_id: draft.shop_id,
      ...(draft.cat_id ? { cat_id: draft.cat_id } : {}),
    }),
  );
  const properties = (options.data?.properties ?? []).filter((p) => p.required || p.name in draft.properties);
  return (
    <section
      aria-label={shopName}
      data-slot="publish-shop"
      className="flex flex-col gap-3 rounded-md border border-border p-3"
    >
      <h3 className="text-sm font-medium">{shopName}</h3>
      <div className="flex flex-col gap-1">
        <span className="text-xs text-muted-foreground">{text.category}</span>
        <CategoryPicker
          shopId={draft.shop_id}
          shopName={shopName}
          value={
            draft.cat_id ? { id: draft.cat_id, name: draft.cat_name ?? text.catById(draft.cat_id) } : null
          }
          onChange={(cat) => onChange({ ...draft, cat_id: cat?.id ?? null, cat_name: cat?.name ?? null })}
        />
      </div>
      {options.error ? (
        <p role="alert" className="text-sm text-error">
          {options.error.message}
        </p>
      ) : null}
      {properties.length > 0 ? (
        <div className="flex flex-col gap-2">
          <span className="text-xs text-muted-foreground">{text.properties}</span>
          <p className="text-xs text-muted-foreground">{text.propertiesHint}</p>
          {properties.map((property) => (
            <div key={property.name} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
              <Label htmlFor={`${id}-prop-${property.name}`} className="w-24 shrink-0 font-normal">
                {property.name}
                {property.required ? <span className="text-error">*</span> : null}
              </Label>
              <Input
                id={`${id}-prop-${property.name}`}
                list={`${id}-values-${property.name}`}
                maxLength={60}
                placeholder={text.propertyPlaceholder}
                value={draft.properties[property.name] ?? ''}
                onChange={(event) =>
                  onChange({
                    ...draft,
                    properties: { ...draft.properties, [property.name]: event.target.value },
                  })
                }
                className="w-full sm:w-64"
              />
              <datalist id={`${id}-values-${property.name}`}>
                {property.values.map((v) => (
                  <option key={v} value={v} />
                ))}
              </datalist>
            </div>
          ))}
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <span id={`${id}-freight`} className="text-xs text-muted-foreground">
          {text.freight}
        </span>
        <Select
          value={draft.cost_template_id ?? FIRST_TEMPLATE}
          onValueChange={(picked) =>
            onChange({ ...draft, cost_template_id: picked === FIRST_TEMPLATE ? null : picked })
          }
        >
          <SelectTrigger className="w-full sm:w-64" aria-labelledby={`${id}-freight`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={FIRST_TEMPLATE}>{text.freightDefault}</SelectItem>
            {(options.data?.templates ?? []).map((template) => (
              <SelectItem key={template.id} value={template.id}>
                {template.name}
              </SelectItem>
            ))}
            {draft.cost_template_id &&
            !options.data?.templates.some((template) => template.id === draft.cost_template_id) ? (
              <SelectItem value={draft.cost_template_id}>{draft.cost_template_id}</SelectItem>
            ) : null}
          </SelectContent>
        </Select>
      </div>
    </section>
  );
}

/** The shop's authorised categories, level by level, with a search of the level shown; a leaf is chosen. */
function CategoryPicker({
  shopId,
  shopName,
  value,
  onChange,
}: {
  shopId: number;
  shopName: string;
  value: { id: string; name: string } | null;
  onChange: (cat: { id: string; name: string } | null) => void;
}) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState<PublishCat[]>([]);
  const [keyword, setKeyword] = useState('');
  const parent = path.at(-1);
  const cats = useQuery({
    enabled: open,
    ...apiQuery(api, '/api/goods/publish-cats', {
      shop_id: shopId,
      ...(parent ? { parent_cat_id: parent.cat_id } : {}),
    }),
    staleTime: 300_000,
  });
  const shown = (cats.data ?? []).filter((cat) => cat.name.includes(keyword.trim()));
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            type="button"
            className="max-w-full justify-start"
            aria-label={`${text.category} ${shopName}`}
          >
            <span className="truncate">{value ? text.chosenCat(value.name) : text.remembered}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent align="start" className="flex w-72 flex-col gap-2 p-2">
          <div className="flex items-center gap-1 text-xs text-muted-foreground">
            {path.length > 0 ? (
              <Button
                type="button"
                size="sm"
                onClick={() => {
                  setPath(path.slice(0, -1));
                  setKeyword('');
                }}
              >
                {text.catBack}
              </Button>
            ) : null}
            <span className="truncate">{catPath(path.map((cat) => cat.name)) || text.catTop}</span>
          </div>
          <Input
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            placeholder={text.catSearch}
            aria-label={text.catSearch}
          />
          <ul className="flex max-h-60 flex-col overflow-y-auto">
            {cats.isPending ? <li className="p-2 text-sm text-muted-foreground">{text.catLoading}</li> : null}
            {cats.error ? (
              <li role="alert" className="p-2 text-sm text-error">
                {cats.error.message}
              </li>
            ) : null}
            {cats.data && shown.length === 0 ? (
              <li className="p-2 text-sm text-muted-foreground">{text.catEmpty}</li>
            ) : null}
            {shown.map((cat) => (
              <li key={cat.cat_id}>
                <button
                  type="button"
                  aria-label={cat.leaf ? text.catPick(cat.name) : text.catOpen(cat.name)}
                  className="flex w-full cursor-pointer items-center justify-between rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent"
                  onClick={() => {
                    setKeyword('');
                    if (cat.leaf) {
                      onChange({ id: cat.cat_id, name: catPath([...path, cat].map((c) => c.name)) });
                      setOpen(false);
                    } else {
                      setPath([...path, cat]);
                    }
                  }}
                >
                  <span>{cat.name}</span>
                  {cat.leaf ? null : <span aria-hidden="true">›</span>}
                </button>
              </li>
            ))}
          </ul>
        </PopoverContent>
      </Popover>
      {value ? (
        <Button type="button" size="sm" variant="ghost" onClick={() => onChange(null)}>
          {text.catClear}
        </Button>
      ) : null}
    </div>
  );
}
