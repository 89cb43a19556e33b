// The response validator every HttpClient request goes through (test/helpers/openapi-validator.ts)
// really refuses what the document does not describe: a check that cannot fail is worthless.
import { Readable } from 'node:stream';
import test from 'ava';
import { silentLogger } from '../../src/core/logger.js';
import { FixedClock } from '../../src/core/clock.js';
import { Reply } from '../../src/core/reply.js';
import { defineRoute, publicAccess, type Route } from '../../src/core/routes.js';
import { createHttpApp } from '../../src/http/app.js';
import { buildOpenApi } from '../../src/http/openapi.js';
import { listen } from '../../src/http/server.js';
import { bootApp } from '../helpers/app.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';
import { HttpClient } from '../helpers/http.js';
import { ResponseValidator } from '../helpers/openapi-validator.js';

const dialect = DIALECTS[0];

const THING = {
  type: 'object',
  required: ['id', 'name', 'kind', 'seen_at'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', nullable: true },
    kind: { type: 'string', enum: ['cat', 'dog'], nullable: true },
    seen_at: { type: 'string', format: 'date-time' },
    weight: { type: 'number', minimum: 0, exclusiveMinimum: true },
  },
};

function routes(lie: { body: unknown }): Route[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/things/:id',
      summary: 'one thing',
      access: publicAccess,
      permission: null,
      responses: { 200: { description: 'the thing', schema: THING } },
      handler: async () => lie.body,
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/things/special',
      summary: 'the special thing (a literal segment where a template also matches)',
      access: publicAccess,
      permission: null,
      responses: { 200: { description: 'a list', schema: { type: 'array', items: THING } } },
      handler: async () => [],
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/things.csv',
      summary: 'things as CSV',
      access: publicAccess,
      permission: null,
      responses: { 200: { description: 'csv', contentType: 'text/csv' } },
      handler: async () => Reply.stream(200, Readable.from(['id\n1\n']), 'text/csv; charset=utf-8'),
    }),
  ];
}

const good = { id: 1, name: 'Rex', kind: 'dog', seen_at: '2026-05-01T10:00:00.000Z' };

test('a body that matches the schema passes; each departure from it is named', (t) => {
  const v = new ResponseValidator(buildOpenApi({ title: 't', version: '1' }, routes({ body: null })));
  const check = (body: unknown) =>
    v.problems({
      method: 'GET',
      path: '/api/v1/things/7',
      status: 200,
      contentType: 'application/json; charset=utf-8',
      text: JSON.stringify(body),
    });
  t.deepEqual(check(good), []);
  // nullable (OpenAPI 3.0) is understood, for an enum too
  t.deepEqual(check({ ...good, name: null, kind: null }), []);
  t.deepEqual(check({ ...good, weight: 2.5 }), []);

  t.regex(check({ ...good, id: '1' }).join('\n'), /body\/id must be integer/);
  t.regex(
    check({ ...good, kind: 'fish' }).join('\n'),
    /body\/kind must be equal to one of the allowed values/,
  );
  t.regex(
    check({ ...good, seen_at: '2026-05-01' }).join('\n'),
    /body\/seen_at must match format "date-time"/,
  );
  t.regex(check({ ...good, weight: 0 }).join('\n'), /body\/weight must be > 0/);
  t.regex(check({ id: 1, name: 'Rex', kind: 'dog' }).join('\n'), /must have required property 'seen_at'/);
  t.regex(check({ ...good, extra: true }).join('\n'), /must NOT have additional properties/);
  t.regex(check([good]).join('\n'), /body must be object/);
});

test('statuses, content types and paths the document does not describe are refused', (t) => {
  const v = new ResponseValidator(buildOpenApi({ title: 't', version: '1' }, routes({ body: null })));
  const json = 'application/json; charset=utf-8';
  const error = JSON.stringify({ message: 'no', errors: {} });
  // a status not documented for the operation
  t.regex(
    v.problems({ method: 'GET', path: '/api/v1/things/7', status: 418, contentType: json, text: error })[0],
    /status 418 is not documented for GET \/api\/v1\/things\/\{id\}/,
  );
  // the right status with an undocumented content type
  t.regex(
    v.problems({
      method: 'GET',
      path: '/api/v1/things/7',
      status: 200,
      contentType: 'text/html',
      text: '<p>',
    })[0],
    /content type text\/html is not documented/,
  );
  // a non-JSON operation: only the content type is checked
  t.deepEqual(
    v.problems({
      method: 'GET',
      path: '/api/v1/things.csv',
      status: 200,
      contentType: 'text/csv',
      text: 'x',
    }),
    [],
  );
  t.regex(
    v.problems({ method: 'GET', path: '/api/v1/things.csv', status: 200, contentType: json, text: '[]' })[0],
    /content type application\/json is not documented/,
  );
  // an unknown route is fine only as the router's 404
  t.deepEqual(
    v.problems({ method: 'GET', path: '/api/v1/nothing', status: 404, contentType: json, text: error }),
    [],
  );
  t.regex(
    v.problems({ method: 'GET', path: '/api/v1/nothing', status: 200, contentType: json, text: '{}' })[0],
    /no documented operation for GET \/api\/v1\/nothing/,
  );
  t.regex(
    v.problems({ method: 'DELETE', path: '/api/v1/things/7', status: 200, contentType: json, text: '{}' })[0],
    /no documented operation/,
  );
  // the documents themselves are not operations
  t.deepEqual(
    v.problems({ method: 'GET', path: '/docs/openapi.json', status: 200, contentType: json, text: '{}' }),
    [],
  );
  // a literal segment wins over a template: /things/special is the array operation
  t.is(v.findOperation('GET', '/api/v1/things/special?x=1')?.template, '/api/v1/things/special');
  t.is(v.findOperation('GET', '/api/v1/things/8')?.template, '/api/v1/things/{id}');
  t.deepEqual(
    v.problems({ method: 'GET', path: '/api/v1/things/special', status: 200, contentType: json, text: '[]' }),
    [],
  );
  t.regex(
    v.problems({
      method: 'GET',
      path: '/api/v1/things/special',
      status: 200,
      contentType: json,
      text: JSON.stringify(good),
    })[0],
    /body must be array/,
  );
});

test('the HttpClient refuses a live response that departs from the served document', async (t) => {
  const testDb = await createTestDb(dialect);
  const lie: { body: unknown } = { body: good };
  const app = createHttpApp({
    name: 'liar',
    routes: routes(lie),
    services: { db: testDb.db, clock: new FixedClock(), config: testDb.config, logger: silentLogger },
    openapi: { title: 'liar', version: '1' },
  });
  const listener = await listen(app.handler, 0, '127.0.0.1');
  t.teardown(async () => {
    await listener.close(1000);
    await testDb.destroy();
  });
  const http = new HttpClient(listener.url);
  t.is((await http.get('/api/v1/things/1')).status, 200);
  lie.body = { ...good, id: 'one' };
  const err = await t.throwsAsync(() => http.get('/api/v1/things/1'));
  t.regex(err!.message, /GET \/api\/v1\/things\/1 → 200/);
  t.regex(err!.message, /body\/id must be integer/);
  t.is((await http.get('/api/v1/things.csv')).text, 'id\n1\n');
});

test('the served documents: a wrong body against a real operation and its Error responses fails', async (t) => {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  const v = await app.workforce.openApiValidator();
  const json = 'application/json; charset=utf-8';
  const ping = (body: unknown) =>
    v.problems({
      method: 'GET',
      path: '/api/v1/ping',
      status: 200,
      contentType: json,
      text: JSON.stringify(body),
    });
  t.deepEqual(ping({ now: '2026-05-01T10:00:00.000Z' }), []);
  t.regex(ping({ now: 5 }).join('\n'), /body\/now must be string/);
  t.regex(ping({}).join('\n'), /must have required property 'now'/);
  // a derived error status uses #/components/schemas/Error
  const me = (body: unknown) =>
    v.problems({
      method: 'GET',
      path: '/api/v1/me',
      status: 401,
      contentType: json,
      text: JSON.stringify(body),
    });
  t.deepEqual(me({ message: 'Unauthenticated.', errors: {} }), []);
  t.regex(me({ message: 'Unauthenticated.' }).join('\n'), /must have required property 'errors'/);
  t.regex(me({ message: 'x', errors: { a: 'not a list' } }).join('\n'), /body\/errors\/a must be array/);
  // and the live client fails the same way: /api/v1/ping never answers 418, so assert() throws
  t.throws(
    () => v.assert({ method: 'GET', path: '/api/v1/ping', status: 418, contentType: json, text: '{}' }),
    { message: /GET \/api\/v1\/ping → 418[\s\S]*status 418 is not documented/ },
  );
  t.is((await app.workforce.get('/api/v1/ping')).status, 200);
});
