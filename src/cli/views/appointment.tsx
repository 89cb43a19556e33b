// Appointments of a clinic tenant: one page of them, a booking, a status change.
import React from 'react';
import type { StatusChange } from '../../clinic/appointments/operations/change-appointment-status.js';
import type { AppointmentView } from '../../clinic/appointments/serialize.js';
import { PageList, type ZonedPageProps } from './page-list.js';
import { formatTime } from '../time.js';
import { Summary } from './summary.js';

export function AppointmentListView({ page, zone = 'UTC' }: ZonedPageProps<AppointmentView>) {
  return (
    <PageList
      noun="Appointments"
      page={page}
      columns={['id', 'scheduled at', 'status', 'pet', 'client', 'veterinarian', 'reason']}
      row={(a) => [
        a.id,
        formatTime(a.scheduled_at, zone),
        a.status,
        `${a.pet.name} (${a.pet.id})`,
        a.client.name,
        a.veterinarian?.name ?? null,
        a.reason,
      ]}
    />
  );
}

function rows(a: AppointmentView, zone: string): Array<[string, string]> {
  return [
    ['appointment', `id ${a.id}`],
    ['scheduled at', formatTime(a.scheduled_at, zone) ?? '—'],
    ['status', a.status],
    ['pet', `${a.pet.name} (id ${a.pet.id})`],
    ['client', `${a.client.name} (id ${a.client.id})`],
    ['veterinarian', a.veterinarian ? `${a.veterinarian.name} (id ${a.veterinarian.id})` : '—'],
    ['reason', a.reason ?? '—'],
  ];
}

export function AppointmentBookedView({
  appointment,
  zone = 'UTC',
}: {
  appointment: AppointmentView;
  zone?: string;
}) {
  return <Summary title={`Booked appointment ${appointment.id}`} rows={rows(appointment, zone)} />;
}

export function AppointmentStatusView({ change, zone = 'UTC' }: { change: StatusChange; zone?: string }) {
  const a = change.appointment;
  const dryRun = change.dry_run;
  const moved = change.from !== a.status;
  const title = !moved
    ? `Appointment ${a.id} is already ${a.status} (nothing to change)`
    : dryRun
      ? `Preview: appointment ${a.id} ${change.from} → ${a.status} (nothing changed yet)`
      : `Appointment ${a.id}: ${change.from} → ${a.status}`;
  return <Summary title={title} tone={dryRun && moved ? 'warn' : 'ok'} rows={rows(a, zone)} />;
}
