import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Shown when the request line and headers pass Node's limit (`maxHeaderSize`, 16 KB by default),
 * almost always a link or a bookmark with an overlong address. Node answers that with an empty 431;
 * this says what happened and offers a way back.
 */
export const OVERLONG_REQUEST_HTML =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>请求地址过长</title></head>' +
  '<body style="font-family:sans-serif;text-align:center;padding:4em 1em">' +
  '<h1>请求地址过长</h1><p>请求的地址（或请求头）超过了服务器允许的长度，无法处理。</p>' +
  '<p><a href="/">返回首页</a></p></body></html>';

/** Node's own answers to the other refused requests (empty bodies), as it sends them without a handler. */
const NODE_DEFAULT_STATUS: Record<string, number> = {
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * The http server's `clientError` handler: requests Node refuses before they reach the app. As Node
 * does by default, nothing is written when the socket is gone or a response on it has begun (its
 * `_httpMessage`, the check Node makes itself); the socket is closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const body = Buffer.from(OVERLONG_REQUEST_HTML);
    const head =
      `HTTP/1.1 431 ${STATUS_CODES[431]}\r\n` +
      'Content-Type: text/html; charset=utf-8\r\n' +
      `Content-Length: ${body.length}\r\n` +
      "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'\r\n" +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n';
    socket.end(Buffer.concat([Buffer.from(head), body]));
    return;
  }
  const status = NODE_DEFAULT_STATUS[error.code ?? ''] ?? 400;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
}
