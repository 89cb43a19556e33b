// Checks a response against the OpenAPI 3.0 document of the listener that served it: the
// operation (method + path template), the status (documented for that operation, else 'default'),
// the content type, and for JSON the body against the documented JSON Schema (ajv). The test HTTP
// client runs every response through this, so the document cannot drift from behaviour unnoticed.
//
// Strict by default: every object of a response schema is closed (a property the document does not
// declare fails), and the properties it lists as required must be there. Response shapes are
// declared once with TypeBox (src/core/shape.ts), which lists every non-optional property as
// required, so a serializer that drops or adds a field fails the test that observes it.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under ESM its function is the default export's default.
const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

type Json = Record<string, any>;

export interface ObservedResponse {
  method: string;
  /** Request path as sent (a query string is ignored). */
  path: string;
  status: number;
  /** The Content-Type header, or null/empty when there was none. */
  contentType: string | null;
  /** The raw body text. */
  text: string;
}

/** Paths no document describes (the documents themselves). */
const UNDOCUMENTED = [/^\/docs(\/|$)/];

interface Operation {
  template: string;
  segments: string[];
  method: string;
  responses: Json;
}

export class ResponseValidator {
  private readonly ajv: Ajv;
  private readonly operations: Operation[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: Json) {
    const doc = closeResponses(toJsonSchemaDialect(structuredClone(document)));
    this.ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addSchema(doc, 'openapi.json');
    for (const [template, ops] of Object.entries<Json>(doc.paths ?? {})) {
      for (const [method, op] of Object.entries<Json>(ops)) {
        if (!op || typeof op !== 'object' || !op.responses) continue;
        this.operations.push({
          template,
          segments: template.split('/'),
          method: method.toUpperCase(),
          responses: op.responses,
        });
      }
    }
  }

  /** The documented operation serving `method path`, preferring literal segments over `{params}`. */
  findOperation(method: string, path: string): Operation | undefined {
    const segments = path.split('?')[0].split('/');
    let best: Operation | undefined;
    for (const op of this.operations) {
      if (op.method !== method.toUpperCase() || op.segments.length !== segments.length) continue;
      if (!op.segments.every((s, i) => isParam(s) || s === segments[i])) continue;
      if (!best || morespecific(op.segments, best.segments)) best = op;
    }
    return best;
  }

  /** Every way the response departs from the document (empty when it matches). */
  problems(res: ObservedResponse): string[] {
    const path = res.path.split('?')[0];
    if (UNDOCUMENTED.some((re) => re.test(path))) return [];
    const op = this.findOperation(res.method, path);
    if (!op) {
      // An unknown route is the router's 404 (ROUTE_NOT_FOUND), which no operation documents.
      if (res.status === 404) return [];
      // A known path under a method it does not serve is the router's 405 (METHOD_NOT_ALLOWED).
      if (res.status === 405) return [];
      return [`no documented operation for ${res.method.toUpperCase()} ${path}`];
    }
    const statusKey = op.responses[String(res.status)] ? String(res.status) : 'default';
    const response = op.responses[statusKey];
    if (!response) {
      return [
        `status ${res.status} is not documented for ${op.method} ${op.template} ` +
          `(documented: ${Object.keys(op.responses).join(', ')})`,
      ];
    }
    const content: Json | undefined = response.content;
    // A response documented without content describes no body to check.
    if (!content || !Object.keys(content).length) return [];
    const mediaType = (res.contentType ?? '').split(';')[0].trim().toLowerCase();
    const documented = Object.keys(content).map((c) => c.toLowerCase());
    if (!mediaType) {
      return res.text === ''
        ? [`empty body without a content type, but ${documented.join(' or ')} is documented`]
        : ['a body without a content type'];
    }
    const key = Object.keys(content).find((c) => c.toLowerCase() === mediaType);
    if (!key) {
      return [`content type ${mediaType} is not documented (documented: ${documented.join(', ')})`];
    }
    if (!isJson(mediaType)) return [];
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      return [`${mediaType} body is not JSON: ${res.text.slice(0, 80)}`];
    }
    if (!content[key].schema) return [];
    const validate = this.schemaFor(op, statusKey, key);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `body${e.instancePath || ''} ${e.message ?? 'is invalid'}${paramsNote(e.params)}`,
    );
  }

  /** Throws (naming method, path, status and the problems) when the response departs from the document. */
  assert(res: ObservedResponse): void {
    const problems = this.problems(res);
    if (!problems.length) return;
    throw new Error(
      `Response does not match the OpenAPI document: ${res.method.toUpperCase()} ${res.path} → ${res.status}\n` +
        problems.map((p) => `  - ${p}`).join('\n') +
        `\n  body: ${res.text.length > 600 ? res.text.slice(0, 600) + '…' : res.text}`,
    );
  }

  private schemaFor(op: Operation, status: string, mediaType: string): ValidateFunction {
    const pointer = [
      'paths',
      op.template,
      op.method.toLowerCase(),
      'responses',
      status,
      'content',
      mediaType,
      'schema',
    ]
      .map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/');
    let fn = this.compiled.get(pointer);
    if (!fn) {
      fn = this.ajv.compile({ $ref: `openapi.json#/${encodeURI(pointer)}` });
      this.compiled.set(pointer, fn);
    }
    return fn;
  }
}

function isParam(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

/** Earliest differing segment decides: a literal beats a `{param}`. */
function morespecific(a: string[], b: string[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (isParam(a[i]) !== isParam(b[i])) return !isParam(a[i]);
  }
  return false;
}

function isJson(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

function paramsNote(params: Record<string, unknown> | undefined): string {
  if (!params || !Object.keys(params).length) return '';
  return ` (${JSON.stringify(params)})`;
}

/** The document with every response schema's objects closed (request schemas stay as served). */
function closeResponses(doc: Json): Json {
  for (const ops of Object.values<Json>(doc.paths ?? {})) {
    for (const op of Object.values<Json>(ops)) {
      if (op && typeof op === 'object' && op.responses) op.responses = closeObjects(op.responses);
    }
  }
  return doc;
}

/** Every object schema with properties allows no other property (unless it says otherwise). */
function closeObjects(node: any): any {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!node || typeof node !== 'object') return node;
  for (const k of Object.keys(node)) node[k] = closeObjects(node[k]);
  if (node.properties && typeof node.properties === 'object' && !('$ref' in node.properties)) {
    node.additionalProperties ??= false;
  }
  return node;
}

/**
 * OpenAPI 3.0 schema dialect → what ajv (draft-07) understands: `nullable: true` becomes a type
 * union (and null joins an enum), boolean exclusiveMinimum/Maximum become numeric bounds.
 */
export function toJsonSchemaDialect(node: any): any {
  if (Array.isArray(node)) return node.map(toJsonSchemaDialect);
  if (!node || typeof node !== 'object') return node;
  for (const k of Object.keys(node)) node[k] = toJsonSchemaDialect(node[k]);
  if (node.nullable === true) {
    if (typeof node.type === 'string') node.type = [node.type, 'null'];
    else if (Array.isArray(node.type) && !node.type.includes('null')) node.type = [...node.type, 'null'];
    if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
    if (node.$ref || node.allOf || node.oneOf || node.anyOf) {
      const { nullable: _n, ...rest } = node;
      return { anyOf: [{ type: 'null' }, rest] };
    }
    delete node.nullable;
  } else if (node.nullable === false) {
    delete node.nullable;
  }
  if (node.exclusiveMinimum === true && typeof node.minimum === 'number') {
    node.exclusiveMinimum = node.minimum;
    delete node.minimum;
  } else if (typeof node.exclusiveMinimum === 'boolean') delete node.exclusiveMinimum;
  if (node.exclusiveMaximum === true && typeof node.maximum === 'number') {
    node.exclusiveMaximum = node.maximum;
    delete node.maximum;
  } else if (typeof node.exclusiveMaximum === 'boolean') delete node.exclusiveMaximum;
  return node;
}
