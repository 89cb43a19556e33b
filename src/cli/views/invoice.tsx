// Invoices of a clinic tenant: one page of them, and one invoice with its items and payments.
import React from 'react';
import { Box } from '../ink.js';
import type { InvoiceView } from '../../clinic/invoices/serialize.js';
import type { PageResult } from '../clinic-page.js';
import { PageList } from './page-list.js';
import { formatTime } from '../time.js';
import { Summary, Table } from './summary.js';

export function InvoiceListView({ page }: { page: PageResult<InvoiceView> }) {
  return (
    <PageList
      noun="Invoices"
      page={page}
      columns={['id', 'status', 'total', 'paid', 'balance', 'client', 'pet', 'due']}
      row={(i) => [
        i.id,
        i.status,
        `${i.total} ${i.currency}`,
        i.amount_paid,
        i.balance_due,
        `${i.client.name} (${i.client.id})`,
        i.pet ? `${i.pet.name} (${i.pet.id})` : null,
        i.due_date,
      ]}
    />
  );
}

export function InvoiceSummaryView({
  invoice,
  title,
  tone = 'ok',
  zone = 'UTC',
}: {
  invoice: InvoiceView;
  title: string;
  tone?: 'ok' | 'warn';
  /** The tenant's time zone (src/cli/names.ts). */
  zone?: string;
}) {
  return (
    <Box flexDirection="column">
      <Summary
        title={title}
        tone={tone}
        rows={[
          ['invoice', `id ${invoice.id}`],
          ['status', invoice.status],
          ['total', `${invoice.total} ${invoice.currency}`],
          ['paid', String(invoice.amount_paid)],
          ['balance due', String(invoice.balance_due)],
          ['client', `${invoice.client.name} (id ${invoice.client.id})`],
          ['pet', invoice.pet ? `${invoice.pet.name} (id ${invoice.pet.id})` : '—'],
          ['due date', invoice.due_date ?? '—'],
        ]}
      />
      {invoice.items.length ? (
        <Table
          columns={['item', 'quantity', 'unit price', 'amount']}
          rows={invoice.items.map((x) => [x.description, x.quantity, x.unit_price, x.amount])}
        />
      ) : null}
      {invoice.payments.length ? (
        <Table
          columns={['payment', 'amount', 'method', 'reference', 'source', 'at']}
          rows={invoice.payments.map((p) => [
            p.id,
            p.amount,
            p.payment_method,
            p.reference_number,
            p.source,
            formatTime(p.created_at, zone),
          ])}
        />
      ) : null}
    </Box>
  );
}
