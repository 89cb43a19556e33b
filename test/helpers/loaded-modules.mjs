// Preloaded with `node --import` by test/cli/lazy-metrics.test.ts: when the process exits, writes
// the CommonJS modules it loaded (require.cache, which also holds every CommonJS package an ES
// module imported) to the file named by LOADED_MODULES_FILE, one path a line.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const out = process.env.LOADED_MODULES_FILE;
if (out) process.on('exit', () => writeFileSync(out, Object.keys(require.cache).join('\n')));
