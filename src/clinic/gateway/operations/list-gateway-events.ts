// gateway-event.list (`wfctl gateway events`): the webhook deliveries as they were kept, newest
// first, 50 per page, optionally one outcome or one invoice. The operator sees every delivery, those
// matching no order included; a tenant member (--actor) only those of their tenants' invoices, or of
// the one tenant named (403 outside it). `unreconciled`: only the captures kept as unreconciled and
// still open, each with its unreconciled payment (the id `wfctl gateway resolve` takes). The tenant is
// named by id or, as the command's --tenant does, by slug: resolved by tenant-scope.ts.
import { defineRead } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { fetchPage, pageField, type Page } from '../../pagination.js';
import { serializeUnreconciled, type UnreconciledView } from '../reconciliation.js';
import { serializeGatewayEvent, type GatewayEventView } from '../serialize.js';
import { WEBHOOK_OUTCOMES } from './handle-gateway-webhook.js';

export const GATEWAY_EVENTS_PER_PAGE = 50;

export const listGatewayEvents = defineRead('gateway-event.list', 'tenant.member', {
  summary: 'The payment gateway’s webhook deliveries as kept, newest first, 50 per page',
  input: tenantScoped(
    yup.object({
      outcome: yup.string().oneOf([...WEBHOOK_OUTCOMES]),
      invoice_id: idNumber(),
      unreconciled: yup.boolean().default(false),
      page: pageField(),
    }),
  ),
  async run(ctx: ClinicRun, input): Promise<Page<ListedGatewayEvent>> {
    let tenants: number[] | null;
    if (input.tenant_id !== undefined || input.tenant !== undefined) {
      tenants = [await tenantScope(ctx, input)];
    } else {
      tenants = await ctx.scopes();
    }
    const q = ctx
      .db('gateway_events as e')
      .leftJoin('invoices as i', 'i.id', 'e.invoice_id')
      .select('e.*', 'i.tenant_id as tenant_id')
      .orderBy('e.id', 'desc');
    if (tenants !== null) q.whereIn('i.tenant_id', tenants);
    if (input.outcome) q.where('e.outcome', input.outcome);
    if (input.invoice_id !== undefined) q.where('e.invoice_id', input.invoice_id);
    if (input.unreconciled) {
      q.join('gateway_unreconciled_payments as u', 'u.gateway_event_id', 'e.id')
        .where('u.status', 'open')
        .select('u.id as unreconciled_id');
    }
    const found = await fetchPage<Record<string, any>>(q, input.page, GATEWAY_EVENTS_PER_PAGE);
    const open = await openUnreconciled(ctx, found.items);
    return {
      ...found,
      items: found.items.map((row) => ({
        ...serializeGatewayEvent(row),
        unreconciled_payment: open.get(Number(row.id)) ?? null,
      })),
    };
  },
});

export type ListedGatewayEvent = GatewayEventView & { unreconciled_payment: UnreconciledView | null };

/** The unreconciled payments the listed deliveries became, by event row id (one query a page). */
async function openUnreconciled(ctx: ClinicRun, rows: Record<string, any>[]) {
  const ids = rows.map((r) => Number(r.id));
  const found = ids.length
    ? await ctx.db('gateway_unreconciled_payments').whereIn('gateway_event_id', ids)
    : [];
  return new Map(
    found.map((u: Record<string, any>) => [Number(u.gateway_event_id), serializeUnreconciled(u)]),
  );
}
