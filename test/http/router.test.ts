// The compiled route table (src/http/router.ts) against polka's own matcher (trouter), which it
// replaced: for every route of both listeners, concrete paths (params filled in, empty, with a
// trailing slash, one segment more or less) find the same route with the same params, or none.
import test from 'ava';
import { createRequire } from 'node:module';
import { Router } from '../../src/http/router.js';
import { clinicRoutes } from '../../src/clinic/routes.js';
import { workforceRoutes } from '../../src/workforce/routes.js';

const require = createRequire(import.meta.url);
const Trouter = require('trouter') as new () => {
  add(method: string, pattern: string, handler: string): void;
  find(method: string, path: string): { params: Record<string, string>; handlers: string[] } | false;
};

for (const [name, routes] of [
  ['workforce', workforceRoutes],
  ['clinic', clinicRoutes],
] as const) {
  test(`${name}: every path finds what polka found`, (t) => {
    const ours = new Router<string>();
    const polka = new Trouter();
    const table = [{ method: 'GET', path: '/docs/openapi.json' }, ...routes];
    for (const r of table) {
      ours.add(r.method, r.path, `${r.method} ${r.path}`);
      polka.add(r.method, r.path, `${r.method} ${r.path}`);
    }
    const paths = new Set<string>(['/', '//', '/api', '/api/v1', '/nope']);
    for (const r of table) {
      for (const fill of ['x', '12', '', 'me', 'a%2Fb']) {
        const p = r.path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, fill);
        paths.add(p);
        paths.add(`${p}/`);
        paths.add(`${p}/extra`);
        paths.add(p.split('/').slice(0, -1).join('/'));
      }
    }
    let compared = 0;
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']) {
      for (const path of paths) {
        const a = ours.find(method, path);
        const b = polka.find(method, path);
        t.deepEqual(
          a ? { handler: a.handler, params: { ...a.params } } : null,
          b ? { handler: b.handlers[0], params: { ...b.params } } : null,
          `${method} ${path}`,
        );
        compared++;
      }
    }
    t.true(compared > 1000);
  });
}

test('of two routes that match, the one added first wins, as in polka', (t) => {
  const ours = new Router<string>();
  const polka = new Trouter();
  const table = [
    ['GET', '/items/:id'],
    ['GET', '/items/new'],
    ['GET', '/things/new'],
    ['GET', '/things/:id'],
    ['GET', '/a/:x/c'],
    ['GET', '/a/b/:y'],
  ];
  for (const [m, p] of table) {
    ours.add(m, p, p);
    polka.add(m, p, p);
  }
  for (const path of ['/items/new', '/items/7', '/things/new', '/things/7', '/a/b/c', '/a/z/c', '/a/b/z']) {
    const a = ours.find('GET', path);
    const b = polka.find('GET', path);
    t.deepEqual(
      a && { h: a.handler, p: { ...a.params } },
      b && { h: b.handlers[0], p: { ...b.params } },
      path,
    );
  }
  t.is(ours.find('GET', '/items/new')!.handler, '/items/:id');
  t.deepEqual(ours.allowed('/items/new'), ['GET']);
});
