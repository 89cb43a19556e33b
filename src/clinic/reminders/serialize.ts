// Response shapes of the vaccination reminders (an extension beyond the contract).
import {
  Bool,
  DateOnly,
  DateTime,
  Enum,
  Int,
  List,
  Nullable,
  Obj,
  Optional,
  Str,
  type Shape,
  fromRow,
} from '../../core/shape.js';

import type { TenantReminders } from './queries.js';
import { MAX_DAYS_BEFORE, SEND_HOURS } from './schemas.js';

export const ReminderSettings = Obj({
  tenant_id: Int(),
  enabled: Bool(),
  days_before_due: Int({ minimum: 0, maximum: MAX_DAYS_BEFORE }),
  send_hour: Int({ minimum: SEND_HOURS.min, maximum: SEND_HOURS.max }),
  timezone: Str({ description: 'the tenant’s IANA time zone (PATCH /tenant/{tenant}/profile)' }),
  sender_name: Nullable(Str()),
  effective_sender_name: Str({
    description: 'what the mail’s From shows: the sender name, else the clinic’s name',
  }),
});
export type ReminderSettingsView = Shape<typeof ReminderSettings>;

/** One message of a run (or of its preview): one pet, one recipient. */
export const PlannedMessage = Obj({
  pet_id: Int(),
  pet_name: Str(),
  to: Str(),
  role: Enum(['owner', 'caregiver'] as const),
  subject: Str(),
  due: List(Obj({ vaccination_id: Int(), name: Str(), due_on: DateOnly() })),
  mail_id: Optional(Int({ description: 'the outbox row; only when the run really queued it' })),
});
export type PlannedMessage = Shape<typeof PlannedMessage>;

export const ReminderRun = Obj({
  tenant_id: Int(),
  date: DateOnly(),
  enabled: Bool(),
  messages: List(PlannedMessage),
});
export type ReminderRun = Shape<typeof ReminderRun>;

export const ReminderLogEntry = Obj({
  id: Int(),
  pet_id: Int(),
  tenant_id: Int(),
  vaccination_id: Int(),
  vaccination_name: Str(),
  due_on: DateOnly(),
  sent_on: DateOnly(),
  recipients: Int({ minimum: 0 }),
  mail_id: Int(),
  created_at: DateTime(),
});
export type ReminderLogEntry = Shape<typeof ReminderLogEntry>;

/** The reminders sent, newest first (not paginated). */
export const ReminderLog = Obj({ data: List(ReminderLogEntry) });

/** The owner's own setting. */
export const OwnerReminderSettings = Obj({ include_caregivers: Bool() });

export function serializeSettings(s: TenantReminders): ReminderSettingsView {
  return {
    tenant_id: s.tenant_id,
    enabled: s.enabled,
    days_before_due: s.days_before_due,
    send_hour: s.send_hour,
    timezone: s.timezone,
    sender_name: s.sender_name,
    effective_sender_name: s.sender_name ?? s.tenant_name,
  };
}

export function serializeLogEntry(row: Record<string, any>): ReminderLogEntry {
  return fromRow(ReminderLogEntry, row, {
    due_on: String(row.due_on),
    sent_on: String(row.sent_on),
  });
}
