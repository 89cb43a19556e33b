// Query schemas of the provider directory.
import { yup } from '../../core/validation.js';
import { pageField } from '../pagination.js';

export const PROVIDER_FILTERS = ['clinic', 'groomer', 'breeder', 'trainer', 'all'] as const;
const GEO = ['latitude', 'longitude', 'radius_km'] as const;

/** The three geographic parameters go together: each one present requires the other two. */
function together(field: (typeof GEO)[number]) {
  const others = GEO.filter((f) => f !== field);
  return [
    'geo-together',
    `The ${field} field is required when ${others.join(' or ')} is present.`,
    function (this: yup.TestContext, value: unknown) {
      return value != null || others.every((f) => this.parent[f] == null);
    },
  ] as const;
}

export const providerListQuery = yup.object({
  q: yup.string().trim().max(100).optional(),
  business_type: yup.string().oneOf(PROVIDER_FILTERS).default('all'),
  latitude: yup
    .number()
    .min(-90)
    .max(90)
    .test(...together('latitude')),
  longitude: yup
    .number()
    .min(-180)
    .max(180)
    .test(...together('longitude')),
  radius_km: yup
    .number()
    .moreThan(0)
    .max(20000)
    .test(...together('radius_km')),
  page: pageField(),
});
export type ProviderListQuery = yup.InferType<typeof providerListQuery>;

export const providerParams = yup.object({ tenant: yup.string().required() });
