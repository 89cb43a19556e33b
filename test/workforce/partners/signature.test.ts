// The receiver-side verifier: a valid signature inside the 5-minute window only.
import test from 'ava';
import { createHmac } from 'node:crypto';
import { signatureHeader, verifySignature } from '../../../src/workforce/partners/signature.js';

const body = '[{"employee_id":"E1","date":"2026-01-01"}]';
const signedAt = new Date('2026-02-02T04:00:00Z');
const t0 = Math.floor(signedAt.getTime() / 1000);
const header = `t=${t0},v1=${createHmac('sha256', 'whsec').update(`${t0}.${body}`).digest('hex')}`;
const at = (seconds: number) => new Date(signedAt.getTime() + seconds * 1000);

test('signatureHeader is t=<unix>,v1=<lowercase hex HMAC-SHA256 of "<t>.<body>">', (t) => {
  t.is(signatureHeader({ secrets: ['whsec'], timestamp: t0, body }), header);
});

test('a valid signature is accepted up to 5 minutes after it was made', (t) => {
  t.deepEqual(verifySignature({ secret: 'whsec', header, body, now: signedAt }), {
    valid: true,
    timestamp: t0,
  });
  t.true(verifySignature({ secret: 'whsec', header, body, now: at(300) }).valid);
});

test('a 6-minute-old signature is rejected as a replay', (t) => {
  const r = verifySignature({ secret: 'whsec', header, body, now: at(360) });
  t.false(r.valid);
  t.regex((r as any).reason, /360 seconds old.*replay/);
  t.false(verifySignature({ secret: 'whsec', header, body, now: at(301) }).valid);
});

test('a signature from beyond the window in the future is rejected', (t) => {
  t.false(verifySignature({ secret: 'whsec', header, body, now: at(-301) }).valid);
});

test('a changed body, another secret or a changed timestamp do not verify', (t) => {
  t.false(verifySignature({ secret: 'whsec', header, body: body + ' ', now: signedAt }).valid);
  t.false(verifySignature({ secret: 'other', header, body, now: signedAt }).valid);
  const moved = header.replace(`t=${t0}`, `t=${t0 + 1}`);
  t.false(verifySignature({ secret: 'whsec', header: moved, body, now: signedAt }).valid);
});

test('malformed headers are rejected with a reason', (t) => {
  for (const bad of ['', 'v1=abc', `t=${t0}`, `t=soon,v1=${'a'.repeat(64)}`, `t=${t0},v1=XYZ`]) {
    const r = verifySignature({ secret: 'whsec', header: bad, body, now: signedAt });
    t.false(r.valid, bad);
    t.truthy((r as any).reason);
  }
});

test('during a rotation either secret verifies a two-v1 header', (t) => {
  const two = signatureHeader({ secrets: ['old', 'new'], timestamp: t0, body });
  t.is(two.split(',').filter((p) => p.startsWith('v1=')).length, 2);
  t.true(verifySignature({ secret: 'old', header: two, body, now: signedAt }).valid);
  t.true(verifySignature({ secret: 'new', header: two, body, now: signedAt }).valid);
});
