// Keys named like Object.prototype members are data: a 422 naming them, never a 500 (issue 16).
import test from 'ava';
import { hostileKeys } from '../../src/core/validation.js';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';

test('hostileKeys finds prototype names at any depth, and only those', (t) => {
  const body = JSON.parse(
    '{"email":"a@b.c","__proto__":{},"transfer_map":{"1":{"constructor":2}},"list":[{"toString":1}],"plain":{"x":1}}',
  );
  t.deepEqual(hostileKeys(body).sort(), ['__proto__', 'list[0].toString', 'transfer_map.1.constructor']);
  t.deepEqual(hostileKeys({ name: 'x', nested: { value: [1, 2] } }), []);
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] bodies and queries with prototype keys are 422s naming the key`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    for (const raw of [
      '{"toString":1}',
      '{"__proto__":{}}',
      '{"constructor":{}}',
      '{"hasOwnProperty":"x"}',
    ]) {
      const res = await app.workforce.request('POST', '/api/v1/auth/login', { raw });
      t.is(res.status, 422, raw);
      const key = Object.keys(JSON.parse(raw))[0];
      t.deepEqual(res.body.errors[key], [`The ${key} field is not allowed.`], raw);
    }
    const clinic = await app.clinic.request('POST', '/api/v1/auth/login', {
      raw: '{"email":"a@b.c","password":"x","valueOf":1}',
    });
    t.is(clinic.status, 422);
    t.truthy(clinic.body.errors.valueOf);
    const query = await app.clinic.get('/api/v1/providers?toString=1');
    t.is(query.status, 422);
    t.deepEqual(query.body.errors.toString, ['The toString field is not allowed.']);
    const nested = await app.workforce.request('POST', '/api/v1/auth/login', {
      raw: '{"email":"a@b.c","password":"x","device_name":"d","extra":{"isPrototypeOf":1}}',
    });
    t.is(nested.status, 422);
    t.truthy(nested.body.errors['extra.isPrototypeOf']);
  });
}
