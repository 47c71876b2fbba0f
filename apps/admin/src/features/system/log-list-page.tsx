import type { LogChange, LogEntry } from '@consign/api-client';
import { AUDIT_ACTIONS, LOG_TARGET_LABELS, logField, logValueText } from '@consign/api-client/contract';
import { Button, formatDateTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DetailDialog } from '../../common/list/detail-dialog';
import type { FilterSelect } from '../../common/list/filter-bar';
import { ListPage } from '../../common/list/list-page';
import { logList } from '../../common/list/lists';
import { useList } from '../../common/list/use-list';
import { useRowDialog } from '../../common/list/use-row-dialog';
import { StatusBadge } from '../../common/status-badge';
import { SYSTEM_TEXT } from './texts';

const route = getRouteApi('/_authed/system/logs');
const logsText = SYSTEM_TEXT.logs;
const c = logsText.columns;

const actionSelect: FilterSelect = {
  key: 'action',
  label: logsText.action,
  allLabel: logsText.allActions,
  options: AUDIT_ACTIONS.map(({ action, label }) => ({ value: action, label })),
};

/** Who: their name or mobile; background work (自动采购, 自动付款, 发货回传) has nobody: 系统. */
const actorOf = (entry: LogEntry) =>
  entry.actor_name || entry.actor_mobile || (entry.user_id === null ? logsText.system : '');
const targetOf = (entry: LogEntry) => {
  const type = LOG_TARGET_LABELS[entry.target_type] ?? entry.target_type;
  const parts = [entry.account_id === null ? `[${logsText.platform}]` : '', type];
  if (entry.target_name !== type) parts.push(entry.target_name);
  return parts.filter(Boolean).join(' ');
};

/** A logged value as a person reads it: an enum's Chinese label, fen as yuan, a time, yes/no. */
export function formatLogValue(targetType: string, field: string, value: unknown): string {
  return logValueText(targetType, field, value, {
    time: formatDateTime,
    empty: logsText.empty,
    yes: logsText.yes,
    no: logsText.no,
  });
}

/** 操作日志: who changed what and when, filtered by who, action and days; a row opens its changes. */
export function LogListPage() {
  const list = useList(route, logList);
  const { row: detail, open, setOpen, show } = useRowDialog<LogEntry | null>(null);
  const columns = useMemo(
    (): DataTableProps<LogEntry>['columns'] => [
      {
        header: c.time,
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.created_at)}</span>
        ),
      },
      { header: c.actor, cell: ({ row }) => actorOf(row.original) },
      { header: c.action, cell: ({ row }) => row.original.action_label },
      { header: c.target, cell: ({ row }) => <span className="break-all">{targetOf(row.original)}</span> },
      { header: c.ip, cell: ({ row }) => <span className="font-mono text-xs">{row.original.ip}</span> },
      { header: c.result, cell: ({ row }) => <ResultCell entry={row.original} /> },
      {
        header: c.changes,
        cell: ({ row }) => (
          <Button
            variant="link"
            aria-label={logsText.viewLabel(row.original.action_label, row.original.target_name)}
            onClick={(event) => {
              event.stopPropagation();
              show(row.original);
            }}
          >
            {row.original.changes.length > 0
              ? logsText.changeCount(row.original.changes.length)
              : logsText.view}
          </Button>
        ),
      },
    ],
    [show],
  );
  return (
    <ListPage
      list={list}
      columns={columns}
      onRowClick={show}
      keywordPlaceholder={logsText.keywordPlaceholder}
      filters={{ dateRange: logsText.columns.time, selects: [actionSelect] }}
    >
      {detail ? (
        <DetailDialog
          open={open}
          onOpenChange={setOpen}
          title={logsText.detailTitle}
          description={`${detail.action_label} ${detail.target_name}`}
          closeText={logsText.close}
          items={[
            [c.time, formatDateTime(detail.created_at)],
            [c.actor, `${actorOf(detail)}${detail.actor_name ? ` (${detail.actor_mobile})` : ''}`],
            [c.action, `${detail.action_label} (${detail.action})`],
            [c.target, targetOf(detail)],
            [c.ip, detail.ip],
            [c.result, detail.failure === null ? logsText.succeeded : logsText.failed],
            ...(detail.failure === null ? [] : [[logsText.failure, detail.failure] as [string, string]]),
          ]}
        >
          <ChangesTable targetType={detail.target_type} changes={detail.changes} />
        </DetailDialog>
      ) : null}
    </ListPage>
  );
}

/** 成功, or 失败 with its reason beside it (an operation the log records as failed, e.g. 一键采购). */
function ResultCell({ entry }: { entry: LogEntry }) {
  if (entry.failure === null) return <span className="text-muted-foreground">{logsText.succeeded}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <StatusBadge label={logsText.failed} tone="danger" />
      <span className="break-all text-xs text-error">{entry.failure}</span>
    </span>
  );
}

/** The changed fields of one entry: field, before, after. */
function ChangesTable({ targetType, changes }: { targetType: string; changes: readonly LogChange[] }) {
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">{logsText.noChanges}</p>;
  return (
    <table data-slot="log-changes" className="w-full table-fixed border-collapse text-sm">
      <thead>
        <tr className="border-b border-border text-left text-muted-foreground">
          <th scope="col" className="w-32 py-1.5 pr-2 font-normal">
            {logsText.field}
          </th>
          <th scope="col" className="py-1.5 pr-2 font-normal">
            {logsText.before}
          </th>
          <th scope="col" className="py-1.5 font-normal">
            {logsText.after}
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field} className="border-b border-border align-top last:border-0">
            <th scope="row" className="py-1.5 pr-2 text-left font-normal">
              {logField(targetType, change.field)?.label ?? change.field}
            </th>
            <td className="break-all py-1.5 pr-2 text-muted-foreground line-through decoration-error/50">
              {formatLogValue(targetType, change.field, change.before)}
            </td>
            <td className="break-all py-1.5">{formatLogValue(targetType, change.field, change.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
