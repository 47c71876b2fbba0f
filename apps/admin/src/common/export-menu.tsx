import {
  type ApiBody,
  type ApiPath,
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  type ExportFormat,
  type OrderFilter,
} from '@consign/api-client';
// The columns are the contract entry's (the client entry leaves them out: only this menu, 下载中心 and the server read them).
import {
  ORDER_EXPORT_COLUMN_KEYS,
  ORDER_EXPORT_COLUMNS,
  ORDER_EXPORT_MONEY_COLUMNS,
  type OrderExportColumn,
} from '@consign/api-client/contract';
import {
  Button,
  Checkbox,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  toast,
} from '@consign/ui';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useApi } from '../lib/use-api';
import { EXPORT_TEXT } from './export-texts';
import { FormDialog } from './list/form-dialog';
import { useCan } from './use-can';

const columnsText = EXPORT_TEXT.columns;

/** Where a list's chosen export columns are remembered (per list, in this browser). */
const columnsStorageKey = (list: string) => `exportColumns:${list}`;

/** The columns remembered for `list` (known keys only, in the file's order); null: all. */
function rememberedColumns(list: string): OrderExportColumn[] | null {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(columnsStorageKey(list)) ?? 'null');
    if (!Array.isArray(saved)) return null;
    const known = ORDER_EXPORT_COLUMN_KEYS.filter((key) => saved.includes(key));
    return known.length > 0 ? known : null;
  } catch {
    return null;
  }
}

/**
 * 导出 on the order lists (代发订单, 预售订单, 利润报表): the list's filter as a CSV or Excel export job.
 * `filter` is the one the list's own query sends (`useList(...).filter`), so the file holds the orders
 * the list shows. 选择导出列 lets the seller choose the file's columns (the contract's
 * `ORDER_EXPORT_COLUMNS`, 成本 / 利润 only with finance:view; default all), remembered per `list` in
 * this browser and sent with the export. The server writes the file in the background; 下载中心 shows
 * its progress, its columns and the download.
 */
export function ExportMenu({ filter, list }: { filter: OrderFilter; list: string }) {
  const api = useApi();
  const canMoney = useCan('finance:view');
  const offered = ORDER_EXPORT_COLUMN_KEYS.filter(
    (key) => canMoney || !ORDER_EXPORT_MONEY_COLUMNS.includes(key),
  );
  const [chosen, setChosen] = useState(() => rememberedColumns(list));
  const [choosing, setChoosing] = useState(false);
  const shown = chosen?.filter((key) => offered.includes(key)) ?? offered;
  const choose = (next: OrderExportColumn[]) => {
    const all = next.length === offered.length;
    setChosen(all ? null : next);
    if (all) localStorage.removeItem(columnsStorageKey(list));
    else localStorage.setItem(columnsStorageKey(list), JSON.stringify(next));
    setChoosing(false);
  };
  return (
    <>
      <FormatMenu
        path="/api/export/create"
        create={(format) =>
          api.call('/api/export/create', { ...filter, format, ...(chosen ? { columns: chosen } : {}) })
        }
        more={
          <DropdownMenuItem onSelect={() => setChoosing(true)}>
            {columnsText.choose(shown.length, offered.length)}
          </DropdownMenuItem>
        }
      />
      {choosing ? (
        <ExportColumnsDialog
          offered={offered}
          chosen={shown}
          onSave={choose}
          onClose={() => setChoosing(false)}
        />
      ) : null}
    </>
  );
}

/** 选择导出列: a checkbox per column offered, 全选, and 确定 (at least one column). */
function ExportColumnsDialog({
  offered,
  chosen,
  onSave,
  onClose,
}: {
  offered: readonly OrderExportColumn[];
  chosen: readonly OrderExportColumn[];
  onSave: (columns: OrderExportColumn[]) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [picked, setPicked] = useState<readonly OrderExportColumn[]>(chosen);
  const [problem, setProblem] = useState('');
  const toggle = (key: OrderExportColumn, on: boolean) => {
    setProblem('');
    setPicked((now) => offered.filter((k) => (k === key ? on : now.includes(k))));
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={columnsText.title}
      description={columnsText.description}
      pending={false}
      onSubmit={(event) => {
        event.preventDefault();
        if (picked.length === 0) setProblem(columnsText.none);
        else onSave([...picked]);
      }}
    >
      <Button
        type="button"
        variant="link"
        className="self-start"
        onClick={() => {
          setProblem('');
          setPicked(picked.length === offered.length ? [] : offered);
        }}
      >
        {picked.length === offered.length ? columnsText.clear : columnsText.all}
      </Button>
      <ul aria-label={columnsText.title} className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        {offered.map((key) => (
          <li key={key} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${key}`}
              checked={picked.includes(key)}
              onCheckedChange={(on) => toggle(key, on === true)}
            />
            <label htmlFor={`${id}-${key}`}>{ORDER_EXPORT_COLUMNS[key]}</label>
          </li>
        ))}
      </ul>
      {problem ? (
        <p role="alert" className="text-error text-sm">
          {problem}
        </p>
      ) : null}
    </FormDialog>
  );
}

/** 导出 on 余额明细, its filters (kind, days) as an export job of 下载中心. */
export function BalanceExportMenu({ filter }: { filter: Omit<ApiBody<'/api/balance/export'>, 'format'> }) {
  const api = useApi();
  return (
    <FormatMenu
      path="/api/balance/export"
      create={(format) => api.call('/api/balance/export', { ...filter, format })}
    />
  );
}

/** 导出 with its formats (and `more` items below them): `create` queues the job; the toast leads to 下载中心. */
function FormatMenu({
  path,
  create,
  more,
}: {
  path: ApiPath;
  create: (format: ExportFormat) => Promise<unknown>;
  more?: ReactNode;
}) {
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationKey: [path],
    mutationFn: create,
    onSuccess: () => {
      toast.success(EXPORT_TEXT.created, {
        action: {
          label: EXPORT_TEXT.goToDownloads,
          onClick: () => void navigate({ to: '/dashboard/download' }),
        },
      });
    },
  });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button disabled={mutation.isPending}>
          <Download aria-hidden />
          {EXPORT_TEXT.button}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {EXPORT_FORMATS.map((format) => (
          <DropdownMenuItem key={format} onSelect={() => mutation.mutate(format)}>
            {EXPORT_TEXT.as(EXPORT_FORMAT_LABELS[format])}
          </DropdownMenuItem>
        ))}
        {more ? <DropdownMenuSeparator /> : null}
        {more}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
