// `wfctl import FILE.json [--dry-run] [--json]`: loads a workforce document, all or nothing.
// stdout (with --json, or off a terminal) is the id map keyed by natural key; counts go to stderr.
import React from 'react';
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import { loadActor } from '../../workforce/identity/actor.js';
import { importRecords, type ImportResult } from '../../workforce/import/operations/import-records.js';
import { printJson, readStdin, renderOnce, say, wantsJson } from '../io.js';
import { withServices } from '../services.js';
import { Summary } from '../views/summary.js';

export function ImportView({ result }: { result: ImportResult }) {
  const rows = Object.entries(result.counts).map(([section, c]) => [
    section,
    c.created,
    c.updated,
    c.existing,
  ]);
  return (
    <Summary
      title={result.dry_run ? 'Preview: import (nothing was written)' : 'Imported'}
      tone={result.dry_run ? 'warn' : 'ok'}
      table={{ columns: ['section', 'created', 'updated', 'already there'], rows }}
    />
  );
}

async function readDocument(file: string): Promise<unknown> {
  let text: string;
  try {
    text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(`Cannot read ${file}: ${(err as Error).message}`, { FILE: ['cannot be read'] });
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${file} is not valid JSON: ${(err as Error).message}`, {
      FILE: ['is not valid JSON'],
    });
  }
}

export function registerImport(program: Command): void {
  program
    .command('import')
    .description('load organizations, units, users, employees, … from a JSON document (all or nothing)')
    .argument('<file>', 'the JSON document, or - for stdin')
    .option('--dry-run', 'check and count everything, write nothing')
    .option('--actor <email>', 'act as this user, a system_admin (default: the built-in system user)')
    .option('--json', 'print the id map as JSON')
    .action(async (file: string, flags: { dryRun?: boolean; actor?: string; json?: boolean }) => {
      const document = await readDocument(file);
      const result = await withServices(async (services) =>
        importRecords({ services, actor: await loadActor(services.db, flags.actor) }, document, {
          dryRun: flags.dryRun,
        }),
      );
      if (!wantsJson(flags)) return renderOnce(<ImportView result={result} />);
      const counts = Object.entries(result.counts)
        .map(([s, c]) => `${s} +${c.created}${c.updated ? ` ~${c.updated}` : ''} =${c.existing}`)
        .join(', ');
      say(`wfctl: ${result.dry_run ? 'dry run, nothing written' : 'imported'}: ${counts || 'nothing'}`);
      printJson(result.ids);
    });
}
