// Tenant sign-up, the tenant dashboard and tenant membership.
import { Reply } from '../../core/reply.js';
import { defineRoute, publicAccess } from '../../core/routes.js';
import { validField } from '../../core/validation.js';
import { httpContext } from '../context.js';
import { tenantRoute } from '../identity/access.js';
import { serializeUser, USER_JSON } from '../identity/serialize.js';
import { pageBody, pageSchema } from '../pagination.js';
import { takenFields } from '../uniqueness.js';
import { addMember } from './operations/add-member.js';
import { createTenant, tenantUniqueChecks } from './operations/create-tenant.js';
import { getDashboard } from './operations/get-dashboard.js';
import { listMembers } from './operations/list-members.js';
import { removeMember } from './operations/remove-member.js';
import {
  addMemberSchema,
  createTenantSchema,
  memberListQuery,
  memberParams,
  tenantParams,
  type AddMemberInput,
  type CreateTenantInput,
} from './schemas.js';
import { MEMBER_JSON, serializeMember, serializeTenant, TENANT_JSON } from './serialize.js';

const count = { type: 'integer', minimum: 0 };

export const tenantRoutes = [
  defineRoute<null, CreateTenantInput>({
    method: 'POST',
    path: '/api/v1/tenants',
    summary: 'Sign up a tenant with its first user, who becomes its tenant_admin',
    description:
      'Public self-service sign-up, rate-limited per IP (TENANT_SIGNUP_RATE_LIMIT_PER_HOUR, default 30). ' +
      'slug and email are unique among tenants, owner_email among all users: a duplicate is a 422 naming ' +
      'the field, also when two sign-ups race. The slug is stored lower-case and must contain a letter.',
    tags: ['tenants'],
    access: publicAccess,
    permission: null,
    body: createTenantSchema,
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
        schema: {
          type: 'object',
          properties: { data: { type: 'object', properties: { tenant: TENANT_JSON, user: USER_JSON } } },
        },
      },
    },
    handler: async ({ services, body }) => {
      const created = await createTenant(httpContext(services, null), body);
      return Reply.json(201, {
        data: { tenant: serializeTenant(created.tenant), user: serializeUser(created.user) },
      });
    },
  }),
  tenantRoute({
    method: 'GET',
    path: '/api/v1/tenant/:tenant/dashboard',
    summary: 'The tenant and the counts of its pets, clients, appointments and pending invoices',
    description: 'A pending invoice is any invoice whose status is not paid, voided or estimate.',
    tags: ['tenants'],
    permission: null,
    params: tenantParams,
    responses: {
      200: {
        description: 'dashboard',
        schema: {
          type: 'object',
          properties: {
            data: {
              type: 'object',
              properties: {
                tenant: TENANT_JSON,
                stats: {
                  type: 'object',
                  properties: {
                    pets_count: count,
                    clients_count: count,
                    appointments_count: count,
                    pending_invoices_count: count,
                  },
                },
              },
            },
          },
        },
      },
    },
    handler: async ({ services, principal }) => ({
      data: {
        tenant: serializeTenant(principal.tenant),
        stats: await getDashboard(httpContext(services, principal.userId), { tenantId: principal.tenant.id }),
      },
    }),
  }),
  tenantRoute({
    method: 'GET',
    path: '/api/v1/tenant/:tenant/members',
    summary: 'The members of the tenant with their roles, then its pending invitations, 50 per page',
    description:
      'Active memberships first (oldest first), then pending invitations (status "invited", oldest first), ' +
      'paged as one list: meta.total counts both.',
    tags: ['tenants'],
    permission: null,
    params: tenantParams,
    query: memberListQuery,
    responses: { 200: { description: 'members', schema: pageSchema(MEMBER_JSON) } },
    handler: async ({ services, principal, query, request }) => {
      const page = await listMembers(httpContext(services, principal.userId), {
        tenantId: principal.tenant.id,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializeMember);
    },
  }),
  tenantRoute<AddMemberInput>({
    method: 'POST',
    path: '/api/v1/tenant/:tenant/members',
    summary: 'Add a new staff account to the tenant, or invite an existing account',
    description:
      'An email without an account gets one (name and password required) and an active membership. ' +
      'An email that already has an account is only invited (status "invited"; a password is refused): ' +
      'its owner accepts or declines with POST /me/invitations/{tenant}/accept|decline. Inviting a member ' +
      'or re-inviting a pending invitation is a 422 on email. The role must be offered to the tenant’s ' +
      'business type (see docs/clinic.md).',
    tags: ['tenants'],
    permission: 'member.manage',
    params: tenantParams,
    body: addMemberSchema,
    responses: {
      201: {
        description: 'the new member (status active) or the invitation (status invited)',
        schema: { type: 'object', properties: { data: MEMBER_JSON } },
      },
    },
    handler: async ({ services, principal, body }) => {
      const member = await addMember(
        httpContext(services, principal.userId),
        { ...body, tenantId: principal.tenant.id },
        // Over HTTP an existing account is never attached without its owner's consent.
        { invite: true },
      );
      return Reply.json(201, { data: serializeMember(member) });
    },
  }),
  tenantRoute({
    method: 'DELETE',
    path: '/api/v1/tenant/:tenant/members/:user',
    summary: 'Remove a user from the tenant (the account stays), or cancel their pending invitation',
    tags: ['tenants'],
    permission: 'member.manage',
    params: memberParams,
    responses: { 204: { description: 'removed' } },
    errors: {
      404: 'The user is neither a member of this tenant nor invited to it',
      422: 'The last tenant_admin cannot be removed',
    },
    handler: async ({ services, principal, params }) => {
      await removeMember(httpContext(services, principal.userId), {
        tenantId: principal.tenant.id,
        userId: params.user,
      });
      return Reply.noContent();
    },
  }),
];
