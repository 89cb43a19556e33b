// Preloaded with `node --import` by test/cli/lazy-metrics.test.ts: writes every module the process
// loads to the file named by LOADED_MODULES_FILE, one path a line. ES modules are written as they
// load, by a load hook (./loaded-modules-hooks.mjs, on the hooks thread); CommonJS modules when the
// process exits (require.cache, which also holds every CommonJS package an ES module imported).
import { appendFileSync, writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const require = createRequire(import.meta.url);
const out = process.env.LOADED_MODULES_FILE;
if (out) {
  writeFileSync(out, '');
  register('./loaded-modules-hooks.mjs', import.meta.url, { data: { out } });
  process.on('exit', () => appendFileSync(out, Object.keys(require.cache).join('\n') + '\n'));
}
