// Roles and the named permissions they grant. A membership holds exactly one role; a route names
// the permission it needs (or null when membership alone is enough).
//
// | role           | permissions                                   | offered to business types   |
// |----------------|-----------------------------------------------|-----------------------------|
// | tenant_admin   | * (every permission)                          | all                         |
// | veterinarian   | medical_record.read, medical_record.create    | all but pharmacy and retail |
// | receptionist   | (membership only)                             | all                         |
// | pharmacy       | order.read, order.manage                      | pharmacy                    |
// | retail_counter | order.read, order.manage                      | retail                      |
//
// So a clinic-only tenant has no role holding order.* other than its admins' wildcard.

export const ROLES = ['tenant_admin', 'veterinarian', 'receptionist', 'pharmacy', 'retail_counter'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'medical_record.read',
  'medical_record.create',
  'order.read',
  'order.manage',
  'member.manage',
  'profile.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const BUSINESS_TYPES = ['clinic', 'groomer', 'breeder', 'trainer', 'pharmacy', 'retail'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

const GRANTS: Record<Role, readonly (Permission | '*')[]> = {
  tenant_admin: ['*'],
  veterinarian: ['medical_record.read', 'medical_record.create'],
  receptionist: [],
  pharmacy: ['order.read', 'order.manage'],
  retail_counter: ['order.read', 'order.manage'],
};

const OFFERED: Record<BusinessType, readonly Role[]> = {
  clinic: ['tenant_admin', 'veterinarian', 'receptionist'],
  groomer: ['tenant_admin', 'veterinarian', 'receptionist'],
  breeder: ['tenant_admin', 'veterinarian', 'receptionist'],
  trainer: ['tenant_admin', 'veterinarian', 'receptionist'],
  pharmacy: ['tenant_admin', 'receptionist', 'pharmacy'],
  retail: ['tenant_admin', 'receptionist', 'retail_counter'],
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function roleHas(role: string, permission: string): boolean {
  const grants = isRole(role) ? GRANTS[role] : [];
  return grants.includes('*') || grants.includes(permission as Permission);
}

/** The permissions a role holds, the wildcard spelled out (what GET /me shows). */
export function permissionsOf(role: string): Permission[] {
  return PERMISSIONS.filter((p) => roleHas(role, p));
}

export function rolesOffered(businessType: string): readonly Role[] {
  return OFFERED[businessType as BusinessType] ?? ['tenant_admin', 'receptionist'];
}
