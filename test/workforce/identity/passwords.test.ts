// The dummy hash a login for an unknown email is compared against: precomputed (nothing is hashed
// when the module loads), at the cost of a real password's hash, so both take the same time.
import test from 'ava';
import bcrypt from 'bcryptjs';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../../src/workforce/identity/passwords.js';

test('the dummy hash has the cost of a stored password and matches nothing', async (t) => {
  const stored = await hashPassword('correct horse battery');
  t.is(bcrypt.getRounds(DUMMY_HASH), bcrypt.getRounds(stored));
  t.false(await verifyPassword('correct horse battery', null));
  t.false(await verifyPassword('', undefined));
  t.true(await verifyPassword('correct horse battery', stored));
});
