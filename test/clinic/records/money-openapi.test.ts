// Money conversion (exact, half up) and the records routes in the clinic OpenAPI document.
import test from 'ava';
import { amountField, fromMinor, toMinor } from '../../../src/clinic/payments/money.js';
import { yup } from '../../../src/core/validation.js';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';

test('amounts convert to minor units through their decimal text, half up', (t) => {
  t.is(toMinor(0.1) + toMinor(0.2), toMinor(0.3));
  t.is(toMinor(150.5), 15050);
  t.is(toMinor(1.005), 101);
  t.is(toMinor(10.004), 1000);
  t.is(toMinor(0.30000000000000004), 30);
  t.is(toMinor(99999999.99), 9999999999);
  t.is(toMinor(1e-7), 0);
  t.is(toMinor('12.345'), 1235);
  t.is(fromMinor(15050), 150.5);
  t.is(fromMinor(30), 0.3);
  t.is(fromMinor(9999999999), 99999999.99);
  t.is(fromMinor(-5), -0.05);
});

test('a positive amount that breaks a rule gets one message for it, not two', async (t) => {
  const schema = yup.object({ amount: amountField({ positive: true }) });
  const errors = async (amount: number) =>
    (await t.throwsAsync<yup.ValidationError>(schema.validate({ amount }, { abortEarly: false })))?.errors;
  t.deepEqual(await errors(0), ['The amount field must be greater than 0.']);
  t.deepEqual(await errors(-5), ['The amount field must be greater than 0.']);
  t.deepEqual(await errors(0.004), ['The amount field must be at least 0.01.']);
  t.deepEqual(await errors(1e308), ['The amount field must not be greater than 99999999.99.']);
  t.is((await schema.validate({ amount: 0.01 })).amount, 0.01);
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] the OpenAPI document describes the records routes`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const doc = (await app.clinic.get('/docs/openapi.json')).body;
    const op = (method: string, path: string) => doc.paths[path]?.[method];
    for (const [method, path, status] of [
      ['get', '/api/v1/tenant/{tenant}/clients', '200'],
      ['get', '/api/v1/tenant/{tenant}/pets', '200'],
      ['post', '/api/v1/tenant/{tenant}/pets', '201'],
      ['post', '/api/v1/tenant/{tenant}/patients/onboard', '201'],
      ['patch', '/api/v1/tenant/{tenant}/patients/{pet}', '200'],
      ['get', '/api/v1/tenant/{tenant}/appointments', '200'],
      ['post', '/api/v1/tenant/{tenant}/appointments', '201'],
      ['patch', '/api/v1/tenant/{tenant}/appointments/{appointment}', '200'],
      ['get', '/api/v1/tenant/{tenant}/invoices', '200'],
      ['post', '/api/v1/tenant/{tenant}/invoices', '200'],
      ['post', '/api/v1/tenant/{tenant}/invoices/{invoice}/payments', '200'],
      ['get', '/api/v1/owner/me/pets', '200'],
      ['post', '/api/v1/owner/me/pets', '201'],
      ['patch', '/api/v1/owner/me/pets/{pet}', '200'],
      ['get', '/api/v1/owner/me/appointments', '200'],
      ['get', '/api/v1/owner/me/invoices', '200'],
      ['post', '/api/v1/owner/me/invoices/{invoice}/gateway/order', '200'],
      ['post', '/api/v1/owner/me/invoices/{invoice}/gateway/verify', '200'],
      ['post', '/api/v1/webhooks/gateway', '200'],
    ]) {
      t.truthy(op(method, path)?.responses[status], `${method} ${path} ${status}`);
    }
    t.deepEqual(op('post', '/api/v1/webhooks/gateway').security, []);
    t.truthy(op('post', '/api/v1/webhooks/gateway').responses['401']);
    t.truthy(op('post', '/api/v1/owner/me/invoices/{invoice}/gateway/order').responses['503']);
    t.truthy(op('post', '/api/v1/owner/me/invoices/{invoice}/gateway/order').responses['409']);
    const invoiceBody = op('post', '/api/v1/tenant/{tenant}/invoices').requestBody.content['application/json']
      .schema;
    t.deepEqual(invoiceBody.required, ['client_id']);
    t.deepEqual(invoiceBody.properties.status.enum, ['unpaid', 'estimate']);
    t.deepEqual(
      op('patch', '/api/v1/tenant/{tenant}/appointments/{appointment}').requestBody.content[
        'application/json'
      ].schema.properties.status.enum,
      ['scheduled', 'confirmed', 'checked_in', 'completed', 'cancelled', 'no_show'],
    );
  });
}
