// `wfctl import FILE.json`: loads one document, all or nothing, in ONE transaction. Sections run in
// dependency order; each first resolves and checks every row (errors name section[index].field),
// then writes in multi-row batches. Idempotent: what exists (by natural key) is kept, so a second
// run changes nothing. Only a system_admin imports (it can create organizations).
import type { Knex } from 'knex';
import { ValidationError, type FieldErrors } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { fieldErrors, yup } from '../../../core/validation.js';
import { refreshStatistics } from '../../../db/knex.js';
import { actingUser, type WorkforceRun } from '../../context.js';
import { checkAttendanceRows } from '../attendance-rows.js';
import {
  BATCH_LISTENERS,
  ImportRun,
  importError,
  MAX_ERRORS,
  type AttendanceConflict,
  type Counts,
} from '../run.js';
import { importSchema, SECTIONS, type ImportDocument } from '../schema.js';
import { importAttendance } from '../sections/attendance.js';
import { importEmployees, importUsers } from '../sections/people.js';
import { importDevices, importLeaves, importRegularizations } from '../sections/requests.js';
import { importDeployments, importShifts } from '../sections/schedule.js';
import {
  importFinancialYears,
  importLeaveTypes,
  importOrganizations,
  importUnits,
} from '../sections/structure.js';

type IdMap = Record<string, number | null>;

export interface ImportResult {
  dry_run: boolean;
  /** Ids by natural key, for every record of these sections in the document (null: would be created). */
  ids: {
    organizations: IdMap;
    units: IdMap;
    users: IdMap;
    employees: IdMap;
    financial_years: IdMap;
  };
  counts: Record<string, Counts>;
  /**
   * Attendance days hr corrected since their last import that the document would change: kept as
   * they are (issue 26). With overwrite_corrected they are written and this list is empty.
   */
  conflicts: AttendanceConflict[];
}

/**
 * The document is checked inside run(), after the actor is admitted: someone who may not import
 * learns that first, not the document's mistakes.
 */
export const importInput = yup.object({
  document: yup.mixed().required().meta({ description: 'the import document (docs/workforce-records.md)' }),
  overwrite_corrected: yup.boolean().default(false).meta({
    description:
      'true: write the document over attendance days hr corrected since their last import (trail entries in the importing user’s name); false: keep them and report them in conflicts',
  }),
});

/** What a face may hear while an import runs (the CLI draws rows per section, rate and ETA). */
export interface ImportProgress {
  phase: 'checking' | 'section';
  /** The section being written (phase `section`). */
  section?: string;
  /** Rows of that section. */
  rows?: number;
  /** Rows of the document written before this section, and in all. */
  done_rows: number;
  total_rows: number;
  /** 1-based position of the section among the document's non-empty sections, and how many. */
  index?: number;
  of?: number;
}

/** Rides on the operation context like the push's tools (`{ ...workforceContext(…), onProgress }`). */
export interface ImportTools {
  onProgress?: (event: ImportProgress) => void;
}

export const importRecords = defineWrite('records.import', 'system.admin', {
  summary: 'Load organizations, units, users, employees, … from one document (all or nothing)',
  input: importInput,
  async run(ctx: WorkforceRun & ImportTools, input): Promise<ImportResult> {
    const progress = ctx.onProgress ?? (() => {});
    const sizes = Object.values(input.document ?? {}).map((v) => (Array.isArray(v) ? v.length : 0));
    const total = sizes.reduce((a, b) => a + b, 0);
    progress({ phase: 'checking', done_rows: 0, total_rows: total });
    const doc = await checkDocument(input.document);
    const actor = actingUser(ctx);
    const run = new ImportRun(
      ctx.db as Knex.Transaction,
      ctx.services.clock.now(),
      actor.userId,
      ctx.services.config.passwordHashCost,
    );
    run.overwriteCorrected = input.overwrite_corrected;
    const steps: Array<[keyof ImportDocument, (run: ImportRun, rows: any) => Promise<void>]> = [
      ['organizations', importOrganizations],
      ['units', importUnits],
      ['users', importUsers],
      ['employees', importEmployees],
      ['deployments', importDeployments],
      ['shifts', importShifts],
      ['leave_types', importLeaveTypes],
      ['leaves', importLeaves],
      ['regularizations', importRegularizations],
      ['devices', importDevices],
      ['attendance', importAttendance],
      ['financial_years', importFinancialYears],
    ];
    const due = steps.filter(([section]) => (doc[section] as unknown[] | undefined)?.length);
    let done = 0;
    let current = { section: '', rows: 0, index: 0, written: 0 };
    const report = () =>
      progress({
        phase: 'section',
        section: current.section,
        rows: current.rows,
        done_rows: done + Math.min(current.written, current.rows),
        total_rows: total,
        index: current.index,
        of: due.length,
      });
    // Rows written to the section's own table count as progress within it (a big section is most
    // of an import); its other tables (an employee's login, its deployment) do not.
    BATCH_LISTENERS.set(ctx.db, (table, rows) => {
      if (table !== SECTION_OWN_TABLE[current.section]) return;
      current.written += rows;
      report();
    });
    for (const [i, [section, step]] of due.entries()) {
      const rows = doc[section] as unknown[];
      current = { section, rows: rows.length, index: i + 1, written: 0 };
      report();
      await step(run, rows);
      done += rows.length;
    }
    BATCH_LISTENERS.delete(ctx.db);
    ctx.audit({
      action: 'records.imported',
      subjectType: 'user',
      subjectId: actor.userId,
      scopeId: null,
      details: {
        counts: run.counts,
        ...(run.conflicts.length ? { attendance_conflicts: run.conflicts.length } : {}),
        ...(run.overwritten.length ? { corrected_days_overwritten: run.overwritten } : {}),
      },
    });
    return {
      dry_run: ctx.dryRun,
      ids: idMap(run, doc, ctx.dryRun),
      counts: run.counts,
      conflicts: run.conflicts,
    };
  },
});

/** The table each section writes its own rows to (progress within a section counts these). */
const SECTION_OWN_TABLE: Record<string, string> = {
  organizations: 'organizations',
  units: 'organization_units',
  users: 'users',
  employees: 'employees',
  deployments: 'employee_deployments',
  shifts: 'shift_assignments',
  leave_types: 'leave_types',
  leaves: 'leave_requests',
  regularizations: 'regularization_requests',
  devices: 'devices',
  attendance: 'attendance',
  financial_years: 'financial_years',
};

/** Tables that grew by more than this many rows get their planner statistics refreshed. */
const BULK_ROWS = 10_000;

const SECTION_TABLES: Partial<Record<string, string>> = {
  attendance: 'attendance',
  employees: 'employees',
  shifts: 'shift_assignments',
  deployments: 'employee_deployments',
  leaves: 'leave_requests',
};

/**
 * After a committed import, refreshes the planner statistics of the tables it grew a lot. Run by
 * the faces once runOperation has returned: MySQL's ANALYZE TABLE commits implicitly, so it cannot
 * run inside the import's transaction.
 */
export async function refreshStatisticsAfterImport(db: Knex, result: ImportResult): Promise<void> {
  if (result.dry_run) return;
  const counts = result.counts;
  const grown = Object.entries(counts)
    .filter(([section, c]) => SECTION_TABLES[section] && c.created + c.updated > BULK_ROWS)
    .map(([section]) => SECTION_TABLES[section] as string);
  await refreshStatistics(db, grown);
}

/** Shape checks of the whole document, before any database work. */
export async function checkDocument(document: unknown): Promise<ImportDocument> {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new ValidationError({ document: [`must be a JSON object with sections: ${SECTIONS.join(', ')}`] });
  }
  const errors: FieldErrors = {};
  let total = 0;
  for (const key of Object.keys(document)) {
    if (!(SECTIONS as readonly string[]).includes(key)) {
      errors[key] = [`unknown section (sections are ${SECTIONS.join(', ')})`];
      total += 1;
    }
  }
  const { attendance, ...rest } = document as Record<string, unknown>;
  let checked: ImportDocument = {} as ImportDocument;
  try {
    checked = (await importSchema.validate(rest, {
      abortEarly: false,
      stripUnknown: true,
    })) as ImportDocument;
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    for (const [path, messages] of Object.entries(fieldErrors(err))) {
      total += messages.length;
      if (Object.keys(errors).length < MAX_ERRORS) {
        errors[path] = messages.map((m) => m.replace(/^The \S+ field /, '').replace(/^The \S+ /, ''));
      }
    }
  }
  const attendanceErrors: FieldErrors = {};
  const rows = checkAttendanceRows(attendance, attendanceErrors, MAX_ERRORS);
  for (const [path, messages] of Object.entries(attendanceErrors)) {
    total += messages.length;
    if (Object.keys(errors).length < MAX_ERRORS) errors[path] = messages;
  }
  if (total > 0) throw importError(errors, total);
  return { ...checked, attendance: rows };
}

function idMap(run: ImportRun, doc: ImportDocument, dryRun: boolean): ImportResult['ids'] {
  const map = (section: string, keys: string[], id: (key: string) => number | undefined): IdMap => {
    const out: IdMap = {};
    for (const k of keys) out[k] = dryRun && run.created.has(`${section}:${k}`) ? null : (id(k) ?? null);
    return out;
  };
  return {
    organizations: map(
      'organizations',
      (doc.organizations ?? []).map((o) => o.code),
      (k) => run.orgs.get(k)?.id,
    ),
    units: map(
      'units',
      (doc.units ?? []).map((u) => `${u.organization}/${u.code}`),
      (k) => run.units.get(k)?.id,
    ),
    users: map(
      'users',
      (doc.users ?? []).map((u) => u.email),
      (k) => run.users.get(k),
    ),
    employees: map(
      'employees',
      (doc.employees ?? []).map((e) => e.employee_id),
      (k) => run.employees.get(k)?.id,
    ),
    financial_years: map(
      'financial_years',
      (doc.financial_years ?? []).map((f) => `${f.organization}/${f.name}`),
      (k) => run.financialYears.get(k),
    ),
  };
}
