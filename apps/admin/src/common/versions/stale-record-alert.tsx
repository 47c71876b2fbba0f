import { HttpError, STALE_RECORD_MESSAGE } from '@consign/api-client';
import { Button } from '@consign/ui';
import { VERSIONS_TEXT } from './texts';

/**
 * Whether a save failed because the record changed since it was read: a 409 that says so. Another
 * 409 (a refusal with its own reason, e.g. 未连接1688采购账号) is not, and is shown in its own words.
 */
export function isStaleRecord(error: unknown): boolean {
  return error instanceof HttpError && error.status === 409 && error.message === STALE_RECORD_MESSAGE;
}

export interface StaleRecordAlertProps {
  /** The failed save's error; the alert shows only for a stale record (409). */
  error: unknown;
  /** Loads the current record into the form (what the user typed is then replaced). */
  onReload: () => void;
  reloading?: boolean;
}

/**
 * The answer to a stale save (no silent overwrite, docs/design.md#seller-accounts-permissions-and-the-operation-log): the form keeps what the user
 * typed, says `数据已被他人修改，请刷新后重试` and offers 重新加载, which loads the current record.
 */
export function StaleRecordAlert({ error, onReload, reloading = false }: StaleRecordAlertProps) {
  if (!isStaleRecord(error)) return null;
  return (
    <div
      role="alert"
      data-slot="stale-record"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-error/40 bg-error/10 px-3 py-2 text-sm text-error"
    >
      <span>{VERSIONS_TEXT.stale}</span>
      <Button type="button" size="sm" onClick={onReload} disabled={reloading}>
        {reloading ? VERSIONS_TEXT.reloading : VERSIONS_TEXT.reload}
      </Button>
    </div>
  );
}
