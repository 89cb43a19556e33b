// Retiring an organization, in one transaction: every active unit is retired through the unit
// cascade (last-unit guard bypassed), then the organization; audit organization.retired with the
// status before and after. Retiring an already retired organization changes nothing. The route
// names the organization by id; the CLI by code (ORGANIZATION), resolved here through refs.ts.
import { NotFoundError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import type { Shape } from '../../../core/shape.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import { bool, type WorkforceRun } from '../../context.js';
import { namedOrganizationId, organizationNaming } from '../../refs.js';
import { retireUnitCascade } from '../../units/operations/retire-unit.js';
import { retireOrganizationBody } from '../schemas.js';
import { serializeOrganization, type OrganizationRetireResult } from '../serialize.js';

export const retireOrganizationInput = retireOrganizationBody.shape(organizationNaming);

export type RetireOrganizationResult = Shape<typeof OrganizationRetireResult>;

export const retireOrganization = defineWrite('organization.retire', 'organization.delete', {
  summary: 'Retire an organization and, through the unit cascade, every active unit',
  input: retireOrganizationInput,
  async run(ctx: WorkforceRun, input): Promise<RetireOrganizationResult> {
    const trx = ctx.db;
    const orgId = await namedOrganizationId(trx, input);
    const org = await lockForUpdate(trx('organizations').where('id', orgId).first(), trx);
    if (!org) throw new NotFoundError('Organization not found.');
    await ctx.authorize(Number(org.id), 'Organization');
    const before = { status: org.status, is_active: bool(org.is_active) };
    if (org.status === 'retired') {
      return {
        dry_run: ctx.dryRun,
        changed: false,
        organization: serializeOrganization(org),
        effective_date: input.effective_date,
        before,
        after: before,
        units: [],
      };
    }

    const units = await lockForUpdate(
      trx('organization_units')
        .where({ organization_id: org.id, status: 'active' })
        .select('id')
        .orderBy('id'),
      trx,
    );
    const retired: RetireOrganizationResult['units'] = [];
    for (const u of units) {
      const {
        dry_run: _d,
        effective_date: _e,
        ...summary
      } = await retireUnitCascade(
        ctx,
        { unit_id: Number(u.id), effective_date: input.effective_date, reason: input.reason },
        { bypassLastUnitGuard: true },
      );
      retired.push(summary);
    }

    const at = toDbTime(ctx.services.clock.now());
    await trx('organizations')
      .where('id', org.id)
      .update({ status: 'retired', is_active: false, retired_at: at, updated_at: at });
    const after = { status: 'retired', is_active: false };
    ctx.audit({
      action: 'organization.retired',
      subjectType: 'organization',
      subjectId: Number(org.id),
      scopeId: Number(org.id),
      details: {
        before,
        after,
        reason: input.reason,
        effective_date: input.effective_date,
        units_retired: retired.map((r) => r.unit.id),
      },
    });
    return {
      dry_run: ctx.dryRun,
      changed: true,
      organization: serializeOrganization(await trx('organizations').where('id', org.id).first()),
      effective_date: input.effective_date,
      before,
      after,
      units: retired,
    };
  },
});
