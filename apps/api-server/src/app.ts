import { verifySignature } from '@consign/api-client';
import { Hono } from 'hono';

export interface AppOptions {
  secret: string;
}

/** The HTTP application; storage and static serving are added around it in main.ts. */
export function createApp({ secret }: AppOptions) {
  const app = new Hono();

  app.get('/healthz', (c) => c.json({ ok: true }));

  app.post('/api/*', async (c, next) => {
    let body: Record<string, unknown>;
    try {
      body = (await c.req.json()) as Record<string, unknown>;
    } catch {
      return c.json({ errorCode: 1, msg: '请求体不是合法的 JSON' }, 400);
    }
    const signature = c.req.header('cache-key') ?? '';
    if (!verifySignature(body, secret, signature)) {
      return c.json({ errorCode: 1, msg: '签名校验失败' }, 400);
    }
    await next();
  });

  app.post('/api/default/config', (c) =>
    c.json({
      errorCode: 0,
      data: {
        logo_url: '',
        short_name: 'Consign',
        en_name: 'Consign',
        name: 'Consign 代发',
        foot_copyright: '© 2026 Consign',
        foot_info: '',
        ad_list: [],
      },
    }),
  );

  app.all('/api/*', (c) => c.json({ errorCode: 1, msg: '接口不存在' }, 404));
  return app;
}
