import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ApiEnv } from '../env';

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

/** Texts of the statuses we answer (docs/product.md#errors wording, shortened). */
export const MESSAGES = {
  badJson: '请求体不是合法的 JSON 对象',
  badForm: '表单数据无法解析',
  tooDeep: '请求体嵌套过深',
  nulCharacter: '文本不能包含空字符（\\u0000）',
  illFormedText: '文本包含无效的字符（不成对的 Unicode 代理项）',
  unsupportedType: '不支持的请求格式，请使用 JSON 或 multipart/form-data',
  missingSignature: '缺少签名',
  badSignature: '签名校验失败',
  badSigningFields: '缺少或无效的 nonce / ts',
  staleTs: '请求时间戳已过期，请校准系统时间',
  replayed: '重复的请求',
  unauthorized: '登录超时，请重新登录',
  forbidden: '没有操作权限',
  notFound: '发出的请求针对的是不存在的记录，服务器没有进行操作',
  noSuchApi: '接口不存在',
  methodNotAllowed: '请求方法不被允许',
  tooLarge: '请求体过大',
  busy: '服务器繁忙，请稍后再试',
  internal: '服务器发生错误，请检查服务器',
} as const;

/**
 * The success envelope: `{ errorCode: 0, data }`. For a caller without `finance:view`, the money
 * fields of the answer are left out here, the one place every answer passes (`withoutMoney`, set by
 * middleware/authorisation.ts from the contract's `money` rule of the route).
 */
export function ok(c: Context, data: unknown) {
  const withoutMoney = (c as Context<ApiEnv>).get('withoutMoney');
  return c.json({ errorCode: 0, data: (withoutMoney ? withoutMoney(data) : data) ?? null });
}

/** The error envelope `{ errorCode: 1, msg }` with an HTTP status. */
export function fail(
  c: Context,
  status: ContentfulStatusCode,
  msg: string,
  headers?: Record<string, string>,
) {
  return c.json({ errorCode: 1, msg }, status, headers);
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
