// The request pipeline every route goes through, in this order:
// request id → access (authenticate) → the route's service preconditions (`requires`) → rate
// limit → params/query/body validation (with the route's `crossChecks` when the body fails) →
// idempotency (one wrapper around the handler, src/http/idempotent.ts) → handler → response, with one JSON log line per request (secret path segments
// masked). Handlers only translate.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import polka from 'polka';
import { NotFoundError, TooManyRequestsError, ValidationError } from '../core/errors.js';
import { requestFingerprint } from '../core/idempotency.js';
import { metricsOf } from '../core/metrics.js';
import { enforceRateLimit } from '../core/rate-limit.js';
import type { HttpMethod, RequestInfo, Route } from '../core/routes.js';
import type { Services } from '../core/services.js';
import { isPlainObject, refuseHostileKeys, validate, yup } from '../core/validation.js';
import { readJsonBodyWithRaw } from './body.js';
import { clientIp } from './client-ip.js';
import { readMultipartBody } from './multipart.js';
import { buildOpenApi, type OpenApiInfo } from './openapi.js';
import { idempotencyKey, idempotently, inOperationTransaction } from './idempotent.js';
import { sendError, sendJson, sendReply } from './respond.js';
import { Router } from './router.js';

export interface HttpAppOptions {
  /** Listener name, used in logs ("workforce", "clinic"). */
  name: string;
  routes: Route[];
  services: Services;
  openapi: OpenApiInfo;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

const WRITE_METHODS = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function createHttpApp(opts: HttpAppOptions): {
  handler: RequestHandler;
  openapi: Record<string, unknown>;
} {
  const { services } = opts;
  const logger = services.logger.child({ listener: opts.name });
  const openapi = buildOpenApi(opts.openapi, opts.routes);

  // One compiled table (router.ts) serves the routes and answers the 405's Allow.
  type Serve = (req: any, res: ServerResponse, params: Record<string, string>) => void;
  const router = new Router<Serve>();
  router.add('GET', '/docs/openapi.json', (req: IncomingMessage, res: ServerResponse) => {
    (req as Tracked).routeTemplate = '/docs/openapi.json';
    sendJson(res, 200, openapi);
  });
  for (const route of opts.routes) {
    router.add(route.method, route.path, (req: any, res: ServerResponse, params) => {
      req.routeTemplate = route.path;
      req.params = params;
      if (route.secretParams) req.logPath = maskedPath(route, params);
      handleRoute(route, req, res, services, logger).catch((err) => sendError(res, err, logger));
    });
  }
  // A path no route serves is a 404; a path served under other methods is a 405 naming them in
  // Allow (RFC 9110 §15.5.6), in the same error body as every other answer.
  const noMatch = (req: IncomingMessage, res: ServerResponse, path: string) => {
    const allow = router.allowed(path);
    if (!allow.length) {
      sendJson(res, 404, { message: 'Route not found.', errors: {}, code: 'ROUTE_NOT_FOUND' });
      return;
    }
    if (!req.readableEnded) req.resume();
    sendJson(
      res,
      405,
      {
        message: `Method ${String(req.method)} is not allowed here; allowed: ${allow.join(', ')}.`,
        errors: {},
        code: 'METHOD_NOT_ALLOWED',
      },
      { Allow: allow.join(', ') },
    );
  };
  // polka is the daemon's application (its request loop, URL parsing and error fallback); the
  // routes are one compiled table behind a single middleware, so a request costs one lookup
  // instead of a regex test per route.
  const app = polka({
    onError: (err: unknown, _req: IncomingMessage, res: ServerResponse) => sendError(res, err, logger),
  });
  app.use((req: IncomingMessage, res: ServerResponse) => {
    const path = pathOf(String(req.url ?? ''));
    try {
      const found = router.find(String(req.method), path);
      if (found) found.handler(req, res, found.params);
      else noMatch(req, res, path);
    } catch (err) {
      sendError(res, err, logger);
    }
  });
  const route = app.handler as unknown as RequestHandler;

  // Request id and the access log wrap everything, the 404s included. Set up here, before the
  // routing, and with one `finish` listener per app instead of a closure per request: on a cheap
  // request (/ping, a 401) that bookkeeping was a visible share of the profile.
  const logRequest = function (this: ServerResponse) {
    const req = this.req as Tracked;
    const ms = performance.now() - req.startedAt;
    logger.info('request', {
      request_id: req.requestId,
      method: req.method,
      path: req.logPath ?? pathOf(String(req.url ?? '')),
      status: this.statusCode,
      duration_ms: Math.round(ms * 1000) / 1000,
    });
    // Labelled by the route's template, never the raw path: ids would make the series unbounded.
    // Checked first so a daemon without metrics builds no sample on this hot path.
    services.metrics?.httpRequest({
      listener: opts.name,
      route: req.routeTemplate ?? 'unmatched',
      method: String(req.method),
      status: this.statusCode,
      seconds: ms / 1000,
    });
  };
  const handler: RequestHandler = (req, res) => {
    const tracked = req as Tracked;
    tracked.startedAt = performance.now();
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    tracked.requestId = id;
    res.setHeader('X-Request-Id', id);
    res.on('finish', logRequest);
    route(req, res);
  };
  return { handler, openapi };
}

/** What the pipeline adds to a request for the access log and the metrics. */
type Tracked = IncomingMessage & {
  requestId: string;
  startedAt: number;
  logPath?: string;
  /** The matched route's path template; unset for a request no route matched. */
  routeTemplate?: string;
};

async function handleRoute(
  route: Route,
  req: IncomingMessage & { params?: Record<string, string>; requestId: string },
  res: ServerResponse,
  services: Services,
  logger: ReturnType<Services['logger']['child']>,
): Promise<void> {
  const url = String(req.url ?? '');
  const qIndex = url.indexOf('?');
  const request: RequestInfo = {
    method: route.method,
    path: qIndex === -1 ? url : url.slice(0, qIndex),
    ip: clientIp(req, services.config.trustProxyHops),
    requestId: req.requestId,
    headers: req.headers,
  };
  try {
    const principal = await route.access.authenticate(request, services);
    route.requires?.(services);
    if (route.rateLimit && !route.rateLimit.afterBody)
      await limitRate(route.rateLimit, principal, request, undefined, services);
    const params = await validateParams(route, req.params ?? {});
    const rawQuery = parseQuery(qIndex === -1 ? '' : url.slice(qIndex + 1));
    // A derived route's operation input, from its query (GET) or its body (the others).
    let opInput: Record<string, unknown> | undefined;
    if (route.input?.part === 'query')
      opInput = await validateInput(route, rawQuery, principal, params, services);
    const query = opInput
      ? partOf(opInput, route.input!.fields)
      : route.query
        ? await validate(route.query, rawQuery, { handOn: true })
        : {};
    const read = !WRITE_METHODS.has(route.method)
      ? undefined
      : route.multipart
        ? await readMultipartBody(req, {
            fileField: route.multipart.fileField,
            maxFileBytes:
              typeof route.multipart.maxFileBytes === 'function'
                ? route.multipart.maxFileBytes(services)
                : route.multipart.maxFileBytes,
          })
        : await readJsonBodyWithRaw(req, services.config.bodyLimitBytes);
    const rawBody = read?.json;
    if (route.input?.part === 'body')
      opInput = await validateInput(route, rawBody, principal, params, services);
    const body = opInput
      ? partOf(opInput, route.input!.fields)
      : route.body
        ? await validateBody(route, rawBody, services)
        : undefined;
    if (route.rateLimit?.afterBody) await limitRate(route.rateLimit, principal, request, body, services);

    const input: Parameters<Route['handler']>[0] = { services, principal, params, query, body, request };
    if (opInput) input.input = opInput;
    if (route.rawBody) input.rawBody = read?.raw ?? Buffer.alloc(0);
    const key =
      WRITE_METHODS.has(route.method) && route.idempotent !== false ? idempotencyKey(req.headers) : null;
    if (!key) {
      await sendReply(res, await route.handler(input), logger);
      return;
    }
    const scope = route.access.principalKey(principal, request);
    const fingerprint = requestFingerprint(route.method, url, rawBody);
    if (route.operation?.kind === 'write') {
      // The key commits with the operation's own transaction (src/core/idempotency.ts).
      await sendReply(
        res,
        await inOperationTransaction(services, route, input, scope, key, fingerprint),
        logger,
      );
      return;
    }
    const outcome = await idempotently(services, scope, key, fingerprint, () => route.handler(input));
    if ('replayed' in outcome) {
      sendJson(res, outcome.replayed.status, outcome.replayed.body, { 'Idempotent-Replayed': 'true' });
      return;
    }
    await sendReply(res, outcome.result, logger);
  } catch (err) {
    // Drain an unread body so keep-alive connections stay usable after an early error.
    if (!req.readableEnded) req.resume();
    sendError(res, err, logger);
  }
}

async function limitRate(
  rule: NonNullable<Route['rateLimit']>,
  principal: unknown,
  request: RequestInfo,
  body: unknown,
  services: Services,
): Promise<void> {
  const bucket = `${rule.name}:${await rule.key(principal, request, body, services)}`;
  try {
    await enforceRateLimit(services.db, services.clock, bucket, rule.limit(services), rule.windowSeconds);
  } catch (err) {
    if (err instanceof TooManyRequestsError) metricsOf(services).rateLimited(rule.name);
    throw err;
  }
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** The path as the access log shows it: the route's secret segments stay as `:name`. */
function maskedPath(route: Route, params: Record<string, string>): string {
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) =>
    route.secretParams!.includes(name) ? whole : encodeURIComponent(params[name] ?? ''),
  );
}

/** The body through the route's schema; when it fails, the route's database checks add theirs. */
async function validateBody(route: Route, rawBody: unknown, services: Services): Promise<unknown> {
  return withCrossChecks(route, rawBody, services, () =>
    validate(route.body!, rawBody ?? {}, { json: !route.multipart, handOn: true }),
  );
}

/**
 * A derived route's operation input (src/core/routes.ts, fromOperation): the request part's fields,
 * with those the path and the caller fill, validated once against the operation's own input. The
 * result is handed on: the runner does not validate it again.
 */
async function validateInput(
  route: Route,
  raw: unknown,
  principal: unknown,
  params: Record<string, unknown>,
  services: Services,
): Promise<Record<string, unknown>> {
  const spec = route.input!;
  const json = spec.part === 'body';
  // A route whose input the path and the caller fill entirely reads no body or query: whatever is
  // sent there is ignored, as by a route that declares none.
  if (spec.fields.length === 0) raw = {};
  if (!isPlainObject(raw)) {
    // No body is an empty one; anything else but an object is refused as the part's schema says.
    if (raw !== undefined && raw !== null) await validate(route[spec.part] ?? yup.object({}), raw, { json });
    raw = {};
  }
  const source = raw as Record<string, unknown>;
  refuseHostileKeys(source);
  const given: Record<string, unknown> = {};
  for (const field of spec.fields) if (Object.hasOwn(source, field)) given[field] = source[field];
  return withCrossChecks(route, source, services, () =>
    validate(spec.schema, { ...given, ...spec.fill(principal, params) }, { json, handOn: true }),
  );
}

/** The fields of a derived route's input that came from its query or body. */
function partOf(input: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const part: Record<string, unknown> = {};
  for (const field of fields) if (field in input) part[field] = input[field];
  return part;
}

/** `check`; when it refuses the body, the route's database checks add their problems to the 422. */
async function withCrossChecks<T>(
  route: Route,
  rawBody: unknown,
  services: Services,
  check: () => Promise<T>,
): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (!(err instanceof ValidationError) || !route.crossChecks) throw err;
    if (!rawBody || typeof rawBody !== 'object' || Array.isArray(rawBody)) throw err;
    const more = await route.crossChecks(rawBody as Record<string, unknown>, services);
    const errors = { ...err.errors };
    for (const [field, messages] of Object.entries(more))
      errors[field] = [...(errors[field] ?? []), ...messages];
    throw new ValidationError(errors, err.message);
  }
}

/** `No employee "abc".`, from the parameter's description (`employee id`) or its name. */
function notFoundMessage(route: Route, err: yup.ValidationError, raw: Record<string, string>): string {
  const name = err.path ?? '';
  const field = (route.params!.describe().fields as Record<string, { meta?: { description?: string } }>)[
    name
  ];
  const what = (field?.meta?.description ?? name).replace(/ id$/, '');
  return name ? `No ${what} ${JSON.stringify(raw[name] ?? '')}.` : 'Not found.';
}

/** Path params through the route's own schema (routes without one get the raw strings). */
async function validateParams(route: Route, raw: Record<string, string>): Promise<Record<string, unknown>> {
  if (!route.params) return raw;
  try {
    return await route.params.validate(raw, { abortEarly: true, stripUnknown: true });
  } catch (err) {
    // A malformed id in a path names a record that cannot exist: 404, like any missing record,
    // naming the parameter so the caller sees which part of the path was wrong.
    if (err instanceof yup.ValidationError) throw new NotFoundError(notFoundMessage(route, err, raw));
    throw err;
  }
}
