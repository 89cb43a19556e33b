// The tenant resource and what is built on it (membership, dashboard), with their shapes. A tenant
// seen from elsewhere (a user's invitation, an order's seller, the directory) is a slice of it:
// TenantSummary, then TenantContact, then the directory profile.
import { DateTime, Enum, Int, List, Nullable, Num, Obj, Str, type Shape, fromRow } from '../../core/shape.js';
import { isoOrNull } from '../../db/time.js';
import { PageOf } from '../pagination.js';
import { BUSINESS_TYPES, PERMISSIONS, ROLES, permissionsOf, type Role } from '../identity/roles.js';
import { COORDINATE_LIMITS, SUBSCRIPTION_PLANS } from './schemas.js';

/** A tenant named where something else is shown (an invitation, a client link). */
export const TenantSummary = Obj({
  id: Int(),
  name: Str(),
  slug: Str(),
  business_type: Enum(BUSINESS_TYPES),
});

/** A tenant with how to reach it (an order's seller, an owner's clinic). */
export const TenantContact = Obj({
  ...TenantSummary.properties,
  email: Str({ format: 'email' }),
  phone: Nullable(Str()),
  address: Nullable(Str()),
});

/** TenantContact's columns from `tenants as t` joined onto another resource's row (tenant_*). */
export const TENANT_CONTACT_COLUMNS = [
  't.name as tenant_name',
  't.slug as tenant_slug',
  't.business_type as tenant_business_type',
  't.email as tenant_email',
  't.phone as tenant_phone',
  't.address as tenant_address',
];

/** A TenantContact from those columns (the row's own tenant id column holds the id). */
export function tenantContact(tenantId: unknown, row: Record<string, any>): Shape<typeof TenantContact> {
  return {
    id: Number(tenantId),
    name: row.tenant_name,
    slug: row.tenant_slug,
    business_type: row.tenant_business_type,
    email: row.tenant_email,
    phone: row.tenant_phone ?? null,
    address: row.tenant_address ?? null,
  };
}

/** The directory profile beyond the contact (PATCH /tenant/{tenant}/profile sets it). */
export const TenantProfile = Obj({
  description: Nullable(Str({ description: 'shown in the provider directory, searched by q' })),
  city: Nullable(Str()),
  latitude: Nullable(Num({ minimum: -COORDINATE_LIMITS.latitude, maximum: COORDINATE_LIMITS.latitude })),
  longitude: Nullable(Num({ minimum: -COORDINATE_LIMITS.longitude, maximum: COORDINATE_LIMITS.longitude })),
});

export const Tenant = Obj({
  ...TenantContact.properties,
  ...TenantProfile.properties,
  subscription_plan: Enum(SUBSCRIPTION_PLANS),
  timezone: Str({
    example: 'Asia/Kolkata',
    description: 'IANA time zone: the day the clinic’s date filters (health-log since) and "today" mean',
  }),
  created_at: DateTime(),
  updated_at: DateTime(),
});
export type TenantView = Shape<typeof Tenant>;

const Permissions = List(Enum(PERMISSIONS), { description: 'the named permissions of that role' });

/** A tenant as one of the user's tenants: the role held there and what it permits. */
export const TenantWithRole = Obj({
  ...Tenant.properties,
  role: Enum(ROLES, { description: 'the role the user holds in this tenant' }),
  permissions: Permissions,
});

export const Member = Obj({
  user_id: Int(),
  name: Str(),
  email: Str({ format: 'email' }),
  role: Enum(ROLES, { description: 'the role held, or for an invitation the role offered' }),
  permissions: Permissions,
  status: Enum(['active', 'invited'] as const, {
    description: 'active: a member; invited: an existing account invited, not yet accepted',
  }),
  joined_at: Nullable(DateTime({ description: 'null for an invitation' })),
  invited_at: Nullable(
    DateTime({ description: 'when the pending invitation was sent; null for an active member' }),
  ),
});
export type MemberView = Shape<typeof Member>;

export const MemberPage = PageOf(Member);

const Count = Int({ minimum: 0 });

export const Dashboard = Obj({
  tenant: Tenant,
  stats: Obj({
    pets_count: Count,
    clients_count: Count,
    appointments_count: Count,
    pending_invoices_count: Count,
  }),
});

/**
 * The contact and directory profile of a tenants row (its own columns): what the tenant resource
 * and the public directory's provider both show of it.
 */
export function contactAndProfile(
  row: Record<string, any>,
): Shape<typeof TenantContact> & Shape<typeof TenantProfile> {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    business_type: row.business_type,
    email: row.email,
    phone: row.phone ?? null,
    address: row.address ?? null,
    description: row.description ?? null,
    city: row.city ?? null,
    latitude: row.latitude == null ? null : Number(row.latitude),
    longitude: row.longitude == null ? null : Number(row.longitude),
  };
}

export function serializeTenant(row: Record<string, any>): TenantView {
  return fromRow(Tenant, row, {
    ...contactAndProfile(row),
    timezone: row.timezone ?? 'UTC',
  });
}

export function serializeTenantWithRole(
  row: Record<string, any>,
  role: string,
): Shape<typeof TenantWithRole> {
  return { ...serializeTenant(row), role: role as Role, permissions: permissionsOf(role) };
}

/** A member of a tenant: an active membership, or a pending invitation (`status: "invited"`). */
export function serializeMember(row: Record<string, any>): MemberView {
  const status = row.status === 'invited' ? 'invited' : 'active';
  return fromRow(Member, row, {
    permissions: permissionsOf(row.role),
    status,
    joined_at: status === 'invited' ? null : isoOrNull(row.created_at),
  });
}
