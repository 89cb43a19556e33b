// The kernel's opt-in multipart/form-data bodies: fields and files validated together, the file
// size limit (422 on the file), the whole-body limit enforced while reading (422 on the file, connection still usable),
// 415 for a JSON body, 400 for a malformed one, and idempotent replays fingerprinted by the file.
import { createHash } from 'node:crypto';
import test from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import { silentLogger } from '../../src/core/logger.js';
import { Reply } from '../../src/core/reply.js';
import { defineRoute, publicAccess, type UploadedFile } from '../../src/core/routes.js';
import { yup } from '../../src/core/validation.js';
import { createHttpApp } from '../../src/http/app.js';
import { MULTIPART_OVERHEAD_BYTES } from '../../src/http/multipart.js';
import { listen } from '../../src/http/server.js';
import { createTestDb, DIALECTS, type Dialect } from '../helpers/db.js';

const MAX = 4096;

async function boot(dialect: Dialect) {
  const testDb = await createTestDb(dialect);
  const state = { calls: 0 };
  const app = createHttpApp({
    name: 'multipart',
    routes: [
      defineRoute<null, { title: string; file: UploadedFile }>({
        method: 'POST',
        path: '/api/v1/upload',
        summary: 'upload',
        access: publicAccess,
        permission: null,
        multipart: { maxFileBytes: MAX },
        body: yup.object({
          title: yup.string().max(20).required(),
          file: yup.mixed<UploadedFile>().required().meta({ format: 'binary' }),
        }),
        responses: { 201: { description: 'stored' } },
        handler: async ({ body }) => {
          state.calls += 1;
          return Reply.json(201, {
            title: body.title,
            filename: body.file.filename,
            type: body.file.contentType,
            size: body.file.size,
            sha256: createHash('sha256').update(body.file.data).digest('hex'),
            call: state.calls,
          });
        },
      }),
    ],
    services: { db: testDb.db, clock: new FixedClock(), config: testDb.config, logger: silentLogger },
    openapi: { title: 'multipart', version: '1' },
  });
  const listener = await listen(app.handler, 0, '127.0.0.1');
  return {
    state,
    openapi: app.openapi as any,
    post: async (body: NonNullable<RequestInit['body']>, headers: Record<string, string> = {}) => {
      const res = await fetch(`${listener.url}/api/v1/upload`, {
        method: 'POST',
        body,
        headers,
        duplex: 'half',
      } as RequestInit);
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    async close() {
      await listener.close(1000);
      await testDb.destroy();
    },
  };
}

function form(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (file) f.set('file', new Blob([file.bytes], { type: file.type }), file.name);
  return f;
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] a multipart route gets its fields and the file; the schema reports both together`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const bytes = Buffer.from('%PDF-1.4 hello');
    const ok = await k.post(form({ title: 'Lab' }, { bytes, name: 'lab (1).pdf', type: 'application/pdf' }));
    t.is(ok.status, 201);
    t.like(ok.body, { title: 'Lab', filename: 'lab (1).pdf', type: 'application/pdf', size: bytes.length });
    t.is(ok.body.sha256, createHash('sha256').update(bytes).digest('hex'));

    const missing = await k.post(form({ title: 'x'.repeat(21) }));
    t.is(missing.status, 422);
    t.deepEqual(Object.keys(missing.body.errors).sort(), ['file', 'title']);
    t.is(k.state.calls, 1);

    // The OpenAPI document describes the body as multipart/form-data with a binary file.
    const op = k.openapi.paths['/api/v1/upload'].post;
    t.deepEqual(op.requestBody.content['multipart/form-data'].schema.properties.file, {
      type: 'string',
      format: 'binary',
    });
  });

  test(`[${dialect}] a file over the limit and a body over the limit are 422 naming the file; the connection still works`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const big = await k.post(
      form({ title: 'Big' }, { bytes: Buffer.alloc(MAX + 1, 1), name: 'big.png', type: 'image/png' }),
    );
    t.is(big.status, 422);
    t.deepEqual(Object.keys(big.body.errors), ['file']);
    const exact = await k.post(
      form({ title: 'Exact' }, { bytes: Buffer.alloc(MAX, 1), name: 'e.png', type: 'image/png' }),
    );
    t.is(exact.status, 201);

    // Far past limit + overhead: refused while reading (chunked, so no Content-Length shortcut).
    const huge = Buffer.alloc(MAX + MULTIPART_OVERHEAD_BYTES + 10_000, 2);
    const f = form({ title: 'Huge' }, { bytes: huge, name: 'h.png', type: 'image/png' });
    const encoded = new Response(f);
    const stream = encoded.body!;
    const chunked = await k.post(stream as unknown as NonNullable<RequestInit['body']>, {
      'content-type': encoded.headers.get('content-type')!,
    });
    t.is(chunked.status, 422);
    t.deepEqual(Object.keys(chunked.body.errors), ['file']);
    const declared = await k.post(f);
    t.is(declared.status, 422);
    t.deepEqual(Object.keys(declared.body.errors), ['file']);
    t.is(k.state.calls, 1);
    const after = await k.post(
      form({ title: 'After' }, { bytes: Buffer.from('x'), name: 'a.pdf', type: 'application/pdf' }),
    );
    t.is(after.status, 201);
  });

  test(`[${dialect}] JSON on a multipart route is 415, a malformed body 400`, async (t) => {
    const k = await boot(dialect);
    t.teardown(k.close);
    const json = await k.post(JSON.stringify({ title: 'x' }), { 'content-type': 'application/json' });
    t.is(json.status, 415);
    const broken = await k.post('--zzz\r\nContent-Disposition: form-data; name="title"\r\n\r\nno end', {
      'content-type': 'multipart/form-data; boundary=zzz',
    });
    t.is(broken.status, 400);
    t.is(k.state.calls, 0);
  });
}
