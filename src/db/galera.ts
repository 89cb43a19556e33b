// MariaDB Galera Cluster: what wfctl needs to know about it, and the one topology it supports.
//
// Galera certifies write sets only. A `SELECT … FOR UPDATE` is a lock on one node that the other
// nodes never see, and wfctl serialises its rules with such locks (one primary deployment per
// employee, a punch against a month being locked, job and slot claims…). So wfctl writes to ONE
// node at a time (HAProxy sends every connection to the first healthy node, the others are hot
// standbys: docs/deployment.md), and this module makes that hold rather than hope for it:
//
// - a writer fence: each daemon renews a "writer of record" row naming the node its writes reach;
//   a daemon whose node is not the writer of record refuses write transactions (503) and fails its
//   readiness, so a misconfigured daemon pointed at another node cannot break a rule. The record
//   moves to a new node once the old one has left the cluster or stopped renewing (a failover);
// - causal reads on every new connection, so a connection opened on the new writer after a
//   failover sees every write the old writer acknowledged before it died;
// - the settings wfctl relies on, checked at start (row-based replication, primary keys, LOAD DATA
//   in one write set).
import { hostname } from 'node:os';
import type { Knex } from 'knex';
import type { Logger } from '../core/logger.js';
import { isDeadlock } from './errors.js';
import { dialectOf } from './knex.js';

export interface GaleraNode {
  /** wsrep_node_name */
  name: string;
  /** wsrep_node_incoming_address (host:port clients reach it on) */
  address: string;
}

/** The node this connection is on, or null when the database is not a Galera node. */
export async function galeraNode(db: Knex): Promise<GaleraNode | null> {
  if (dialectOf(db) !== 'mysql') return null;
  let row: { on?: number | string; name?: string; address?: string } | undefined;
  try {
    const [rows] = await db.raw(
      'select @@wsrep_on as `on`, @@wsrep_node_name as name, @@wsrep_node_incoming_address as address',
    );
    row = rows[0];
  } catch {
    return null; // a server built without wsrep (Oracle MySQL) has no such variables
  }
  if (!row || Number(row.on) !== 1) return null;
  return { name: String(row.name), address: String(row.address) };
}

async function globalStatus(db: Knex, names: string[]): Promise<Record<string, string>> {
  const [rows] = await db.raw(
    `select variable_name as name, variable_value as value from information_schema.global_status
      where variable_name in (${names.map(() => '?').join(', ')})`,
    names.map((n) => n.toUpperCase()),
  );
  const out: Record<string, string> = {};
  for (const r of rows as Array<{ name: string; value: string }>) out[r.name.toLowerCase()] = String(r.value);
  return out;
}

/** The readiness check of a Galera node: ready, Synced (or an IST donor), primary; null off Galera. */
export async function galeraReadiness(
  db: Knex,
): Promise<{ name: string; ok: boolean; detail?: string } | null> {
  const node = await galeraNode(db);
  if (!node) return null;
  const status = await globalStatus(db, ['wsrep_ready', 'wsrep_local_state_comment', 'wsrep_cluster_status']);
  const fence = fences.get(db);
  const refusal = fence?.refusal() ?? null;
  // A donor of an incremental transfer (a standby rejoining) keeps serving: only a node that is
  // joining, or a donor of a blocking full copy (which refuses queries), is not ready.
  const ok =
    status.wsrep_ready === 'ON' &&
    ['Synced', 'Donor/Desynced'].includes(status.wsrep_local_state_comment ?? '') &&
    status.wsrep_cluster_status === 'Primary' &&
    !refusal;
  const detail = refusal
    ? refusal
    : `node ${node.name} ${status.wsrep_local_state_comment ?? '?'}, cluster ${status.wsrep_cluster_status ?? '?'}, ready ${status.wsrep_ready ?? '?'}`;
  return { name: 'galera', ok, detail };
}

/**
 * What is wrong with a Galera node's settings for wfctl, one sentence each naming the setting;
 * empty when all is well (or off Galera). Checked when a daemon starts: it refuses to serve.
 */
export async function galeraSettingsProblems(db: Knex): Promise<string[]> {
  const node = await galeraNode(db);
  if (!node) return [];
  const problems: string[] = [];
  const [vars] = await db.raw(
    'select @@binlog_format as binlog_format, @@wsrep_max_ws_rows as max_rows, @@wsrep_max_ws_size as max_size',
  );
  const v = vars[0] as { binlog_format: string; max_rows: number; max_size: number };
  if (v.binlog_format !== 'ROW') {
    problems.push(
      `binlog_format is ${v.binlog_format}; Galera replicates correctly only with binlog_format=ROW.`,
    );
  }
  const splitting = await loadDataSplitting(db);
  if (splitting) {
    problems.push(
      'wsrep_load_data_splitting is ON: an attendance import would commit in 10,000-row pieces. Set wsrep_load_data_splitting=OFF.',
    );
  }
  if (Number(v.max_rows) !== 0 && Number(v.max_rows) < 1_000_000) {
    problems.push(
      `wsrep_max_ws_rows is ${v.max_rows}: a month lock or an import of more rows would fail. Set it to 0 (no limit).`,
    );
  }
  // A daemon starting beside one that is still migrating: this node may be applying the other's DDL,
  // which aborts a read of information_schema as a deadlock (seen in the cluster test of two daemons
  // starting together). It is a read: asked again.
  const [noKey] = await readRetried(() =>
    db.raw(
      `select t.table_name as name from information_schema.tables t
      where t.table_schema = database() and t.table_type = 'BASE TABLE'
        and not exists (select 1 from information_schema.table_constraints c
                         where c.table_schema = t.table_schema and c.table_name = t.table_name
                           and c.constraint_type = 'PRIMARY KEY')`,
    ),
  );
  for (const r of noKey as Array<{ name: string }>) {
    problems.push(`table ${r.name} has no primary key; Galera cannot certify its rows consistently.`);
  }
  return problems;
}

/** A read aborted as a deadlock (another node's DDL being applied here) is tried again, a few times. */
async function readRetried<T>(read: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      if (!isDeadlock(err) || attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** wsrep_load_data_splitting, or false where the server no longer has it. */
export async function loadDataSplitting(db: Knex): Promise<boolean> {
  try {
    const [rows] = await db.raw('select @@wsrep_on as `on`, @@wsrep_load_data_splitting as splitting');
    return Number(rows[0].on) === 1 && Number(rows[0].splitting) === 1;
  } catch {
    return false;
  }
}

// ---- the writer fence ------------------------------------------------------------------------

export interface WriterFenceOptions {
  logger: Logger;
  /** How often the record is renewed. */
  intervalMs?: number;
  /** A record not renewed for this long belongs to a writer that is gone. */
  staleMs?: number;
  /** Names this daemon in the record (diagnostics only). */
  daemon?: string;
}

export interface WriterFence {
  /** null while this daemon's node is the writer of record; otherwise why writes are refused. */
  refusal(): string | null;
  /** Resolves once the fence has an answer newer than the call, or after ms. */
  settle(ms: number): Promise<void>;
  stop(): Promise<void>;
}

const fences = new WeakMap<Knex, WriterFence>();

/** The fence guarding writes through db, if one runs (a daemon on Galera). */
export function writerFenceOf(db: Knex): WriterFence | undefined {
  return fences.get(db);
}

/**
 * Starts the fence when db is a Galera node; returns null otherwise (nothing to guard). The first
 * renewal is done before it returns, so a daemon never serves a write before knowing its place.
 */
export async function startWriterFence(db: Knex, opts: WriterFenceOptions): Promise<WriterFence | null> {
  if (!(await galeraNode(db))) return null;
  const intervalMs = opts.intervalMs ?? 1000;
  const staleMs = opts.staleMs ?? 3 * intervalMs;
  const daemon = (opts.daemon ?? `${hostname()}:${process.pid}`).slice(0, 128);
  let refusal: string | null = 'this daemon has not yet checked which Galera node takes writes';
  let generation = 0;
  const waiters: Array<() => void> = [];
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const check = async (): Promise<void> => {
    try {
      const verdict = await renewWriterRecord(db, daemon, staleMs);
      if (verdict.tookOver) {
        opts.logger.warn('galera writer moved', { from: verdict.previous, to: verdict.node, daemon });
      }
      if (verdict.refusal && verdict.refusal !== refusal) {
        opts.logger.error('writes refused: this daemon is not on the Galera writer node', {
          reason: verdict.refusal,
        });
      }
      refusal = verdict.refusal;
    } catch (err) {
      // The database is away (failover in progress): writes fail on their own; keep the last answer.
      opts.logger.debug('galera writer check failed', { error: (err as Error).message });
    } finally {
      generation += 1;
      waiters.splice(0).forEach((wake) => wake());
    }
  };

  await check();
  const timer = setInterval(() => {
    if (!stopped) running = running.then(check);
  }, intervalMs);
  timer.unref();

  const fence: WriterFence = {
    refusal: () => refusal,
    settle(ms) {
      const seen = generation;
      return new Promise<void>((resolve) => {
        const t = setTimeout(resolve, ms);
        t.unref();
        waiters.push(() => {
          if (generation > seen) {
            clearTimeout(t);
            resolve();
          }
        });
      });
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      fences.delete(db);
    },
  };
  fences.set(db, fence);
  return fence;
}

interface Verdict {
  node: string;
  previous?: string;
  tookOver: boolean;
  refusal: string | null;
}

/**
 * One renewal, in one transaction on the node this pool writes to. Two daemons on two nodes that
 * both try to claim the record write the same row, so Galera certifies one and aborts the other
 * (a deadlock error at commit): they cannot both become the writer.
 */
async function renewWriterRecord(db: Knex, daemon: string, staleMs: number): Promise<Verdict> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (trx) => {
        const [[me]] = await trx.raw(
          'select @@wsrep_node_name as name, @@wsrep_node_incoming_address as address',
        );
        const members = await memberAddresses(trx);
        const row = await trx('cluster_writer')
          .where({ id: 1 })
          .forUpdate()
          .first(
            'node_name',
            'node_address',
            trx.raw('timestampdiff(microsecond, seen_at, utc_timestamp(3)) div 1000 as age_ms'),
          );
        const claim = {
          node_name: me.name,
          node_address: me.address,
          daemon,
          seen_at: trx.raw('utc_timestamp(3)'),
        };
        if (!row) {
          await trx('cluster_writer').insert({ id: 1, ...claim });
          return { node: me.name, tookOver: false, refusal: null };
        }
        if (row.node_name === me.name) {
          await trx('cluster_writer').where({ id: 1 }).update(claim);
          return { node: me.name, tookOver: false, refusal: null };
        }
        const gone = !members.includes(row.node_address) || Number(row.age_ms) > staleMs;
        if (gone) {
          await trx('cluster_writer').where({ id: 1 }).update(claim);
          return { node: me.name, previous: row.node_name, tookOver: true, refusal: null };
        }
        return {
          node: me.name,
          tookOver: false,
          refusal:
            `this daemon writes to Galera node ${me.name}, but node ${row.node_name} is the cluster's writer: ` +
            'wfctl supports one writer node at a time (route the daemon through the single-writer HAProxy backend, docs/deployment.md)',
        };
      });
    } catch (err) {
      const e = err as { errno?: number };
      if (e?.errno !== 1213 || attempt >= 3) throw err; // certification lost to another node's claim
    }
  }
}

async function memberAddresses(db: Knex): Promise<string[]> {
  const status = await globalStatus(db, ['wsrep_incoming_addresses']);
  return (status.wsrep_incoming_addresses ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
