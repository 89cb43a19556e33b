// `wfctl partner add`: a payroll or billing partner, the organizations whose locked attendance it
// may receive, and the outbound credentials used to call it (kept, never shown again).
import { ValidationError } from '../../../../core/errors.js';
import { toDbTime } from '../../../../db/time.js';
import { inTransaction } from '../../../../db/transaction.js';
import { recordAudit } from '../../../audit/record.js';
import { requireSystemAdmin, type AdminContext } from '../../../identity/admin.js';
import { resolveOrganization } from '../../../identity/resolve.js';
import type { AddPartnerInput } from '../schemas.js';
import { partnerSummaries, type PartnerSummary } from './list-partners.js';

export async function addPartner(
  ctx: AdminContext,
  input: AddPartnerInput,
  opts: { dryRun?: boolean } = {},
): Promise<PartnerSummary> {
  requireSystemAdmin(ctx.actor, 'add partners');
  const { clock } = ctx.services;
  return inTransaction(
    ctx.services.db,
    async (trx) => {
      if (await trx('partners').where({ name: input.name }).first('id')) {
        throw ValidationError.field('name', `A partner named ${input.name} already exists.`);
      }
      const orgs = [];
      for (const ref of new Set(input.organizations))
        orgs.push(await resolveOrganization(trx, ref, 'organizations'));
      const now = toDbTime(clock.now());
      const [id] = await trx('partners').insert({
        name: input.name,
        kind: input.kind,
        push_url: input.push_url.replace(/\/+$/, ''),
        outbound_token: input.outbound_token,
        signing_secret: input.signing_secret,
        is_active: true,
        created_at: now,
        updated_at: now,
      });
      await trx('partner_organizations').insert(orgs.map((o) => ({ partner_id: id, organization_id: o.id })));
      await recordAudit(trx, clock, {
        event: 'partner.created',
        actorUserId: ctx.actor.userId,
        subjectType: 'partner',
        subjectId: Number(id),
        organizationId: null,
        // Credentials never go into the audit trail.
        context: { name: input.name, kind: input.kind, organizations: orgs.map((o) => o.code) },
      });
      const [summary] = await partnerSummaries(trx, [Number(id)]);
      return summary;
    },
    opts,
  );
}
