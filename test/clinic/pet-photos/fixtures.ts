// Fixtures of the pet photo tests: a daemon with its own storage folder, multipart uploads sent
// with fetch (checked against the served OpenAPI document, as HttpClient does for JSON), and the
// files kept under STORAGE_DIR/pet-photos.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from '../../helpers/app.js';
import type { Dialect } from '../../helpers/db.js';
import { bootClinic } from '../fixtures.js';

export interface PhotoEnv {
  app: TestApp;
  /** Names of the stored photo files. */
  stored(): string[];
  storedBytes(name: string): Buffer;
  close(): Promise<void>;
}

export async function bootPhotos(dialect: Dialect, env: Record<string, string> = {}): Promise<PhotoEnv> {
  const storage = mkdtempSync(join(tmpdir(), 'wfctl-photos-'));
  const app = await bootClinic(dialect, { env: { STORAGE_DIR: storage, ...env } });
  const dir = join(storage, 'pet-photos');
  return {
    app,
    stored: () => (existsSync(dir) ? readdirSync(dir).sort() : []),
    storedBytes: (name) => readFileSync(join(dir, name)),
    close: async () => (await app.close(), rmSync(storage, { recursive: true, force: true })),
  };
}

export interface Sent {
  status: number;
  headers: Headers;
  body: any;
  bytes: Buffer;
}

/** Any request by fetch, its answer checked against the served OpenAPI document. */
export async function send(app: TestApp, path: string, init: RequestInit = {}): Promise<Sent> {
  const res = await fetch(app.clinic.baseUrl + path, init);
  const bytes = Buffer.from(await res.arrayBuffer());
  (await app.clinic.openApiValidator()).assert({
    method: init.method ?? 'GET',
    path,
    status: res.status,
    contentType: res.headers.get('content-type'),
    text: bytes.toString(),
  });
  const json =
    (res.headers.get('content-type') ?? '').includes('json') && bytes.length
      ? JSON.parse(bytes.toString())
      : null;
  return { status: res.status, headers: res.headers, body: json, bytes };
}

export interface Upload {
  bytes: Buffer;
  name?: string;
  type?: string;
  /** The form field; the API's is `photo`. */
  field?: string;
}

/** PUT a photo as multipart/form-data. */
export function putPhoto(app: TestApp, path: string, token: string, upload: Upload): Promise<Sent> {
  const form = new FormData();
  const file = new Blob([upload.bytes], { type: upload.type ?? 'image/jpeg' });
  form.set(upload.field ?? 'photo', file, upload.name ?? 'photo.jpg');
  return send(app, path, { method: 'PUT', body: form, headers: { Authorization: `Bearer ${token}` } });
}

/** The path and query of an absolute link (PUBLIC_URL is not the test listener). */
export const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
