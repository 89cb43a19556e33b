#!/usr/bin/env node
// Transpiles the TypeScript the tests run (src/, migrations/, seeds/, scripts/, test/) to
// .test-build/ with the same layout, so ava's workers and the CLI's child processes load plain
// JavaScript: under tsx every worker compiled the sources again (about 2 CPU-seconds more per file,
// several hundred over the suite). Transpile only, no type checking: that is `npm run typecheck`.
// ava.config.js runs it before every run of the whole suite (a few seconds). Files the tests read
// (README.md, docs/, fixtures) stay where they are: tests find them from the repository root
// (scripts/repo-root.ts), not from their own transpiled location.
//
// Each run builds into a folder of its own, .test-build/<run>/ (the run is WFCTL_TEST_RUN, which
// scripts/run-tests.mjs sets, else ava's process id), so two runs at once in one checkout never
// delete each other's files; a folder whose run has ended is removed by the next build.
import { build } from 'esbuild';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUILDS = '.test-build';
const RUN = process.env.WFCTL_TEST_RUN ?? String(process.pid);
/** This run's folder, relative to the repository root. */
export const TEST_BUILD = `${BUILDS}/${RUN}`;
const DIRS = ['src', 'migrations', 'seeds', 'scripts', 'test'];

/** Is the process that owns a run's folder still alive? (The run's name is its process id.) */
function running(run) {
  const pid = Number(run);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Removes the folders of runs that have ended (a run killed mid-way leaves its folder behind). */
export function pruneTestBuilds(root = process.cwd()) {
  const dir = join(root, BUILDS);
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir)) {
    if (entry !== RUN && !running(entry)) rmSync(join(dir, entry), { recursive: true, force: true });
  }
}

function walk(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, found);
    else found.push(path);
  }
  return found;
}

/** Transpiles into `root`/.test-build/<run>, replacing what was there. */
export async function buildTests(root = process.cwd()) {
  const started = performance.now();
  pruneTestBuilds(root);
  const out = join(root, TEST_BUILD);
  // A fresh folder each time: a deleted or renamed source must not live on as a stale .js.
  rmSync(out, { recursive: true, force: true });
  const files = DIRS.flatMap((dir) => walk(join(root, dir)));
  const sources = files.filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
  await build({
    absWorkingDir: root,
    entryPoints: sources,
    outdir: out,
    outbase: root,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    // Stack traces name the .ts file and line (the workers run with --enable-source-maps).
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
  // Plain JavaScript the tests load by a path relative to themselves (test/helpers/*.mjs).
  for (const f of files.filter((f) => f.endsWith('.mjs') && f.startsWith(join(root, 'test')))) {
    cpSync(f, join(out, f.slice(root.length)));
  }
  const ms = (performance.now() - started).toFixed(0);
  process.stderr.write(`Transpiled ${sources.length} files to ${TEST_BUILD}/ in ${ms} ms\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildTests();
