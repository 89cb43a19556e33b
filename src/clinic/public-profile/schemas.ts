// Request schemas of the public lost-pet tag. Omitted fields keep their value; null clears one.
import { idParam, yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';

export const petParams = yup.object({ pet: idParam() });
// Any text: a malformed slug is an unknown tag (404), answered by the handler itself.
export const slugParams = yup.object({ slug: yup.string().required() });

export const publicProfileSchema = yup.object({
  microchip_id: optionalText(40),
  owner_contact_phone: optionalText(40),
  reward_notes: optionalText(1000),
  // The opt-in: a tag with no phone of its own offers the owner's account phone (never the e-mail).
  show_owner_contact: yup.boolean().nonNullable(({ path }) => `The ${path} field must be true or false.`),
});
export type PublicProfileInput = yup.InferType<typeof publicProfileSchema>;
