// The repository's root directory (where package.json is), for scripts and tests that read its
// files (README.md, docs/, migrations/…). Found by walking up rather than by a fixed '../..': the
// tests also run transpiled from .test-build/ (scripts/build-tests.mjs), one level deeper.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

/** The root, with a trailing slash (as `fileURLToPath(new URL('../../', import.meta.url))` gave). */
export const ROOT = join(findRoot(), '/');

/** A file of the repository as a URL, for readFileSync and readdirSync. */
export const repoFile = (path: string): URL => new URL(path, pathToFileURL(ROOT));
