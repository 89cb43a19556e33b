// `wfctl export --org CODE --month YYYY-MM [--unit CODE] [--out FILE] [--allow-unlocked]`: the
// locked month as CSV, streamed to the file (written beside it and renamed when complete, so a
// failed export never leaves a truncated file under the name) or to stdout.
import React from 'react';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import { Box, render, Text } from 'ink';
import { AppError, ConflictError, UsageError } from '../../core/errors.js';
import { validate } from '../../core/validation.js';
import { exportAttendance } from '../../workforce/exports/operations/export-attendance.js';
import { resolveExportRefs } from '../../workforce/exports/resolve.js';
import { exportRefsSchema, type ExportRefs } from '../../workforce/exports/schemas.js';
import { LOCK_PENDING } from '../../workforce/partners/locked-months.js';
import { output, required } from '../io.js';
import { withServices } from '../services.js';
import { Summary } from '../views/summary.js';
import { actorFor, asFlags, withCommonOptions, type CommonOptions } from './identity-shared.js';

const FLAGS = { org: '--org', month: '--month', unit: '--unit' };

interface ExportOptions extends CommonOptions {
  org?: string;
  month?: string;
  unit?: string;
  out?: string;
  allowUnlocked?: boolean;
}

export function registerExport(program: Command): void {
  withCommonOptions(
    program
      .command('export')
      .description('write a locked month of attendance as CSV (stdout, or --out FILE)')
      .option('--org <code>', 'organization code or id')
      .option('--month <YYYY-MM>', 'the pay month')
      .option('--unit <code>', 'only this unit (BLR or ACME/BLR, or id)')
      .option('--out <file>', 'write to this file instead of stdout')
      .option('--allow-unlocked', 'export a month that is not locked yet, rows as they are'),
  ).action(async (opts: ExportOptions) => {
    if (opts.json && !opts.out) {
      // Without --out stdout is the CSV itself; a JSON summary there would corrupt it.
      throw new UsageError(
        '--json prints a summary of the export, so it needs --out FILE (stdout is the CSV).',
        {
          '--json': ['--json needs --out FILE.'],
        },
      );
    }
    const org = await required(opts.org, '--org', 'Organization code?', opts);
    const month = await required(opts.month, '--month', 'Month (YYYY-MM)?', opts);
    const refs = await asFlags(
      () => validate<ExportRefs>(exportRefsSchema, { org, month, unit: opts.unit }),
      FLAGS,
    );
    let progress: ProgressBar | null = null;
    const result = await withServices(async (services) => {
      const ids = await asFlags(() => resolveExportRefs(services.db, refs), FLAGS);
      const actor = await actorFor(services, opts);
      let done = 0;
      const out = await exportAttendance(
        { services, actor, onRecord: () => progress?.tick(++done) },
        { ...ids, allowUnlocked: opts.allowUnlocked },
      ).catch((err) => {
        if (err instanceof AppError && err.code === LOCK_PENDING) {
          throw new ConflictError(`${err.message} (--allow-unlocked exports it anyway)`, LOCK_PENDING);
        }
        throw err;
      });
      if (process.stderr.isTTY) progress = new ProgressBar(out.records);
      try {
        if (opts.out) await writeFile(out.csv, opts.out);
        else await toStdout(out.csv);
      } finally {
        (progress as ProgressBar | null)?.stop();
      }
      return {
        file: opts.out ?? null,
        organization_code: out.organization_code,
        unit_code: out.unit_code,
        month: out.month,
        records: out.records,
      };
    });
    if (!opts.out) return; // stdout was the CSV itself
    await output(result, opts, (r) => (
      <Summary
        title={`Exported ${r.records} record(s) to ${r.file}`}
        rows={[
          ['organization', r.organization_code],
          ['unit', r.unit_code ?? '(all)'],
          ['month', r.month],
        ]}
      />
    ));
  });
}

async function writeFile(csv: NodeJS.ReadableStream, file: string): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await pipeline(csv, createWriteStream(partial));
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
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

/** A progress bar on stderr (a terminal), so stdout stays the CSV. */
class ProgressBar {
  private last = 0;
  private instance;
  constructor(private total: number) {
    this.instance = render(<Bar done={0} total={total} />, { stdout: process.stderr, patchConsole: false });
  }
  tick(done: number) {
    if (done - this.last < Math.max(1, Math.floor(this.total / 100)) && done !== this.total) return;
    this.last = done;
    this.instance.rerender(<Bar done={done} total={this.total} />);
  }
  stop() {
    this.instance.unmount();
  }
}

export function Bar({ done, total }: { done: number; total: number }) {
  const width = 30;
  const filled = total ? Math.round((done / total) * width) : width;
  return (
    <Box>
      <Text color="green">{'█'.repeat(filled)}</Text>
      <Text dimColor>{'░'.repeat(width - filled)}</Text>
      <Text>
        {' '}
        {done}/{total} records
      </Text>
    </Box>
  );
}
