// docs/authorization.md is the authorization matrix as the route tables and roles give it today
// (run `npm run docs` after changing a route, a permission or a role).
import test from 'ava';
import { readFileSync } from 'node:fs';
import { AUTHORIZATION_DOC, renderAuthorization } from '../../scripts/authorization.js';

test('docs/authorization.md matches the route tables and roles (run `npm run docs`)', async (t) => {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(AUTHORIZATION_DOC)) ?? {};
  const expected = await prettier.format(renderAuthorization(), {
    ...options,
    filepath: 'docs/authorization.md',
  });
  t.is(readFileSync(AUTHORIZATION_DOC, 'utf8'), expected);
});
