import { EXPORT_FORMATS, type ExportFormat, type OrderFilter } from '@consign/api-client';
import { queryKeys } from '@consign/api-client/query';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  toast,
} from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { useApi } from '../../lib/use-api';
import { DOWNLOAD_COPY } from './copy';

/**
 * 导出 on 代发订单: the list's filter as a CSV or Excel export job. `filter` is the one the list's own
 * query sends (`useList(...).filter`), so the file holds the orders the list shows. The server writes
 * the file in the background; 下载中心 shows its progress and the download.
 */
export function ExportMenu({ filter }: { filter: OrderFilter }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: (format: ExportFormat) => api.export.create({ ...filter, format }),
    onSuccess: async () => {
      toast.success(DOWNLOAD_COPY.exportCreated, {
        action: {
          label: DOWNLOAD_COPY.goToDownloads,
          onClick: () => void navigate({ to: '/dashboard/download' }),
        },
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.exports.all });
    },
  });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button disabled={create.isPending}>
          <Download aria-hidden />
          {DOWNLOAD_COPY.exportButton}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {EXPORT_FORMATS.map((format) => (
          <DropdownMenuItem key={format} onSelect={() => create.mutate(format)}>
            {DOWNLOAD_COPY.exportAs(DOWNLOAD_COPY.format[format])}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
