// Request schemas of the tenant endpoints, shared by the HTTP routes and `wfctl tenant`.
import { isValidTimeZone } from '../../core/calendar.js';
import { yup } from '../../core/validation.js';
import { BUSINESS_TYPES, ROLES } from '../identity/roles.js';
import { emailField, nameField, optionalText, passwordField } from '../identity/schemas.js';
import { pageField } from '../pagination.js';

export const SUBSCRIPTION_PLANS = ['trial', 'starter', 'growth', 'premium', 'enterprise'] as const;

/** Lower-case letters, digits and single hyphens, with at least one letter (so it is never an id). */
export const slugField = () =>
  yup
    .string()
    .trim()
    .lowercase()
    .min(2)
    .max(64)
    .matches(
      /^[a-z0-9]+(-[a-z0-9]+)*$/,
      ({ path }) => `The ${path} field may only contain letters, digits and single hyphens.`,
    )
    .test(
      'has-letter',
      ({ path }) => `The ${path} field must contain at least one letter.`,
      (v) => v == null || /[a-z]/.test(v),
    );

/** How far a coordinate of the directory profile may go either side of 0. */
export const COORDINATE_LIMITS = { latitude: 90, longitude: 180 } as const;

/** A coordinate of the directory profile; '' clears it as null does. */
const coordinate = (limit: number) =>
  yup
    .number()
    .min(-limit)
    .max(limit)
    .nullable()
    .transform((v, raw) => (raw === '' ? null : v));

/**
 * Both coordinates or neither: a profile with a latitude and no longitude could never be placed on
 * the map, and one given alone would leave the other from an older position.
 */
function withItsPair(field: 'latitude' | 'longitude') {
  const other = field === 'latitude' ? 'longitude' : 'latitude';
  return [
    'coordinates-together',
    `The ${field} field must be given together with ${other}.`,
    function (this: yup.TestContext, value: unknown) {
      return (
        (value === undefined) === (this.parent[other] === undefined) &&
        (value === null) === (this.parent[other] === null)
      );
    },
  ] as const;
}

/**
 * The clinic's IANA time zone (Asia/Kolkata): the day its date filters and "today" mean. Not part of
 * the directory profile GET /providers shows, but set where the profile is.
 */
export const timezoneField = () =>
  yup
    .string()
    .trim()
    .max(64)
    .test(
      'time-zone',
      ({ path }) => `The ${path} field must be an IANA time zone (e.g. Asia/Kolkata).`,
      (v) => v == null || isValidTimeZone(v),
    )
    .meta({ example: 'Asia/Kolkata' });

/** The directory profile of a tenant (GET /providers reads these columns). */
export const profileFields = {
  description: optionalText(2000),
  city: optionalText(120),
  address: optionalText(500),
  phone: optionalText(40),
  latitude: coordinate(COORDINATE_LIMITS.latitude).test(...withItsPair('latitude')),
  longitude: coordinate(COORDINATE_LIMITS.longitude).test(...withItsPair('longitude')),
};

export const updateProfileSchema = yup.object({ ...profileFields, timezone: timezoneField() });

export const createTenantSchema = yup.object({
  name: nameField().required(),
  slug: slugField().required(),
  email: emailField().required(),
  ...profileFields,
  subscription_plan: yup.string().oneOf(SUBSCRIPTION_PLANS).default('trial'),
  business_type: yup.string().oneOf(BUSINESS_TYPES).default('clinic'),
  timezone: timezoneField().default('UTC'),
  owner_name: nameField().required(),
  owner_email: emailField().required(),
  password: passwordField().required(),
});
export type CreateTenantInput = yup.InferType<typeof createTenantSchema>;

export const addMemberSchema = yup.object({
  email: emailField().required(),
  role: yup.string().oneOf(ROLES).required(),
  // Only for an email without an account yet: the account is created with these.
  name: nameField().optional(),
  password: passwordField().optional(),
});

export const tenantParams = yup.object({
  tenant: yup.string().required().meta({ description: 'tenant id, or its slug' }),
});

export const memberListQuery = yup.object({ page: pageField() });

/** /me/invitations/{tenant}/…: the caller answers the invitation of this tenant (by id only). */
