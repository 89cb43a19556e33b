// The authorization matrix (issue 16) against the real HTTP app, on both databases: every route of
// both listeners × every kind of caller (scripts/authorization-matrix.ts derives the expectation
// from the route tables and the roles), one world per dialect. A refusal must be exactly the status
// the matrix names (401 no or wrong kind of token, 423 a mobile token without an approved device,
// 403 a role without the permission or not a member of the tenant in the path, 404 a record outside
// the caller's organizations, tenant or pets); `ok` means authorization passed: anything but those
// and 5xx. Every answer is also checked against the listener's OpenAPI document.
// Per route, the refused callers go first, together (and must change nothing the allowed ones then
// meet); the allowed ones follow one by one.
import test from 'ava';
import nock from 'nock';
import { CALLERS, authorizationMatrix, type Expect } from '../../scripts/authorization-matrix.js';
import { DIALECTS } from '../helpers/db.js';
import { requestFor } from './authorization-requests.js';
import { buildWorld, GATEWAY_HOST, type World } from './authorization-world.js';

// The owner's gateway order reaches a payment gateway: nock answers it; the listeners stay reachable.
nock.disableNetConnect();
nock.enableNetConnect(/127\.0\.0\.1|localhost/);
nock(GATEWAY_HOST)
  .persist()
  .post('/v1/orders')
  .reply(200, () => ({
    id: `order_${Math.random().toString(36).slice(2, 10)}`,
    entity: 'order',
    status: 'created',
  }));

const REFUSALS = new Set([401, 403, 404, 423]);

function matches(expect: Expect, status: number): boolean {
  if (expect === 'ok') return !REFUSALS.has(status) && status < 500;
  return status === expect;
}

async function send(
  w: World,
  listener: 'workforce' | 'clinic',
  method: string,
  req: Awaited<ReturnType<typeof requestFor>>,
  token: string | undefined,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const client = listener === 'workforce' ? w.app.workforce : w.app.clinic;
  const query = req.query ? '?' + new URLSearchParams(req.query).toString() : '';
  const path = req.path + query;
  const h: Record<string, string> = { Accept: 'application/json', ...headers };
  if (token) h.Authorization = `Bearer ${token}`;
  let body: FormData | string | undefined;
  if (req.file) {
    const form = new FormData();
    form.set(req.file.field, new Blob([req.file.bytes], { type: req.file.type }), req.file.name);
    body = form;
  } else if (req.body !== undefined || method !== 'GET') {
    body = JSON.stringify(req.body ?? {});
    h['Content-Type'] = 'application/json';
  }
  const res = await fetch(client.baseUrl + path, { method, headers: h, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString();
  (await client.openApiValidator()).assert({
    method,
    path,
    status: res.status,
    contentType: res.headers.get('content-type'),
    text,
  });
  return { status: res.status, text };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] every route × every kind of caller answers as the authorization matrix says`, async (t) => {
    t.timeout(600_000);
    const w = await buildWorld(dialect);
    t.teardown(w.close);
    const rows = authorizationMatrix();
    const wrong: string[] = [];
    let sent = 0;
    for (const row of rows) {
      const cell = async (c: (typeof CALLERS)[number]) => {
        const req = await requestFor(row.key, row.route.path, w, c, row.note?.tenant ?? 'A');
        let token = w.tokens[c.key];
        if (token && req.freshToken) token = await w.freshToken(c.key);
        return async () => {
          const res = await send(w, row.listener, row.route.method, req, token, w.headers[c.key] ?? {});
          sent++;
          if (req.revokesAll && token) w.tokens[c.key] = await w.freshToken(c.key);
          const expect = row.cells[c.key];
          if (!matches(expect, res.status)) {
            wrong.push(
              `${row.key} as ${c.key}: expected ${expect}, got ${res.status} ${res.text.slice(0, 160)}`,
            );
          }
        };
      };
      // The refused callers first, together (a refusal changes nothing); then the allowed ones one by
      // one, so that no allowed caller's write is what a refused one is judged on, or another's.
      const refused = CALLERS.filter((c) => row.cells[c.key] !== 'ok');
      const allowed = CALLERS.filter((c) => row.cells[c.key] === 'ok');
      const sends = [];
      for (const c of refused) sends.push(await cell(c));
      await Promise.all(sends.map((go) => go()));
      for (const c of allowed) await (await cell(c))();
    }
    t.is(sent, rows.length * CALLERS.length);
    t.deepEqual(wrong, [], `${wrong.length} of ${sent} cells differ`);
  });
}
