// The state one import carries through its sections: the transaction, what each natural key
// resolved to (from this document or the database), counts, and the errors found so far.
import type { Knex } from 'knex';
import { ValidationError, type FieldErrors } from '../../core/errors.js';
import { hashPassword } from '../../core/passwords.js';
import { dialectOf } from '../../db/knex.js';
import { toDbTime } from '../../db/time.js';
import { chunks } from '../context.js';

export const MAX_ERRORS = 50;

/**
 * Rows per multi-row INSERT. knex writes SQLite's as one compound SELECT, which SQLite caps at 500
 * terms; MySQL takes 1,000 rows (well inside max_allowed_packet) and is faster for it.
 */
export function batchSize(db: Knex): number {
  return dialectOf(db) === 'mysql' ? 1000 : 400;
}

export interface Counts {
  created: number;
  existing: number;
  updated: number;
}

export interface OrgRef {
  id: number;
  code: string;
  timezone: string;
}
export interface UnitRef {
  id: number;
  organizationId: number;
  status: string;
}
export interface EmployeeRef {
  id: number;
  organizationId: number;
  orgCode: string;
  userId: number | null;
}

/** A corrected day the document would change, kept as it is (issue 26). */
export interface AttendanceConflict {
  /** Position of the row in the document's attendance section. */
  index: number;
  employee_id: string;
  date: string;
  /** What the document would change: unit, check_in, check_out, worked_minutes, status, flags. */
  fields: string[];
}

export class ImportRun {
  readonly at: string;
  /** Write the document's day over days hr corrected since their last import (overwrite_corrected). */
  overwriteCorrected = false;
  /** Corrected days kept because the document differs (reported, not written). */
  readonly conflicts: AttendanceConflict[] = [];
  /** Corrected days the document was written over (overwrite_corrected). */
  readonly overwritten: Array<{ employee_id: string; date: string }> = [];
  readonly errors: FieldErrors = {};
  private errorCount = 0;
  readonly counts: Record<string, Counts> = {};
  /** Natural keys created by this import (their ids are null in a dry run's id map). */
  readonly created = new Set<string>();
  readonly orgs = new Map<string, OrgRef>();
  readonly units = new Map<string, UnitRef>();
  readonly users = new Map<string, number>();
  readonly employees = new Map<string, EmployeeRef>();
  readonly leaveTypes = new Map<string, number>();
  readonly financialYears = new Map<string, number>();
  private readonly passwordHashes = new Map<string, Promise<string>>();

  constructor(
    readonly trx: Knex.Transaction,
    readonly now: Date,
    readonly actorUserId: number,
    readonly passwordHashCost: number,
  ) {
    this.at = toDbTime(now);
  }

  fail(path: string, message: string): void {
    if (this.errorCount++ < MAX_ERRORS) (this.errors[path] ??= []).push(message);
  }

  /** Ends the import (and rolls the transaction back) when a section found errors. */
  stopOnErrors(): void {
    if (this.errorCount === 0) return;
    throw importError(this.errors, this.errorCount);
  }

  count(section: string, kind: keyof Counts, n = 1): void {
    (this.counts[section] ??= { created: 0, existing: 0, updated: 0 })[kind] += n;
  }

  /** One bcrypt hash per distinct password in the document: hashing is deliberately slow. */
  hash(plain: string): Promise<string> {
    let h = this.passwordHashes.get(plain);
    if (!h) this.passwordHashes.set(plain, (h = hashPassword(plain, this.passwordHashCost)));
    return h;
  }

  /** Organizations by code, from this import or the database. */
  async loadOrgs(codes: Iterable<string>): Promise<void> {
    const missing = [...new Set(codes)].filter((c) => !this.orgs.has(c));
    for (const part of chunks(missing)) {
      for (const r of await this.trx('organizations')
        .whereIn('code', part)
        .select('id', 'code', 'timezone')) {
        this.orgs.set(r.code, { id: Number(r.id), code: r.code, timezone: r.timezone });
      }
    }
  }

  /** Units by 'ORG/UNIT' key (their organizations loaded first). */
  async loadUnits(keys: Iterable<string>): Promise<void> {
    const missing = [...new Set(keys)].filter((k) => !this.units.has(k));
    await this.loadOrgs(missing.map((k) => k.split('/')[0]));
    const byOrg = new Map<number, string[]>();
    for (const k of missing) {
      const [orgCode, unitCode] = k.split('/');
      const org = this.orgs.get(orgCode);
      if (org) (byOrg.get(org.id) ?? byOrg.set(org.id, []).get(org.id)!).push(unitCode);
    }
    for (const [orgId, codes] of byOrg) {
      const orgCode = [...this.orgs.values()].find((o) => o.id === orgId)!.code;
      for (const part of chunks(codes)) {
        const rows = await this.trx('organization_units')
          .where('organization_id', orgId)
          .whereIn('code', part)
          .select('id', 'code', 'status');
        for (const r of rows) {
          this.units.set(`${orgCode}/${r.code}`, {
            id: Number(r.id),
            organizationId: orgId,
            status: r.status,
          });
        }
      }
    }
  }

  /** Employees by code, from this import or the database. */
  async loadEmployees(codes: Iterable<string>): Promise<void> {
    const missing = [...new Set(codes)].filter((c) => !this.employees.has(c));
    for (const part of chunks(missing)) {
      const rows = await this.trx('employees')
        .join('organizations', 'organizations.id', 'employees.organization_id')
        .whereIn('employees.employee_id', part)
        .select(
          'employees.id',
          'employees.employee_id',
          'employees.organization_id',
          'employees.user_id',
          'organizations.code',
        );
      for (const r of rows) {
        this.employees.set(r.employee_id, {
          id: Number(r.id),
          organizationId: Number(r.organization_id),
          orgCode: r.code,
          userId: r.user_id === null ? null : Number(r.user_id),
        });
      }
    }
  }

  /** `unit` as written in a row (UNIT or ORG/UNIT) → the 'ORG/UNIT' key, within `orgCode`. */
  unitKey(unit: string, orgCode: string): string {
    return unit.includes('/') ? unit : `${orgCode}/${unit}`;
  }
}

/**
 * Who hears of each batch an import writes (table, rows), by transaction: the import operation
 * registers its listener for its own transaction, so the sections need no extra parameter.
 */
export const BATCH_LISTENERS = new WeakMap<object, (table: string, rows: number) => void>();

/** Inserts rows in multi-row batches. */
export async function insertBatches(
  trx: Knex,
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  for (const part of chunks(rows, batchSize(trx))) {
    await trx(table).insert(part);
    BATCH_LISTENERS.get(trx)?.(table, part.length);
  }
}

/** A row of the document as it would be inserted: its natural key, and the row (null: it failed). */
export interface NewRow {
  key: string;
  row(): Record<string, unknown> | null;
}

/**
 * Inserts the rows of a section the database does not have yet. `known` holds the natural keys
 * already there; a row whose key is known, or came earlier in the document, counts as existing.
 * `plan` gives each row's key and insert, or null for a row that names nothing it could attach to
 * (it has failed already). Nothing is written once any row of the section failed.
 */
export async function insertNew<R>(
  run: ImportRun,
  section: string,
  table: string,
  known: Set<string>,
  rows: R[],
  plan: (r: R, i: number) => NewRow | null,
): Promise<void> {
  const fresh: Array<Record<string, unknown>> = [];
  rows.forEach((r, i) => {
    const planned = plan(r, i);
    if (!planned) return;
    if (known.has(planned.key)) return run.count(section, 'existing');
    const row = planned.row();
    if (!row) return;
    known.add(planned.key);
    fresh.push(row);
  });
  run.stopOnErrors();
  await insertBatches(run.trx, table, fresh);
  run.count(section, 'created', fresh.length);
}

export function importError(errors: FieldErrors, total: number): ValidationError {
  const [path, messages] = Object.entries(errors)[0];
  const more = total > 1 ? ` (and ${total - 1} more error${total > 2 ? 's' : ''})` : '';
  return new ValidationError(errors, `${path}: ${messages[0]}${more}`);
}
