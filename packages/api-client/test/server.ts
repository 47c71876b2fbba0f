import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the test server saw of one request. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  contentType: string;
  raw: Buffer;
  /** The JSON body, or the form fields (files as `File`) of a multipart body. */
  json?: Record<string, unknown>;
  form?: FormData;
}

/** How the server answers: status, body (objects are sent as JSON), headers, delay; or destroy the socket. */
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  destroy?: boolean;
}

export type Handler = (request: SeenRequest) => Reply | Promise<Reply>;

export interface TestServer {
  origin: string;
  requests: SeenRequest[];
  /** Replaces the handler (default: `{ errorCode: 0, data: null }`). */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

async function readRequest(req: IncomingMessage, origin: string): Promise<SeenRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', origin);
  const contentType = String(req.headers['content-type'] ?? '');
  const seen: SeenRequest = {
    method: req.method ?? '',
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    contentType,
    raw,
  };
  if (contentType.startsWith('application/json')) {
    seen.json = JSON.parse(raw.toString('utf8'));
  } else if (contentType.startsWith('multipart/form-data')) {
    // Parse multipart the standard way (undici's Request), as a server framework would.
    seen.form = await new Request(url, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: raw,
    }).formData();
  }
  return seen;
}

/** A real HTTP server on 127.0.0.1 and a free port. */
export async function startServer(): Promise<TestServer> {
  let handler: Handler = () => ({ body: { errorCode: 0, data: null } });
  const requests: SeenRequest[] = [];
  let origin = '';
  const server: Server = createServer(async (req, res) => {
    const seen = await readRequest(req, origin);
    requests.push(seen);
    const reply = await handler(seen);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.destroy) {
      req.socket.destroy();
      return;
    }
    const isText = typeof reply.body === 'string';
    const payload =
      reply.body === undefined ? '' : isText ? (reply.body as string) : JSON.stringify(reply.body);
    res.writeHead(reply.status ?? 200, {
      'content-type': isText ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
      ...reply.headers,
    });
    res.end(payload);
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A port that refuses connections: one we listened on and closed. */
export async function refusedOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
