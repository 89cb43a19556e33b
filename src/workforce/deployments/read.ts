// GET /deployments/{id}: readable by whoever may read its employee.
import { NotFoundError } from '../../core/errors.js';
import type { WorkforceContext } from '../context.js';
import { readableEmployee } from '../employees/visibility.js';
import { serializeDeployment } from './serialize.js';

export async function getDeployment({ services, actor }: WorkforceContext, id: number) {
  const row = await services.db('employee_deployments').where('id', id).first();
  if (!row) throw new NotFoundError('Deployment not found.');
  try {
    await readableEmployee(services.db, actor, Number(row.employee_id));
  } catch (err) {
    if (err instanceof NotFoundError) throw new NotFoundError('Deployment not found.');
    throw err;
  }
  return serializeDeployment(row);
}
