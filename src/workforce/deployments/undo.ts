// Deleting a deployment by force gives back what opening it took from the employee's other
// primaries (issue 26): a primary it demoted is primary again, a primary it split is whole again
// (its secondary and continuation pieces removed), a primary a transfer or a unit retirement ended
// to make room gets its old end back. What the opening took is read from its
// `employee_deployment.created` audit entry, written in the opening's own transaction. When
// something cannot be given back exactly (a piece changed since, a later primary now holds those
// days, the unit was retired) and the deletion would leave days without any primary that had one
// before, the deletion is refused with 409 DEPLOYMENT_DELETE_LEAVES_GAP naming those days.
import type { Knex } from 'knex';
import { addDays } from '../../core/calendar.js';
import { ConflictError } from '../../core/errors.js';
import type { Shape } from '../../core/shape.js';
import { lockForUpdate } from '../../db/knex.js';
import { toDbTime } from '../../db/time.js';
import { bool } from '../context.js';
import type { PrimaryChange } from './open.js';
import type { RestoredPrimary } from './serialize.js';

/** A primary ended the day before a transferred deployment starts, to make room for it. */
export interface EndedPrimary {
  deployment_id: number;
  ends_on_before: string | null;
  ends_on: string;
}

type Piece = PrimaryChange['pieces'][number];

/** One primary an opening took days from: the row, how it was, and what the opening left. */
interface Taken {
  deploymentId: number;
  before: { starts_on: string; ends_on: string | null };
  /** Rows as the opening left them; the first is the original row. */
  pieces: Piece[];
  /** The days the opening took from it. */
  days: Span;
}

interface Span {
  from: string;
  to: string | null;
}

export type Restored = Shape<typeof RestoredPrimary>;

/**
 * Gives back what `deployment`'s opening took, or refuses with 409 when the deletion would leave
 * days without a primary. Call with the employee row locked; the deployment itself is deleted by
 * the caller afterwards.
 */
export async function giveBackWhatOpeningTook(
  trx: Knex,
  now: Date,
  deployment: { id: number; employee_id: number },
  employeeCode: string,
): Promise<Restored[]> {
  const taken = await takenByOpening(trx, deployment);
  if (taken.length === 0) return [];
  const primaries = (
    await lockForUpdate(
      trx('employee_deployments')
        .where({ employee_id: deployment.employee_id })
        .select('id', 'organization_unit_id', 'starts_on', 'ends_on', 'is_primary'),
      trx,
    )
  ).map((r: any) => ({ ...r, id: Number(r.id), is_primary: bool(r.is_primary), ends_on: r.ends_on ?? null }));
  const rows = new Map<number, any>(primaries.map((r) => [r.id, r]));
  const activeUnits = new Set(
    (
      await trx('organization_units')
        .whereIn('id', [...new Set(primaries.map((r) => Number(r.organization_unit_id)))])
        .where('status', 'active')
        .select('id')
    ).map((u) => Number(u.id)),
  );

  const restorable: Taken[] = [];
  const blocked: Array<{ taken: Taken; why: string }> = [];
  for (const t of taken) {
    const why = cannotGiveBack(t, rows, activeUnits, primaries, deployment.id);
    if (why) blocked.push({ taken: t, why });
    else restorable.push(t);
  }
  // The primaries once this deletion and the restorations are done.
  const removed = new Set([deployment.id, ...restorable.flatMap((t) => t.pieces.slice(1).map((p) => p.id))]);
  const after: Span[] = [
    ...primaries
      .filter((r) => r.is_primary && !removed.has(r.id))
      .map((r) => ({ from: r.starts_on, to: r.ends_on })),
    ...restorable.map((t) => ({ from: t.before.starts_on, to: t.before.ends_on })),
  ];
  const uncovered = blocked.flatMap((b) => subtract(b.taken.days, after).map((span) => ({ span, b })));
  if (uncovered.length) {
    const spans = uncovered.map((u) => u.span);
    throw new ConflictError(
      `Deleting deployment ${deployment.id} would leave ${employeeCode} without a primary deployment ` +
        `${spans.map(describe).join(', ')}: ${[...new Set(uncovered.map((u) => u.b.why))].join('; ')}. ` +
        'Close it instead, or open the primary those days belong to first.',
      'DEPLOYMENT_DELETE_LEAVES_GAP',
      {
        uncovered: spans.map((s) => ({ from: s.from, to: s.to })),
        deployment_ids: [...new Set(uncovered.map((u) => u.b.taken.deploymentId))],
      },
    );
  }

  const at = toDbTime(now);
  const done: Restored[] = [];
  for (const t of restorable) {
    const extra = t.pieces.slice(1).map((p) => p.id);
    if (extra.length) await trx('employee_deployments').whereIn('id', extra).delete();
    await trx('employee_deployments')
      .where('id', t.deploymentId)
      .update({ ends_on: t.before.ends_on, is_primary: true, updated_at: at });
    done.push({
      deployment_id: t.deploymentId,
      starts_on: t.before.starts_on,
      ends_on: t.before.ends_on,
      is_primary: true,
      removed_deployment_ids: extra,
    });
  }
  return done;
}

/** Why `t` cannot be given back exactly as it was, or null when it can. */
function cannotGiveBack(
  t: Taken,
  rows: Map<number, any>,
  activeUnits: Set<number>,
  primaries: any[],
  deletedId: number,
): string | null {
  const original = rows.get(t.deploymentId);
  if (!original) return `deployment ${t.deploymentId} no longer exists`;
  for (const p of t.pieces) {
    const row = rows.get(p.id);
    const same =
      row &&
      String(row.starts_on) === p.starts_on &&
      (row.ends_on ?? null) === (p.ends_on ?? null) &&
      row.is_primary === p.is_primary &&
      Number(row.organization_unit_id) === Number(original.organization_unit_id);
    if (!same) return `deployment ${p.id} changed since deployment ${deletedId} was created`;
  }
  if (!activeUnits.has(Number(original.organization_unit_id))) {
    return `deployment ${t.deploymentId} is at a retired unit`;
  }
  const own = new Set([deletedId, ...t.pieces.map((p) => p.id)]);
  const clash = primaries.find(
    (r) =>
      r.is_primary &&
      !own.has(r.id) &&
      overlaps({ from: r.starts_on, to: r.ends_on }, { from: t.before.starts_on, to: t.before.ends_on }),
  );
  if (clash) return `deployment ${clash.id} is primary on some of deployment ${t.deploymentId}'s days now`;
  return null;
}

/** What the opening of `deployment` took, from its creation record (none recorded: nothing). */
async function takenByOpening(trx: Knex, deployment: { id: number }): Promise<Taken[]> {
  const entry = await trx('audit_entries')
    .where({
      subject_type: 'employee_deployment',
      subject_id: deployment.id,
      event: 'employee_deployment.created',
    })
    .orderBy('id', 'desc')
    .first('context');
  if (!entry) return [];
  const context = JSON.parse(entry.context) as {
    starts_on?: string;
    primary_changes?: PrimaryChange[];
    ended_primary?: EndedPrimary;
    transferred_from_deployment_id?: number;
    via?: string;
  };
  const taken: Taken[] = (context.primary_changes ?? []).map((c) => {
    const last = c.pieces[c.pieces.length - 1];
    const overlap = c.pieces.find((p) => !p.is_primary)!;
    return {
      deploymentId: c.deployment_id,
      before: { starts_on: c.pieces[0].starts_on, ends_on: last.ends_on },
      pieces: c.pieces,
      days: { from: overlap.starts_on, to: overlap.ends_on },
    };
  });
  const ended = context.ended_primary ?? (await endedByTransfer(trx, context));
  if (ended) {
    const row = await trx('employee_deployments').where('id', ended.deployment_id).first('starts_on');
    const startsOn = row ? String(row.starts_on) : ended.ends_on;
    taken.push({
      deploymentId: ended.deployment_id,
      before: { starts_on: startsOn, ends_on: ended.ends_on_before },
      pieces: [{ id: ended.deployment_id, starts_on: startsOn, ends_on: ended.ends_on, is_primary: true }],
      days: { from: addDays(ended.ends_on, 1), to: ended.ends_on_before },
    });
  }
  return taken;
}

/**
 * A transfer recorded before `ended_primary` was: the primary it ended is named by
 * `transferred_from_deployment_id`, its old end by the transfer's `employee_deployment.closed` entry.
 */
async function endedByTransfer(
  trx: Knex,
  context: { via?: string; starts_on?: string; transferred_from_deployment_id?: number },
): Promise<EndedPrimary | null> {
  if (context.via !== 'transfer' || !context.transferred_from_deployment_id || !context.starts_on)
    return null;
  const endsOn = addDays(context.starts_on, -1);
  const entries = await trx('audit_entries')
    .where({
      subject_type: 'employee_deployment',
      subject_id: context.transferred_from_deployment_id,
      event: 'employee_deployment.closed',
    })
    .orderBy('id', 'desc')
    .select('context');
  for (const e of entries) {
    const c = JSON.parse(e.context);
    if (c.via === 'transfer' && c.ends_on === endsOn) {
      return {
        deployment_id: context.transferred_from_deployment_id,
        ends_on_before: c.ends_on_before ?? null,
        ends_on: endsOn,
      };
    }
  }
  return null;
}

const end = (s: Span) => s.to ?? '9999-12-31';

function overlaps(a: Span, b: Span): boolean {
  return a.from <= end(b) && b.from <= end(a);
}

/** The days of `span` that none of `cover` holds. */
function subtract(span: Span, cover: Span[]): Span[] {
  let left: Span[] = [span];
  for (const c of cover) {
    left = left.flatMap((s) => {
      if (!overlaps(s, c)) return [s];
      const out: Span[] = [];
      if (s.from < c.from) out.push({ from: s.from, to: addDays(c.from, -1) });
      if (c.to !== null && end(s) > c.to) out.push({ from: addDays(c.to, 1), to: s.to });
      return out;
    });
  }
  return left;
}

function describe(s: Span): string {
  if (s.to === null) return `from ${s.from} on`;
  return s.from === s.to ? `on ${s.from}` : `from ${s.from} to ${s.to}`;
}
