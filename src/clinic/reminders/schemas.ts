// Request schemas of the vaccination reminders (an extension beyond the contract): the tenant's
// settings, the preview's date, the owner's own setting and the opt-out link's token.
import { idNumber, isoDate, yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';

/** How far ahead a reminder looks: a vaccination due within this many days of the run is listed. */
export const MAX_DAYS_BEFORE = 365;

/** The hour a day's reminders go out, on the tenant's own wall clock. */
export const SEND_HOURS = { min: 0, max: 23 } as const;

/** The tenant's `reminders` setting; a field left out is kept. */
export const reminderSettingsSchema = yup.object({
  enabled: yup.boolean(),
  days_before_due: yup.number().integer().min(0).max(MAX_DAYS_BEFORE),
  send_hour: yup
    .number()
    .integer()
    .min(SEND_HOURS.min)
    .max(SEND_HOURS.max)
    .meta({ description: 'the hour (0–23) on the tenant’s own wall clock (its timezone)' }),
  sender_name: optionalText(120).meta({
    description: 'the sender name of the mail; null: the clinic’s name',
  }),
});

export const previewSchema = yup.object({
  tenant_id: idNumber().required(),
  date: isoDate().required().meta({ description: 'the day of the run on the tenant’s wall clock' }),
});

export const ownerReminderSettingsSchema = yup.object({
  include_caregivers: yup
    .boolean()
    .meta({ description: 'copy each reminder to the pet’s full-access caregivers' }),
});

/**
 * The opt-out link's token (ids and a MAC). Any text reaches the operation, which answers anything
 * but one of ours as a forged link (an HTML page, not a params error in JSON).
 */
export const optOutParams = yup.object({ token: yup.string().required() });
