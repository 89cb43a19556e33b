// Fixtures of the vaccination reminder tests: a clinic with reminders on in a time zone, owners with
// pets and vaccinations recorded through the real API, and the mail delivered to the SMTP server of
// the test (test/helpers/smtp.ts) by the real queue handlers.
import type { ParsedMail } from 'mailparser';
import { workOnce } from '../../../src/core/job-queue.js';
import { jobHandlers } from '../../../src/tasks.js';
import type { TestApp } from '../../helpers/app.js';
import { registerOwner, signup, type SignedUp } from '../fixtures.js';
import { insertPet } from '../owner-docs/fixtures.js';

export async function clinicWithReminders(
  app: TestApp,
  opts: { timezone?: string; settings?: Record<string, unknown> } = {},
): Promise<SignedUp> {
  const clinic = await signup(app, { timezone: opts.timezone ?? 'UTC' });
  const res = await app.clinic.patch(
    `/api/v1/tenant/${clinic.tenant.id}/settings/reminders`,
    { enabled: true, days_before_due: 14, send_hour: 9, ...opts.settings },
    { token: clinic.token },
  );
  if (res.status !== 200) throw new Error(`settings failed: ${res.status} ${res.text}`);
  return clinic;
}

export interface PetOwner {
  userId: number;
  clientId: number;
  email: string;
  token: string;
  petId: number;
}

/** An owner of `clinic` with one pet (`name`) and a vaccination of it due on `due`. */
export async function ownerWithDuePet(
  app: TestApp,
  clinic: SignedUp,
  name: string,
  due: string,
  vaccine = 'Rabies',
): Promise<PetOwner> {
  const owner = await registerOwner(app, clinic.tenant.id);
  const petId = await insertPet(app, owner, { name });
  await vaccinate(app, owner.token, petId, vaccine, due);
  return { ...owner, petId };
}

export async function vaccinate(app: TestApp, token: string, petId: number, name: string, due: string) {
  const res = await app.clinic.post(
    `/api/v1/owner/me/pets/${petId}/vaccinations`,
    { name, administered_at: '2025-06-01', next_due_at: due },
    { token },
  );
  if (res.status !== 201) throw new Error(`vaccination failed: ${res.status} ${res.text}`);
  return Number(res.body.data.id);
}

/** Runs the mail jobs that are due until none is left; what the SMTP server received since. */
export async function deliverAll(app: TestApp): Promise<void> {
  while (await workOnce(app.services, jobHandlers, 'test-worker')) {
    /* one job at a time */
  }
}

/** The one-click link of a received reminder (its text part). */
export function optOutLink(mail: ParsedMail): string {
  const m = /https?:\/\/\S+\/r\/(\S+)/.exec(mail.text ?? '');
  if (!m) throw new Error(`no opt-out link in: ${mail.text}`);
  return m[1];
}

export const toAddress = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '';
