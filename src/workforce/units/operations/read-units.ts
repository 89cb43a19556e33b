// Reading units: one unit (GET /units/{id}) and the units of the caller's organizations
// (`wfctl unit list`). Anyone with a role in the organization reads its units.
import { NotFoundError } from '../../../core/errors.js';
import { defineRead } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { WorkforceRun } from '../../context.js';
import {
  ascending,
  keysetPage,
  ofReadableOrganizations,
  organizationListQuery,
  type Page,
} from '../../listing.js';
import { serializeUnit, type UnitView } from '../serialize.js';

export const getUnit = defineRead('unit.get', 'organization.view', {
  summary: 'An organization unit',
  input: yup.object({ unit_id: idNumber().required() }),
  async run(ctx: WorkforceRun, input): Promise<UnitView> {
    const row = await ctx.db('organization_units').where('id', input.unit_id).first();
    if (!row) throw new NotFoundError('Unit not found.');
    await ctx.authorize(Number(row.organization_id), 'Unit');
    return serializeUnit(row);
  },
});

export const listUnits = defineRead('unit.list', 'organization.view', {
  summary: "The units of the caller's organizations (retired ones included), by organization and code",
  input: organizationListQuery,
  async run(ctx: WorkforceRun, input): Promise<Page<UnitView>> {
    const q = ctx.db('organization_units').select();
    await ofReadableOrganizations(ctx, q, 'organization_id', input.organization);
    return keysetPage(q, { ...input, keys: ascending('organization_id', 'code', 'id') }, serializeUnit);
  },
});
