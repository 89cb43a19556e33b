// `wfctl import FILE.json [--dry-run] [--json]`: records.import, one document all or nothing.
// stdout (with --json, or off a terminal) is the id map keyed by natural key; counts go to stderr.
import React from 'react';
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { Services } from '../../core/services.js';
import { UsageError } from '../../core/errors.js';
import {
  importRecords,
  refreshStatisticsAfterImport,
  type ImportProgress,
  type ImportResult,
  type ImportTools,
} from '../../workforce/import/operations/import-records.js';
import { workforceActor } from '../actors.js';
import { commandFor } from '../command.js';
import { readStdin, say } from '../io.js';
import { liveLine, type LiveLine } from '../progress.js';
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
  const line = `wfctl: ${result.dry_run ? 'dry run, nothing written' : 'imported'}: ${counts || 'nothing'}`;
  return result.conflicts.length ? `${line}\n${conflictsLine(result)}` : line;
}

/** What the operator must know about corrected days the import kept. */
export function conflictsLine(result: ImportResult): string {
  const n = result.conflicts.length;
  const first = result.conflicts[0];
  return (
    `wfctl: ${n} attendance day${n === 1 ? '' : 's'} corrected since ${n === 1 ? 'its' : 'their'} last import kept as corrected ` +
    `(first: attendance[${first.index}] ${first.employee_id} ${first.date}, ${first.fields.join(', ')}); ` +
    '--overwrite-corrected writes the document over them'
  );
}

/**
 * The progress line: the section being written, rows done of all, and once a tenth of the rows are
 * written, the rate since the first section began and the time left (earlier, a few small sections
 * say nothing about the rate of the big ones). Short enough for 80 columns.
 */
export function progressLabel(e: ImportProgress, msSinceFirstSection: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  if (e.phase === 'checking') return `Checking ${n(e.total_rows)} rows…`;
  const parts = [`${e.section} (${e.index} of ${e.of}): ${n(e.rows ?? 0)} rows`];
  parts.push(`${n(e.done_rows)}/${n(e.total_rows)} done`);
  const seconds = msSinceFirstSection / 1000;
  if (e.done_rows >= e.total_rows / 10 && seconds > 0) {
    const rate = e.done_rows / seconds;
    parts.push(`${n(Math.round(rate))} rows/s`);
    parts.push(`${Math.max(1, Math.round((e.total_rows - e.done_rows) / rate))} s left`);
  }
  return parts.join(' · ');
}

export function register(program: Command): void {
  let line: LiveLine | null = null;
  commandFor(program, importRecords, {
    path: 'import',
    description: 'Load organizations, units, users, employees, … from a JSON document (all or nothing)',
    args: [
      { name: 'file', description: 'the JSON document, or - for stdin', prompt: 'JSON document (file)?' },
    ],
    flags: [
      {
        flags: '--overwrite-corrected',
        description:
          'write the document over attendance days hr corrected since their last import (default: keep them, report them as conflicts)',
      },
    ],
    dryRun: 'check and count everything, write nothing',
    examples: [
      'wfctl import docs/workforce-import.example.json --dry-run',
      'wfctl import people.json --json',
      'wfctl import month.json --overwrite-corrected --json',
    ],
    context: Object.assign(
      async (services: Services, actor?: string) => {
        let writing: number | null = null; // when the first section began
        line = liveLine('Reading the document…');
        const tools: ImportTools = {
          onProgress: (e) => {
            if (e.phase === 'section') writing ??= Date.now();
            line?.update(progressLabel(e, writing === null ? 0 : Date.now() - writing));
          },
        };
        return { ...(await workforceActor(services, actor)), ...tools };
      },
      { actorHelp: workforceActor.actorHelp },
    ),
    release: () => {
      line?.stop();
      line = null;
    },
    toInput: async (args, flags) => ({
      document: await readDocument(args.file),
      overwrite_corrected: flags.overwriteCorrected === true,
    }),
    // A big load leaves the planner's statistics stale: refreshed once the import has committed.
    after: async (result, _flags, ctx) => {
      await refreshStatisticsAfterImport(ctx.services.db, result);
      return result;
    },
    json: (result) => {
      say(countsLine(result));
      // Corrected days kept are listed beside the id map, only when there are some.
      return result.conflicts.length ? { ...result.ids, attendance_conflicts: result.conflicts } : result.ids;
    },
    view: (result) => <ImportView result={result} />,
  });
}
