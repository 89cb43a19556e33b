// POST /devices/{id}/approve and POST /devices/{id}/revoke (additive to the contract): the HTTP
// face of `wfctl device approve|revoke`, for an admin console. Permission employee.update.
import { operationRoute } from '../operation-route.js';
import { approveDevice, revokeDevice } from './operations/change-device-status.js';
import { DeviceStatusChange } from './serialize.js';

export const deviceApprovalRoutes = [
  operationRoute(approveDevice, {
    method: 'POST',
    path: '/api/v1/devices/:id/approve',
    tags: ['devices'],
    responses: {
      200: { description: 'approved (changed false when it already was)', schema: DeviceStatusChange },
    },
    errors: {
      403: "No employee.update permission in the employee's organization",
      409: 'The device is revoked (terminal)',
    },
    pathFields: { id: 'device_id' },
  }),
  operationRoute(revokeDevice, {
    method: 'POST',
    path: '/api/v1/devices/:id/revoke',
    tags: ['devices'],
    responses: {
      200: { description: 'revoked (changed false when it already was)', schema: DeviceStatusChange },
    },
    errors: { 403: "No employee.update permission in the employee's organization" },
    pathFields: { id: 'device_id' },
  }),
];
