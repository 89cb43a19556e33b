// Order requests: created by an owner (or full-access caregiver) for a pharmacy or retail tenant,
// listed and cancelled on the owner side, and worked through accept → fulfill (or reject) by the
// seller's staff under /tenant/{tenant} with order.read / order.manage.
import type { FieldErrors } from '../../core/errors.js';
import { Reply } from '../../core/reply.js';
import { Data } from '../../core/shape.js';
import { validField } from '../../core/validation.js';
import { clinicOperationRoute, tenantOperationRoute } from '../operation-route.js';
import { pageReply } from '../pagination.js';
import { createOwnerOrder, sellerProblem } from './operations/create-order.js';
import { cancelOwnerOrder, getOwnerOrder, listOwnerOrders } from './operations/owner-orders.js';
import { acceptOrder, fulfillOrder, listOrders, rejectOrder } from './operations/seller-orders.js';
import { createOrderSchema } from './schemas.js';
import { Order, OrderPage } from './serialize.js';

const one = Data(Order);
const STATE_422 = 'The order’s status does not allow this move (code ORDER_STATE; errors.status)';

function sellerMove(op: typeof acceptOrder | typeof fulfillOrder, action: 'accept' | 'fulfill') {
  return tenantOperationRoute(op, {
    method: 'POST',
    path: `/api/v1/tenant/:tenant/orders/:order/${action}`,
    tags: ['orders'],
    responses: { 200: { description: 'the order', schema: one } },
    errors: { 404: 'No such order sent to this tenant', 422: STATE_422 },
    pathFields: { order: 'order_id' },
    reply: (move) => ({ data: move.order }),
  });
}

export const orderRoutes = [
  clinicOperationRoute(createOwnerOrder, {
    method: 'POST',
    path: '/api/v1/owner/me/pets/:pet/orders',
    description:
      'Primary owner or full-access caregiver. source_prescription_id is required for a refill and must ' +
      'be a prescription of the pet; item_summary is required for reorder and custom (a refill without one ' +
      'gets the prescription’s items); delivery_address is required for delivery and dropped for pickup.',
    tags: ['orders'],
    // The seller check needs no pet, so it joins a 422 the schema gives. (Whether a prescription is
    // the pet's is told only once the pet is known to be the caller's, in the operation.)
    crossChecks: async (raw, services): Promise<FieldErrors> => {
      const target = await validField(createOrderSchema, 'target_tenant_id', raw);
      const problem = target === undefined ? null : await sellerProblem(services.db, target);
      return problem ? { target_tenant_id: [problem] } : {};
    },
    responses: { 201: { description: 'the order, status pending', schema: one } },
    errors: { 404: 'The pet does not exist or the caller may not order for it' },
    pathFields: { pet: 'pet_id' },
    reply: (order) => Reply.json(201, { data: order }),
  }),
  clinicOperationRoute(listOwnerOrders, {
    method: 'GET',
    path: '/api/v1/owner/me/orders',
    tags: ['orders'],
    responses: { 200: { description: 'orders', schema: OrderPage } },
    reply: pageReply,
  }),
  clinicOperationRoute(getOwnerOrder, {
    method: 'GET',
    path: '/api/v1/owner/me/orders/:order',
    tags: ['orders'],
    responses: { 200: { description: 'the order', schema: one } },
    errors: { 404: 'No such order, or another user’s' },
    pathFields: { order: 'order_id' },
    reply: (order) => ({ data: order }),
  }),
  clinicOperationRoute(cancelOwnerOrder, {
    method: 'POST',
    path: '/api/v1/owner/me/orders/:order/cancel',
    tags: ['orders'],
    responses: { 200: { description: 'the cancelled order', schema: one } },
    errors: {
      404: 'No such order, or another user’s',
      422: 'The order is fulfilled, rejected or cancelled (ORDER_STATE)',
    },
    pathFields: { order: 'order_id' },
    reply: (order) => ({ data: order }),
  }),
  tenantOperationRoute(listOrders, {
    method: 'GET',
    path: '/api/v1/tenant/:tenant/orders',
    description: 'status: one status, or all. Without it: pending and accepted orders.',
    tags: ['orders'],
    responses: { 200: { description: 'orders', schema: OrderPage } },
    reply: pageReply,
  }),
  sellerMove(acceptOrder, 'accept'),
  tenantOperationRoute(rejectOrder, {
    method: 'POST',
    path: '/api/v1/tenant/:tenant/orders/:order/reject',
    tags: ['orders'],
    responses: { 200: { description: 'the order', schema: one } },
    errors: { 404: 'No such order sent to this tenant', 422: STATE_422 },
    pathFields: { order: 'order_id' },
    reply: (move) => ({ data: move.order }),
  }),
  sellerMove(fulfillOrder, 'fulfill'),
];
