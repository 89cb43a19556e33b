// Route tables are plain data: a context's routes.ts lists them, src/http mounts them and derives
// the OpenAPI document from the same objects, so a route cannot exist undocumented.
import type { IncomingHttpHeaders } from 'node:http';
import type { AnySchema, ObjectSchema } from 'yup';
import type { TSchema } from '@sinclair/typebox';
import type { Reply } from './reply.js';
import type { FieldErrors } from './errors.js';
import type { Services } from './services.js';
import { storedResponse, type IdempotencyTicket } from './idempotency.js';
import { runOperation, type AnyOperation, type Operation, type OperationContext } from './operation.js';
import { byNameFields, idParam, yup } from './validation.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestInfo {
  method: HttpMethod;
  /** Path without the query string. */
  path: string;
  ip: string;
  requestId: string;
  headers: IncomingHttpHeaders;
}

/**
 * Who may call a route. Every route must name one (an explicit `publicAccess` included), so a
 * forgotten check fails closed at compile time rather than open at run time.
 */
export interface Access<P = unknown> {
  /** Name shown in the OpenAPI description ("public", "bearer token", "partner token"). */
  name: string;
  /** OpenAPI security scheme this access uses; undefined for public routes. */
  securityScheme?: string;
  /** Statuses this access can answer with before the handler runs (documented per route). */
  failureStatuses: number[];
  authenticate(request: RequestInfo, services: Services): Promise<P>;
  /** Stable identity used to scope idempotency keys and per-caller rate limits. */
  principalKey(principal: P, request: RequestInfo): string;
}

export interface RateLimitRule<P = unknown> {
  /** Bucket name, e.g. "login". */
  name: string;
  limit: (services: Services) => number;
  windowSeconds: number;
  /**
   * Who is counted: per IP, per user, per partner… With `afterBody`, the key may depend on the
   * validated body (and be looked up), and the limit is checked once the body is valid.
   */
  key: (principal: P, request: RequestInfo, body: any, services: Services) => string | Promise<string>;
  afterBody?: boolean;
  /**
   * Every limit is a sliding window (src/core/rate-limit.ts): no span of `windowSeconds` admits more
   * than the limit. The fixed clock windows that let a double burst through at a boundary are gone;
   * the field stays optional so the route tables that spell it out still read.
   */
  window?: 'sliding';
}

export interface ResponseSpec {
  description: string;
  /** JSON Schema of the body (OpenAPI 3.0 subset): a shape declared in src/core/shape.ts, or plain. */
  schema?: Record<string, unknown> | TSchema;
  contentType?: string;
  /** The body is one of these media types (a stored file's own type), each with `schema`. */
  contentTypes?: string[];
}

/** A file of a multipart/form-data body (routes with `multipart`), held in memory. */
export interface UploadedFile {
  /** The name the client gave; never use it as a path. */
  filename: string;
  /** The content type the client claimed (may be empty). */
  contentType: string;
  size: number;
  data: Buffer;
}

export interface RouteInput<P, Body, Query, Params> {
  services: Services;
  principal: P;
  params: Params;
  query: Query;
  body: Body;
  request: RequestInfo;
  /** The request body's exact bytes, given only to routes with `rawBody: true`. */
  rawBody?: Buffer;
  /** A derived route's operation input: path, part and caller's fields, validated by the input. */
  input?: unknown;
  /**
   * The request's Idempotency-Key, for a route that is the face of one write operation: kept in
   * the operation's own transaction (src/core/idempotency.ts).
   */
  idempotency?: IdempotencyTicket;
}

/** A derived route's input: `fields` of the request's `part`, and the fields path and caller fill. */
export interface RouteOperationInput<P> {
  part: 'body' | 'query';
  schema: ObjectSchema<any>;
  fields: string[];
  fill(principal: P, params: Record<string, unknown>): Record<string, unknown>;
}

export interface Route<P = any, Body = any, Query = any, Params = any> {
  method: HttpMethod;
  /** Full path as served, polka style (`/api/v1/employees/:id/offboard`). */
  path: string;
  summary: string;
  description?: string;
  tags?: string[];
  /**
   * A route beyond the listener's contract (a feature the contract does not name): the OpenAPI
   * document marks it `x-wfctl-extension: true`.
   */
  extension?: boolean;
  access: Access<P>;
  /**
   * The permission rule of the operation behind the route (fromOperation sets it from the
   * operation, which enforces it); null only for routes that run no operation (health, docs).
   */
  permission: string | null;
  /** The catalogue operation this route is a face of (set by fromOperation). */
  operation?: AnyOperation;
  params?: ObjectSchema<any>;
  query?: ObjectSchema<any>;
  body?: AnySchema;
  /** How the pipeline builds the operation's input (a route that derives it: see fromOperation). */
  input?: RouteOperationInput<P>;
  /** Success responses by status; error responses are derived from access and validation. */
  responses: Record<number, ResponseSpec>;
  /** Extra error statuses the handler itself can answer with, and why. */
  errors?: Record<number, string>;
  rateLimit?: RateLimitRule<P>;
  /** The handler also receives the body's exact bytes as `rawBody` (e.g. to check a signature over them). */
  rawBody?: boolean;
  /**
   * The body is multipart/form-data instead of JSON: its fields (strings) and files (UploadedFile)
   * are validated together by `body`. A file over maxFileBytes, or a body over it plus a small
   * overhead, is a 422 naming the file (`fileField` when only the body's size tells, default "file").
   * maxFileBytes may be read from the configuration (a function of the services).
   */
  multipart?: { maxFileBytes: number | ((services: Services) => number); fileField?: string };
  /**
   * Database-backed field rules (unique, exists) that the operation enforces anyway. When the schema
   * already refuses the body, the pipeline runs these as well, on the fields that passed, so one
   * 422 names every problem instead of revealing them one resubmission at a time.
   */
  crossChecks?(body: Record<string, unknown>, services: Services): Promise<FieldErrors>;
  /**
   * A precondition of the service itself (e.g. configured gateway keys), checked right after
   * authentication, before the body is read: an unusable endpoint answers 503 whatever is sent.
   */
  requires?(services: Services): void;
  /** Path parameters that are secrets (a share code): the access log shows `:name` instead. */
  secretParams?: string[];
  /** Write routes honour Idempotency-Key unless this is false. */
  idempotent?: boolean;
  handler(input: RouteInput<P, Body, Query, Params>): Promise<Reply | unknown>;
}

/** Identity helper so route literals get their types checked where they are written. */
export function defineRoute<P, Body = any, Query = any, Params = any>(
  route: Route<P, Body, Query, Params>,
): Route<P, Body, Query, Params> {
  return route;
}

export const publicAccess: Access<null> = {
  name: 'public',
  failureStatuses: [],
  authenticate: async () => null,
  principalKey: (_p, request) => `ip:${request.ip}`,
};

/**
 * A route that is a face of one operation: the access authenticates, the request becomes the
 * operation's input, runOperation does the rest, `reply` translates the result. The route's
 * permission and (by default) summary are the operation's own.
 *
 * The input is declared once, by the operation. A route without `toInput` derives its body (POST,
 * PUT, PATCH, DELETE) or query (GET) from it: the input's fields less those the path and the caller
 * fill (`pathFields`, `principalFields`) and those only a person names a record by (byName). The
 * pipeline validates path, part and caller's fields together, once, against the input itself
 * (RouteInput.input), and the runner takes that object as it is.
 */
export interface OperationRouteSpec<P, Actor, _In, Out, Body = any, Query = any, Params = any> extends Omit<
  Route<P, Body, Query, Params>,
  'handler' | 'permission' | 'summary'
> {
  summary?: string;
  /** The operation context for this caller (who acts). */
  context(services: Services, principal: P): OperationContext<Actor>;
  /**
   * The operation's input from the request (path, query, body, principal), for a route whose
   * request does not map field for field onto the input (a file upload, a contract's own names).
   */
  toInput?(input: RouteInput<P, Body, Query, Params>): unknown;
  /** Input fields the path fills, by path parameter: `{ pet: 'pet_id' }` for `/pets/:pet`. */
  pathFields?: Record<string, string>;
  /** Input fields the authenticated caller fills: `{ tenant_id: (p) => p.tenant.id }`. */
  principalFields?: Record<string, (principal: P) => unknown>;
  /** Path parameters no input field takes (the tenant the access reads), by name. */
  pathParams?: Record<string, AnySchema>;
  /** A preview: run and roll back (e.g. `?dry_run=true`). */
  dryRun?(input: RouteInput<P, Body, Query, Params>): boolean;
  /** The response; default: 200 with the result as it is. */
  reply?(result: Out, input: RouteInput<P, Body, Query, Params>): Reply | unknown | Promise<Reply | unknown>;
}

export function fromOperation<P, Actor, In, Out, Body = any, Query = any, Params = any>(
  op: Operation<Actor, In, Out>,
  spec: OperationRouteSpec<P, Actor, In, Out, Body, Query, Params>,
): Route<P, Body, Query, Params> {
  const {
    context,
    toInput,
    dryRun,
    reply,
    pathFields: _p,
    principalFields: _c,
    pathParams: _k,
    ...route
  } = spec;
  const derived = toInput ? undefined : derivedInput(op, spec);
  return {
    ...route,
    ...(derived && { [derived.part]: derived.schema, input: derived.input }),
    params: route.params ?? (derived && derivedParams(op, spec)),
    summary: spec.summary ?? op.summary,
    permission: op.permission,
    operation: op,
    async handler(input) {
      const ticket = input.idempotency;
      let answer: unknown;
      const opInput = toInput ? toInput(input) : input.input;
      const result = await runOperation(op, context(input.services, input.principal), opInput, {
        dryRun: dryRun?.(input) ?? false,
        // With an Idempotency-Key the answer is made inside the transaction and stored with it.
        hooks: ticket && {
          before: (trx) => ticket.reserve(trx),
          after: async (trx, result) => {
            answer = reply ? await reply(result, input) : result;
            await ticket.complete(trx, storedResponse(answer));
          },
        },
      });
      if (ticket && op.kind === 'write') return answer;
      return reply ? reply(result, input) : result;
    },
  };
}

/**
 * A derived route's path parameters: an id where the input field is a number (a malformed one is a
 * 404, see validateParams), the input field's own rule otherwise, and the context's known ones.
 */
function derivedParams(
  op: AnyOperation,
  spec: { path: string; pathFields?: Record<string, string>; pathParams?: Record<string, AnySchema> },
): ObjectSchema<any> | undefined {
  const names = [...spec.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  if (names.length === 0) return undefined;
  const input = op.input as ObjectSchema<any>;
  const params: Record<string, AnySchema> = {};
  for (const name of names) {
    const field = spec.pathFields?.[name];
    const schema = field ? (input.fields[field] as AnySchema) : spec.pathParams?.[name];
    params[name] =
      schema === undefined
        ? yup.string().required()
        : field && schema.type === 'number'
          ? idParam().meta({ description: schema.describe().meta?.description ?? field.replace(/_/g, ' ') })
          : schema.required();
  }
  return yup.object(params);
}

/** The part of the request a derived route reads its input from, and how the pipeline fills it. */
function derivedInput<P>(
  op: AnyOperation,
  spec: Pick<OperationRouteSpec<P, any, any, any>, 'method' | 'path' | 'body' | 'query' | 'multipart'> & {
    pathFields?: Record<string, string>;
    principalFields?: Record<string, (principal: P) => unknown>;
  },
): { part: 'body' | 'query'; schema: ObjectSchema<any> | undefined; input: RouteOperationInput<P> } {
  const where = `${spec.method} ${spec.path}`;
  const part = spec.method === 'GET' ? 'query' : 'body';
  if (spec[part])
    throw new Error(`${where}: its ${part} is derived from ${op.name}'s input; declare it there`);
  if (spec.multipart) throw new Error(`${where}: a multipart body needs toInput`);
  const input = op.input as ObjectSchema<any>;
  const fromPath = Object.entries(spec.pathFields ?? {});
  const fromPrincipal = Object.entries(spec.principalFields ?? {});
  for (const [param, field] of fromPath) {
    if (!spec.path.includes(`:${param}`)) throw new Error(`${where}: no path parameter :${param}`);
    if (!(field in input.fields)) throw new Error(`${where}: ${op.name} has no input field ${field}`);
  }
  const filled = [...fromPath.map(([, field]) => field), ...fromPrincipal.map(([field]) => field)];
  const fields = Object.keys(input.fields).filter(
    (field) => !filled.includes(field) && !byNameFields(input).includes(field),
  );
  return {
    part,
    schema: fields.length ? input.pick(fields) : undefined,
    input: {
      part,
      schema: input,
      fields,
      fill(principal, params) {
        const filledIn: Record<string, unknown> = {};
        for (const [param, field] of fromPath) filledIn[field] = params[param];
        for (const [field, from] of fromPrincipal) filledIn[field] = from(principal);
        return filledIn;
      },
    },
  };
}

/**
 * A context's maker of operation routes: each route is the face of one operation, run by the
 * caller that `context` makes of the authenticated principal, behind the route's own access or
 * else the context's default one.
 */
export function operationRoutes<Actor, DefaultP>(
  defaultAccess: Access<DefaultP>,
  context: (services: Services, principal: DefaultP | null) => OperationContext<Actor>,
) {
  return <In, Out, P extends DefaultP | null = DefaultP, Body = any, Query = any, Params = any>(
    op: Operation<Actor, In, Out>,
    spec: Omit<OperationRouteSpec<P, Actor, In, Out, Body, Query, Params>, 'context' | 'access'> & {
      access?: Access<P>;
    },
  ): Route<P, Body, Query, Params> =>
    fromOperation<P, Actor, In, Out, Body, Query, Params>(op, {
      ...spec,
      access: spec.access ?? (defaultAccess as unknown as Access<P>),
      context,
    });
}
