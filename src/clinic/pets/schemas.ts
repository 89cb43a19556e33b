// Request schemas of the pet (patient) endpoints. The contract names the pet fields but not the
// bodies: the clinic's store-pet body also needs `client_id` (whose pet it is); the owner's body
// does not (the pet goes under the owner's own Client row). Updates take the same fields, all optional.
import { idNumber, isoDate, yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';
import { pageField } from '../pagination.js';

export const PET_SEXES = ['male', 'female', 'unknown'] as const;

/** Required-or-absent text: may be left out of an update, never emptied. */
const filledText = (max: number) =>
  yup
    .string()
    .trim()
    .max(max)
    .test(
      'filled',
      ({ path }) => `The ${path} field must not be empty.`,
      (v) => v === undefined || v !== '',
    )
    .nonNullable(({ path }) => `The ${path} field must not be null.`);

/** The heaviest weight_kg a pet record holds (the column's DECIMAL(7,2)). */
export const PET_WEIGHT_MAX_KG = 99999.99;

const weightKg = () =>
  yup
    .number()
    .min(0)
    .max(PET_WEIGHT_MAX_KG)
    .nullable()
    .test(
      'two-decimals',
      ({ path }) => `The ${path} field must have at most 2 decimal places.`,
      (v) => v == null || Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
    );

const optionalPetFields = {
  breed: optionalText(120),
  date_of_birth: isoDate()
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .meta({ description: 'YYYY-MM-DD, not in the future' }),
  color: optionalText(64),
  microchip_id: optionalText(40).meta({ description: 'microchip id' }),
  weight_kg: weightKg().meta({ description: 'weight in kg, at most 2 decimals' }),
};

export const ownerStorePetSchema = yup.object({
  name: filledText(255).required().meta({ description: 'the pet’s name' }),
  species: filledText(64).required().meta({ description: 'dog, cat, …' }),
  sex: yup.string().oneOf(PET_SEXES).default('unknown'),
  ...optionalPetFields,
});

export const storePetSchema = ownerStorePetSchema.shape({
  client_id: idNumber().required().meta({ description: 'The client (owner) id the pet belongs to' }),
});
export type StorePetInput = yup.InferType<typeof storePetSchema>;

export const updatePetSchema = yup.object({
  name: filledText(255).optional().meta({ description: 'the pet’s name' }),
  species: filledText(64).optional().meta({ description: 'dog, cat, …' }),
  sex: yup.string().oneOf(PET_SEXES).optional(),
  ...optionalPetFields,
  // Beyond the contract (vaccination reminders): the day the pet died; no reminder is sent about a
  // deceased pet. null clears a date set by mistake.
  deceased_on: isoDate()
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .meta({ description: 'the day the pet died (an extension); null clears it' }),
});

export type PetFields = Partial<Omit<StorePetInput, 'client_id'>> & { deceased_on?: string | null };

export const petListQuery = yup.object({ page: pageField() });
