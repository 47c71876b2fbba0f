import { createSign, createVerify, randomBytes } from 'node:crypto';
import { parseShanghaiDateTime } from '@consign/api-client';
import { DEV_APP_PUBLIC_KEY, DEV_SANDBOX_PRIVATE_KEY } from './alipay-keys';
import { alipayTime } from './protocol';

/**
 * A local fake of Alipay's gateway (支付宝), for the demo and the tests; never served in production.
 * Like Alipay it:
 * - verifies every request's RSA2 signature (SHA256withRSA over the parameters but `sign`, sorted,
 *   `key=value` joined with `&`) with the app's public key, and the app id;
 * - serves the cashier of `alipay.trade.page.pay` / `alipay.trade.wap.pay` (GET): the amount, the
 *   subject and the buttons 付款 and 取消; 付款 marks the trade `TRADE_SUCCESS` and sends the browser
 *   back to `return_url`; 取消 closes it (`TRADE_CLOSED`) and sends the browser back too; a third
 *   button, 付款（不发送通知）, pays without ever notifying (a notification lost for good: only the
 *   reconciliation's `alipay.trade.query` finds the payment);
 * - closes an unpaid trade once its `time_expire` has passed (seen at the cashier, on 付款 and in
 *   `alipay.trade.query`);
 * - posts the asynchronous notification of a paid trade to its `notify_url`, signed with its own key
 *   (over the parameters but `sign` and `sign_type`), and repeats it after each delay of
 *   `notifyRetryMs` until the answer is the text `success`;
 * - answers `alipay.trade.query` (POST) as JSON signed with its own key (`ACQ.TRADE_NOT_EXIST` for an
 *   unknown trade).
 * `calls` and `notifications` record what happened, for tests.
 */

export interface AlipaySandboxApp {
  appId: string;
  /** The app's public key (PEM): what the sandbox verifies requests with. */
  publicKey: string;
}

/** The demo's app: its private key is `DEV_APP_PRIVATE_KEY`. */
export const ALIPAY_SANDBOX_APP: AlipaySandboxApp = {
  appId: '2021000000000001',
  publicKey: DEV_APP_PUBLIC_KEY,
};

export interface SandboxTrade {
  outTradeNo: string;
  appId: string;
  /** Yuan, as asked (`100.00`). */
  totalAmount: string;
  subject: string;
  /** `passback_params` as asked, echoed in the notification. */
  passback: string;
  notifyUrl: string;
  returnUrl: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string;
  createdAt: number;
  /** `time_expire` as asked (ms), after which an unpaid trade is closed; null: none asked. */
  expiresAt: number | null;
  paidAt: number | null;
}

/** Alipay's `yyyy-MM-dd HH:mm:ss` (China time) in ms, or null when it is not one. */
function alipayTimeMs(text: string | undefined): number | null {
  const match = /^([0-9]{4}-[0-9]{2}-[0-9]{2}) ([0-9]{2}:[0-9]{2}:[0-9]{2})$/.exec(text ?? '');
  if (!match) return null;
  const unixS = parseShanghaiDateTime(`${match[1]} ${match[2]}`);
  return unixS === null ? null : unixS * 1000;
}

/** The text Alipay signs: the parameters but those left out, non-empty, sorted, `key=value` joined by `&`. */
export function signContent(params: Record<string, string>, leaveOut: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !leaveOut.includes(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export function rsa2Sign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

function rsa2Verify(content: string, signature: string, publicKey: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** A notification as Alipay posts it for `trade`, signed with `privateKey` (tests forge bad ones with it). */
export function signedNotification(
  trade: Pick<SandboxTrade, 'outTradeNo' | 'appId' | 'totalAmount' | 'subject' | 'tradeNo' | 'passback'> & {
    status: string;
  },
  privateKey: string,
  at: number,
): Record<string, string> {
  const params: Record<string, string> = {
    notify_time: alipayTime(at),
    notify_type: 'trade_status_sync',
    notify_id: randomBytes(16).toString('hex'),
    app_id: trade.appId,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    total_amount: trade.totalAmount,
    receipt_amount: trade.totalAmount,
    buyer_pay_amount: trade.totalAmount,
    trade_status: trade.status,
    subject: trade.subject,
    gmt_payment: alipayTime(at),
    passback_params: trade.passback,
  };
  params.sign = rsa2Sign(signContent(params, ['sign', 'sign_type']), privateKey);
  return params;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface AlipaySandboxOptions {
  apps?: AlipaySandboxApp[];
  /** The sandbox's own private key (signs notifications and answers). */
  privateKey?: string;
  now?: () => number;
  /** The delays between notification attempts (default 2 s, 10 s, 30 s, 2 min, 10 min). */
  notifyRetryMs?: number[];
}

export class AlipaySandbox {
  readonly trades = new Map<string, SandboxTrade>();
  readonly calls: { method: string; error: string | null }[] = [];
  readonly notifications: { outTradeNo: string; status: number | null; answer: string }[] = [];
  private readonly apps: AlipaySandboxApp[];
  private readonly privateKey: string;
  private readonly now: () => number;
  private readonly retryMs: number[];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(options: AlipaySandboxOptions = {}) {
    this.apps = options.apps ?? [ALIPAY_SANDBOX_APP];
    this.privateKey = options.privateKey ?? DEV_SANDBOX_PRIVATE_KEY;
    this.now = options.now ?? Date.now;
    this.retryMs = options.notifyRetryMs ?? [2_000, 10_000, 30_000, 120_000, 600_000];
  }

  /** The gateway URL of the sandbox mounted at `base` (`http://host/__sandbox/alipay`). */
  static gateway(base: string): string {
    return `${base}/gateway.do`;
  }

  close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (request.method === 'POST') {
      const form = new URLSearchParams(await request.text());
      for (const [key, value] of form) params[key] = value;
    }
    if (url.pathname.endsWith('/gateway.do')) return this.gateway(params);
    if (url.pathname.endsWith('/pay') && request.method === 'POST') return this.decide(params);
    return new Response('Not Found', { status: 404 });
  }

  private gateway(params: Record<string, string>): Response {
    const method = params.method ?? '';
    const app = this.apps.find((a) => a.appId === params.app_id);
    const problem = !app
      ? 'isv.invalid-app-id'
      : !params.sign || !rsa2Verify(signContent(params, ['sign']), params.sign, app.publicKey)
        ? 'isv.invalid-signature'
        : null;
    this.calls.push({ method, error: problem });
    if (method === 'alipay.trade.page.pay' || method === 'alipay.trade.wap.pay') {
      if (problem) return this.page('支付宝（沙箱）', `<p>错误：${problem}</p>`, 400);
      return this.cashier(params);
    }
    if (method === 'alipay.trade.query') {
      if (problem) return this.answer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: problem });
      const biz = JSON.parse(params.biz_content ?? '{}') as { out_trade_no?: string };
      const trade = this.trades.get(biz.out_trade_no ?? '');
      if (trade) this.expire(trade);
      if (!trade || trade.appId !== params.app_id) {
        return this.answer(method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
        });
      }
      return this.answer(method, {
        code: '10000',
        msg: 'Success',
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        trade_status: trade.status,
        total_amount: trade.totalAmount,
      });
    }
    return this.answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' });
  }

  /** A JSON answer as Alipay signs it: over the exact text of the `<method>_response` value. */
  private answer(method: string, body: Record<string, string>): Response {
    const key = `${method.replaceAll('.', '_')}_response`;
    const text = JSON.stringify(body);
    const sign = rsa2Sign(text, this.privateKey);
    return new Response(`{"${key}":${text},"sign":"${sign}"}`, {
      headers: { 'content-type': 'application/json;charset=utf-8' },
    });
  }

  private cashier(params: Record<string, string>): Response {
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const outTradeNo = biz.out_trade_no ?? '';
    let trade = this.trades.get(outTradeNo);
    if (!trade) {
      trade = {
        outTradeNo,
        appId: params.app_id ?? '',
        totalAmount: biz.total_amount ?? '',
        subject: biz.subject ?? '',
        passback: biz.passback_params ?? '',
        notifyUrl: params.notify_url ?? '',
        returnUrl: params.return_url ?? '',
        status: 'WAIT_BUYER_PAY',
        tradeNo: `2026${Date.now()}${randomBytes(4).toString('hex')}`,
        createdAt: this.now(),
        expiresAt: alipayTimeMs(biz.time_expire),
        paidAt: null,
      };
      this.trades.set(outTradeNo, trade);
    }
    this.expire(trade);
    const open = trade.status === 'WAIT_BUYER_PAY';
    const hidden = `<input type="hidden" name="out_trade_no" value="${escapeHtml(outTradeNo)}">`;
    return this.page(
      '支付宝收银台（沙箱）',
      `<h1>支付宝收银台（沙箱）</h1>
       <p>商品：${escapeHtml(trade.subject)}</p>
       <p>订单号：${escapeHtml(outTradeNo)}</p>
       <p class="amount">￥<strong>${escapeHtml(trade.totalAmount)}</strong></p>
       ${
         open
           ? `<form method="post" action="pay">${hidden}<input type="hidden" name="action" value="pay"><button type="submit">付款</button></form>
              <form method="post" action="pay">${hidden}<input type="hidden" name="action" value="cancel"><button type="submit">取消</button></form>
              <form method="post" action="pay">${hidden}<input type="hidden" name="action" value="pay-silent"><button type="submit">付款（不发送通知）</button></form>`
           : `<p>该订单${trade.status === 'TRADE_SUCCESS' ? '已支付' : '已关闭'}</p>`
       }`,
    );
  }

  private decide(params: Record<string, string>): Response {
    const trade = this.trades.get(params.out_trade_no ?? '');
    if (!trade) return this.page('支付宝（沙箱）', '<p>订单不存在</p>', 404);
    this.expire(trade);
    if (trade.status === 'WAIT_BUYER_PAY') {
      if (params.action === 'pay' || params.action === 'pay-silent') {
        trade.status = 'TRADE_SUCCESS';
        trade.paidAt = this.now();
        // pay-silent: the notification is lost for good (never sent, never repeated).
        if (params.action === 'pay') this.notify(trade, 0);
      } else {
        trade.status = 'TRADE_CLOSED';
      }
    }
    const back = new URL(trade.returnUrl);
    back.searchParams.set('out_trade_no', trade.outTradeNo);
    back.searchParams.set('app_id', trade.appId);
    return new Response(null, { status: 302, headers: { location: back.toString() } });
  }

  /** Closes an unpaid trade whose `time_expire` has passed, as Alipay does. */
  private expire(trade: SandboxTrade): void {
    if (trade.status === 'WAIT_BUYER_PAY' && trade.expiresAt !== null && this.now() > trade.expiresAt) {
      trade.status = 'TRADE_CLOSED';
    }
  }

  /** Posts the notification of `trade` now, and again after each delay until it is answered `success`. */
  notify(trade: SandboxTrade, attempt: number): void {
    if (this.closed) return;
    const params = signedNotification(trade, this.privateKey, trade.paidAt ?? this.now());
    void (async () => {
      let status: number | null = null;
      let answer = '';
      try {
        const res = await fetch(trade.notifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
          body: new URLSearchParams(params).toString(),
          signal: AbortSignal.timeout(15_000),
        });
        status = res.status;
        answer = (await res.text()).trim();
      } catch (error) {
        answer = error instanceof Error ? error.message : String(error);
      }
      this.notifications.push({ outTradeNo: trade.outTradeNo, status, answer });
      const delay = this.retryMs[attempt];
      if (answer !== 'success' && delay !== undefined && !this.closed) {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.notify(trade, attempt + 1);
        }, delay);
        timer.unref();
        this.timers.add(timer);
      }
    })();
  }

  private page(title: string, body: string, status = 200): Response {
    return new Response(
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
      <style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px}button{font-size:16px;padding:8px 24px;margin:8px 0;width:100%}.amount{font-size:28px;color:#1677ff}</style></head>
      <body>${body}</body></html>`,
      { status, headers: { 'content-type': 'text/html; charset=utf-8' } },
    );
  }
}
