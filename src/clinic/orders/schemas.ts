// Request schemas of the order endpoints (owner side and seller side).
import { idNumber, yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';
import { pageField } from '../pagination.js';

export const ORDER_STATUSES = ['pending', 'accepted', 'fulfilled', 'rejected', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_KINDS = ['refill', 'reorder', 'custom'] as const;
export const DELIVERY_PREFERENCES = ['pickup', 'delivery'] as const;

export const createOrderSchema = yup.object({
  target_tenant_id: idNumber().required(),
  kind: yup
    .string()
    .oneOf([...ORDER_KINDS])
    .required(),
  source_prescription_id: idNumber()
    .nullable()
    .when('kind', {
      is: 'refill',
      then: (s) => s.required(({ path }) => `The ${path} field is required when kind is refill.`),
    }),
  item_summary: optionalText(2000).when('kind', {
    is: (kind: unknown) => kind === 'reorder' || kind === 'custom',
    then: (s) => s.required(({ path }) => `The ${path} field is required when kind is reorder or custom.`),
  }),
  delivery_preference: yup
    .string()
    .oneOf([...DELIVERY_PREFERENCES])
    .required(),
  delivery_address: optionalText(500).when('delivery_preference', {
    is: 'delivery',
    then: (s) =>
      s.required(({ path }) => `The ${path} field is required when delivery_preference is delivery.`),
  }),
  notes: optionalText(2000),
});

export const ownerOrderListQuery = yup.object({
  status: yup.string().oneOf([...ORDER_STATUSES]),
  pet_id: idNumber(),
  page: pageField(),
});

export const sellerOrderListQuery = yup.object({
  status: yup
    .string()
    .oneOf([...ORDER_STATUSES, 'all'])
    .meta({ description: 'a status, or all; default: the open queue (pending and accepted)' }),
  page: pageField(),
});

export const rejectOrderSchema = yup.object({ reason: optionalText(2000) });
