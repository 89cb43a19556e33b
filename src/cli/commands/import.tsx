// `wfctl import FILE.json [--dry-run] [--json]`: records.import, one document all or nothing.
// stdout (with --json, or off a terminal) is the id map keyed by natural key; counts go to stderr.
import React from 'react';
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import {
  importRecords,
  refreshStatisticsAfterImport,
  type ImportResult,
} from '../../workforce/import/operations/import-records.js';
import { workforceActor } from '../actors.js';
import { commandFor } from '../command.js';
import { readStdin, say } from '../io.js';
import { ImportView } from '../views/import.js';

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

/** The counts line scripts see on stderr while stdout carries the id map. */
function countsLine(result: ImportResult): string {
  const counts = Object.entries(result.counts)
    .map(([s, c]) => `${s} +${c.created}${c.updated ? ` ~${c.updated}` : ''} =${c.existing}`)
    .join(', ');
  return `wfctl: ${result.dry_run ? 'dry run, nothing written' : 'imported'}: ${counts || 'nothing'}`;
}

export function register(program: Command): void {
  commandFor(program, importRecords, {
    path: 'import',
    description: 'load organizations, units, users, employees, … from a JSON document (all or nothing)',
    args: [
      { name: 'file', description: 'the JSON document, or - for stdin', prompt: 'JSON document (file)?' },
    ],
    dryRun: 'check and count everything, write nothing',
    examples: [
      'wfctl import docs/workforce-import.example.json --dry-run',
      'wfctl import people.json --json',
    ],
    context: workforceActor,
    toInput: async (args) => ({ document: await readDocument(args.file) }),
    // A big load leaves the planner's statistics stale: refreshed once the import has committed.
    after: async (result, _flags, ctx) => {
      await refreshStatisticsAfterImport(ctx.services.db, result);
      return result;
    },
    json: (result) => {
      say(countsLine(result));
      return result.ids;
    },
    view: (result) => <ImportView result={result} />,
  });
}
