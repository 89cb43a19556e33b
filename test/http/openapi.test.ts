// Every route is documented, and every documented operation is really served (the doc and the
// router come from the same table, so this checks the mounting, not the bookkeeping).
import test from 'ava';
import { clinicRoutes } from '../../src/clinic/routes.js';
import { workforceRoutes } from '../../src/workforce/routes.js';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import type { HttpClient } from '../helpers/http.js';
import type { Route } from '../../src/core/routes.js';

const dialect = DIALECTS[0];

async function checkListener(t: any, client: HttpClient, routes: Route[]) {
  const res = await client.get('/docs/openapi.json');
  t.is(res.status, 200);
  const doc = res.body;
  t.is(doc.openapi, '3.0.3');
  const documented: Array<[string, string]> = [];
  for (const [path, ops] of Object.entries<any>(doc.paths)) {
    for (const method of Object.keys(ops)) documented.push([method.toUpperCase(), path]);
  }
  t.is(documented.length, routes.length, 'one documented operation per route');
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    const op = doc.paths[path]?.[route.method.toLowerCase()];
    t.truthy(op, `${route.method} ${path} is documented`);
    t.truthy(op.summary, `${route.method} ${path} has a summary`);
    t.true(
      Object.keys(op.responses).some((s) => s.startsWith('2')),
      `${route.method} ${path} documents success`,
    );
    // public and authenticated operations check no scoped permission of their own.
    if (route.permission && route.permission !== 'public' && route.permission !== 'authenticated') {
      for (const status of ['403', '404'])
        t.truthy(op.responses[status], `${route.method} ${path} (${route.permission}) documents ${status}`);
    }
    if (route.multipart) t.falsy(op.responses['413'], `${path} answers an oversized file with 422, not 413`);
    if (route.body)
      t.truthy(
        op.requestBody?.content?.[route.multipart ? 'multipart/form-data' : 'application/json']?.schema,
        `${path} documents its body`,
      );
  }
  for (const [method, path] of documented) {
    const concrete = path.replace(/\{[^}]+\}/g, '1');
    const served = await client.request(method, concrete, method === 'GET' ? {} : { body: {} });
    t.not(served.body?.code, 'ROUTE_NOT_FOUND', `${method} ${path} is served`);
  }
}

test(`[${dialect}] workforce: every route is in the OpenAPI document and every documented route is served`, async (t) => {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  await checkListener(t, app.workforce, workforceRoutes);
});

test(`[${dialect}] clinic: every route is in the OpenAPI document and every documented route is served`, async (t) => {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  await checkListener(t, app.clinic, clinicRoutes);
});
