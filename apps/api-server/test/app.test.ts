import { createNonce, signPayload, unixSeconds } from '@consign/api-client';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';

const secret = 'test-secret';
const app = createApp({ secret });

function signedInit(body: Record<string, unknown>, signature?: string): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cache-key': signature ?? signPayload(body, secret) },
    body: JSON.stringify(body),
  };
}

describe('api-server skeleton', () => {
  it('answers a signed config call with the envelope', async () => {
    const body = { nonce: createNonce(), ts: unixSeconds() };
    const res = await app.request('/api/default/config', signedInit(body));
    expect(res.status).toBe(200);
    const json = (await res.json()) as { errorCode: number; data: { short_name: string } };
    expect(json.errorCode).toBe(0);
    expect(json.data.short_name).toBe('Consign');
  });

  it('refuses a forged signature', async () => {
    const body = { nonce: createNonce(), ts: unixSeconds() };
    const res = await app.request('/api/default/config', signedInit(body, 'F'.repeat(32)));
    expect(res.status).toBe(400);
  });
});
