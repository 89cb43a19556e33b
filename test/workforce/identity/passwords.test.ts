// The hash a login for an unknown email is compared against is built, not hashed, at the cost new
// passwords get (PASSWORD_HASH_COST), so both take the same work; it matches nothing.
import test from 'ava';
import bcrypt from 'bcryptjs';
import { dummyHash, hashPassword, verifyPassword } from '../../../src/core/passwords.js';
import { hashNewPassword } from '../../../src/workforce/identity/passwords.js';
import { ValidationError } from '../../../src/core/errors.js';

test('the dummy hash has the configured cost and matches nothing', async (t) => {
  for (const cost of [4, 10]) {
    t.is(bcrypt.getRounds(dummyHash(cost)), cost);
    t.is(bcrypt.getRounds(dummyHash(cost)), bcrypt.getRounds(await hashPassword('x', cost)));
  }
  const stored = await hashPassword('correct horse battery', 4);
  t.false(await verifyPassword('correct horse battery', null, 4));
  t.false(await verifyPassword('', undefined, 4));
  t.false(await verifyPassword('correct horse', stored, 4));
  t.true(await verifyPassword('correct horse battery', stored, 4));
});

test('a stored hash keeps its own cost: a password set at 4 verifies when new ones get 10', async (t) => {
  const stored = await hashPassword('correct horse battery', 4);
  t.true(await verifyPassword('correct horse battery', stored, 10));
});

test('a new workforce password is checked against the policy before it is hashed', async (t) => {
  t.is(bcrypt.getRounds(await hashNewPassword('long enough', 5)), 5);
  const short = await t.throwsAsync(() => hashNewPassword('short', 5), { instanceOf: ValidationError });
  t.deepEqual(short!.errors, { password: ['The password must be at least 8 characters.'] });
  await t.throwsAsync(() => hashNewPassword('é'.repeat(40), 5, 'new_password'), {
    instanceOf: ValidationError,
  });
});
