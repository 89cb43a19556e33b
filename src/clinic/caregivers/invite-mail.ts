// The caregiver invite email, in plain text and HTML. The 48-character token is the code the
// invitee needs: it leaves the system only here. The instructions are the contract's own route
// (POST /caregivers/accept with the token and the invitee's bearer token), and how to get an
// account at the pet's clinic first (POST /auth/owner/register with its tenant_id).
import { htmlMail } from '../../core/mail-html.js';

export interface InviteMailFacts {
  clinic: { id: number; name: string };
  inviteeName: string | null;
  ownerName: string;
  petName: string;
  species: string;
  accessLevel: string;
  note: string | null;
  token: string;
  publicUrl: string;
  expiresAt: Date;
}

export function inviteMail(v: InviteMailFacts): { subject: string; text: string; html: string } {
  const what = v.accessLevel === 'full' ? 'view and update' : 'view';
  const acceptUrl = `${v.publicUrl}/api/v1/caregivers/accept`;
  const registerUrl = `${v.publicUrl}/api/v1/auth/owner/register`;
  const hello = `Hello${v.inviteeName ? ` ${v.inviteeName}` : ''},`;
  const intro =
    `${v.ownerName} invited you to help care for ${v.petName} (${v.species}) at ${v.clinic.name}: ` +
    `you will be able to ${what} ${v.petName}'s records in the pet owner app.`;
  const accept = 'To accept, sign in to the app (or create an account) and enter this invite code:';
  const api = `With the API: POST ${acceptUrl} with the body {"token": "<code>"} and the header "Authorization: Bearer <your token>" (from POST ${v.publicUrl}/api/v1/auth/login).`;
  const register = `No account yet? Register at ${v.clinic.name} first: POST ${registerUrl} with name, email, password, password_confirmation and "tenant_id": ${v.clinic.id}.`;
  const expiry = `The invite expires on ${v.expiresAt.toISOString()}. If you were not expecting it, ignore this email.`;
  const text = [
    hello,
    '',
    intro,
    ...(v.note ? ['', `Note from ${v.ownerName}:`, v.note] : []),
    '',
    accept,
    '',
    `    ${v.token}`,
    '',
    api,
    register,
    '',
    expiry,
  ].join('\n');
  const html = htmlMail(`${v.ownerName} invited you`, v.clinic.name, [
    { p: hello },
    { p: intro },
    ...(v.note ? [{ p: `Note from ${v.ownerName}:\n${v.note}` }] : []),
    { p: accept },
    { code: v.token },
    { small: api },
    { small: register },
    { small: expiry },
  ]);
  return { subject: `${v.ownerName} invited you to help care for ${v.petName}`, text, html };
}
