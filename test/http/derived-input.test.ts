// Routes that derive their request from the operation's input (src/core/routes.ts, fromOperation):
// the body (or query) is the input less the fields the path and the caller fill and the CLI's name
// fields; the pipeline validates the whole input once, and the runner does not validate it again.
import test from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import { silentLogger } from '../../src/core/logger.js';
import { defineRead, defineWrite, type Policy } from '../../src/core/operation.js';
import { fromOperation, operationRoutes, type Access, type Route } from '../../src/core/routes.js';
import { byName, idNumber, yup } from '../../src/core/validation.js';
import { createHttpApp } from '../../src/http/app.js';
import { listen } from '../../src/http/server.js';
import { clinicRoutes } from '../../src/clinic/routes.js';
import { workforceRoutes } from '../../src/workforce/routes.js';
import { createTestDb, DIALECTS, type Dialect } from '../helpers/db.js';
import { HttpClient } from '../helpers/http.js';

const callerAccess: Access<{ id: number }> = {
  name: 'caller header',
  failureStatuses: [],
  authenticate: async (req) => ({ id: Number(req.headers['x-caller'] ?? 1) }),
  principalKey: (p) => `caller:${p.id}`,
};
const policy: Policy<null> = {
  admit: () => true,
  authorize: async () => {},
  scopes: async () => null,
  account: () => 1,
  writeAudit: async () => {},
};

function probe(kind: 'read' | 'write', counter: { checks: number }) {
  return (kind === 'read' ? defineRead : defineWrite)(`probe.note-${kind}`, 'public', {
    summary: 'returns its input',
    input: yup
      .object({
        pet_id: idNumber().required(),
        owner_id: idNumber().required(),
        name: yup.string().trim().required(),
        count: yup.number().integer().min(1),
        pet: byName(yup.string().trim()),
      })
      .test('counted', 'never fails', () => ++counter.checks > 0),
    run: async (_ctx, input) => ({ input, frozen: Object.isFrozen(input) }),
  });
}

const route = operationRoutes<null, { id: number }>(callerAccess, (services) => ({
  services,
  actor: null,
  policy,
}));

function probeRoutes(counter: { checks: number }): Route[] {
  const filled = {
    pathFields: { pet: 'pet_id' },
    principalFields: { owner_id: (p: { id: number } | null) => p!.id },
    responses: { 200: { description: 'the input' } },
  };
  return [
    route(probe('write', counter), { method: 'POST', path: '/api/v1/pets/:pet/notes', ...filled }),
    route(probe('read', counter), { method: 'GET', path: '/api/v1/pets/:pet/notes', ...filled }),
    route(
      defineRead('probe.pet', 'public', {
        summary: 'an input the path and the caller fill entirely',
        input: yup.object({ pet_id: idNumber().required(), owner_id: idNumber().required() }),
        run: async (_ctx, input) => ({ input }),
      }),
      { method: 'GET', path: '/api/v1/pets/:pet', ...filled },
    ),
  ];
}

async function boot(dialect: Dialect) {
  const testDb = await createTestDb(dialect);
  const counter = { checks: 0 };
  const routes = probeRoutes(counter);
  const app = createHttpApp({
    name: 'derived',
    routes,
    services: {
      db: testDb.db,
      clock: new FixedClock('2026-05-01T10:00:00Z'),
      config: testDb.config,
      logger: silentLogger,
    },
    openapi: { title: 'derived', version: '1' },
  });
  const listener = await listen(app.handler, 0, '127.0.0.1');
  return {
    counter,
    routes,
    http: new HttpClient(listener.url),
    async close() {
      await listener.close(1000);
      await testDb.destroy();
    },
  };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] the path and the caller fill their fields; the body cannot, nor name a record`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const res = await k.http.request('POST', '/api/v1/pets/7/notes', {
      headers: { 'x-caller': '5' },
      body: { name: ' Rex ', count: 2, pet_id: 999, owner_id: 1, pet: 'someone-else', extra: true },
    });
    t.is(res.status, 200);
    t.deepEqual(res.body, { input: { pet_id: 7, owner_id: 5, name: 'Rex', count: 2 }, frozen: true });
    t.is(k.counter.checks, 1, 'validated once: by the pipeline, not again by the runner');
  });

  test(`[${dialect}] a bad body is one 422 naming each field; a malformed path id is a 404 naming it`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const bad = await k.http.request('POST', '/api/v1/pets/7/notes', { body: { name: 5, count: 0 } });
    t.is(bad.status, 422);
    t.deepEqual(Object.keys(bad.body.errors).sort(), ['count', 'name']);
    t.is(k.counter.checks, 1, 'the operation never ran');
    const malformed = await k.http.request('POST', '/api/v1/pets/abc/notes', { body: { name: 'Rex' } });
    t.is(malformed.status, 404);
    t.is(malformed.body.message, 'No pet "abc".', 'the 404 names the path parameter');
    t.is((await k.http.request('POST', '/api/v1/pets/7/notes', { body: [1] })).status, 422);
    const hostile = await k.http.request('POST', '/api/v1/pets/7/notes', {
      raw: '{"name":"x","constructor":1}',
    });
    t.is(hostile.status, 422);
    t.deepEqual(Object.keys(hostile.body.errors), ['constructor']);
  });

  test(`[${dialect}] a route whose input path and caller fill reads no query: any is ignored`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const res = await k.http.request('GET', '/api/v1/pets/7?constructor=1&pet_id=9');
    t.is(res.status, 200);
    t.deepEqual(res.body.input, { pet_id: 7, owner_id: 1 });
  });

  test(`[${dialect}] a GET reads the same input from its query, cast from text`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const res = await k.http.request('GET', '/api/v1/pets/7/notes?name=Rex&count=3&pet=x&owner_id=9', {
      headers: { 'x-caller': '4' },
    });
    t.is(res.status, 200);
    t.deepEqual(res.body.input, { pet_id: 7, owner_id: 4, name: 'Rex', count: 3 });
    t.is(k.counter.checks, 1);
  });
}

test('the document shows the derived body, query and path, without the filled and name fields', (t) => {
  const [post, get, pet] = probeRoutes({ checks: 0 });
  t.deepEqual(Object.keys((post.body as yup.AnyObjectSchema).fields), ['name', 'count']);
  t.deepEqual(Object.keys(get.query!.fields), ['name', 'count']);
  t.is(get.body, undefined);
  t.deepEqual(Object.keys(post.params!.fields), ['pet']);
  t.is(pet.query, undefined);
});

test('a derived route refuses a second declaration of its part, and a path field the path lacks', (t) => {
  const op = probe('write', { checks: 0 });
  const spec = { method: 'POST' as const, path: '/api/v1/pets/:pet/notes', access: callerAccess };
  const common = { ...spec, responses: {}, context: () => ({}) as never };
  t.throws(() => fromOperation(op, { ...common, body: yup.object({ name: yup.string() }) }), {
    message: /body is derived from probe.note-write's input/,
  });
  t.throws(() => fromOperation(op, { ...common, pathFields: { id: 'pet_id' } }), {
    message: /no path parameter :id/,
  });
  t.throws(() => fromOperation(op, { ...common, pathFields: { pet: 'nope' } }), {
    message: /has no input field nope/,
  });
});

test('no route of either service offers a field only the CLI names a record by', (t) => {
  const routes = [...workforceRoutes, ...clinicRoutes];
  for (const r of routes) {
    for (const part of [r.body, r.query] as Array<yup.AnyObjectSchema | undefined>) {
      if (!part?.fields) continue;
      for (const [name, field] of Object.entries(part.fields)) {
        t.not((field as yup.Schema).describe().meta?.byName, true, `${r.method} ${r.path} offers ${name}`);
      }
    }
  }
  // The routes still mapped by hand, each for a reason its toInput shows: a file upload, a signed
  // raw body, a body whose fields differ from the input's (the contract's org_id, a required id the
  // CLI may name instead, a null default); and /ready, which runs its operation itself.
  const byHand = routes.filter((r) => r.operation && !r.input).map((r) => `${r.method} ${r.path}`);
  t.deepEqual(byHand.sort(), [
    'DELETE /api/v1/deployments/:id',
    'GET /api/v1/exports/attendance.csv',
    'GET /ready',
    'GET /ready',
    'POST /api/v1/attendance/lock',
    'POST /api/v1/deployments',
    'POST /api/v1/owner/me/pets/:pet/documents',
    'POST /api/v1/webhooks/gateway',
    'PUT /api/v1/owner/me/pets/:pet/photo',
    'PUT /api/v1/tenant/:tenant/pets/:pet/photo',
  ]);
});
