// Order requests: created by an owner (or full-access caregiver) for a pharmacy or retail tenant,
// listed and cancelled on the owner side, and worked through accept → fulfill (or reject) by the
// seller's staff under /tenant/{tenant} with order.read / order.manage.
import type { FieldErrors } from '../../core/errors.js';
import { Reply } from '../../core/reply.js';
import { defineRoute } from '../../core/routes.js';
import { validField } from '../../core/validation.js';
import { httpContext } from '../context.js';
import { clinicUserAccess, tenantRoute } from '../identity/access.js';
import { pageBody, pageSchema } from '../pagination.js';
import { createOrder, sellerProblem } from './operations/create-order.js';
import { cancelOwnerOrder, getOwnerOrder, listOwnerOrders } from './operations/owner-orders.js';
import { listSellerOrders, moveSellerOrder } from './operations/seller-orders.js';
import {
  createOrderSchema,
  orderParams,
  ownerOrderListQuery,
  petParams,
  rejectOrderSchema,
  sellerOrderListQuery,
  tenantOrderParams,
  tenantParams,
  type CreateOrderInput,
} from './schemas.js';
import { ORDER_JSON, serializeOrder } from './serialize.js';

const one = { type: 'object', properties: { data: ORDER_JSON } };
const STATE_422 = 'The order’s status does not allow this move (code ORDER_STATE; errors.status)';

function sellerMove(action: 'accept' | 'fulfill', summary: string) {
  return tenantRoute({
    method: 'POST',
    path: `/api/v1/tenant/:tenant/orders/:order/${action}`,
    summary,
    tags: ['orders'],
    permission: 'order.manage',
    params: tenantOrderParams,
    responses: { 200: { description: 'the order', schema: one } },
    errors: { 404: 'No such order sent to this tenant', 422: STATE_422 },
    handler: async ({ services, principal, params }) => ({
      data: serializeOrder(
        await moveSellerOrder(httpContext(services, principal.userId), {
          tenantId: principal.tenant.id,
          orderId: params.order,
          action,
        }),
      ),
    }),
  });
}

export const orderRoutes = [
  defineRoute<any, CreateOrderInput>({
    method: 'POST',
    path: '/api/v1/owner/me/pets/:pet/orders',
    summary: 'Send an order request to a pharmacy or retail tenant; dispatches SendOrderRequestEmailJob',
    description:
      'Primary owner or full-access caregiver. source_prescription_id is required for a refill and must ' +
      'be a prescription of the pet; item_summary is required for reorder and custom (a refill without one ' +
      'gets the prescription’s items); delivery_address is required for delivery and dropped for pickup.',
    tags: ['orders'],
    access: clinicUserAccess,
    permission: null,
    params: petParams,
    body: createOrderSchema,
    // The seller check needs no pet, so it joins a 422 the schema gives. (Whether a prescription is
    // the pet's is told only once the pet is known to be the caller's, in the operation.)
    crossChecks: async (raw, services): Promise<FieldErrors> => {
      const target = await validField(createOrderSchema, 'target_tenant_id', raw);
      const problem = target === undefined ? null : await sellerProblem(services.db, target);
      return problem ? { target_tenant_id: [problem] } : {};
    },
    responses: { 201: { description: 'the order, status pending', schema: one } },
    errors: { 404: 'The pet does not exist or the caller may not order for it' },
    handler: async ({ services, principal, params, body }) => {
      const order = await createOrder(httpContext(services, principal.userId), {
        ...body,
        petId: params.pet,
        userId: principal.userId,
      });
      return Reply.json(201, { data: serializeOrder(order) });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/orders',
    summary:
      'The caller’s order requests (and their caregivers’ for the caller’s pets), newest first, 30 per page',
    tags: ['orders'],
    access: clinicUserAccess,
    permission: null,
    query: ownerOrderListQuery,
    responses: { 200: { description: 'orders', schema: pageSchema(ORDER_JSON) } },
    handler: async ({ services, principal, query, request }) => {
      const page = await listOwnerOrders(httpContext(services, principal.userId), {
        userId: principal.userId,
        status: query.status,
        petId: query.pet_id,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializeOrder);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/orders/:order',
    summary: 'One order with pet, target_tenant, source_prescription.items and assignee',
    tags: ['orders'],
    access: clinicUserAccess,
    permission: null,
    params: orderParams,
    responses: { 200: { description: 'the order', schema: one } },
    errors: { 404: 'No such order, or another user’s' },
    handler: async ({ services, principal, params }) => ({
      data: serializeOrder(
        await getOwnerOrder(httpContext(services, principal.userId), {
          userId: principal.userId,
          orderId: params.order,
        }),
      ),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/owner/me/orders/:order/cancel',
    summary: 'Cancel a pending or accepted order; cancelled_at set',
    tags: ['orders'],
    access: clinicUserAccess,
    permission: null,
    params: orderParams,
    responses: { 200: { description: 'the cancelled order', schema: one } },
    errors: {
      404: 'No such order, or another user’s',
      422: 'The order is fulfilled, rejected or cancelled (ORDER_STATE)',
    },
    handler: async ({ services, principal, params }) => ({
      data: serializeOrder(
        await cancelOwnerOrder(httpContext(services, principal.userId), {
          userId: principal.userId,
          orderId: params.order,
        }),
      ),
    }),
  }),
  tenantRoute({
    method: 'GET',
    path: '/api/v1/tenant/:tenant/orders',
    summary: 'Order requests sent to the tenant, oldest first, 50 per page; default the open queue',
    description: 'status: one status, or all. Without it: pending and accepted orders.',
    tags: ['orders'],
    permission: 'order.read',
    params: tenantParams,
    query: sellerOrderListQuery,
    responses: { 200: { description: 'orders', schema: pageSchema(ORDER_JSON) } },
    handler: async ({ services, principal, query, request }) => {
      const page = await listSellerOrders(httpContext(services, principal.userId), {
        tenantId: principal.tenant.id,
        status: query.status,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializeOrder);
    },
  }),
  sellerMove('accept', 'Accept a pending order: accepted_at set, assigned to the acting user'),
  tenantRoute({
    method: 'POST',
    path: '/api/v1/tenant/:tenant/orders/:order/reject',
    summary: 'Reject a pending order; the optional reason is kept and shown to the owner',
    tags: ['orders'],
    permission: 'order.manage',
    params: tenantOrderParams,
    body: rejectOrderSchema,
    responses: { 200: { description: 'the order', schema: one } },
    errors: { 404: 'No such order sent to this tenant', 422: STATE_422 },
    handler: async ({ services, principal, params, body }) => ({
      data: serializeOrder(
        await moveSellerOrder(httpContext(services, principal.userId), {
          tenantId: principal.tenant.id,
          orderId: params.order,
          action: 'reject',
          reason: body.reason,
        }),
      ),
    }),
  }),
  sellerMove('fulfill', 'Fulfil an accepted order (terminal; refunds and returns go through invoices)'),
];
