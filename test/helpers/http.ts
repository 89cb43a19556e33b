// A small fetch-based client for the in-process daemon. Every response it receives is checked
// against the OpenAPI document the listener serves (GET /docs/openapi.json, fetched once per
// client): a response the document does not describe fails the test that got it.
import { ResponseValidator } from './openapi-validator.js';

export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body text (sent as-is, for malformed JSON tests). */
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
}

export class HttpClient {
  private validator?: Promise<ResponseValidator>;

  constructor(readonly baseUrl: string) {}

  /** The validator for this listener's served document (fetched on first use, then cached). */
  openApiValidator(): Promise<ResponseValidator> {
    this.validator ??= (async () => {
      const res = await fetch(this.baseUrl + '/docs/openapi.json', {
        headers: { Accept: 'application/json' },
      });
      if (res.status !== 200) throw new Error(`GET ${this.baseUrl}/docs/openapi.json answered ${res.status}`);
      const document = (await res.json()) as Record<string, any>;
      return new ResponseValidator(document);
    })();
    // A listener not up yet (or already gone) is the request's own failure to report: retry later.
    this.validator.catch(() => (this.validator = undefined));
    return this.validator;
  }

  async request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResponse<T>> {
    const validator = await this.openApiValidator().catch(() => null);
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json';
    }
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    const res = await fetch(this.baseUrl + path, { method, headers, body });
    const text = await res.text();
    (validator ?? (await this.openApiValidator())).assert({
      method,
      path,
      status: res.status,
      contentType: res.headers.get('content-type'),
      text,
    });
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>('GET', path, opts);
  }
  post<T = any>(path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...opts, body });
  }
  patch<T = any>(path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('PATCH', path, { ...opts, body });
  }
  delete<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>('DELETE', path, opts);
  }
}
