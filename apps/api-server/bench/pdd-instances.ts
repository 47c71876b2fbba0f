/**
 * What the platform benches (`bench/sync.ts`, `bench/loop.ts`) share: one 拼多多 sandbox served on a
 * loopback port of its own per server instance, counting what reaches it (calls per instance, every
 * order-list call by shop, window and page, ship calls per order), down while an outage lasts; and
 * `instances` servers started on one database against it (Postgres for two or more).
 */

import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes';
import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { PddConnector } from '../src/platforms/pdd';
import { type RunningServer, type ServerOptions, startServer } from '../src/server';

export class BenchPlatform {
  readonly sandbox = new PddSandbox({ apps: [PDD_SANDBOX_APP], seedOrders: 0, rateLimit: 1_000_000 });
  /** Access token -> the platform shop (the bench issues every token). */
  readonly tokenShop = new Map<string, string>();
  /** `shop|start|end|page` of every order-list call -> how often. */
  readonly listed = new Map<string, number>();
  /** Ship calls that reached the platform, per platform order. */
  readonly shipCalls = new Map<string, number>();
  readonly callsByInstance: number[] = [];
  /** Every gateway call answers HTTP 502 until this time (ms). */
  outageUntil = 0;

  /** The sandbox as instance `i` reaches it: counted, and down (HTTP 502) while an outage lasts. */
  served(i: number): Promise<ServedSandbox> {
    this.callsByInstance[i] = 0;
    return serveSandbox({
      fetch: async (request: Request) => {
        this.callsByInstance[i] = (this.callsByInstance[i] ?? 0) + 1;
        if (Date.now() < this.outageUntil) {
          return new Response('<html>502 Bad Gateway</html>', { status: 502 });
        }
        const params = new URLSearchParams(await request.clone().text());
        const type = params.get('type');
        if (type === 'pdd.order.number.list.increment.get') {
          const shop = this.tokenShop.get(params.get('access_token') ?? '') ?? 'unknown';
          const key = [
            shop,
            params.get('start_updated_at'),
            params.get('end_updated_at'),
            params.get('page'),
          ].join('|');
          this.listed.set(key, (this.listed.get(key) ?? 0) + 1);
        } else if (type === 'pdd.logistics.online.send') {
          const orderNo = params.get('order_sn') ?? '';
          this.shipCalls.set(orderNo, (this.shipCalls.get(orderNo) ?? 0) + 1);
        }
        return this.sandbox.fetch(request);
      },
    });
  }

  connector(served: ServedSandbox): PddConnector {
    return new PddConnector({ app: PDD_SANDBOX_APP, endpoints: PddSandbox.endpoints(served.url) });
  }

  /** Order-list calls so far, and those for a shop, window and page fetched more than once. */
  listCalls(): { calls: number; twice: [string, number][] } {
    return {
      calls: [...this.listed.values()].reduce((a, b) => a + b, 0),
      twice: [...this.listed.entries()].filter(([, n]) => n > 1),
    };
  }
}

export interface InstancesOptions {
  instances: number;
  /** Postgres; PGlite in memory when absent (one instance only). */
  databaseUrl: string | undefined;
  /** Every log line of every instance. */
  onLog: (line: string, isError: boolean) => void;
  shopSync: ServerOptions['shopSync'];
  writebackJobs: ServerOptions['writebackJobs'];
}

/** `instances` servers on one database, each reaching the platform through its own served sandbox. */
export async function startInstances(
  platform: BenchPlatform,
  options: InstancesOptions,
): Promise<{ servers: RunningServer[]; served: ServedSandbox[] }> {
  if (options.instances > 1 && !options.databaseUrl) {
    throw new Error('two instances need Postgres (DATABASE_URL)');
  }
  const servers: RunningServer[] = [];
  const served: ServedSandbox[] = [];
  for (let i = 0; i < options.instances; i++) {
    const own = await platform.served(i);
    served.push(own);
    const connector = platform.connector(own);
    // One after the other: the first migrates and seeds an empty database.
    servers.push(
      await startServer({
        port: 0,
        logWrite: options.onLog,
        dataDir: options.databaseUrl ? undefined : 'memory://',
        databaseUrl: options.databaseUrl,
        staticDir: null,
        logLevel: 'warn',
        copyWorker: false,
        exportWorker: false,
        authExpirySweep: false,
        platformConnector: async (code) => (code === 'pinduoduo' ? connector : null),
        shopSync: options.shopSync,
        writebackJobs: options.writebackJobs,
      }),
    );
  }
  return { servers, served };
}
