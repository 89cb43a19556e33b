// `wfctl partner push` to a receiver in this process: batch after batch, each claimed in the ledger
// (a lease), POSTed, then recorded. A push is not one transaction, so "nothing half-done" is not the
// rule; the ledger's is: after a kill at any moment, every batch the ledger calls delivered reached
// the partner, no record ever reached it under two delivery ids, and once the dead run's claims
// lapse (LEASE_SECONDS, 3 here) a re-run delivers the rest: every record at least once, each under
// one delivery id (a batch sent again after a kill keeps its id, so the partner drops the repeat).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromDbTime, toDbTime } from '../../src/db/time.js';
import { createPartner, lockFixture } from '../workforce/partners/fixtures.js';
import { crashTests, type Moment } from './harness.js';
import { buildWorld } from './world.js';

const MONTH = '2026-01';
const EMPLOYEES = 30;
const BATCH = 100; // 30 × 31 = 930 records: 10 batches

/** The nth ledger write that records an attempt's answer (the statement names response_code). */
const recorded = (nth: number, phase: Moment['phase']): Moment => ({
  label: `batch ${nth}'s answer recorded (${phase})`,
  nth,
  match: '^update\\s+\\S*partner_deliveries\\S*\\s+set\\s.*response_code',
  phase,
});

crashTests({
  name: 'partner push',
  rule: 'the ledger never claims what the partner did not get, nor sends a record under two ids',
  async prepare({ db }) {
    // What the partner received: delivery id → the records' keys.
    const received = new Map<string, Set<string>>();
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const id = String(req.headers['x-attendance-delivery-id']);
        const parsed = JSON.parse(body);
        const records: Array<{ employee_id: string; date: string }> = Array.isArray(parsed)
          ? parsed
          : parsed.records;
        const keys = received.get(id) ?? new Set<string>();
        for (const r of records) keys.add(`${r.employee_id}/${r.date}`);
        received.set(id, keys);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;

    const world = await buildWorld(db, { code: 'PSH', units: 1, employees: EMPLOYEES, month: MONTH });
    await lockFixture(db, { organizationId: world.organizationId, month: MONTH });
    const partner = await createPartner(db, {
      name: 'Crashpay',
      url,
      organizationIds: [world.organizationId],
    });
    const total = EMPLOYEES * 31;

    return {
      args: ['partner', 'push', '--partner', partner.name, '--month', MONTH, '--json'],
      env: { LEASE_SECONDS: '3', PARTNER_PUSH_BATCH_SIZE: String(BATCH) },
      transactional: false,
      moments: [recorded(1, 'sent'), recorded(2, 'before'), recorded(1, 'done'), recorded(3, 'sent')],
      async beforeRun(q, kind) {
        const claimed = () => q('partner_deliveries').whereNotNull('claimed_until');
        if (kind === 'kill') {
          // The next kill needs batches to send: as if the dead run's leases had lapsed already.
          await claimed().update({ claimed_until: toDbTime(new Date(Date.now() - 1000)) });
          return;
        }
        // The re-run: a real wait for the dead run's real leases (at most LEASE_SECONDS).
        for (let i = 0; i < 100; i++) {
          const until = (await claimed().pluck('claimed_until')).map((u) => fromDbTime(u)!.getTime());
          if (until.every((u) => u < Date.now())) return;
          await new Promise((r) => setTimeout(r, 100));
        }
      },
      async fingerprint(q) {
        const ledger = await q('partner_deliveries').select('delivery_id', 'status');
        const idsOf = new Map<string, Set<string>>();
        for (const [id, keys] of received)
          for (const key of keys) idsOf.set(key, (idsOf.get(key) ?? new Set()).add(id));
        return {
          delivered_but_never_received: ledger.filter(
            (d) => d.status === 'delivered' && !received.has(d.delivery_id),
          ).length,
          records_under_two_delivery_ids: [...idsOf.values()].filter((ids) => ids.size > 1).length,
          received_without_ledger_row: [...received.keys()].filter(
            (id) => !ledger.some((d) => d.delivery_id === id),
          ).length,
          every_record_delivered:
            idsOf.size === total && ledger.length > 0 && ledger.every((d) => d.status === 'delivered'),
        };
      },
      done: (before) => ({ ...before, every_record_delivered: true }),
      probes: [(q) => q('partner_deliveries')],
      cleanup: () => server.close(),
    };
  },
});
