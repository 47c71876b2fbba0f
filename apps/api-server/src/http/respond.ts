import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { SECURITY_HEADERS, secured } from './headers';

/** An error that becomes an error envelope with the given HTTP status. */
export class HttpProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpProblem';
  }
}

/** A business-rule refusal: HTTP 200 with `{ errorCode: 1, msg }` (shown as a toast by the client). */
export class ApiRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApiRefusal';
  }
}

/** Texts of the statuses we answer (SPEC.md section 8 wording, shortened). */
export const MESSAGES = {
  badJson: '请求体不是合法的 JSON 对象',
  badForm: '表单数据无法解析',
  unsupportedType: '不支持的请求格式，请使用 JSON 或 multipart/form-data',
  missingSignature: '缺少签名',
  badSignature: '签名校验失败',
  badSigningFields: '缺少或无效的 nonce / ts',
  staleTs: '请求时间戳已过期，请校准系统时间',
  replayed: '重复的请求',
  nonceStoreFull: '服务繁忙，请稍后再试',
  unauthorized: '登录超时，请重新登录',
  forbidden: '没有操作权限',
  notFound: '发出的请求针对的是不存在的记录，服务器没有进行操作',
  noSuchApi: '接口不存在',
  methodNotAllowed: '请求方法不被允许',
  tooLarge: '请求体过大',
  internal: '服务器发生错误，请检查服务器',
} as const;

const COMPRESS_MIN_BYTES = 2048;

/**
 * Serialises a JSON payload, compressing it (br, else gzip) when it is large enough and the client
 * accepts it. Responses are built directly (no extra middleware pass over the body).
 */
export function sendJson(c: Context, status: number, payload: unknown, extra?: Record<string, string>) {
  return sendJsonText(c, status, JSON.stringify(payload), extra);
}

/**
 * {@link sendJson} for an already serialised payload. Security headers are set here, in the init
 * object, so that the node adapter's fast path (no WHATWG Headers object) stays intact.
 */
export function sendJsonText(
  c: Context,
  status: number,
  body: string | Buffer,
  extra?: Record<string, string>,
) {
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    ...extra,
  };
  if (body.length >= COMPRESS_MIN_BYTES) {
    const accept = c.req.header('accept-encoding') ?? '';
    headers.vary = 'Accept-Encoding';
    if (/\bbr\b/.test(accept)) {
      headers['content-encoding'] = 'br';
      const encoded = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
      return secured(new Response(new Uint8Array(encoded), { status, headers }));
    }
    if (/\bgzip\b/.test(accept)) {
      headers['content-encoding'] = 'gzip';
      return secured(new Response(new Uint8Array(gzipSync(body, { level: 5 })), { status, headers }));
    }
  }
  return secured(new Response(typeof body === 'string' ? body : new Uint8Array(body), { status, headers }));
}

export function ok(c: Context, data: unknown) {
  return sendJson(c, 200, { errorCode: 0, data });
}

export function fail(c: Context, status: number, msg: string, extra?: Record<string, string>) {
  return sendJson(c, status, { errorCode: 1, msg }, extra);
}

/** Summarises zod issues in Chinese: `字段 a.b：原因；...` (at most five, the rest counted). */
export function summariseIssues(issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '请求体';
    // Custom refinements of the contract carry English developer messages: show a Chinese one.
    const message = /[\u4e00-\u9fff]/.test(issue.message) ? issue.message : '格式不正确';
    return `字段 ${field}：${message}`;
  });
  if (issues.length > 5) parts.push(`另有 ${issues.length - 5} 处错误`);
  return `参数校验失败：${parts.join('；')}`;
}
