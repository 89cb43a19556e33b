// Input of `wfctl partner add` (yup; field names are the operation's, the CLI maps them to flags).
import { yup } from '../../../core/validation.js';

export const PARTNER_KINDS = ['payroll', 'billing'] as const;

export const addPartnerSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required()
    .max(191)
    .matches(
      /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/,
      ({ path }) => `The ${path} field may hold letters, digits, spaces, dots, dashes and underscores.`,
    ),
  kind: yup
    .string()
    .required()
    .oneOf([...PARTNER_KINDS]),
  push_url: yup
    .string()
    .trim()
    .required()
    .max(1000)
    .test(
      'http-url',
      ({ path }) => `The ${path} field must be an http or https URL.`,
      (v) => v == null || isHttpUrl(v),
    ),
  outbound_token: yup.string().required().max(1000),
  signing_secret: yup.string().required().min(16).max(500),
  organizations: yup.array(yup.string().trim().required()).required().min(1),
});

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
}
