// GET /units/{id}: any caller with a role in the unit's organization.
import { NotFoundError } from '../../core/errors.js';
import type { WorkforceContext } from '../context.js';
import { authorizeRead } from '../identity/principal.js';
import { serializeUnit } from './serialize.js';

export async function getUnit({ services, actor }: WorkforceContext, id: number) {
  const row = await services.db('organization_units').where('id', id).first();
  if (!row) throw new NotFoundError('Unit not found.');
  authorizeRead(actor, Number(row.organization_id), 'Unit');
  return serializeUnit(row);
}
