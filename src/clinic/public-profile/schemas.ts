// Request schemas of the public lost-pet tag. Omitted fields keep their value; null clears one.
import { yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';

// Any text: a malformed slug is an unknown tag (404), answered by the handler itself.
export const slugParams = yup.object({ slug: yup.string().required() });

/** The contract's Limits on the tag's own fields. */
export const PUBLIC_PROFILE_LIMITS = {
  microchip_id: 40,
  owner_contact_phone: 40,
  reward_notes: 1000,
} as const;

export const publicProfileSchema = yup.object({
  microchip_id: optionalText(PUBLIC_PROFILE_LIMITS.microchip_id),
  owner_contact_phone: optionalText(PUBLIC_PROFILE_LIMITS.owner_contact_phone),
  reward_notes: optionalText(PUBLIC_PROFILE_LIMITS.reward_notes),
  // The opt-in: a tag with no phone of its own offers the owner's account phone (never the e-mail).
  show_owner_contact: yup.boolean().nonNullable(({ path }) => `The ${path} field must be true or false.`),
});
