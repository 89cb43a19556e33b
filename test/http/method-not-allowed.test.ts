// A method a path does not serve is a 405 naming the path's methods in Allow, on both listeners, in
// the contracts' error body ({message, errors}); a path no route serves stays a 404.
import test from 'ava';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] DELETE /api/v1/ping is 405 with Allow: GET; unknown paths stay 404`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const res = await app.workforce.request('DELETE', '/api/v1/ping');
    t.is(res.status, 405);
    t.is(res.headers.get('allow'), 'GET');
    t.is(res.body.code, 'METHOD_NOT_ALLOWED');
    t.is(typeof res.body.message, 'string');
    t.deepEqual(res.body.errors, {});
    t.regex(res.headers.get('x-request-id') ?? '', /./);

    // A path template with a parameter: every method registered for it, in a stable order.
    const dep = await app.workforce.request('PUT', '/api/v1/deployments/7');
    t.is(dep.status, 405);
    t.is(dep.headers.get('allow'), 'GET, DELETE');
    const login = await app.workforce.get('/api/v1/auth/login');
    t.is(login.status, 405);
    t.is(login.headers.get('allow'), 'POST');

    t.is((await app.workforce.request('DELETE', '/api/v1/nope')).status, 404);
    t.is((await app.workforce.get('/api/v1/nope')).body.code, 'ROUTE_NOT_FOUND');
    // The workforce listener does not serve the clinic's paths at all.
    t.is((await app.workforce.request('DELETE', '/api/v1/system/health')).status, 404);
  });

  test(`[${dialect}] the clinic listener answers 405 with Allow too`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const health = await app.clinic.request('POST', '/api/v1/system/health', { body: {} });
    t.is(health.status, 405);
    t.is(health.headers.get('allow'), 'GET');
    t.deepEqual(Object.keys(health.body).sort(), ['code', 'errors', 'message']);
    const pets = await app.clinic.request('DELETE', '/api/v1/owner/me/pets');
    t.is(pets.status, 405);
    t.is(pets.headers.get('allow'), 'GET, POST');
    const logs = await app.clinic.request('PUT', '/api/v1/owner/me/pets/1/health-logs/2');
    t.is(logs.headers.get('allow'), 'DELETE');
    const openapi = await app.clinic.request('POST', '/docs/openapi.json', { body: {} });
    t.is(openapi.status, 405);
    t.is(openapi.headers.get('allow'), 'GET');
    t.is((await app.clinic.request('DELETE', '/api/v1/ping')).status, 404, 'the workforce’s path');
  });
}
