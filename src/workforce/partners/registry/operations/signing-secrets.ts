// Rotation of a partner's signing secret, without a moment when its receiver cannot verify a push:
// `partner-secret.rotate` stores the next secret (pushes then carry two v1= signatures, current
// first, signature.ts), the partner installs it, and `partner-secret.promote` makes it the only one
// (the old secret is gone). `partner-secret.show` tells an operator which secret is which by
// fingerprint: the first 12 hex digits of its SHA-256. A secret itself is never returned, printed,
// logged or audited (the audit entries carry fingerprints).
import type { Knex } from 'knex';
import { ConflictError, ValidationError } from '../../../../core/errors.js';
import { sha256Hex } from '../../../../core/crypto.js';
import { defineRead, defineWrite } from '../../../../core/operation.js';
import { yup } from '../../../../core/validation.js';
import { lockForUpdate } from '../../../../db/knex.js';
import { toDbTime } from '../../../../db/time.js';
import type { WorkforceRun } from '../../../context.js';
import { findPartner } from '../lookup.js';

export interface SigningSecrets {
  partner: string;
  current: { fingerprint: string };
  /** The secret that also signs pushes until it is promoted; null outside a rotation. */
  next: { fingerprint: string } | null;
}

/** The first 12 hex digits of the secret's SHA-256: enough to tell secrets apart, useless to sign. */
export function secretFingerprint(secret: string): string {
  return sha256Hex(secret).slice(0, 12);
}

const partnerRef = yup.string().trim().required().max(191);

async function lockedPartner(db: Knex, ref: string) {
  const { id } = await findPartner(db, ref);
  // Row lock: two rotations (or a rotation and a promotion) of one partner run one after the other.
  return lockForUpdate(db('partners').where({ id }), db).first(
    'id',
    'name',
    'signing_secret',
    'next_signing_secret',
  );
}

interface PartnerSecrets {
  name: string;
  signing_secret: string;
  next_signing_secret: string | null;
}

function secretsOf(row: PartnerSecrets): SigningSecrets {
  return {
    partner: row.name,
    current: { fingerprint: secretFingerprint(row.signing_secret) },
    next: row.next_signing_secret ? { fingerprint: secretFingerprint(row.next_signing_secret) } : null,
  };
}

/**
 * Writes the changed secrets of the locked partner and audits the change by fingerprint (never the
 * secrets); the answer is the fingerprints as they now stand.
 */
async function storeSecrets(
  ctx: WorkforceRun,
  row: PartnerSecrets & { id: number },
  changes: Partial<PartnerSecrets>,
  action: string,
  details: Record<string, string | null>,
): Promise<SigningSecrets> {
  await ctx
    .db('partners')
    .where({ id: row.id })
    .update({ ...changes, updated_at: toDbTime(ctx.services.clock.now()) });
  const result = secretsOf({ ...row, ...changes });
  ctx.audit({
    action,
    subjectType: 'partner',
    subjectId: Number(row.id),
    scopeId: null,
    details: { current_fingerprint: result.current.fingerprint, ...details },
  });
  return result;
}

export const rotateSigningSecret = defineWrite('partner-secret.rotate', 'system.admin', {
  summary: 'Store the next signing secret of a partner; pushes are signed with both until it is promoted',
  input: yup.object({
    partner: partnerRef,
    // Same rule as partner.add's signing_secret.
    next_signing_secret: yup.string().required().min(16).max(500),
  }),
  async run(ctx: WorkforceRun, input): Promise<SigningSecrets> {
    const row = await lockedPartner(ctx.db, input.partner);
    if (input.next_signing_secret === row.signing_secret) {
      throw ValidationError.field(
        'next_signing_secret',
        'The next signing secret must differ from the current one.',
      );
    }
    const next = input.next_signing_secret;
    return storeSecrets(ctx, row, { next_signing_secret: next }, 'partner.signing_secret_rotated', {
      next_fingerprint: secretFingerprint(next),
      replaced_next_fingerprint: row.next_signing_secret ? secretFingerprint(row.next_signing_secret) : null,
    });
  },
});

export const promoteSigningSecret = defineWrite('partner-secret.promote', 'system.admin', {
  summary: 'Make the next signing secret of a partner the current one; the old secret is discarded',
  input: yup.object({ partner: partnerRef }),
  async run(ctx: WorkforceRun, input): Promise<SigningSecrets> {
    const row = await lockedPartner(ctx.db, input.partner);
    if (!row.next_signing_secret) {
      throw new ConflictError(
        `Partner ${row.name} has no next signing secret to promote; store one with \`wfctl partner secret rotate\`.`,
        'NO_NEXT_SECRET',
      );
    }
    const promoted = { signing_secret: row.next_signing_secret, next_signing_secret: null };
    return storeSecrets(ctx, row, promoted, 'partner.signing_secret_promoted', {
      discarded_fingerprint: secretFingerprint(row.signing_secret),
    });
  },
});

export const showSigningSecrets = defineRead('partner-secret.show', 'system.admin', {
  summary: 'Fingerprints of the signing secrets of a partner (never the secrets)',
  input: yup.object({ partner: partnerRef }),
  async run(ctx: WorkforceRun, input): Promise<SigningSecrets> {
    const { id } = await findPartner(ctx.db, input.partner);
    const row = await ctx.db('partners').where({ id }).first('name', 'signing_secret', 'next_signing_secret');
    return secretsOf(row);
  },
});
