// The pet fields `wfctl pet create` and `wfctl pet update` take as flags, each filling its input field.
import { PET_SEXES } from '../../../clinic/pets/schemas.js';
import type { FlagSpec } from '../../command.js';

export const petFieldFlags: FlagSpec[] = [
  { flags: '--name <name>', description: 'the pet’s name', field: 'name' },
  { flags: '--species <species>', description: 'dog, cat, …', field: 'species' },
  { flags: '--sex <sex>', description: `one of ${PET_SEXES.join(', ')}`, field: 'sex' },
  { flags: '--breed <breed>', description: 'breed', field: 'breed' },
  { flags: '--date-of-birth <date>', description: 'YYYY-MM-DD, not in the future', field: 'date_of_birth' },
  { flags: '--color <color>', description: 'color', field: 'color' },
  { flags: '--microchip <id>', description: 'microchip id', field: 'microchip_id' },
  { flags: '--weight <kg>', description: 'weight in kg, at most 2 decimals', field: 'weight_kg' },
];
