// .env.example and the README list every configuration variable with its real default.
import test from 'ava';
import { readdirSync, readFileSync } from 'node:fs';
import { VARIABLES } from '../../src/config.js';
import { repoFile } from '../../scripts/repo-root.js';

const read = (p: string) => readFileSync(repoFile(p), 'utf8');

test('.env.example lists every variable with its default and a comment', (t) => {
  const lines = read('.env.example').split('\n');
  const values = new Map<string, string>();
  lines.forEach((line, i) => {
    const m = /^([A-Z_]+)=(.*)$/.exec(line);
    if (!m) return;
    values.set(m[1], m[2]);
    t.true(lines[i - 1]?.startsWith('# '), `${m[1]} has a one-line comment above it`);
  });
  for (const [name, spec] of Object.entries(VARIABLES)) {
    t.is(values.get(name), spec.default, `${name} default`);
  }
  t.deepEqual([...values.keys()].sort(), Object.keys(VARIABLES).sort());
});

test('the README documents every variable with its default', (t) => {
  const readme = read('README.md');
  for (const [name, spec] of Object.entries(VARIABLES)) {
    const shown =
      spec.default === '' ? '\\(empty\\)' : `\`${spec.default.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\``;
    const row = new RegExp(`^\\|\\s*\`${name}\`\\s*\\|\\s*${shown}\\s*\\|`, 'm');
    t.regex(readme, row, `${name} row in README`);
  }
});

test('the README starts with the two set-up commands', (t) => {
  const readme = read('README.md');
  const firstBlock = /```(?:sh|bash)?\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  t.regex(firstBlock, /^npm ci && \.\/bin\/wfctl serve/m);
  t.regex(firstBlock, /^npm test/m);
});

test('the README and the docs run the clone’s own ./bin/wfctl, never `npx wfctl`', (t) => {
  // In a clone, `npx wfctl` does not find the project's bin: npm copies the whole project into its
  // cache and builds it again there (a minute) before the command starts.
  const docs = readdirSync(repoFile('docs/')).filter((f) => f.endsWith('.md'));
  for (const file of ['README.md', ...docs.map((f) => `docs/${f}`)]) {
    const lines = read(file)
      .split('\n')
      .map((line, i) => `${file}:${i + 1}: ${line}`)
      .filter((line) => /\bnpx wfctl\b/.test(line));
    t.deepEqual(lines, []);
  }
});

test("the README's CLI and HTTP tables match the program (run `npm run docs` after adding a command or route)", async (t) => {
  const { renderReadme } = await import('../../scripts/reference.js');
  const prettier = await import('prettier');
  const file = repoFile('README.md');
  const current = read('README.md');
  const options = (await prettier.resolveConfig(file)) ?? {};
  const expected = await prettier.format(await renderReadme(current), { ...options, filepath: 'README.md' });
  t.is(current, expected);
});
