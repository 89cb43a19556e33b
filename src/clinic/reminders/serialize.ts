// Response shapes of the vaccination reminders and their JSON Schemas.
import { isoOrNull } from '../../db/time.js';
import type { TenantReminders } from './queries.js';

export function serializeSettings(s: TenantReminders) {
  return {
    tenant_id: s.tenant_id,
    enabled: s.enabled,
    days_before_due: s.days_before_due,
    send_hour: s.send_hour,
    timezone: s.timezone,
    sender_name: s.sender_name,
    /** What the mail's From shows: the sender name, else the clinic's name. */
    effective_sender_name: s.sender_name ?? s.tenant_name,
  };
}
export type ReminderSettingsView = ReturnType<typeof serializeSettings>;

export const SETTINGS_JSON = {
  type: 'object',
  required: ['tenant_id', 'enabled', 'days_before_due', 'send_hour', 'timezone'],
  properties: {
    tenant_id: { type: 'integer' },
    enabled: { type: 'boolean' },
    days_before_due: { type: 'integer', minimum: 0 },
    send_hour: { type: 'integer', minimum: 0, maximum: 23 },
    timezone: { type: 'string', description: 'the tenant’s IANA time zone (PATCH /tenant/{tenant}/profile)' },
    sender_name: { type: 'string', nullable: true },
    effective_sender_name: { type: 'string' },
  },
};

/** One message of a run (or of its preview): one pet, one recipient. */
export interface PlannedMessage {
  pet_id: number;
  pet_name: string;
  to: string;
  role: 'owner' | 'caregiver';
  subject: string;
  due: Array<{ vaccination_id: number; name: string; due_on: string }>;
  /** The outbox row; only when the run really queued it. */
  mail_id?: number;
}

export interface ReminderRun {
  tenant_id: number;
  date: string;
  enabled: boolean;
  messages: PlannedMessage[];
}

const due = {
  type: 'object',
  properties: {
    vaccination_id: { type: 'integer' },
    name: { type: 'string' },
    due_on: { type: 'string', format: 'date' },
  },
};

export const RUN_JSON = {
  type: 'object',
  properties: {
    tenant_id: { type: 'integer' },
    date: { type: 'string', format: 'date' },
    enabled: { type: 'boolean' },
    messages: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          pet_id: { type: 'integer' },
          pet_name: { type: 'string' },
          to: { type: 'string' },
          role: { type: 'string', enum: ['owner', 'caregiver'] },
          subject: { type: 'string' },
          due: { type: 'array', items: due },
          mail_id: { type: 'integer' },
        },
      },
    },
  },
};

export function serializeLogEntry(row: Record<string, any>) {
  return {
    id: Number(row.id),
    pet_id: Number(row.pet_id),
    tenant_id: Number(row.tenant_id),
    vaccination_id: Number(row.vaccination_id),
    vaccination_name: row.vaccination_name,
    due_on: String(row.due_on),
    sent_on: String(row.sent_on),
    recipients: Number(row.recipients),
    mail_id: Number(row.mail_id),
    created_at: isoOrNull(row.created_at),
  };
}
export type ReminderLogEntry = ReturnType<typeof serializeLogEntry>;

export const LOG_JSON = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          pet_id: { type: 'integer' },
          tenant_id: { type: 'integer' },
          vaccination_id: { type: 'integer' },
          vaccination_name: { type: 'string' },
          due_on: { type: 'string', format: 'date' },
          sent_on: { type: 'string', format: 'date' },
          recipients: { type: 'integer' },
          mail_id: { type: 'integer' },
          created_at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
};

export const OWNER_SETTINGS_JSON = {
  type: 'object',
  properties: { data: { type: 'object', properties: { include_caregivers: { type: 'boolean' } } } },
};
