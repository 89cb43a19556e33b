// Demo data sets (loaded by `wfctl seed`; the kernel knows nothing of them): every module in seeds/ exports `name` and `seed(services)`; they run in file order.
import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Services } from '../core/services.js';
import { UsageError } from '../core/errors.js';

const SEEDS_DIR = fileURLToPath(new URL('../../seeds/', import.meta.url));

export interface SeedModule {
  name: string;
  description: string;
  seed(services: Services): Promise<Record<string, unknown>>;
}

export async function runSeeds(
  services: Services,
  only?: string,
  onSeed: (seed: SeedModule, index: number, of: number) => void = () => {},
): Promise<Array<{ name: string; result: Record<string, unknown> }>> {
  const files = existsSync(SEEDS_DIR)
    ? readdirSync(SEEDS_DIR)
        .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
        .sort()
    : [];
  const modules: SeedModule[] = [];
  for (const f of files) modules.push((await import(pathToFileURL(join(SEEDS_DIR, f)).href)) as SeedModule);
  const chosen = only ? modules.filter((m) => m.name === only) : modules;
  if (only && chosen.length === 0) {
    throw new UsageError(
      `No seed named "${only}" (known: ${modules.map((m) => m.name).join(', ') || 'none'}).`,
    );
  }
  const results = [];
  for (const [i, m] of chosen.entries()) {
    onSeed(m, i, chosen.length);
    results.push({ name: m.name, result: await m.seed(services) });
  }
  return results;
}
