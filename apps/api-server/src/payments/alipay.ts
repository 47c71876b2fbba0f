import { shanghaiDateTime } from '@consign/api-client';
import { parseYuan, yuanText } from '@consign/api-client/contract';
import { AlipaySdk } from 'alipay-sdk';

/**
 * Alipay (支付宝) through its official Node SDK `alipay-sdk` (v4, RSA2): the page-pay URL of a top-up
 * (`alipay.trade.page.pay`, or `alipay.trade.wap.pay` on a narrow screen), the check of an
 * asynchronous notification's signature, and `alipay.trade.query`. Protocol facts the code relies on:
 * amounts are yuan strings with two decimals (`total_amount`); a notification is a form POST signed
 * over its other parameters sorted (`sign` and `sign_type` left out) with Alipay's key; it is repeated
 * until the answer is the plain text `success`; a paid trade is `TRADE_SUCCESS` (or `TRADE_FINISHED`
 * once it can no longer be refunded), an unpaid one `WAIT_BUYER_PAY`, a closed one `TRADE_CLOSED`.
 */

export interface AlipaySettings {
  appId: string;
  /** The app's private key (PKCS8 PEM), which signs our requests. */
  privateKey: string;
  /** Alipay's public key (PEM), which verifies notifications and answers. */
  alipayPublicKey: string;
  /** `https://openapi.alipay.com/gateway.do`, or the sandbox's. */
  gateway: string;
}

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/**
 * How long a top-up can be paid (`time_expire` of the pay request): Alipay closes the trade after it,
 * and the reconciliation closes a top-up Alipay never saw once it is over.
 */
export const TOPUP_PAY_WINDOW_MS = 2 * 3600_000;

/** `yyyy-MM-dd HH:mm:ss` in China time, as Alipay writes times. */
export function alipayTime(ms: number): string {
  return shanghaiDateTime(Math.floor(ms / 1000));
}

/** A trade's state as Alipay reports it (`trade_status`), or `NOT_FOUND` (`ACQ.TRADE_NOT_EXIST`). */
export type AlipayTradeStatus =
  | 'WAIT_BUYER_PAY'
  | 'TRADE_CLOSED'
  | 'TRADE_SUCCESS'
  | 'TRADE_FINISHED'
  | 'NOT_FOUND';

/** `100.00` for 10,000 fen. */
export function fenToYuan(fen: number): string {
  return yuanText(fen);
}

/** Alipay's yuan string (`100.00`, `0.5`) in fen, or null when it is not one. */
export function yuanToFen(text: string): number | null {
  // Alipay writes no leading zeros and no spaces: anything else is not its amount.
  if (!/^(0|[1-9][0-9]{0,9})(?:\.([0-9]{1,2}))?$/.test(text)) return null;
  return parseYuan(text) ?? null;
}

export class Alipay {
  private readonly sdk: AlipaySdk;

  constructor(readonly settings: AlipaySettings) {
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey: settings.privateKey.trim(),
      alipayPublicKey: settings.alipayPublicKey.trim(),
      gateway: settings.gateway,
      keyType: 'PKCS8',
      signType: 'RSA2',
      timeout: 10_000,
    });
  }

  /** The URL the browser opens to pay (GET, signed). */
  payUrl(input: {
    outTradeNo: string;
    amount: number;
    /** Echoed by Alipay in the notification (`passback_params`): the account, checked against the trade's. */
    accountId: number;
    subject: string;
    returnUrl: string;
    notifyUrl: string;
    wap: boolean;
    /** When the top-up was asked for (ms): it can be paid until {@link TOPUP_PAY_WINDOW_MS} after. */
    createdAtMs: number;
  }): string {
    return this.sdk.pageExec(input.wap ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
      bizContent: {
        out_trade_no: input.outTradeNo,
        total_amount: fenToYuan(input.amount),
        subject: input.subject,
        product_code: input.wap ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
        passback_params: String(input.accountId),
        time_expire: alipayTime(input.createdAtMs + TOPUP_PAY_WINDOW_MS),
      },
      returnUrl: input.returnUrl,
      notifyUrl: input.notifyUrl,
    });
  }

  /** Whether a notification's parameters (as posted, already form-decoded) carry Alipay's signature. */
  verifyNotification(params: Record<string, string>): boolean {
    try {
      return this.sdk.checkNotifySign(params, true);
    } catch {
      return false;
    }
  }

  /** `alipay.trade.query`: the trade's state and amount (fen), the answer's signature checked by the SDK. */
  async query(
    outTradeNo: string,
  ): Promise<{ status: AlipayTradeStatus; amount: number | null; tradeNo: string | null }> {
    const answer = await this.sdk.exec(
      'alipay.trade.query',
      { bizContent: { out_trade_no: outTradeNo } },
      { validateSign: true },
    );
    if (answer.code !== '10000') {
      if (answer.subCode === 'ACQ.TRADE_NOT_EXIST')
        return { status: 'NOT_FOUND', amount: null, tradeNo: null };
      throw new Error(`alipay.trade.query failed: ${answer.code} ${answer.subCode ?? ''}`);
    }
    return {
      status: answer.tradeStatus as AlipayTradeStatus,
      amount: yuanToFen(String(answer.totalAmount ?? '')),
      tradeNo: typeof answer.tradeNo === 'string' ? answer.tradeNo : null,
    };
  }
}
