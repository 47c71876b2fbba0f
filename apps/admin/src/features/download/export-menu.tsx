import { EXPORT_FORMATS, type ExportFormat, type OrderFilter } from '@consign/api-client';
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
import { useApi } from '../../lib/use-api';
import { DOWNLOAD_TEXT } from './texts';

/**
 * 导出 on 代发订单: the list's filter as a CSV or Excel export job. `filter` is the one the list's own
 * query sends (`useList(...).filter`), so the file holds the orders the list shows. The server writes
 * the file in the background; 下载中心 shows its progress and the download.
 */
export function ExportMenu({ filter }: { filter: OrderFilter }) {
  const api = useApi();
  const navigate = useNavigate();
  const create = useMutation({
    mutationKey: ['/api/export/create'],
    mutationFn: (format: ExportFormat) => api.call('/api/export/create', { ...filter, format }),
    onSuccess: () => {
      toast.success(DOWNLOAD_TEXT.exportCreated, {
        action: {
          label: DOWNLOAD_TEXT.goToDownloads,
          onClick: () => void navigate({ to: '/dashboard/download' }),
        },
      });
    },
  });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button disabled={create.isPending}>
          <Download aria-hidden />
          {DOWNLOAD_TEXT.exportButton}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {EXPORT_FORMATS.map((format) => (
          <DropdownMenuItem key={format} onSelect={() => create.mutate(format)}>
            {DOWNLOAD_TEXT.exportAs(DOWNLOAD_TEXT.format[format])}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
