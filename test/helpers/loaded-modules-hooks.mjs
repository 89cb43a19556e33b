// The load hook of ./loaded-modules.mjs: each ES module's path, appended as it loads (synchronously,
// so none is lost when the process exits). Node's own modules (node:fs) are left out.
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

let out;

export function initialize(data) {
  out = data.out;
}

export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(out, fileURLToPath(url) + '\n');
  return next(url, context);
}
