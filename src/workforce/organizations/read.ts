// GET /organizations/{id}: any caller with a role in the organization.
import { NotFoundError } from '../../core/errors.js';
import type { WorkforceContext } from '../context.js';
import { authorizeRead } from '../identity/principal.js';
import { serializeOrganization } from './serialize.js';

export async function getOrganization({ services, actor }: WorkforceContext, id: number) {
  const row = await services.db('organizations').where('id', id).first();
  if (!row) throw new NotFoundError('Organization not found.');
  authorizeRead(actor, Number(row.id), 'Organization');
  return serializeOrganization(row);
}
