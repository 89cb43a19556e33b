// Retiring an organization, in one transaction: every active unit is retired through the unit
// operation (last-unit guard bypassed), then the organization; audit organization.retired with the
// status before and after. Retiring an already retired organization changes nothing.
import { NotFoundError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit/record.js';
import { bool, type RunOptions, type WorkforceContext } from '../../context.js';
import { authorize } from '../../identity/principal.js';
import { retireUnitInTransaction, type RetireUnitResult } from '../../units/operations/retire-unit.js';
import { serializeOrganization, type OrganizationView } from '../serialize.js';

export interface RetireOrganizationInput {
  organizationId: number;
  effectiveDate: string;
  reason: string;
}

interface StatusPair {
  status: string;
  is_active: boolean;
}

export interface RetireOrganizationResult {
  dry_run: boolean;
  /** false when the organization was already retired: nothing was changed. */
  changed: boolean;
  organization: OrganizationView;
  effective_date: string;
  before: StatusPair;
  after: StatusPair;
  units: Array<Omit<RetireUnitResult, 'dry_run' | 'effective_date'>>;
}

export async function retireOrganization(
  ctx: WorkforceContext,
  input: RetireOrganizationInput,
  opts: RunOptions = {},
): Promise<RetireOrganizationResult> {
  const { services, actor } = ctx;
  return inTransaction(
    services.db,
    async (trx) => {
      const org = await lockForUpdate(trx('organizations').where('id', input.organizationId).first(), trx);
      if (!org) throw new NotFoundError('Organization not found.');
      authorize(actor, 'organization.delete', Number(org.id), 'Organization');
      const before = { status: org.status, is_active: bool(org.is_active) };
      if (org.status === 'retired') {
        return {
          dry_run: Boolean(opts.dryRun),
          changed: false,
          organization: serializeOrganization(org),
          effective_date: input.effectiveDate,
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
        } = await retireUnitInTransaction(
          trx,
          ctx,
          { unitId: Number(u.id), effectiveDate: input.effectiveDate, reason: input.reason },
          { dryRun: Boolean(opts.dryRun), bypassLastUnitGuard: true },
        );
        retired.push(summary);
      }

      const at = toDbTime(services.clock.now());
      await trx('organizations')
        .where('id', org.id)
        .update({ status: 'retired', is_active: false, retired_at: at, updated_at: at });
      const after = { status: 'retired', is_active: false };
      await recordAudit(trx, services.clock, {
        event: 'organization.retired',
        actorUserId: actor.userId,
        subjectType: 'organization',
        subjectId: Number(org.id),
        organizationId: Number(org.id),
        context: {
          before,
          after,
          reason: input.reason,
          effective_date: input.effectiveDate,
          units_retired: retired.map((r) => r.unit.id),
        },
      });
      return {
        dry_run: Boolean(opts.dryRun),
        changed: true,
        organization: serializeOrganization(await trx('organizations').where('id', org.id).first()),
        effective_date: input.effectiveDate,
        before,
        after,
        units: retired,
      };
    },
    opts,
  );
}
