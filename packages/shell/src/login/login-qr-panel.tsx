import { cn } from '@consign/ui';
import type * as React from 'react';
import { loginCopy } from './login-copy';
import { QrCodeIcon } from './qr-code-icon';

/** Side of the QR code area, in CSS pixels (docs/product.md#screens-and-routes). */
export const QR_CODE_SIZE = 160;

export type LoginQrPanelProps = React.ComponentProps<'div'> & {
  /** The QR code image (an `<img>` or `<canvas>`); a placeholder while absent. */
  code?: React.ReactNode;
};

/**
 * The WeChat QR login panel. It exists for parity with the source, whose toggle always stays in the
 * form mode (docs/product.md#screens-and-routes): the login screen never switches to it.
 */
export function LoginQrPanel({ code, className, ...props }: LoginQrPanelProps) {
  return (
    <div data-slot="login-qr-panel" className={cn('flex flex-col items-center gap-3', className)} {...props}>
      <div
        data-slot="login-qr-code"
        role="img"
        aria-label={loginCopy.qrCodeLabel}
        style={{ width: QR_CODE_SIZE, height: QR_CODE_SIZE }}
        className="flex items-center justify-center rounded-md border border-border bg-card"
      >
        {code ?? <QrCodeIcon className="size-24 text-muted-foreground" />}
      </div>
      <p className="text-sm text-muted-foreground">{loginCopy.qrScan}</p>
    </div>
  );
}
