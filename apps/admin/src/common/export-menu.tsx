import {
  type ApiBody,
  type ApiPath,
  EXPORT_FORMATS,
  type ExportFormat,
  type OrderFilter,
} from '@consign/api-client';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  toast,
} from '@consign/ui';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { useApi } from '../lib/use-api';
import { COMMON_TEXT } from './texts';

/**
 * 导出 on 代发订单: the list's filter as a CSV or Excel export job. `filter` is the one the list's own
 * query sends (`useList(...).filter`), so the file holds the orders the list shows. The server writes
 * the file in the background; 下载中心 shows its progress and the download.
 */
export function ExportMenu({ filter }: { filter: OrderFilter }) {
  const api = useApi();
  return (
    <FormatMenu
      path="/api/export/create"
      create={(format) => api.call('/api/export/create', { ...filter, format })}
    />
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

/** 导出 with its formats: `create` queues the job; the toast leads to 下载中心. */
function FormatMenu({ path, create }: { path: ApiPath; create: (format: ExportFormat) => Promise<unknown> }) {
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationKey: [path],
    mutationFn: create,
    onSuccess: () => {
      toast.success(COMMON_TEXT.export.created, {
        action: {
          label: COMMON_TEXT.export.goToDownloads,
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
          {COMMON_TEXT.export.button}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {EXPORT_FORMATS.map((format) => (
          <DropdownMenuItem key={format} onSelect={() => mutation.mutate(format)}>
            {COMMON_TEXT.export.as(COMMON_TEXT.export.format[format])}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
