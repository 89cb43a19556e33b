// Reading organizations: one (GET /organizations/{id}) and those the caller belongs to
// (`wfctl org list`). Anyone with a role in an organization reads it.
import { NotFoundError } from '../../../core/errors.js';
import { defineRead } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { WorkforceRun } from '../../context.js';
import { ascending, keysetPage, listQueryFields, type Page } from '../../listing.js';
import { serializeOrganization, type OrganizationView } from '../serialize.js';

export const getOrganization = defineRead('organization.get', 'organization.view', {
  summary: 'An organization',
  input: yup.object({ organization_id: idNumber().required() }),
  async run(ctx: WorkforceRun, input): Promise<OrganizationView> {
    const row = await ctx.db('organizations').where('id', input.organization_id).first();
    if (!row) throw new NotFoundError('Organization not found.');
    await ctx.authorize(Number(row.id), 'Organization');
    return serializeOrganization(row);
  },
});

export const listOrganizations = defineRead('organization.list', 'organization.view', {
  summary: 'The organizations where the caller holds a role (every one for a system_admin), by code',
  input: yup.object(listQueryFields),
  async run(ctx: WorkforceRun, input): Promise<Page<OrganizationView>> {
    const q = ctx.db('organizations').select();
    const scopes = await ctx.scopes();
    if (scopes !== null) q.whereIn('id', scopes);
    return keysetPage(q, { ...input, keys: ascending('code', 'id') }, serializeOrganization);
  },
});
