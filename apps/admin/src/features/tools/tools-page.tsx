import { Field, Input } from '@consign/ui';
import { useId, useMemo, useState } from 'react';
import { usePageTitle } from '../../common/page-title';
import { type ParsedAddress, parseAddress } from './parse-address';
import { carriersForTrackingNo } from './tracking-carriers';

const COPY = {
  address: '地址解析',
  addressHint: '粘贴买家发来的整段地址（姓名、手机号、地址的顺序不限），自动拆分为各项',
  addressPlaceholder: '张三 13800138000 浙江省杭州市西湖区文三路 100 号',
  fields: {
    name: '姓名',
    mobile: '手机号',
    province: '省份',
    city: '城市',
    district: '区县',
    detail: '详细地址',
  } satisfies Record<keyof ParsedAddress, string>,
  notFound: '未识别',
  tracking: '运单号识别',
  trackingHint: '粘贴运单号，按各快递公司的单号格式给出可能的快递公司',
  trackingPlaceholder: 'SF1234567890123',
  carriers: '可能的快递公司',
  noCarrier: '没有匹配的快递公司格式，请核对运单号',
} as const;

/** 常用工具: 地址解析 and 运单号识别, both worked out in the page as the user types. */
export function ToolsPage() {
  const title = usePageTitle();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-semibold">{title}</h1>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <AddressTool />
        <TrackingTool />
      </div>
    </div>
  );
}

function AddressTool() {
  const [text, setText] = useState('');
  const parsed = useMemo(() => parseAddress(text), [text]);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg bg-card p-5 shadow-sm">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {COPY.address}
      </h2>
      <Field id={`${id}-text`} label={COPY.address} description={COPY.addressHint}>
        <textarea
          id={`${id}-text`}
          aria-describedby={`${id}-text-description`}
          rows={3}
          maxLength={500}
          value={text}
          placeholder={COPY.addressPlaceholder}
          onChange={(event) => setText(event.target.value)}
          className="w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs outline-none hover:border-link focus-visible:border-link focus-visible:ring-2 focus-visible:ring-ring/30"
        />
      </Field>
      {text.trim() ? (
        <dl data-slot="parsed-address" className="grid grid-cols-[5rem_1fr] gap-x-4 gap-y-2 text-sm">
          {(Object.keys(COPY.fields) as (keyof ParsedAddress)[]).map((key) => (
            <div key={key} className="contents">
              <dt className="text-muted-foreground">{COPY.fields[key]}</dt>
              <dd className={parsed[key] ? 'break-all' : 'text-muted-foreground'}>
                {parsed[key] || COPY.notFound}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

function TrackingTool() {
  const [value, setValue] = useState('');
  const carriers = useMemo(() => carriersForTrackingNo(value), [value]);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg bg-card p-5 shadow-sm">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {COPY.tracking}
      </h2>
      <Field label={COPY.tracking} description={COPY.trackingHint}>
        <Input
          value={value}
          maxLength={40}
          autoComplete="off"
          placeholder={COPY.trackingPlaceholder}
          allowClear
          onChange={(event) => setValue(event.target.value)}
        />
      </Field>
      {value.trim() ? (
        carriers.length > 0 ? (
          <div className="flex flex-col gap-2 text-sm">
            <span className="text-muted-foreground">{COPY.carriers}</span>
            <ul aria-label={COPY.carriers} className="flex flex-wrap gap-2">
              {carriers.map((carrier) => (
                <li key={carrier.code} className="rounded-md border border-border px-3 py-1">
                  {carrier.name}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{COPY.noCarrier}</p>
        )
      ) : null}
    </section>
  );
}
