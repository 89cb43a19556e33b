// clinic.recount (`wfctl clinic recount [--tenant T] [--fix]`): checks every tenant's counters
// (../../counters.ts) against COUNT(*) of the rows they count, and with `fix` sets the ones that
// drifted to the count. Operator only. Drift means something wrote the counted tables around the
// operations (a bulk load, a hand-made fix, a release that forgot to count): the operations
// themselves keep the counters exact. The tenant is named by id or, as `--tenant` does, by slug
// (resolved by tenant-scope.ts).
//
// One short transaction per tenant (a step, clinic.recount-tenant), never one over every tenant: the
// step locks the tenant's counter rows first (FOR UPDATE: on MySQL, in REPEATABLE READ, the whole
// (tenant_id, …) range of the primary key, so no counter of the tenant can be created either), and
// only then counts. An operation that counts a change must update one of those rows before it
// commits, so it waits for the step, and every change committed before the lock is in both the
// counters and the counts (the counts' snapshot is taken at their first statement, after the lock).
// The tenant's writes wait for the length of its counts (milliseconds; ~20 ms at 100,000
// appointments and invoices), one tenant at a time.
import { NotFoundError } from '../../../core/errors.js';
import { defineSteps, defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import type { ClinicRun } from '../../context.js';
import { namedTenantId, tenantScoped } from '../../tenant-scope.js';
import { actualCounts } from '../../counters.js';

export interface CounterDrift {
  tenant_id: number;
  tenant_slug: string;
  name: string;
  /** What the counter said (0 for a counter row that did not exist). */
  counter: number;
  /** What COUNT(*) says. */
  actual: number;
}

export interface RecountResult {
  tenants_checked: number;
  counters_checked: number;
  /** Every counter that differed from its count (before the fix, with `fix`). */
  drift: CounterDrift[];
  /** True when `fix` was asked: the drifted counters now hold their counts. */
  fixed: boolean;
}

interface TenantRecount {
  checked: number;
  drift: CounterDrift[];
}

/** A step of clinic.recount, run only through ctx.call (no face): one tenant, one transaction. */
export const recountTenant = defineWrite('clinic.recount-tenant', 'operator', {
  summary: 'Check one tenant’s counters against COUNT(*), under their locks; set them right with fix',
  input: yup.object({ tenant_id: idNumber().required(), fix: yup.boolean().default(false) }),
  isolation: 'repeatable read',
  async run(ctx: ClinicRun, input): Promise<TenantRecount> {
    const { db } = ctx;
    // The lock comes first: on MySQL the REPEATABLE READ snapshot the counts read is taken at the
    // transaction's first plain read, which must come after it (a read before the lock would count
    // from a snapshot older than the counters it locked, and --fix would write that in).
    const rows: Array<{ name: string; value: number | string }> = await lockForUpdate(
      db('tenant_counters').where('tenant_id', input.tenant_id).select('name', 'value'),
      db,
    );
    const tenant = await db('tenants').where('id', input.tenant_id).first('id', 'slug');
    if (!tenant) throw new NotFoundError('Tenant not found.');
    const counters = new Map(rows.map((r) => [r.name, Number(r.value)]));
    const actual = await actualCounts(db, input.tenant_id);
    const names = [...new Set([...actual.keys(), ...counters.keys()])].sort();
    const drift: CounterDrift[] = [];
    for (const name of names) {
      const counter = counters.get(name) ?? 0;
      const count = actual.get(name) ?? 0;
      // A counter row that does not exist stands for zero (bumpCounters creates it on first need).
      if (counter === count) continue;
      drift.push({ tenant_id: Number(tenant.id), tenant_slug: tenant.slug, name, counter, actual: count });
    }
    if (input.fix && drift.length) {
      for (const d of drift) {
        if (counters.has(d.name)) {
          await db('tenant_counters')
            .where({ tenant_id: d.tenant_id, name: d.name })
            .update({ value: d.actual });
        } else {
          await db('tenant_counters').insert({ tenant_id: d.tenant_id, name: d.name, value: d.actual });
        }
      }
      ctx.audit({
        action: 'tenant.counters_fixed',
        subjectType: 'tenant',
        subjectId: Number(tenant.id),
        scopeId: Number(tenant.id),
        details: { drift: drift.map(({ name, counter, actual: a }) => ({ name, counter, actual: a })) },
      });
    }
    return { checked: names.length, drift };
  },
});

export const recountCounters = defineSteps('clinic.recount', 'operator', {
  summary: 'Check the tenants’ counters (list totals, dashboard) against COUNT(*); fix sets them right',
  input: tenantScoped(
    yup.object({
      fix: yup.boolean().default(false).meta({ description: 'set the counters that drifted to the count' }),
    }),
  ),
  // A transaction per tenant (the step), not one over every tenant.
  async run(ctx: ClinicRun, input): Promise<RecountResult> {
    const { db } = ctx;
    const named = await namedTenantId(db, input);
    const tenants: number[] =
      named !== undefined ? [named] : (await db('tenants').orderBy('id').pluck('id')).map(Number);
    const result: RecountResult = {
      tenants_checked: 0,
      counters_checked: 0,
      drift: [],
      fixed: input.fix,
    };
    for (const tenantId of tenants) {
      const one = await ctx.call(recountTenant, { tenant_id: tenantId, fix: input.fix });
      result.tenants_checked += 1;
      result.counters_checked += one.checked;
      result.drift.push(...one.drift);
    }
    return result;
  },
});
