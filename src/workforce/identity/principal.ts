// Who is calling the workforce listener, and what they may do where.
// system_admin is global; every other role is held per organization. Acting on a record of an
// organization outside the caller's scopes is a 404 (existence never leaks); inside scope but
// without the permission, a 403.
import { ForbiddenError, NotFoundError } from '../../core/errors.js';
import { roleHas, type Permission, type Role } from './permissions.js';

export interface RoleGrant {
  role: Role;
  /** null for the global system_admin grant. */
  organizationId: number | null;
}

export interface UserPrincipal {
  kind: 'user';
  userId: number;
  /** null when acting from the CLI or a scheduled job (no token). */
  tokenId: number | null;
  clientKind: 'web' | 'mobile' | 'cli';
  grants: RoleGrant[];
  /**
   * The X-Device-Fingerprint of the request, once checked against the employee's approved devices
   * (any token kind); absent when the request sent none, or does not come over HTTP.
   */
  deviceFingerprint?: string | null;
  /**
   * The caller's own employee record as read with the bearer token (null: none); absent when the
   * principal did not come from a token. Only a hint for keys (a punch's rate-limit bucket): the
   * operations read and lock the employee themselves.
   */
  employeeId?: number | null;
}

export interface PartnerPrincipal {
  kind: 'partner';
  partnerId: number;
  tokenId: number;
  organizationIds: number[];
}

export function isSystemAdmin(p: UserPrincipal): boolean {
  return p.grants.some((g) => g.role === 'system_admin' && g.organizationId === null);
}

/** Organization ids the caller can see; null means every organization (system_admin). */
export function visibleOrganizationIds(p: UserPrincipal): number[] | null {
  if (isSystemAdmin(p)) return null;
  return [
    ...new Set(p.grants.filter((g) => g.organizationId !== null).map((g) => g.organizationId as number)),
  ];
}

/**
 * Organizations whose people's records the caller may read: where they hold a staff role (any role
 * but `employee`); null means every organization (system_admin). A plain employee reads only their
 * own records.
 */
export function staffOrganizationIds(p: UserPrincipal): number[] | null {
  if (isSystemAdmin(p)) return null;
  const ids = p.grants
    .filter((g) => g.organizationId !== null && g.role !== 'employee')
    .map((g) => g.organizationId as number);
  return [...new Set(ids)];
}

export function canSeeOrganization(p: UserPrincipal, organizationId: number): boolean {
  const visible = visibleOrganizationIds(p);
  return visible === null || visible.includes(organizationId);
}

export function hasPermission(p: UserPrincipal, permission: Permission, organizationId: number): boolean {
  return p.grants.some(
    (g) =>
      (g.organizationId === organizationId || (g.role === 'system_admin' && g.organizationId === null)) &&
      roleHas(g.role, permission),
  );
}

/**
 * The one authorisation check for a record of `organizationId`: 404 when the organization is
 * outside the caller's scopes, 403 when inside but the permission is missing.
 */
export function authorize(
  p: UserPrincipal,
  permission: Permission,
  organizationId: number,
  what = 'Record',
): void {
  if (!canSeeOrganization(p, organizationId)) throw new NotFoundError(`${what} not found.`);
  if (!hasPermission(p, permission, organizationId)) {
    throw new ForbiddenError(`You do not have the ${permission} permission in this organization.`);
  }
}

/** Visibility only (reads): 404 outside the caller's scopes. */
export function authorizeRead(p: UserPrincipal, organizationId: number, what = 'Record'): void {
  if (!canSeeOrganization(p, organizationId)) throw new NotFoundError(`${what} not found.`);
}
