// The OpenAPI document describes the identity routes with their request and response schemas.
import test from 'ava';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] identity routes are documented with bodies, responses, errors and security`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const doc = (await app.workforce.get('/docs/openapi.json')).body;

    const login = doc.paths['/api/v1/auth/login'].post;
    const body = login.requestBody.content['application/json'].schema;
    t.deepEqual(Object.keys(body.properties).sort(), [
      'device_fingerprint',
      'device_name',
      'email',
      'password',
    ]);
    t.deepEqual([...body.required].sort(), ['device_name', 'email', 'password']);
    t.deepEqual(login.security, []);
    t.deepEqual(login.responses['200'].content['application/json'].schema.required, [
      'token',
      'token_type',
      'user',
      'expires_at',
    ]);
    for (const s of ['401', '422', '429']) t.truthy(login.responses[s], `login documents ${s}`);
    t.falsy(
      (login.parameters ?? []).find((p: any) => p.name === 'Idempotency-Key'),
      'login does not offer Idempotency-Key',
    );

    const me = doc.paths['/api/v1/me'].get;
    t.deepEqual(me.security, [{ bearerToken: [] }]);
    t.deepEqual(me.responses['200'].content['application/json'].schema.required, [
      'id',
      'name',
      'email',
      'roles',
      'scopes',
    ]);
    t.truthy(me.responses['401']);
    t.truthy(me.responses['423']);

    for (const path of ['/api/v1/auth/logout', '/api/v1/auth/logout-all']) {
      const op = doc.paths[path].post;
      t.truthy(op.responses['200'].content['application/json'].schema.properties.revoked_tokens);
      t.truthy(
        op.parameters.find((p: any) => p.name === 'Idempotency-Key'),
        `${path} takes Idempotency-Key`,
      );
    }
    const revoke = doc.paths['/api/v1/devices/{id}/revoke'].post;
    t.is(revoke['x-permission'], 'employee.update');
    t.truthy(revoke.requestBody.content['application/json'].schema.properties.reason);
    for (const s of ['403', '404', '422']) t.truthy(revoke.responses[s], `device revoke documents ${s}`);
    t.truthy(doc.paths['/api/v1/devices/{id}/approve'].post.responses['409']);
  });
}
