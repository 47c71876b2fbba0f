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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as React from 'react';
import { useId, useState } from 'react';
import { problemMessage } from '../../common/problem-message';
import { invalidateAfter, type WritePath } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { FULFILMENT_TEXT } from './fulfilment-texts';

/**
 * 导入快递单号 on 代发订单: pick a CSV or XLSX file, see every row with its errors (nothing is written),
 * then 确认导入 sends the same file again and the server ships the valid rows with the default sender;
 * the dialog then lists each row's result. The server checks everything (src/import-file.ts and
 * src/db/import.ts in api-server); this dialog only shows what it answers. `ImportDialog` is the flow
 * every import shares (导入订单 too: order-entry.tsx).
 */

/** The template: the header and one example row, with a BOM so that Excel opens it as UTF-8. */
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(
  `\uFEFF${IMPORT_COLUMNS.join(',')}\r\nDD202611220001,SF,SF1234567890123\r\n`,
)}`;

export function OrderImportButton() {
  const [open, setOpen] = useState(false);
  const api = useApi();
  return (
    <>
      <Button onClick={() => setOpen(true)}>{FULFILMENT_TEXT.importOpen}</Button>
      {open ? (
        <ImportDialog<ImportPreview, ImportResult>
          open={open}
          onOpenChange={setOpen}
          slot="order-import"
          title={FULFILMENT_TEXT.importTitle}
          hint={FULFILMENT_TEXT.importHint(IMPORT_MAX_ROWS)}
          template={{ href: TEMPLATE_HREF, name: '快递单号导入模板.csv' }}
          preview={(file) => api.call('/api/order/import-preview', { file }, { skipErrorHandler: true })}
          apply={(file) => api.call('/api/order/import-apply', { file }, { skipErrorHandler: true })}
          applyPath="/api/order/import-apply"
          counts={(preview) => preview}
          resultSummary={(result) => FULFILMENT_TEXT.batchSummary(result.succeeded, result.failed)}
          renderPreview={(preview) => <ImportPreviewTable preview={preview} />}
          renderResult={(result) => <ImportResultTable result={result} />}
        />
      ) : null}
    </>
  );
}

/**
 * What an import dialog needs to know of its file kind. The flow is the same for every import: pick
 * the file, see every row with its errors (nothing written), 确认导入 sends the same file again and
 * the server applies the valid rows; the dialog then lists each row's result.
 */
export interface ImportDialogProps<P, R> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  slot: string;
  title: string;
  hint: string;
  template: { href: string; name: string };
  /** Shown above the file input (e.g. the shop the orders go to). */
  before?: React.ReactNode;
  /** False while something `before` asks is missing: no file can be picked yet. */
  ready?: boolean;
  preview(file: File): Promise<P>;
  apply(file: File): Promise<R>;
  /** The write `apply` calls: what it makes stale is refreshed after it (lib/invalidate.ts). */
  applyPath: WritePath;
  counts(preview: P): { valid: number; invalid: number };
  resultSummary(result: R): string;
  renderPreview(preview: P): React.ReactNode;
  renderResult(result: R): React.ReactNode;
}

export function ImportDialog<P, R>({
  open,
  onOpenChange,
  slot,
  title,
  hint,
  template,
  before,
  ready = true,
  preview: previewFile,
  apply: applyFile,
  applyPath,
  counts,
  resultSummary,
  renderPreview,
  renderResult,
}: ImportDialogProps<P, R>) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [problem, setProblem] = useState('');

  const check = useMutation({
    mutationFn: previewFile,
    onSuccess: setPreview,
    onError: (e) => setProblem(problemMessage(e)),
  });
  const apply = useMutation({
    mutationFn: applyFile,
    onSuccess: async (answer) => {
      setResult(answer);
      await invalidateAfter(queryClient, applyPath);
    },
    onError: (e) => setProblem(problemMessage(e)),
  });

  const pick = (picked: File | null) => {
    setFile(picked);
    setPreview(null);
    setResult(null);
    setProblem('');
    if (picked) check.mutate(picked);
  };
  const summary = preview ? counts(preview) : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl" data-slot={slot}>
        <DialogHeader>
          <DialogTitle>{result ? FULFILMENT_TEXT.importResultTitle : title}</DialogTitle>
          <DialogDescription>{result ? resultSummary(result) : hint}</DialogDescription>
        </DialogHeader>

        {result ? null : (
          <>
            {before}
            <div className="flex flex-wrap items-center gap-3">
              <Label htmlFor={inputId}>{FULFILMENT_TEXT.importFile}</Label>
              <Input
                id={inputId}
                type="file"
                disabled={!ready}
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="max-w-xs"
                onChange={(event) => pick(event.currentTarget.files?.[0] ?? null)}
              />
              <a className="text-primary text-sm underline" href={template.href} download={template.name}>
                {FULFILMENT_TEXT.importTemplate}
              </a>
            </div>
          </>
        )}

        <p role="status" aria-live="polite" className="text-sm">
          {check.isPending ? FULFILMENT_TEXT.importReading : null}
          {apply.isPending ? FULFILMENT_TEXT.importApplying : null}
          {!result && summary && !check.isPending
            ? FULFILMENT_TEXT.importSummary(summary.valid, summary.invalid)
            : null}
        </p>
        {problem ? (
          <p role="alert" className="text-error text-sm">
            {problem}
          </p>
        ) : null}

        {result ? renderResult(result) : preview ? renderPreview(preview) : null}

        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">{FULFILMENT_TEXT.close}</Button>
          </DialogClose>
          {result ? null : (
            <Button
              type="button"
              variant="primary"
              disabled={!file || !summary || summary.valid === 0 || apply.isPending || check.isPending}
              title={summary && summary.valid === 0 ? FULFILMENT_TEXT.importNothingValid : undefined}
              onClick={() => {
                setProblem('');
                if (file) apply.mutate(file);
              }}
            >
              {apply.isPending ? FULFILMENT_TEXT.importApplying : FULFILMENT_TEXT.importApply}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const importColumnText = FULFILMENT_TEXT.importColumns;

/** Every row of the file; a row with errors is highlighted and says what is wrong. */
function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <div className="max-h-96 overflow-y-auto">
      <table className="w-full text-sm" data-slot="import-preview">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 pr-2 font-normal">{importColumnText.line}</th>
            <th className="py-1 pr-2 font-normal">{importColumnText.orderNo}</th>
            <th className="py-1 pr-2 font-normal">{importColumnText.carrier}</th>
            <th className="py-1 pr-2 font-normal">{importColumnText.trackingNo}</th>
            <th className="py-1 font-normal">{importColumnText.errors}</th>
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
                  {bad ? row.errors.join('；') : FULFILMENT_TEXT.importRowOk}
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
            <th className="py-1 pr-2 font-normal">{importColumnText.line}</th>
            <th className="py-1 pr-2 font-normal">{FULFILMENT_TEXT.resultColumns.orderNo}</th>
            <th className="py-1 pr-2 font-normal">{FULFILMENT_TEXT.resultColumns.result}</th>
            <th className="py-1 font-normal">{FULFILMENT_TEXT.resultColumns.reason}</th>
          </tr>
        </thead>
        <tbody>
          {result.results.map((r) => (
            <tr key={r.line} className="border-border border-t" data-state={r.ok ? 'ok' : 'failed'}>
              <td className="py-1 pr-2 tabular-nums">{r.line}</td>
              <td className="py-1 pr-2 font-mono break-all">{r.order_no}</td>
              <td className={`py-1 pr-2 ${r.ok ? 'text-success' : 'text-error'}`}>
                {r.ok ? FULFILMENT_TEXT.resultOk : FULFILMENT_TEXT.resultFailed}
              </td>
              <td className="py-1 break-all">{r.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
