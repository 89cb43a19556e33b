// The ownership rules of the clinic's `authenticated` operations (the owner portal): what a
// signed-in account must own, or have been granted, to touch a record. run() checks one with
// `ctx.owns(rule)` before it touches the record; an operation that touches only rows keyed by the
// caller's account declares `ctx.owns('self')` instead. The runner refuses an authenticated
// operation that returns without either (src/core/operation.ts).
//
// | rule                  | the caller must be                                        | else |
// |-----------------------|-----------------------------------------------------------|------|
// | 'self'                | (rows keyed by the caller's own account id)               |  –   |
// | ownedPet(id, 'owner') | the primary owner (their Client row holds the pet)        | 404  |
// | ownedPet(id, 'full')  | the owner or a full-access caregiver                      | 404  |
// | ownedPet(id, 'view')  | the owner or any active caregiver                         | 404  |
// | ownedInvoice(id)      | the owner of the invoice's Client row                     | 404  |
// | heldInvite(token)     | whoever holds the caregiver invite's token (bound to them) | 404  |
// | heldShareCode(code)   | whoever holds an active share code (a read-only preview)  | 404  |
//
// Anyone else gets a 404, so a record's existence never leaks.
import { NotFoundError } from '../core/errors.js';
import { sha256Hex } from '../core/crypto.js';
import { ownershipRule, type OwnershipRule } from '../core/operation.js';
import { lockForUpdate } from '../db/knex.js';
import type { ClinicActor } from './context.js';
import { ownerInvoice } from './gateway/operations/owner-invoice.js';
import { petForCaller, type PetAccess, type PetForCaller } from './pets/access.js';
import { normalizeCode } from './shares/codes.js';
import { shareStatus } from './shares/serialize.js';

type Rule<T> = OwnershipRule<ClinicActor, T>;

const PET_SUBJECTS: Record<PetAccess, string> = {
  owner: 'pet (primary owner)',
  full: 'pet (owner or full-access caregiver)',
  view: 'pet (owner or any caregiver)',
};

/** The pet, for its primary owner or a caregiver with at least `need` (pets/access.ts). */
export function ownedPet(petId: number, need: PetAccess): Rule<PetForCaller> {
  return ownershipRule(PET_SUBJECTS[need], (db, account) => petForCaller(db, account, petId, need));
}

/** One of the caller's invoices (its Client row is theirs), with the tenant's name. */
export function ownedInvoice(invoiceId: number): Rule<Record<string, any>> {
  return ownershipRule('invoice (owner of its Client row)', (db, account) =>
    ownerInvoice(db, account, invoiceId),
  );
}

/** The caregiver invite a token names, locked (the token is the grant; accepting binds it to the caller). */
export function heldInvite(token: string): Rule<Record<string, any>> {
  return ownershipRule('caregiver invite (holder of its token)', async (db) => {
    const row = await lockForUpdate(db('pet_caregivers').where('token_hash', sha256Hex(token)), db).first();
    if (!row) throw new NotFoundError('Invite not found.');
    return row;
  });
}

/** An active share code with its pet and owner's name: any holder may preview it, nothing more. */
export function heldShareCode(code: string, now: Date): Rule<Record<string, any>> {
  return ownershipRule('share code (holder of an active code)', async (db) => {
    const row = await db('pet_shares as s')
      .join('pets as p', 'p.id', 's.pet_id')
      .join('clinic_users as u', 'u.id', 's.owner_user_id')
      .where('s.code', normalizeCode(code))
      .first(
        's.*',
        'p.name as pet_name',
        'p.species',
        'p.breed',
        'p.sex',
        'p.date_of_birth',
        'p.color',
        'u.name as owner_name',
      );
    if (!row || shareStatus(row, now) !== 'active') throw new NotFoundError('Share code not found.');
    return row;
  });
}
