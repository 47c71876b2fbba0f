import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportPreview, type ImportResult } from '@consign/api-client';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
} from '@consign/ui';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { FULFILMENT_COPY as f } from './fulfilment-copy';
import { problemMessage } from './problem-message';

/**
 * 导入快递单号 on 代发订单: pick a CSV or XLSX file, see every row with its errors (nothing is written),
 * then 确认导入 sends the same file again and the server ships the valid rows with the default sender;
 * the dialog then lists each row's result. The server checks everything (src/import-file.ts and
 * src/db/import.ts in api-server); this dialog only shows what it answers.
 */

/** The template: the header and one example row, with a BOM so that Excel opens it as UTF-8. */
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(
  `\uFEFF${IMPORT_COLUMNS.join(',')}\r\nDD202611220001,SF,SF1234567890123\r\n`,
)}`;

export function OrderImportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{f.importOpen}</Button>
      {open ? <OrderImportDialog open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}

function OrderImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const api = useApi();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState('');

  const check = useMutation({
    mutationFn: (picked: File) =>
      api.call('/api/order/import-preview', { file: picked }, { skipErrorHandler: true }),
    onSuccess: setPreview,
    onError: (e) => setProblem(problemMessage(e)),
  });
  const apply = useMutation({
    ...callMutation(api, '/api/order/import-apply', { skipErrorHandler: true }),
    onSuccess: setResult,
    onError: (e) => setProblem(problemMessage(e)),
  });

  const pick = (picked: File | null) => {
    setFile(picked);
    setPreview(null);
    setResult(null);
    setProblem('');
    if (picked) check.mutate(picked);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl" data-slot="order-import">
        <DialogHeader>
          <DialogTitle>{result ? f.importResultTitle : f.importTitle}</DialogTitle>
          <DialogDescription>
            {result ? f.batchSummary(result.succeeded, result.failed) : f.importHint(IMPORT_MAX_ROWS)}
          </DialogDescription>
        </DialogHeader>

        {result ? null : (
          <div className="flex flex-wrap items-center gap-3">
            <Label htmlFor={inputId}>{f.importFile}</Label>
            <Input
              id={inputId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="max-w-xs"
              onChange={(event) => pick(event.currentTarget.files?.[0] ?? null)}
            />
            <a
              className="text-primary text-sm underline"
              href={TEMPLATE_HREF}
              download="快递单号导入模板.csv"
            >
              {f.importTemplate}
            </a>
          </div>
        )}

        <p role="status" aria-live="polite" className="text-sm">
          {check.isPending ? f.importReading : null}
          {apply.isPending ? f.importApplying : null}
          {!result && preview && !check.isPending ? f.importSummary(preview.valid, preview.invalid) : null}
        </p>
        {problem ? (
          <p role="alert" className="text-error text-sm">
            {problem}
          </p>
        ) : null}

        {result ? (
          <ImportResultTable result={result} />
        ) : preview ? (
          <ImportPreviewTable preview={preview} />
        ) : null}

        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">{f.close}</Button>
          </DialogClose>
          {result ? null : (
            <Button
              type="button"
              variant="primary"
              disabled={!file || !preview || preview.valid === 0 || apply.isPending || check.isPending}
              title={preview && preview.valid === 0 ? f.importNothingValid : undefined}
              onClick={() => {
                setProblem('');
                if (file) apply.mutate({ file });
              }}
            >
              {apply.isPending ? f.importApplying : f.importApply}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const c = f.importColumns;

/** Every row of the file; a row with errors is highlighted and says what is wrong. */
function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <div className="max-h-96 overflow-y-auto">
      <table className="w-full text-sm" data-slot="import-preview">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 pr-2 font-normal">{c.line}</th>
            <th className="py-1 pr-2 font-normal">{c.orderNo}</th>
            <th className="py-1 pr-2 font-normal">{c.carrier}</th>
            <th className="py-1 pr-2 font-normal">{c.trackingNo}</th>
            <th className="py-1 font-normal">{c.errors}</th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => {
            const bad = row.errors.length > 0;
            return (
              <tr
                key={row.line}
                className={`border-border border-t ${bad ? 'bg-error/10' : ''}`}
                data-state={bad ? 'failed' : 'ok'}
              >
                <td className="py-1 pr-2 tabular-nums">{row.line}</td>
                <td className="py-1 pr-2 font-mono break-all">{row.order_no}</td>
                <td className="py-1 pr-2">{row.carrier}</td>
                <td className="py-1 pr-2 font-mono break-all">{row.tracking_no}</td>
                <td className={`py-1 break-all ${bad ? 'text-error' : 'text-success'}`}>
                  {bad ? row.errors.join('；') : f.importRowOk}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Each row's result of the import: 成功, or 失败 with the reason. */
function ImportResultTable({ result }: { result: ImportResult }) {
  return (
    <div className="max-h-96 overflow-y-auto">
      <table className="w-full text-sm" data-slot="import-result">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 pr-2 font-normal">{c.line}</th>
            <th className="py-1 pr-2 font-normal">{f.resultColumns.orderNo}</th>
            <th className="py-1 pr-2 font-normal">{f.resultColumns.result}</th>
            <th className="py-1 font-normal">{f.resultColumns.reason}</th>
          </tr>
        </thead>
        <tbody>
          {result.results.map((r) => (
            <tr key={r.line} className="border-border border-t" data-state={r.ok ? 'ok' : 'failed'}>
              <td className="py-1 pr-2 tabular-nums">{r.line}</td>
              <td className="py-1 pr-2 font-mono break-all">{r.order_no}</td>
              <td className={`py-1 pr-2 ${r.ok ? 'text-success' : 'text-error'}`}>
                {r.ok ? f.resultOk : f.resultFailed}
              </td>
              <td className="py-1 break-all">{r.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
