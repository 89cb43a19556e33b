// Pull and export stream from the database: the live heap while a client reads 20,000 records
// must not grow with the row count (compared with 2,000 records, against a generous bound).
// The heap is measured after a forced GC at intervals, so it is what is retained, not garbage.
import test from 'ava';
import { MONTH_PAGE_SIZE } from '../../../src/workforce/partners/records.js';
import { get, type IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { bootApp, type TestApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { createUser, tokenFor } from '../../helpers/workforce.js';
import { createOrg, createUnit } from '../../helpers/workforce.js';
import {
  bulkEmployees,
  createPartner,
  insertAttendance,
  lockFixture,
  partnerToken,
} from '../partners/fixtures.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MB = 1024 * 1024;

async function lockedMonth(app: TestApp, code: string, employees: number) {
  const db = app.services.db;
  const org = await createOrg(db, { code });
  const unit = await createUnit(db, org.id);
  const ids = await bulkEmployees(db, org.id, employees, code);
  const rows = await insertAttendance(db, {
    organizationId: org.id,
    unitId: unit.id,
    employeeIds: ids,
    month: '2026-01',
    days: 30,
  });
  await lockFixture(db, { organizationId: org.id, month: '2026-01' });
  return { org, rows };
}

/**
 * Reads a streamed response without keeping it; returns bytes, `{` and newline counts and the
 * live-heap growth, sampled each time the server reads a page from the database (loopback socket
 * buffers could otherwise absorb the whole response before the client samples anything).
 */
/**
 * Reads a streamed response without keeping it; returns bytes, `{` and newline counts and the
 * live-heap growth, sampled each time the server reads a page from the database (loopback socket
 * buffers could otherwise absorb the whole response before the client samples anything).
 * A fresh connection per request (agent: false), so no keep-alive reuse races the server's timeout.
 */
async function measure(app: TestApp, url: string, token: string) {
  gc();
  const baseline = process.memoryUsage().heapUsed;
  let peak = 0;
  let pages = 0;
  const sample = () => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
  };
  const onPage = () => {
    if (++pages % 2 === 0) sample();
  };
  app.services.db.on('query-response', onPage);
  let bytes = 0;
  let braces = 0;
  let newlines = 0;
  let chunks = 0;
  try {
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      get(url, { agent: false, headers: { Authorization: `Bearer ${token}` } }, resolve).on('error', reject),
    );
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
    for await (const chunk of res as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      for (const b of chunk) {
        if (b === 0x7b) braces++;
        else if (b === 0x0a) newlines++;
      }
      if (++chunks % 8 === 0) sample();
    }
  } finally {
    app.services.db.off('query-response', onPage);
  }
  return { bytes, braces, newlines, pages, growth: peak };
}

for (const dialect of DIALECTS) {
  test.serial(
    `[${dialect}] pull and export of 20,000 records hold no more memory than of 2,000`,
    async (t) => {
      const app = await bootApp(dialect, {
        env: { PULL_RATE_LIMIT_PER_MINUTE: '100', EXPORT_RATE_LIMIT_PER_HOUR: '100' },
      });
      t.teardown(app.close);
      const small = await lockedMonth(app, 'SMALL', 67); // 2,010 records
      const large = await lockedMonth(app, 'LARGE', 667); // 20,010 records
      const partner = await createPartner(app.services.db, { organizationIds: [small.org.id, large.org.id] });
      const ptoken = await partnerToken(app.services.db, partner.id);
      const admin = await createUser(app.services.db, {
        grants: [{ role: 'system_admin', organizationId: null }],
      });
      const utoken = await tokenFor(app.services, admin.id);
      const base = app.workforce.baseUrl;
      const pull = (orgId: number) =>
        measure(app, `${base}/api/v1/integrations/payroll/pull?month=2026-01&org_id=${orgId}`, ptoken);
      const csv = (orgId: number) =>
        measure(app, `${base}/api/v1/exports/attendance.csv?month=2026-01&org_id=${orgId}`, utoken);

      // Warm up code paths once, so the first measurement does not pay for compilation.
      await pull(small.org.id);
      await csv(small.org.id);

      const pullSmall = await pull(small.org.id);
      const pullLarge = await pull(large.org.id);
      t.is(pullSmall.braces, small.rows);
      t.is(pullLarge.braces, large.rows);
      t.true(pullLarge.pages >= large.rows / MONTH_PAGE_SIZE, 'the large month is read in many pages');
      const csvSmall = await csv(small.org.id);
      const csvLarge = await csv(large.org.id);
      t.is(csvSmall.newlines, small.rows + 1);
      t.is(csvLarge.newlines, large.rows + 1);
      t.log(
        `live heap growth: pull ${(pullSmall.growth / MB).toFixed(1)} → ${(pullLarge.growth / MB).toFixed(1)} MB ` +
          `(${(pullLarge.bytes / MB).toFixed(1)} MB sent); csv ${(csvSmall.growth / MB).toFixed(1)} → ` +
          `${(csvLarge.growth / MB).toFixed(1)} MB (${(csvLarge.bytes / MB).toFixed(1)} MB sent)`,
      );
      // Holding 20,000 records (rows, objects and text) would cost well over 10 MB; streaming holds a page.
      t.true(pullLarge.growth < pullSmall.growth + 4 * MB, 'pull memory grows with the row count');
      t.true(csvLarge.growth < csvSmall.growth + 4 * MB, 'export memory grows with the row count');
      t.true(pullLarge.growth < 16 * MB);
      t.true(csvLarge.growth < 16 * MB);
    },
  );
}
