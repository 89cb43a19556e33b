// The route table compiled once: which handler serves a method and a path, and with which params.
//
// polka (trouter/matchit) tried every route of the method in turn on each request, binding a
// matcher and parsing the query string whether or not the route had one: on a cheap request (/ping,
// a 401) a visible share of the profile (docs/benchmarks.md, issue 24). Here a path without params
// is one Map lookup, and only the routes with params are tried in turn, those of the request's
// segment count. The matching rule is polka's for the patterns routes use (static segments and
// `:name`): one leading and one trailing slash are ignored, a param takes one whole segment (even an
// empty one) as it is sent (not decoded), and of two routes that match, the one added first wins.
// The 405's Allow is answered from the same table, so the two can never disagree.

export interface Match<H> {
  handler: H;
  params: Record<string, string>;
}

interface ParamRoute<H> {
  /** One entry per segment: the literal text, or null for a param. */
  segments: Array<string | null>;
  names: string[];
  handler: H;
}

interface MethodTable<H> {
  statics: Map<string, H>;
  byLength: Map<number, Array<ParamRoute<H>>>;
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** The path without one leading and one trailing slash (matchit's `strip`). */
function strip(path: string): string {
  if (path === '/') return path;
  let s = path.charCodeAt(0) === 47 ? path.slice(1) : path;
  if (s.charCodeAt(s.length - 1) === 47) s = s.slice(0, -1);
  return s;
}

export class Router<H> {
  private readonly tables = new Map<string, MethodTable<H>>();
  /** Methods in the order an Allow header lists them. */
  private static readonly ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

  add(method: string, pattern: string, handler: H): void {
    const m = method.toUpperCase();
    let table = this.tables.get(m);
    if (!table) this.tables.set(m, (table = { statics: new Map(), byLength: new Map() }));
    const stripped = strip(pattern);
    const parts = stripped.split('/');
    if (!parts.some((p) => p.startsWith(':'))) {
      // A static path that a route with params added before it already matches is never served.
      if (!table.statics.has(stripped) && !this.matchParams(table, stripped))
        table.statics.set(stripped, handler);
      return;
    }
    const route: ParamRoute<H> = {
      segments: parts.map((p) => (p.startsWith(':') ? null : p)),
      names: parts.filter((p) => p.startsWith(':')).map((p) => p.slice(1)),
      handler,
    };
    const list = table.byLength.get(parts.length) ?? [];
    list.push(route);
    table.byLength.set(parts.length, list);
  }

  find(method: string, path: string): Match<H> | null {
    const table = this.tables.get(method);
    if (!table) return null;
    const stripped = strip(path);
    const handler = table.statics.get(stripped);
    if (handler !== undefined) return { handler, params: NO_PARAMS };
    return this.matchParams(table, stripped);
  }

  /** The methods served at this path, in Allow order. */
  allowed(path: string): string[] {
    const found: string[] = [];
    for (const method of this.tables.keys()) if (this.find(method, path)) found.push(method);
    return found.sort((a, b) => Router.ORDER.indexOf(a) - Router.ORDER.indexOf(b));
  }

  private matchParams(table: MethodTable<H>, stripped: string): Match<H> | null {
    if (stripped === '/') return null;
    const segs = stripped.split('/');
    const list = table.byLength.get(segs.length);
    if (!list) return null;
    next: for (const route of list) {
      const expected = route.segments;
      for (let i = 0; i < segs.length; i++) {
        const e = expected[i];
        if (e !== null && e !== segs[i]) continue next;
      }
      const params: Record<string, string> = {};
      let n = 0;
      for (let i = 0; i < segs.length; i++) if (expected[i] === null) params[route.names[n++]] = segs[i];
      return { handler: route.handler, params };
    }
    return null;
  }
}
