// One HTTP attempt of a push, with got. got's own retries are off: the push owns the retry loop
// (retry-policy.ts), so attempts, waits and the ledger stay in step.
import type { AttemptOutcome } from './retry-policy.js';

export interface PushRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type Transport = (request: PushRequest, timeoutMs: number) => Promise<AttemptOutcome>;

export const gotTransport: Transport = async (request, timeoutMs) => {
  // Loaded on the first push, not by every process that imports the push.
  const { default: got } = await import('got');
  try {
    const res = await got.post(request.url, {
      body: request.body,
      headers: request.headers,
      retry: { limit: 0 },
      timeout: { request: timeoutMs },
      throwHttpErrors: false,
      followRedirect: false,
    });
    const retryAfter = res.headers['retry-after'];
    return {
      kind: 'response',
      status: res.statusCode,
      retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
      bodyExcerpt: typeof res.body === 'string' ? res.body.slice(0, 200) : undefined,
    };
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return { kind: 'error', code: e.code, message: e.message ?? String(err) };
  }
};

/** `{push_url}/attendance/daily`, whether or not push_url ends with a slash. */
export function pushEndpoint(pushUrl: string): string {
  return `${pushUrl.replace(/\/+$/, '')}/attendance/daily`;
}
