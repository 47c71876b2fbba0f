import { isLiveTopic, LIVE_READY_EVENT, LIVE_SIGNED_OUT_EVENT, type LiveTopic } from '@consign/api-client';
import { createNonce, signPayload, unixSeconds } from '@consign/api-client/sign';
import { tokenStorage } from '@consign/shell';
import type { QueryClient } from '@tanstack/react-query';
import { API_SIGN_SECRET } from './api-client';

/** The wait before connecting again: doubled after each failure, from 1 s up to 30 s. */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

/**
 * Live pages (docs/design.md#live-pages): keeps one `/api/live/stream` stream open while signed in and, on
 * each event, invalidates what its topic changes (`LIVE_REFRESH` in invalidate.ts), so the open
 * 代发订单, 售后订单 and the bell read again. The stream is a signed POST with the bearer token, like
 * every call (an `EventSource` can send neither), read with `fetch`; cut or refused, it connects
 * again after a backoff; `signed-out` (or no token) ends it. Answers the function that stops it.
 */
export function startLive(queryClient: QueryClient, baseURL = ''): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = RETRY_FIRST_MS;

  const onEvent = (event: string) => {
    if (event === LIVE_READY_EVENT) retryMs = RETRY_FIRST_MS;
    else if (event === LIVE_SIGNED_OUT_EVENT) stopped = true;
    // The refresh table loads with the first event, not with the stream's start.
    else if (isLiveTopic(event))
      void import('./invalidate').then((m) => m.invalidateLive(queryClient, event as LiveTopic));
  };

  const connect = async () => {
    const token = tokenStorage.get();
    if (stopped || !token) return;
    controller = new AbortController();
    const body = { nonce: createNonce(), ts: unixSeconds() };
    try {
      const response = await fetch(`${baseURL}/api/live/stream`, {
        method: 'POST',
        credentials: 'include',
        headers: {
          Accept: 'text/event-stream',
          'Content-Type': 'application/json',
          'Cache-Key': signPayload(body, API_SIGN_SECRET),
          Authorization: `Bearer ${token}`,
        },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      // Signed out meanwhile: the next call of the page handles the 401.
      if (response.status === 401) return;
      if (response.ok && response.body) await readEvents(response.body, onEvent);
    } catch {
      // Cut (network, server restart) or stopped: connect again below unless stopped.
    }
    if (stopped) return;
    timer = setTimeout(connect, retryMs);
    retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}

/** Reads a stream of Server-Sent Events to its end, calling `onEvent` with each event's name. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const name = buffer
        .slice(0, end)
        .split('\n')
        .find((line) => line.startsWith('event:'));
      if (name) onEvent(name.slice('event:'.length).trim());
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  }
}
