// Invite a caregiver to a pet (primary owner only). The invite is pending until someone accepts it
// with its 48-character token within INVITE_TTL_DAYS. Only the token's SHA-256 is stored; the
// token itself leaves the system once, in the invite email (./invite-mail.ts), which is written to
// the mail outbox and queued for delivery in the same transaction as the invite.
import { ValidationError } from '../../../core/errors.js';
import { DAY } from '../../../core/clock.js';
import { newTokenSecret } from '../../../core/crypto.js';
import { queueMail } from '../../../core/mailer.js';
import { defineWrite } from '../../../core/operation.js';
import { idNumber } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { ownedPet } from '../../ownership.js';
import { callerId } from '../../pets/access.js';
import { inviteMail } from '../invite-mail.js';
import { CAREGIVER_INVITE_JOB } from '../jobs.js';
import { CAREGIVER_TOKEN_LENGTH, inviteCaregiverSchema } from '../schemas.js';
import { serializeCaregiver, type CaregiverView } from '../serialize.js';

export const INVITE_TTL_DAYS = 7;

export const inviteCaregiver = defineWrite('caregiver.invite', 'authenticated', {
  summary: 'Invite a caregiver by email (primary owner only); dispatches SendCaregiverInviteEmailJob',
  input: inviteCaregiverSchema.shape({ pet_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<CaregiverView> {
    const { db } = ctx;
    const { clock, config } = ctx.services;
    const userId = callerId(ctx);
    const { pet, ownerUserId } = await ctx.owns(ownedPet(input.pet_id, 'owner'));
    const owner = await db('clinic_users').where('id', ownerUserId).first('name', 'email');
    if (String(owner.email).toLowerCase() === input.invited_email) {
      throw ValidationError.field('invited_email', 'You cannot invite your own email address.');
    }
    // Invites of one pet are serialised on the pet row, so one email never gets two open invites.
    await lockForUpdate(db('pets').where('id', pet.id).first('id'), db);
    const now = clock.now();
    const open = await lockForUpdate(
      db('pet_caregivers')
        .where({ pet_id: pet.id, invited_email: input.invited_email })
        .whereNull('revoked_at')
        .where((q) => q.whereNotNull('accepted_at').orWhere('expires_at', '>', toDbTime(now))),
      db,
    ).first('id');
    if (open) {
      throw ValidationError.field(
        'invited_email',
        'This email already has a pending or active invite for this pet; revoke it first.',
      );
    }
    const token = newTokenSecret(CAREGIVER_TOKEN_LENGTH);
    const expiresAt = new Date(now.getTime() + INVITE_TTL_DAYS * DAY);
    const [id] = await db('pet_caregivers').insert({
      pet_id: pet.id,
      invited_by_user_id: userId,
      invited_email: input.invited_email,
      invited_name: input.invited_name ?? null,
      access_level: input.access_level,
      note: input.note ?? null,
      token_hash: token.hash,
      expires_at: toDbTime(expiresAt),
      created_at: toDbTime(now),
      updated_at: toDbTime(now),
    });
    const clinic = await db('tenants').where('id', pet.tenant_id).first('id', 'name');
    const mail = inviteMail({
      clinic: { id: Number(clinic.id), name: clinic.name },
      inviteeName: input.invited_name ?? null,
      ownerName: owner.name,
      petName: pet.name,
      species: pet.species,
      accessLevel: input.access_level,
      note: input.note ?? null,
      token: token.plain,
      publicUrl: config.clinic.publicUrl,
      expiresAt,
    });
    const mailId = await queueMail(db, ctx.services, {
      ...mail,
      to: input.invited_email,
      tenant: { id: Number(clinic.id), name: clinic.name },
      job: CAREGIVER_INVITE_JOB,
    });
    ctx.audit({
      scopeId: Number(pet.tenant_id),
      action: 'caregiver.invited',
      subjectType: 'pet_caregiver',
      subjectId: Number(id),
      details: { pet_id: pet.id, access_level: input.access_level, mail_id: mailId },
    });
    return serializeCaregiver(await db('pet_caregivers').where('id', id).first(), now);
  },
});
