// Who a command acts as, per context: `--actor EMAIL`, or the context's operator (workforce: the
// built-in system user; clinic: the operator on the machine). The context's policy then decides.
import type { Services } from '../core/services.js';
import { UsageError } from '../core/errors.js';
import type { OperationContext } from '../core/operation.js';
import { clinicContext, type ClinicActor } from '../clinic/context.js';
import { workforceContext, type WorkforceActor } from '../workforce/context.js';
import { loadActor } from '../workforce/identity/actor.js';

export type ContextLoader<Actor> = (
  services: Services,
  actorEmail?: string,
) => Promise<OperationContext<Actor>>;

export const workforceActor: ContextLoader<WorkforceActor> = async (services, email) =>
  workforceContext(services, await loadActor(services.db, email));

export const clinicActor: ContextLoader<ClinicActor> = async (services, email) => {
  if (!email) return clinicContext(services, { kind: 'operator', userId: null, via: 'cli' });
  const user = await services.db('clinic_users').where({ email: email.toLowerCase() }).first('id');
  if (!user) {
    throw new UsageError(`--actor: no clinic account with email ${email}.`, {
      '--actor': [`unknown account ${email}`],
    });
  }
  return clinicContext(services, { kind: 'user', userId: Number(user.id), via: 'cli' });
};
