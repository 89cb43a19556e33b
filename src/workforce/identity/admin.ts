// Who may administer identity (users, roles, tokens, partners): a global system_admin. Device
// approval is not here: it is employee.update in the employee's organization (hr approves phones).
import { ForbiddenError } from '../../core/errors.js';
import type { Services } from '../../core/services.js';
import { isSystemAdmin, type UserPrincipal } from './principal.js';

export function requireSystemAdmin(actor: UserPrincipal, what: string): void {
  if (!isSystemAdmin(actor)) throw new ForbiddenError(`Only a system_admin may ${what}.`);
}

/** What an identity administration operation is given: the services and the acting user. */
export interface AdminContext {
  services: Services;
  actor: UserPrincipal;
}
