// The OpenAPI 3 document of a listener, derived from its route table: request schemas come from
// the same yup schemas that validate requests, so the description cannot drift from behaviour.
import type { TSchema } from '@sinclair/typebox';
import type { AnySchema } from 'yup';
import type { Route } from '../core/routes.js';
import { jsonSchema } from '../core/shape.js';
import { ErrorBody } from './respond.js';

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

type Json = Record<string, unknown>;

const STANDARD_ERRORS: Record<number, string> = {
  400: 'Malformed JSON body',
  401: 'Missing, invalid, expired or revoked token',
  403: 'Authenticated but not permitted',
  404: 'Not found, or not visible to the caller',
  409: 'Conflict with the current state, or an Idempotency-Key still running',
  413: 'Request body too large',
  415: 'Request body is not JSON',
  422: 'Validation failed; errors names each field',
  423: 'Mobile device not approved',
  429: 'Rate limit exceeded; see Retry-After',
  500: 'Internal error (a bug: code INTERNAL, no details; the request changed nothing)',
  503: 'The database is unavailable (code DATABASE_UNAVAILABLE), or every database connection is busy (code SERVER_BUSY); retry after Retry-After seconds',
};

export function buildOpenApi(info: OpenApiInfo, routes: Route[]): Json {
  const paths: Record<string, Json> = {};
  const schemes = new Set<string>();
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    const op: Json = {
      summary: route.summary,
      operationId: operationId(route),
      tags: route.tags ?? [],
      'x-access': route.access.name,
      'x-permission': route.permission,
    };
    if (route.description) op.description = route.description;
    if (route.extension) op['x-wfctl-extension'] = true;
    if (route.access.securityScheme) {
      schemes.add(route.access.securityScheme);
      op.security = [{ [route.access.securityScheme]: [] }];
    } else {
      op.security = [];
    }
    const parameters: Json[] = [];
    for (const name of route.path.match(/:([A-Za-z_][A-Za-z0-9_]*)/g) ?? []) {
      const n = name.slice(1);
      const field = route.params ? (route.params.describe().fields as Json)[n] : undefined;
      parameters.push({
        name: n,
        in: 'path',
        required: true,
        schema: field ? toJsonSchema(field as any) : { type: 'string' },
      });
    }
    if (route.query) {
      const desc = route.query.describe() as any;
      for (const [n, field] of Object.entries(desc.fields as Json)) {
        parameters.push({
          name: n,
          in: 'query',
          required: !(field as any).optional,
          schema: toJsonSchema(field as any),
        });
      }
    }
    if (route.method !== 'GET' && route.idempotent !== false) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', maxLength: 191 },
        description: 'Same key, caller and body within the window replays the stored response.',
      });
    }
    if (parameters.length) op.parameters = parameters;
    if (route.body) {
      op.requestBody = {
        required: true,
        content: {
          [route.multipart ? 'multipart/form-data' : 'application/json']: {
            schema: toJsonSchema((route.body as AnySchema).describe() as any),
          },
        },
      };
    }
    const responses: Json = {};
    for (const [status, spec] of Object.entries(route.responses)) {
      responses[status] = {
        description: spec.description,
        ...(spec.schema || spec.contentType || spec.contentTypes
          ? {
              content: Object.fromEntries(
                (spec.contentTypes ?? [spec.contentType ?? 'application/json']).map((type) => [
                  type,
                  { schema: spec.schema ? jsonSchema(spec.schema as TSchema) : { type: 'string' } },
                ]),
              ),
            }
          : {}),
      };
    }
    const errorStatuses = new Set<number>(route.access.failureStatuses);
    if (route.body || route.query) errorStatuses.add(422);
    // A multipart route answers an oversized file with a 422 naming it, never a 413. Every write
    // route reads its body (JSON unless multipart) whether or not it declares one.
    if (route.body || route.method !== 'GET')
      [400, route.multipart ? 422 : 413, 415].forEach((s) => errorStatuses.add(s));
    // Idempotency-Key: a key still running (or abandoned) is a 409; one reused with another body,
    // or longer than 191 characters, a 422.
    if (route.method !== 'GET' && route.idempotent !== false) [409, 422].forEach((s) => errorStatuses.add(s));
    // A permission is checked inside the caller's scope: missing it is a 403, a record (or an
    // organization named in the body or query) outside the scope a 404, never a leak.
    // (public and authenticated operations check no permission of their own.)
    if (route.permission && route.permission !== 'public' && route.permission !== 'authenticated')
      [403, 404].forEach((s) => errorStatuses.add(s));
    if (route.rateLimit) errorStatuses.add(429);
    if (route.params) errorStatuses.add(404);
    for (const s of Object.keys(route.errors ?? {})) errorStatuses.add(Number(s));
    // Every route reads the database (the token, the records): while it is away, a 503. Any route
    // can meet a bug: a 500 whose body says nothing of it, and whose transaction rolled back.
    errorStatuses.add(503);
    errorStatuses.add(500);
    for (const s of [...errorStatuses].sort()) {
      if (responses[String(s)]) continue; // the route's own description of that status stands
      responses[String(s)] = {
        description: route.errors?.[s] ?? STANDARD_ERRORS[s] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    op.responses = responses;
    (paths[path] ??= {})[route.method.toLowerCase()] = op;
  }
  const securitySchemes: Json = {};
  for (const s of schemes) securitySchemes[s] = { type: 'http', scheme: 'bearer' };
  return {
    openapi: '3.0.3',
    info,
    servers: [{ url: '/' }],
    paths,
    components: { schemas: { Error: jsonSchema(ErrorBody) }, securitySchemes },
  };
}

function operationId(route: Route): string {
  return (route.method.toLowerCase() + route.path.replace(/^\/api\/v1/, ''))
    .replace(/:([A-Za-z_]+)/g, 'By_$1')
    .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''));
}

interface Description {
  type: string;
  optional?: boolean;
  nullable?: boolean;
  oneOf?: unknown[];
  tests?: Array<{ name?: string; params?: Record<string, unknown> }>;
  fields?: Record<string, Description>;
  innerType?: Description;
  meta?: { description?: string; example?: unknown; format?: string };
  default?: unknown;
}

/** yup's describe() output → JSON Schema (OpenAPI 3.0 subset). */
export function toJsonSchema(d: Description): Json {
  const out: Json = {};
  switch (d.type) {
    case 'object': {
      out.type = 'object';
      const properties: Json = {};
      const required: string[] = [];
      for (const [name, field] of Object.entries(d.fields ?? {})) {
        properties[name] = toJsonSchema(field);
        if (!field.optional) required.push(name);
      }
      out.properties = properties;
      if (required.length) out.required = required;
      break;
    }
    case 'array':
      out.type = 'array';
      out.items = d.innerType ? toJsonSchema(d.innerType) : {};
      break;
    case 'number':
      out.type = d.tests?.some((t) => t.name === 'integer') ? 'integer' : 'number';
      break;
    case 'boolean':
      out.type = 'boolean';
      break;
    case 'date':
      out.type = 'string';
      out.format = 'date-time';
      break;
    default:
      out.type = 'string';
  }
  let range: string | null = null;
  for (const t of d.tests ?? []) {
    const p = t.params ?? {};
    const isString = out.type === 'string';
    const isArray = out.type === 'array';
    if (t.name === 'min') out[isString ? 'minLength' : isArray ? 'minItems' : 'minimum'] = p.min;
    if (t.name === 'max') out[isString ? 'maxLength' : isArray ? 'maxItems' : 'maximum'] = p.max;
    if (t.name === 'length') {
      out.minLength = p.length;
      out.maxLength = p.length;
    }
    if (t.name === 'email') out.format = 'email';
    if (t.name === 'matches' && p.regex) out.pattern = String(p.regex).replace(/^\/|\/[a-z]*$/g, '');
    if (t.name === 'real-date') out.format = 'date';
    if (t.name === 'date-range') range = `${p.what} from ${p.min} to ${p.max}`;
    if (t.name === 'more-than' || t.name === 'moreThan') {
      out.minimum = p.more;
      out.exclusiveMinimum = true;
    }
  }
  const values = (d.oneOf ?? []).filter((v) => v !== undefined && v !== null);
  if (values.length) out.enum = values;
  if (d.nullable) out.nullable = true;
  if (d.meta?.description) out.description = d.meta.description;
  // The range every date-like field accepts (core/validation.ts DATE_RANGE), said where it is seen.
  if (range) out.description = out.description ? `${out.description} (${range})` : range;
  if (d.meta?.example !== undefined) out.example = d.meta.example;
  if (d.meta?.format) out.format = d.meta.format;
  if (d.default !== undefined && typeof d.default !== 'function') out.default = d.default;
  return out;
}
