// The clinic listener's OpenAPI document describes this slice's routes: access, permission,
// request schemas, success bodies and the error statuses each can answer with.
import test from 'ava';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] the clinic OpenAPI document describes the tenant, auth and owner routes`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const doc = (await app.clinic.get('/docs/openapi.json')).body;
    const op = (method: string, path: string) => doc.paths[path]?.[method];
    t.deepEqual(doc.components.securitySchemes.bearerAuth, { type: 'http', scheme: 'bearer' });

    const signup = op('post', '/api/v1/tenants');
    t.deepEqual(signup.security, []);
    t.deepEqual(signup.requestBody.content['application/json'].schema.required.sort(), [
      'email',
      'name',
      'owner_email',
      'owner_name',
      'password',
      'slug',
    ]);
    const body = signup.requestBody.content['application/json'].schema.properties;
    t.deepEqual(body.subscription_plan.enum, ['trial', 'starter', 'growth', 'premium', 'enterprise']);
    t.is(body.subscription_plan.default, 'trial');
    t.is(body.password.minLength, 8);
    t.truthy(signup.responses['201'].content['application/json'].schema.properties.data.properties.tenant);
    t.truthy(signup.responses['422'] && signup.responses['429']);

    const loginOp = op('post', '/api/v1/auth/login');
    t.deepEqual(loginOp.responses['200'].content['application/json'].schema.required, [
      'data',
      'token',
      'token_type',
      'expires_at',
    ]);
    t.truthy(loginOp.responses['401'] && loginOp.responses['429']);
    t.false(
      (loginOp.parameters ?? []).some((p: any) => p.name === 'Idempotency-Key'),
      'logins are not replayed',
    );

    for (const [method, path] of [
      ['get', '/api/v1/me'],
      ['post', '/api/v1/auth/logout'],
      ['get', '/api/v1/owner/me/clients'],
    ]) {
      t.deepEqual(op(method, path).security, [{ bearerAuth: [] }], path);
      t.truthy(op(method, path).responses['401'], path);
    }

    const dashboard = op('get', '/api/v1/tenant/{tenant}/dashboard');
    for (const status of ['200', '401', '403', '404']) t.truthy(dashboard.responses[status], status);
    t.is(dashboard.parameters[0].name, 'tenant');
    t.is(op('post', '/api/v1/tenant/{tenant}/members')['x-permission'], 'member.manage');
    t.is(op('delete', '/api/v1/tenant/{tenant}/members/{user}')['x-permission'], 'member.manage');
    t.is(op('get', '/api/v1/tenant/{tenant}/members')['x-permission'], 'tenant.member');
    t.is(
      op('get', '/api/v1/tenant/{tenant}/members').responses['200'].content['application/json'].schema
        .properties.meta.type,
      'object',
    );
    t.truthy(op('post', '/api/v1/auth/owner/register').requestBody);
    t.truthy(op('get', '/api/v1/owner/me/clients/{client}').responses['404']);
  });
}
