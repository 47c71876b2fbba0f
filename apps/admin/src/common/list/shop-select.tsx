import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@consign/ui';
import { useShopOptions } from './shop-options';

/**
 * The one picker of a shop in a form (手工建单, 导入订单, 商品复制): the account's shops by name, the
 * value its id as text ('' until picked: Radix Select works in strings). The caller's `Field` gives the
 * label and the error; `label` also names the trigger. The shops load while `enabled` (a closed dialog
 * asks nothing).
 */
export function ShopSelect({
  value,
  onChange,
  label,
  placeholder,
  enabled = true,
  className = 'w-full',
}: {
  value: string;
  onChange: (shopId: string) => void;
  label: string;
  placeholder: string;
  enabled?: boolean;
  className?: string;
}) {
  const shops = useShopOptions(enabled);
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger className={className} aria-label={label}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {shops.map((shop) => (
          <SelectItem key={shop.id} value={String(shop.id)}>
            {shop.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
