// The Ink views the records commands show on a terminal (their last frame): tables for lists, a
// summary for one record, and the preview wording of the commands that ask first.
import test from 'ava';
import React from 'react';
import { render } from 'ink-testing-library';
import { pageResult } from '../../../src/cli/clinic-page.js';
import { AppointmentStatusView } from '../../../src/cli/views/appointment.js';
import { InvoiceSummaryView } from '../../../src/cli/views/invoice.js';
import { OrderMovedView } from '../../../src/cli/views/order.js';
import { PetListView } from '../../../src/cli/views/pet.js';
import type { AppointmentView } from '../../../src/clinic/appointments/serialize.js';
import type { InvoiceView } from '../../../src/clinic/invoices/serialize.js';
import type { PetView } from '../../../src/clinic/pets/serialize.js';

const client = { id: 4, tenant_id: 1, owner_user_id: 9, name: 'Priya Petowner', email: null, phone: null };
const pet: PetView = {
  id: 7,
  tenant_id: 1,
  client_id: 4,
  name: 'Bruno',
  species: 'dog',
  breed: 'Labrador',
  sex: 'male',
  date_of_birth: '2021-04-02',
  color: null,
  microchip_id: null,
  weight_kg: 31.5,
  photo_url: null,
  deceased_on: null,
  client,
  created_at: '2026-01-15T10:00:00.000Z',
  updated_at: '2026-01-15T10:00:00.000Z',
};

test('a page of pets is a table under its page count', (t) => {
  const frame =
    render(<PetListView page={pageResult({ items: [pet], page: 1, perPage: 20, total: 1 })} />).lastFrame() ??
    '';
  t.regex(frame, /Pets: page 1 of 1 \(1 in all\)/);
  t.regex(frame, /7\s+Bruno\s+dog\s+Labrador\s+male\s+2021-04-02\s+Priya Petowner \(4\)/);
});

test('an appointment status change: the preview says nothing changed; a repeat says so', (t) => {
  const appointment: AppointmentView = {
    id: 31,
    tenant_id: 1,
    pet_id: 7,
    client_id: 4,
    veterinarian_user_id: null,
    scheduled_at: '2026-03-01T05:00:00.000Z',
    duration_minutes: 30,
    ends_at: '2026-03-01T05:30:00.000Z',
    status: 'cancelled',
    reason: null,
    notes: null,
    pet: { id: 7, name: 'Bruno', species: 'dog', breed: null },
    client: { id: 4, owner_user_id: 9, name: 'Priya Petowner', email: null, phone: null },
    veterinarian: null,
    created_at: '2026-01-15T10:00:00.000Z',
    updated_at: '2026-01-15T10:00:00.000Z',
  };
  const preview =
    render(
      <AppointmentStatusView change={{ dry_run: true, from: 'scheduled', appointment }} />,
    ).lastFrame() ?? '';
  t.regex(preview, /Preview: appointment 31 scheduled → cancelled \(nothing changed yet\)/);
  const repeat =
    render(
      <AppointmentStatusView change={{ dry_run: false, from: 'cancelled', appointment }} />,
    ).lastFrame() ?? '';
  t.regex(repeat, /Appointment 31 is already cancelled \(nothing to change\)/);
});

test('an invoice shows its money, its items and its payments', (t) => {
  const invoice: InvoiceView = {
    id: 3,
    tenant_id: 1,
    client_id: 4,
    pet_id: null,
    status: 'partial',
    currency: 'INR',
    total: 1050.5,
    amount_paid: 100,
    balance_due: 950.5,
    due_date: null,
    notes: null,
    items: [{ id: 1, description: 'Consultation', quantity: 2, unit_price: 300, amount: 600 }],
    pet: null,
    client: { id: 4, owner_user_id: 9, name: 'Priya Petowner', email: null, phone: null },
    payments: [
      {
        id: 5,
        invoice_id: 3,
        amount: 100,
        payment_method: 'cash',
        reference_number: null,
        provider_payment_id: null,
        provider_order_id: null,
        source: 'clinic',
        created_at: '2026-01-15T10:00:00.000Z',
      },
    ],
    unreconciled_payments: [],
    payment_attempts: [],
    created_at: '2026-01-15T10:00:00.000Z',
    updated_at: '2026-01-15T10:00:00.000Z',
  };
  const frame = render(<InvoiceSummaryView invoice={invoice} title="Invoice 3" />).lastFrame() ?? '';
  t.regex(frame, /total\s+1050\.5 INR/);
  t.regex(frame, /balance due\s+950\.5/);
  t.regex(frame, /Consultation\s+2\s+300\s+600/);
  t.regex(frame, /5\s+100\s+cash\s+clinic/); // the reference column, empty in every row, is left out
});

test('an order move: the preview says what it would become', (t) => {
  const order = {
    id: 9,
    status: 'rejected',
    kind: 'custom',
    item_summary: 'Kidney diet, 2 kg',
    delivery_preference: 'pickup',
    delivery_address: null,
    reason: 'Out of stock',
    pet: { id: 7, name: 'Bruno', species: 'dog', breed: null },
    requester: { id: 9, name: 'Priya Petowner', email: 'priya@example.test', phone: null },
    assignee: null,
  } as any;
  const frame = render(<OrderMovedView move={{ dry_run: true, order }} />).lastFrame() ?? '';
  t.regex(frame, /Preview: order 9 would become rejected \(nothing changed yet\)/);
  t.regex(frame, /reason\s+Out of stock/);
});
