// `wfctl export --org CODE --month YYYY-MM [--unit CODE] [--out FILE] [--allow-unlocked]`:
// attendance.export, the locked month as CSV, streamed to the file (written beside it and renamed
// when complete, so a failed export never leaves a truncated file under the name) or to stdout.
import React from 'react';
import { createWriteStream } from 'node:fs';
import { access, constants, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import { attendanceCsv, exportAttendance } from '../../workforce/exports/operations/export-attendance.js';
import { LOCK_PENDING } from '../../workforce/partners/locked-months.js';
import { workforceActor } from '../actors.js';
import { commandFor } from '../command.js';
import { liveLine } from '../progress.js';
import { ExportView, type ExportSummary } from '../views/export.js';
import { orgFlag } from '../lookup.js';

export function register(program: Command): void {
  commandFor(program, exportAttendance, {
    path: 'export',
    description: 'Write a locked month of attendance as CSV (stdout, or --out FILE)',
    // --org and --unit fill the operation's organization and unit, which it resolves (refs.ts).
    flags: [{ flags: '--out <file>', description: 'write to this file instead of stdout' }],
    input: {
      skip: ['org_id', 'unit_id'],
      fields: {
        organization: { ...orgFlag, required: true },
        month: { flags: '--month <YYYY-MM>', description: 'the pay month', prompt: 'Month (YYYY-MM)?' },
        unit: '--unit <code>',
      },
    },
    hints: { [LOCK_PENDING]: '--allow-unlocked exports it anyway' },
    examples: [
      'wfctl export --org ACME --month 2026-01 > acme-2026-01.csv',
      'wfctl export --org ACME --unit BLR --month 2026-01 --out blr.csv --json',
    ],
    context: workforceActor,
    toInput: async (_args, flags) => {
      if (flags.json && !flags.out) {
        // Without --out stdout is the CSV itself; a JSON summary there would corrupt it.
        throw new UsageError(
          '--json prints a summary of the export, so it needs --out FILE (stdout is the CSV).',
          {
            '--json': ['--json needs --out FILE.'],
          },
        );
      }
      if (flags.out) await checkOut(flags.out as string);
      return {};
    },
    after: async (out, flags): Promise<ExportSummary | undefined> => {
      const file = (flags.out as string | undefined) ?? null;
      // The count on stderr, unless the CSV itself is going to the terminal: the two would share
      // the screen, and each redraw of the line would be drawn into the rows.
      const toTerminal = !file && process.stdout.isTTY;
      const progress = toTerminal ? null : liveLine(`0/${out.records} records`);
      let done = 0;
      const step = Math.max(1, Math.floor(out.records / 100));
      const csv = attendanceCsv(
        out,
        progress
          ? () => {
              if (++done % step === 0 || done === out.records)
                progress.update(`${done}/${out.records} records`);
            }
          : undefined,
      );
      try {
        if (file) await writeFile(csv, file);
        else await toStdout(csv);
      } finally {
        progress?.stop();
      }
      if (!file) return undefined; // stdout was the CSV itself
      return {
        file,
        organization_code: out.organization_code,
        unit_code: out.unit_code,
        month: out.month,
        records: out.records,
      };
    },
    view: (result) => <ExportView result={result} />,
  });
}

/** --out must name a file in a directory this user can write: checked before the month is read. */
async function checkOut(file: string): Promise<void> {
  const dir = dirname(resolve(file));
  const refuse = (why: string) => {
    throw new UsageError(`--out ${file}: ${why}`, { '--out': [why] });
  };
  const isDir = await stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) refuse(`the directory ${dir} does not exist.`);
  await access(dir, constants.W_OK).catch(() => refuse(`the directory ${dir} is not writable.`));
  const existing = await stat(resolve(file)).catch(() => null);
  if (existing?.isDirectory()) refuse('it is a directory; name a file.');
}

async function writeFile(csv: NodeJS.ReadableStream, file: string): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await pipeline(csv, createWriteStream(partial));
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    const code = (err as NodeJS.ErrnoException).code;
    // Checked before the export; what changed since (a directory removed, a disk full) still names --out.
    if (code === 'ENOENT' || code === 'EACCES' || code === 'ENOSPC' || code === 'EISDIR') {
      throw new UsageError(`--out ${file}: ${(err as Error).message}`, { '--out': [(err as Error).message] });
    }
    throw err;
  }
}

/**
 * The CSV to stdout. A reader that leaves early (`| head`) is its choice, not a failure of the
 * export: the rest is dropped quietly (exit 0), as Unix filters do. A consumer that fails reports
 * its own failure (set -o pipefail in scripts).
 */
async function toStdout(csv: NodeJS.ReadableStream): Promise<void> {
  try {
    await pipeline(csv, process.stdout, { end: false });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPIPE') throw err;
    (csv as unknown as { destroy?: () => void }).destroy?.();
  }
}
