// Prescriptions with their line items and issuing tenant, loaded in two queries for any number of ids.
import type { Knex } from 'knex';

export interface PrescriptionWithItems extends Record<string, any> {
  id: number;
  items: Record<string, any>[];
}

export async function loadPrescriptions(
  db: Knex,
  ids: number[],
): Promise<Map<number, PrescriptionWithItems>> {
  const out = new Map<number, PrescriptionWithItems>();
  if (!ids.length) return out;
  const rows = await db('prescriptions as p')
    .join('tenants as t', 't.id', 'p.tenant_id')
    .leftJoin('clinic_users as u', 'u.id', 'p.issued_by_user_id')
    .whereIn('p.id', ids)
    .select('p.*', 't.name as tenant_name', 't.slug as tenant_slug', 'u.name as issued_by_name');
  for (const r of rows) out.set(Number(r.id), { ...r, id: Number(r.id), items: [] });
  const items = await db('prescription_items')
    .whereIn('prescription_id', ids)
    .orderBy(['prescription_id', 'position']);
  for (const item of items) out.get(Number(item.prescription_id))?.items.push(item);
  return out;
}

/** "Amoxicillin 250 mg × 14 tablets; Probiotic paste": what a refill order asks for. */
export function itemSummary(items: Record<string, any>[]): string {
  return items
    .map((i) => [i.name, i.dose, i.quantity ? `× ${i.quantity}` : null].filter(Boolean).join(' '))
    .join('; ')
    .slice(0, 2000);
}
