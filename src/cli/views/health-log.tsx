// A patient's health journal, one page.
import React from 'react';
import type { HealthLogView } from '../../clinic/health-logs/serialize.js';
import { PageList, type ZonedPageProps } from './page-list.js';
import { formatTime } from '../time.js';

export function HealthLogListView({ page, zone = 'UTC' }: ZonedPageProps<HealthLogView>) {
  return (
    <PageList
      noun="Health logs"
      page={page}
      columns={['id', 'logged at', 'source', 'weight', 'appetite', 'energy', 'stool', 'symptoms', 'notes']}
      row={(h) => [
        h.id,
        formatTime(h.logged_at, zone),
        h.source,
        h.weight_kg,
        h.appetite,
        h.energy_level,
        h.stool_quality,
        h.symptoms.join(', ') || null,
        h.notes,
      ]}
    />
  );
}
