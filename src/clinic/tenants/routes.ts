// Tenant sign-up, the tenant dashboard and tenant membership.
import { Reply } from '../../core/reply.js';
import { publicAccess } from '../../core/routes.js';
import { Data } from '../../core/shape.js';
import { validField } from '../../core/validation.js';
import { TenantSignup } from '../identity/serialize.js';
import { clinicOperationRoute, tenantOperationRoute } from '../operation-route.js';
import { pageReply } from '../pagination.js';
import { takenFields } from '../uniqueness.js';
import { addMember } from './operations/add-member.js';
import { createTenant, tenantUniqueChecks } from './operations/create-tenant.js';
import { getDashboard } from './operations/get-dashboard.js';
import { listMembers } from './operations/list-members.js';
import { removeMember } from './operations/remove-member.js';
import { updateTenantProfile } from './operations/update-profile.js';
import { createTenantSchema } from './schemas.js';
import { Dashboard, Member, MemberPage, Tenant } from './serialize.js';

export const tenantRoutes = [
  clinicOperationRoute(createTenant, {
    method: 'POST',
    path: '/api/v1/tenants',
    description:
      'Public self-service sign-up, rate-limited per IP (TENANT_SIGNUP_RATE_LIMIT_PER_HOUR, default 30). ' +
      'slug and email are unique among tenants, owner_email among all users: a duplicate is a 422 naming ' +
      'the field, also when two sign-ups race. The slug is stored lower-case and must contain a letter.',
    tags: ['tenants'],
    access: publicAccess,
    crossChecks: async (raw, services) =>
      takenFields(
        services.db,
        tenantUniqueChecks({
          slug: await validField(createTenantSchema, 'slug', raw),
          email: await validField(createTenantSchema, 'email', raw),
          owner_email: await validField(createTenantSchema, 'owner_email', raw),
        }),
      ),
    rateLimit: {
      name: 'tenant-signup',
      limit: (s) => s.config.clinic.signupRateLimitPerHour,
      windowSeconds: 3600,
      key: (_p, request) => request.ip,
    },
    responses: {
      201: {
        description: 'the tenant and its admin',
        schema: Data(TenantSignup),
      },
    },
    reply: (created) => Reply.json(201, { data: created }),
  }),
  tenantOperationRoute(getDashboard, {
    method: 'GET',
    path: '/api/v1/tenant/:tenant/dashboard',
    description: 'A pending invoice is any invoice whose status is not paid, voided or estimate.',
    tags: ['tenants'],
    responses: {
      200: {
        description: 'dashboard',
        schema: Data(Dashboard),
      },
    },
    reply: (dashboard) => ({ data: dashboard }),
  }),
  tenantOperationRoute(updateTenantProfile, {
    method: 'PATCH',
    path: '/api/v1/tenant/:tenant/profile',
    description:
      'The directory profile GET /providers shows and searches (tenant_admin: profile.manage). A field ' +
      'left out is kept, null or "" clears it; latitude (-90..90) and longitude (-180..180) are given ' +
      'together or not at all (both null clears the position). timezone (IANA, e.g. Asia/Kolkata) is the ' +
      'day the clinic’s date filters mean (health-log since).',
    tags: ['tenants'],
    responses: {
      200: { description: 'the tenant', schema: Data(Tenant) },
    },
    reply: (tenant) => ({ data: tenant }),
  }),
  tenantOperationRoute(listMembers, {
    method: 'GET',
    path: '/api/v1/tenant/:tenant/members',
    description:
      'Active memberships first (oldest first), then pending invitations (status "invited", oldest first), ' +
      'paged as one list: meta.total counts both.',
    tags: ['tenants'],
    responses: { 200: { description: 'members', schema: MemberPage } },
    reply: pageReply,
  }),
  tenantOperationRoute(addMember, {
    method: 'POST',
    path: '/api/v1/tenant/:tenant/members',
    description:
      'An email without an account gets one (name and password required) and an active membership. ' +
      'An email that already has an account is only invited (status "invited"; a password is refused): ' +
      'its owner accepts or declines with POST /me/invitations/{tenant}/accept|decline. Inviting a member ' +
      'or re-inviting a pending invitation is a 422 on email. The role must be offered to the tenant’s ' +
      'business type (see docs/clinic.md).',
    tags: ['tenants'],
    responses: {
      201: {
        description: 'the new member (status active) or the invitation (status invited)',
        schema: Data(Member),
      },
    },
    // Over HTTP an existing account is never attached without its owner's consent: the operation
    // invites it, as it does for any actor but the operator.
    reply: (member) => Reply.json(201, { data: member }),
  }),
  tenantOperationRoute(removeMember, {
    method: 'DELETE',
    path: '/api/v1/tenant/:tenant/members/:user',
    tags: ['tenants'],
    responses: { 204: { description: 'removed' } },
    errors: {
      404: 'The user is neither a member of this tenant nor invited to it',
      422: 'The last tenant_admin cannot be removed',
    },
    pathFields: { user: 'user_id' },
    reply: () => Reply.noContent(),
  }),
];
