// The HTTP kernel with a route table of its own: body limits, malformed JSON, 404s, request ids,
// rate limits, idempotency and graceful shutdown, on both dialects.
import test from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import { silentLogger } from '../../src/core/logger.js';
import { Reply } from '../../src/core/reply.js';
import { defineRoute, publicAccess, type Access, type Route } from '../../src/core/routes.js';
import { yup } from '../../src/core/validation.js';
import { requestFingerprint, RUNNING_LEASE_MS } from '../../src/core/idempotency.js';
import { createHttpApp } from '../../src/http/app.js';
import { listen } from '../../src/http/server.js';
import { createTestDb, DIALECTS, type Dialect } from '../helpers/db.js';
import { HttpClient } from '../helpers/http.js';

const callerAccess: Access<{ id: string }> = {
  name: 'caller header',
  failureStatuses: [401],
  authenticate: async (req) => ({ id: String(req.headers['x-caller'] ?? 'anon') }),
  principalKey: (p) => `caller:${p.id}`,
};

function kernelRoutes(state: { calls: number; release?: () => void }): Route[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/echo',
      summary: 'echo',
      access: callerAccess,
      permission: null,
      body: yup.object({ name: yup.string().required(), count: yup.number().integer().min(1) }),
      responses: { 201: { description: 'echoed' } },
      handler: async ({ body }) => {
        state.calls += 1;
        return Reply.json(201, { echo: body, call: state.calls });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/raw',
      summary: 'raw body',
      access: publicAccess,
      permission: null,
      rawBody: true,
      responses: { 200: { description: 'the bytes seen' } },
      handler: async ({ rawBody }) => ({
        hex: rawBody?.toString('hex'),
        length: rawBody?.length,
      }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/no-raw',
      summary: 'no raw body',
      access: publicAccess,
      permission: null,
      responses: { 200: { description: 'whether raw bytes were given' } },
      handler: async (input) => ({ has_raw: 'rawBody' in input }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/limited',
      summary: 'limited',
      access: publicAccess,
      permission: null,
      rateLimit: { name: 'limited', limit: () => 3, windowSeconds: 60, key: (_p, r) => r.ip },
      responses: { 200: { description: 'ok' } },
      handler: async () => ({ ok: true }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/slow',
      summary: 'slow',
      access: publicAccess,
      permission: null,
      responses: { 200: { description: 'ok' } },
      handler: async () => {
        await new Promise<void>((resolve) => (state.release = resolve));
        return { finished: true };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/boom',
      summary: 'boom',
      access: publicAccess,
      permission: null,
      responses: { 200: { description: 'never' } },
      handler: async () => {
        throw new Error('secret internals');
      },
    }),
  ];
}

async function boot(dialect: Dialect) {
  const testDb = await createTestDb(dialect, { BODY_LIMIT_BYTES: '2048' });
  const clock = new FixedClock('2026-05-01T10:00:10Z');
  const state: { calls: number; release?: () => void } = { calls: 0 };
  const app = createHttpApp({
    name: 'kernel',
    routes: kernelRoutes(state),
    services: { db: testDb.db, clock, config: testDb.config, logger: silentLogger },
    openapi: { title: 'kernel', version: '1' },
  });
  const listener = await listen(app.handler, 0, '127.0.0.1');
  return {
    state,
    clock,
    listener,
    db: testDb.db,
    http: new HttpClient(listener.url),
    async close() {
      await listener.close(1000);
      await testDb.destroy();
    },
  };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] malformed JSON is a 400 naming the body, never a 500`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const res = await k.http.request('POST', '/api/v1/echo', { raw: '{"name": "x",' });
    t.is(res.status, 400);
    t.is(res.body.code, 'MALFORMED_BODY');
    t.regex(res.body.message, /Malformed JSON/);
    t.deepEqual(Object.keys(res.body.errors), ['body']);
    t.is(k.state.calls, 0);
    // The parser's own message would quote the body back, a password with it: only a position goes.
    const quoted = await k.http.request('POST', '/api/v1/echo', { raw: '{"password": hunter2}' });
    t.is(quoted.status, 400);
    t.notRegex(JSON.stringify(quoted.body), /hunter2/);
  });

  test(`[${dialect}] a rawBody route gets the exact bytes sent; other routes get none`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    // Spacing, key order and escapes survive exactly: a signature over the bytes still matches.
    const text = '{ "b":1,  "a":"caf\\u00e9" }\n';
    const res = await k.http.request('POST', '/api/v1/raw', { raw: text });
    t.is(res.status, 200);
    t.is(res.body.hex, Buffer.from(text, 'utf8').toString('hex'));
    t.is(res.body.length, Buffer.byteLength(text));
    const empty = await k.http.request('POST', '/api/v1/raw');
    t.is(empty.body.length, 0);
    const bad = await k.http.request('POST', '/api/v1/raw', { raw: '{"a":' });
    t.is(bad.status, 400, 'still parsed: malformed JSON is refused before the handler');
    const other = await k.http.post('/api/v1/no-raw', { a: 1 });
    t.deepEqual(other.body, { has_raw: false });
  });

  test(`[${dialect}] a body over the limit is a 413, streamed or declared`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const res = await k.http.post('/api/v1/echo', { name: 'x'.repeat(5000) });
    t.is(res.status, 413);
    t.is(res.body.code, 'PAYLOAD_TOO_LARGE');
    t.is(k.state.calls, 0);
    const ok = await k.http.post('/api/v1/echo', { name: 'fits' });
    t.is(ok.status, 201);
  });

  test(`[${dialect}] validation failures are 422 naming each field`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const res = await k.http.post('/api/v1/echo', { count: 0 });
    t.is(res.status, 422);
    t.deepEqual(Object.keys(res.body.errors).sort(), ['count', 'name']);
    t.is(res.body.errors.name[0], 'The name field is required.');
    const wrongType = await k.http.request('POST', '/api/v1/echo', {
      raw: 'name=x',
      headers: { 'Content-Type': 'text/plain' },
    });
    t.is(wrongType.status, 415);
  });

  test(`[${dialect}] unknown routes are JSON 404s with a request id`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const res = await k.http.get('/api/v1/nope');
    t.is(res.status, 404);
    t.deepEqual(res.body, { message: 'Route not found.', errors: {}, code: 'ROUTE_NOT_FOUND' });
    t.regex(res.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    const echoed = await k.http.get('/api/v1/nope', { headers: { 'X-Request-Id': 'abc-123' } });
    t.is(echoed.headers.get('x-request-id'), 'abc-123');
  });

  test(`[${dialect}] an unexpected error is a 500 without internals`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const res = await k.http.get('/api/v1/boom');
    t.is(res.status, 500);
    t.deepEqual(res.body, { message: 'Internal server error.', errors: {}, code: 'INTERNAL' });
    t.false(res.text.includes('secret internals'));
  });

  test(`[${dialect}] rate limits answer 429 with Retry-After, then admit again once the window slides past`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    for (let i = 0; i < 3; i++) t.is((await k.http.get('/api/v1/limited')).status, 200);
    const limited = await k.http.get('/api/v1/limited');
    t.is(limited.status, 429);
    // Sliding window: the three hits at :10 leave the 60 s span at :10 of the next minute, not at :00.
    t.is(limited.headers.get('retry-after'), '60');
    t.regex(limited.body.message, /Too many requests/);
    k.clock.advance(50_000);
    t.is((await k.http.get('/api/v1/limited')).status, 429, 'a fixed window would have reset at :00');
    k.clock.advance(10_000);
    t.is((await k.http.get('/api/v1/limited')).status, 200);
  });

  test(`[${dialect}] Idempotency-Key replays, refuses a changed body, and scopes by caller`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const headers = { 'Idempotency-Key': 'k-1', 'X-Caller': 'u1' };
    const first = await k.http.post('/api/v1/echo', { name: 'a' }, { headers });
    t.is(first.status, 201);
    t.is(first.headers.get('idempotent-replayed'), null);
    const again = await k.http.post('/api/v1/echo', { name: 'a' }, { headers });
    t.is(again.status, 201);
    t.deepEqual(again.body, first.body);
    t.is(again.headers.get('idempotent-replayed'), 'true');
    t.is(k.state.calls, 1);
    const changed = await k.http.post('/api/v1/echo', { name: 'b' }, { headers });
    t.is(changed.status, 422);
    t.regex(changed.body.message, /different request body/);
    t.is(k.state.calls, 1);
    const other = await k.http.post(
      '/api/v1/echo',
      { name: 'b' },
      { headers: { ...headers, 'X-Caller': 'u2' } },
    );
    t.is(other.status, 201);
    t.is(k.state.calls, 2);
    k.clock.advance(24 * 3600 * 1000 + 1);
    const expired = await k.http.post('/api/v1/echo', { name: 'b' }, { headers });
    t.is(expired.status, 201);
    t.is(expired.headers.get('idempotent-replayed'), null);
    t.is(k.state.calls, 3);
  });

  test(`[${dialect}] a repeat while the first request still runs is a 409`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    // The first request is in flight: its running record is there.
    const fingerprint = requestFingerprint('POST', '/api/v1/echo', { name: 'a' });
    await k.db('idempotency_keys').insert({
      scope: 'caller:u1',
      key: 'k-run',
      fingerprint,
      state: 'running',
      created_at: k.clock.now().getTime(),
      expires_at: k.clock.now().getTime() + 3600_000,
    });
    const res = await k.http.post(
      '/api/v1/echo',
      { name: 'a' },
      { headers: { 'Idempotency-Key': 'k-run', 'X-Caller': 'u1' } },
    );
    t.is(res.status, 409);
    t.is(res.body.code, 'IDEMPOTENCY_IN_PROGRESS');
    t.is(k.state.calls, 0);
  });

  test(`[${dialect}] a key left running by a stopped process is reported abandoned after its lease, never run twice`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const fingerprint = requestFingerprint('POST', '/api/v1/echo', { name: 'a' });
    const claimedAt = k.clock.now().getTime() - RUNNING_LEASE_MS - 1;
    await k.db('idempotency_keys').insert({
      scope: 'caller:u1',
      key: 'k-crashed',
      fingerprint,
      state: 'running',
      created_at: claimedAt,
      expires_at: claimedAt + 24 * 3600_000,
    });
    const headers = { 'Idempotency-Key': 'k-crashed', 'X-Caller': 'u1' };
    for (let i = 0; i < 2; i++) {
      const res = await k.http.post('/api/v1/echo', { name: 'a' }, { headers });
      t.is(res.status, 409);
      t.is(res.body.code, 'IDEMPOTENCY_KEY_ABANDONED');
      t.regex(res.body.message, /new Idempotency-Key/);
    }
    t.is(k.state.calls, 0, 'the operation may have committed before the crash: it is not run again');
    const fresh = await k.http.post(
      '/api/v1/echo',
      { name: 'a' },
      { headers: { ...headers, 'Idempotency-Key': 'k-new' } },
    );
    t.is(fresh.status, 201);
  });

  test(`[${dialect}] graceful shutdown lets an in-flight request finish, then refuses new ones`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const inflight = k.http.get('/api/v1/slow');
    while (!k.state.release) await new Promise((r) => setTimeout(r, 5));
    const closed = k.listener.close(5000);
    await new Promise((r) => setTimeout(r, 50));
    k.state.release();
    const res = await inflight;
    t.is(res.status, 200);
    t.deepEqual(res.body, { finished: true });
    await closed;
    await t.throwsAsync(() => k.http.get('/api/v1/limited'));
  });
}
