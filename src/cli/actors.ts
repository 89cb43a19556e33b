// Who a command acts as, per context: `--actor EMAIL`, or the context's operator (workforce: the
// built-in system user; clinic: the operator on the machine). The context's policy then decides.
import type { Services } from '../core/services.js';
import { UsageError } from '../core/errors.js';
import type { OperationContext } from '../core/operation.js';
import { clinicContext, type ClinicActor } from '../clinic/context.js';
import { workforceContext, type WorkforceActor } from '../workforce/context.js';
import { loadActor } from '../workforce/identity/actor.js';

export type ContextLoader<Actor> = ((
  services: Services,
  actorEmail?: string,
) => Promise<OperationContext<Actor>>) & {
  /** What `--actor` means for the command's context, and who acts without it (its help line). */
  actorHelp?: string;
};

export const workforceActor: ContextLoader<WorkforceActor> = Object.assign(
  async (services: Services, email?: string) =>
    workforceContext(services, await loadActor(services.db, email)),
  { actorHelp: 'act as this workforce user (default: the built-in system user system@wfctl.local)' },
);

const loadClinicActor = async (services: Services, email?: string) => {
  if (!email) return clinicContext(services, { kind: 'operator', userId: null, via: 'cli' });
  const user = await services.db('clinic_users').where({ email: email.toLowerCase() }).first('id');
  if (!user) {
    throw new UsageError(`--actor: no clinic account with email ${email}.`, {
      '--actor': [`unknown account ${email}`],
    });
  }
  return clinicContext(services, { kind: 'user', userId: Number(user.id), via: 'cli' });
};

export const clinicActor: ContextLoader<ClinicActor> = Object.assign(loadClinicActor, {
  actorHelp: "act as this clinic account (default: the machine's operator, who may act in every tenant)",
});
