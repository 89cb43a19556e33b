// The tenant resource and what is built on it (membership, dashboard), with their JSON Schemas.
import { isoOrNull } from '../../db/time.js';
import { permissionsOf } from '../identity/roles.js';

export function serializeTenant(row: Record<string, any>) {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    email: row.email,
    phone: row.phone ?? null,
    address: row.address ?? null,
    description: row.description ?? null,
    city: row.city ?? null,
    latitude: row.latitude == null ? null : Number(row.latitude),
    longitude: row.longitude == null ? null : Number(row.longitude),
    subscription_plan: row.subscription_plan,
    business_type: row.business_type,
    timezone: row.timezone ?? 'UTC',
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export type TenantView = ReturnType<typeof serializeTenant>;

/** A tenant as one of the user's tenants: the role held there and what it permits. */
export function serializeTenantWithRole(row: Record<string, any>, role: string) {
  return { ...serializeTenant(row), role, permissions: permissionsOf(role) };
}

/** A member of a tenant: an active membership, or a pending invitation (`status: "invited"`). */
export function serializeMember(row: Record<string, any>) {
  const status: 'active' | 'invited' = row.status === 'invited' ? 'invited' : 'active';
  return {
    user_id: Number(row.user_id),
    name: row.name,
    email: row.email,
    role: row.role,
    permissions: permissionsOf(row.role),
    status,
    joined_at: status === 'invited' ? null : isoOrNull(row.created_at),
    invited_at: isoOrNull(row.invited_at),
  };
}

export type MemberView = ReturnType<typeof serializeMember>;

const str = { type: 'string' };
const nullableStr = { type: 'string', nullable: true };
const time = { type: 'string', format: 'date-time' };

export const TENANT_JSON = {
  type: 'object',
  required: ['id', 'name', 'slug', 'email', 'subscription_plan', 'business_type'],
  properties: {
    id: { type: 'integer' },
    name: str,
    slug: str,
    email: { type: 'string', format: 'email' },
    phone: nullableStr,
    address: nullableStr,
    description: { ...nullableStr, description: 'shown in the provider directory, searched by q' },
    city: nullableStr,
    latitude: { type: 'number', nullable: true, minimum: -90, maximum: 90 },
    longitude: { type: 'number', nullable: true, minimum: -180, maximum: 180 },
    subscription_plan: { type: 'string', enum: ['trial', 'starter', 'growth', 'premium', 'enterprise'] },
    business_type: {
      type: 'string',
      enum: ['clinic', 'groomer', 'breeder', 'trainer', 'pharmacy', 'retail'],
    },
    timezone: {
      type: 'string',
      example: 'Asia/Kolkata',
      description: 'IANA time zone: the day the clinic’s date filters (health-log since) and "today" mean',
    },
    created_at: time,
    updated_at: time,
  },
};

export const TENANT_WITH_ROLE_JSON = {
  ...TENANT_JSON,
  required: [...TENANT_JSON.required, 'role', 'permissions'],
  properties: {
    ...TENANT_JSON.properties,
    role: { type: 'string', description: 'the role the user holds in this tenant' },
    permissions: { type: 'array', items: str, description: 'the named permissions of that role' },
  },
};

export const MEMBER_JSON = {
  type: 'object',
  required: ['user_id', 'name', 'email', 'role', 'permissions', 'status', 'joined_at', 'invited_at'],
  properties: {
    user_id: { type: 'integer' },
    name: str,
    email: str,
    role: { type: 'string', description: 'the role held, or for an invitation the role offered' },
    permissions: { type: 'array', items: str, description: 'the named permissions of that role' },
    status: {
      type: 'string',
      enum: ['active', 'invited'],
      description: 'active: a member; invited: an existing account invited, not yet accepted',
    },
    joined_at: { ...time, nullable: true, description: 'null for an invitation' },
    invited_at: {
      ...time,
      nullable: true,
      description: 'when the pending invitation was sent; null for an active member',
    },
  },
};
