// POST /devices/{id}/approve and POST /devices/{id}/revoke (additive to the contract): the HTTP
// face of `wfctl device approve|revoke`, for an admin console. Permission employee.update.
import { defineRoute } from '../../core/routes.js';
import { idParam, yup } from '../../core/validation.js';
import { userAccess } from '../identity/access.js';
import { approveDevice, revokeDevice } from './operations/change-device-status.js';
import { deviceJsonSchema } from './serialize.js';

const params = yup.object({ id: idParam() });

export const revokeDeviceSchema = yup.object({
  reason: yup.string().strict().max(1000).nullable().optional(),
});

const resultJsonSchema = {
  type: 'object',
  required: ['device', 'changed', 'previous_status', 'revoked_token_ids'],
  properties: {
    device: deviceJsonSchema,
    changed: { type: 'boolean', description: 'false when the device already had the target status' },
    previous_status: { type: 'string', enum: ['pending', 'approved', 'revoked'] },
    revoked_token_ids: { type: 'array', items: { type: 'integer' } },
  },
};

export const deviceApprovalRoutes = [
  defineRoute<any, unknown, unknown, { id: number }>({
    method: 'POST',
    path: '/api/v1/devices/:id/approve',
    summary: 'Approve a pending device: mobile requests from it are admitted (pending → approved)',
    tags: ['devices'],
    access: userAccess,
    permission: 'employee.update',
    params,
    responses: {
      200: { description: 'approved (changed false when it already was)', schema: resultJsonSchema },
    },
    errors: {
      403: "No employee.update permission in the employee's organization",
      409: 'The device is revoked (terminal)',
    },
    handler: ({ services, principal, params: p }) =>
      approveDevice({ services, actor: principal }, { device_id: p.id }),
  }),
  defineRoute<any, yup.InferType<typeof revokeDeviceSchema>, unknown, { id: number }>({
    method: 'POST',
    path: '/api/v1/devices/:id/revoke',
    summary: "Revoke a device and the employee's tokens bound to it (pending|approved → revoked, terminal)",
    tags: ['devices'],
    access: userAccess,
    permission: 'employee.update',
    params,
    body: revokeDeviceSchema,
    responses: {
      200: { description: 'revoked (changed false when it already was)', schema: resultJsonSchema },
    },
    errors: { 403: "No employee.update permission in the employee's organization" },
    handler: ({ services, principal, params: p, body }) =>
      revokeDevice({ services, actor: principal }, { device_id: p.id }, body.reason ?? null),
  }),
];
