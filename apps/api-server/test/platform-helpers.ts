import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { PlatformConnector } from '../src/platforms/connector';

/**
 * What a seller's browser does on a platform's authorisation page: open it (the connector's URL),
 * choose the shop and press 同意授权 (or 拒绝), and follow the redirect back. Returns the query of the
 * address the platform sent the browser back to.
 */
export async function authoriseInBrowser(
  connector: PlatformConnector,
  options: { shopId: string; state: string; decision?: 'agree' | 'deny'; redirectUri?: string },
): Promise<URLSearchParams> {
  const redirectUri = options.redirectUri ?? 'http://127.0.0.1:8080/shop/authorised';
  const back = await decideOnAuthorisationPage(
    connector.authoriseUrl({ redirectUri, state: options.state }),
    options,
  );
  expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
  return back.searchParams;
}

/**
 * The seller on the authorisation page at `url` (as the API answered it): chooses the shop, presses
 * 同意授权 (or 拒绝); returns the address the platform sends the browser back to.
 */
export async function decideOnAuthorisationPage(
  url: string,
  options: { shopId: string; decision?: 'agree' | 'deny' },
): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('同意授权');
  expect(html).toContain(`value="${options.shopId}"`);
  // The form posts its hidden fields back to the page's own address.
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(match[1] ?? '', decodeEntities(match[2] ?? ''));
  }
  form.set('shop_id', options.shopId);
  form.set('decision', options.decision ?? 'agree');
  const answer = await fetch(page.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

function decodeEntities(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/** A server that answers every request with `status` and `body` (a broken platform or a proxy's HTML). */
export async function brokenServer(status: number, body: string, contentType = 'text/html') {
  const server: Server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': contentType }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening. */
export async function closedPort(): Promise<string> {
  const server = await brokenServer(200, '');
  await server.close();
  return server.url;
}
