// What the push owes each partner: every lock of an organization the active partner is linked to,
// that stamped at least one row, and that the partner has not fully received. "Fully received" is
// the ledger holding the lock's last batch and every batch of the lock delivered; an unlock deletes
// the lock and a new lock has a new id, so relocked days are due again without any bookkeeping.
// A lock's correction batches (corrections.ts) are due on their own and do not count here.
import type { Knex } from 'knex';

export interface DueLock {
  partnerId: number;
  partnerName: string;
  lockId: number;
  scopeKey: string;
  organizationId: number;
  organizationCode: string;
  month: string;
}

export interface DueFilters {
  partnerId?: number;
  organizationId?: number;
  month?: string;
}

export async function findDueLocks(db: Knex, filters: DueFilters = {}): Promise<DueLock[]> {
  const qb = db('attendance_locks as l')
    .join('partner_organizations as po', 'po.organization_id', 'l.organization_id')
    .join('partners as p', 'p.id', 'po.partner_id')
    .join('organizations as o', 'o.id', 'l.organization_id')
    .where('p.is_active', true)
    .whereExists((q) => q.select(db.raw('1')).from('attendance as a').whereRaw('a.lock_id = l.id'))
    .andWhere((w) =>
      w
        .whereNotExists((q) =>
          q
            .select(db.raw('1'))
            .from('partner_deliveries as d')
            .whereRaw('d.partner_id = p.id and d.lock_id = l.id and d.correction_request_id = 0')
            .andWhere('d.is_last', true),
        )
        .orWhereExists((q) =>
          q
            .select(db.raw('1'))
            .from('partner_deliveries as d')
            .whereRaw('d.partner_id = p.id and d.lock_id = l.id and d.correction_request_id = 0')
            .whereNot('d.status', 'delivered'),
        ),
    )
    .select(
      'p.id as partner_id',
      'p.name as partner_name',
      'l.id as lock_id',
      'l.scope_key',
      'l.organization_id',
      'o.code as organization_code',
      'l.month',
    )
    .orderBy([{ column: 'p.name' }, { column: 'o.code' }, { column: 'l.month' }, { column: 'l.id' }]);
  if (filters.partnerId) qb.andWhere('p.id', filters.partnerId);
  if (filters.organizationId) qb.andWhere('l.organization_id', filters.organizationId);
  if (filters.month) qb.andWhere('l.month', filters.month);
  const rows = await qb;
  return rows.map((r: any) => ({
    partnerId: Number(r.partner_id),
    partnerName: r.partner_name,
    lockId: Number(r.lock_id),
    scopeKey: r.scope_key,
    organizationId: Number(r.organization_id),
    organizationCode: r.organization_code,
    month: r.month,
  }));
}
