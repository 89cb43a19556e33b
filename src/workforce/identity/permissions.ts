// Roles and the permissions they hold (workforce-service.md, Authentication 7 and the endpoint table).
// hr may lock attendance but not unlock it, on purpose.

export const ROLES = ['hr', 'org_admin', 'system_admin', 'shift_manager', 'employee'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'employee.update',
  'unit.delete',
  'organization.delete',
  'organization.update',
  'attendance.lock',
  'attendance.unlock',
  'export.create',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  system_admin: PERMISSIONS,
  org_admin: PERMISSIONS,
  hr: ['employee.update', 'attendance.lock', 'export.create'],
  shift_manager: [],
  employee: [],
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function roleHas(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
