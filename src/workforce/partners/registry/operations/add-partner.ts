// `wfctl partner add`: a payroll or billing partner, the organizations whose locked attendance it
// may receive, and the outbound credentials used to call it (kept, never shown again).
import { ValidationError } from '../../../../core/errors.js';
import { defineWrite } from '../../../../core/operation.js';
import { toDbTime } from '../../../../db/time.js';
import type { WorkforceRun } from '../../../context.js';
import { organizationRef } from '../../../refs.js';
import { addPartnerSchema } from '../schemas.js';
import { partnerSummaries, type PartnerSummary } from './list-partners.js';

export const addPartner = defineWrite('partner.add', 'system.admin', {
  summary: 'Register a partner and the organizations whose locked attendance it may receive',
  input: addPartnerSchema,
  async run(ctx: WorkforceRun, input): Promise<PartnerSummary> {
    const { db } = ctx;
    if (await db('partners').where({ name: input.name }).first('id')) {
      throw ValidationError.field('name', `A partner named ${input.name} already exists.`);
    }
    const orgs = [];
    for (const ref of new Set(input.organizations))
      orgs.push(await organizationRef(db, ref, 'organizations'));
    const now = toDbTime(ctx.services.clock.now());
    const [id] = await db('partners').insert({
      name: input.name,
      kind: input.kind,
      push_url: input.push_url.replace(/\/+$/, ''),
      outbound_token: input.outbound_token,
      signing_secret: input.signing_secret,
      is_active: true,
      created_at: now,
      updated_at: now,
    });
    await db('partner_organizations').insert(orgs.map((o) => ({ partner_id: id, organization_id: o.id })));
    ctx.audit({
      action: 'partner.created',
      subjectType: 'partner',
      subjectId: Number(id),
      scopeId: null,
      // Credentials never go into the audit trail.
      details: { name: input.name, kind: input.kind, organizations: orgs.map((o) => o.code) },
    });
    const [summary] = await partnerSummaries(db, [Number(id)]);
    return summary;
  },
});
