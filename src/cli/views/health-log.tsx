// A patient's health journal, one page.
import React from 'react';
import type { HealthLogView } from '../../clinic/health-logs/serialize.js';
import type { pageResult } from '../clinic-page.js';
import { formatTime } from '../time.js';
import { Summary } from './summary.js';

export function HealthLogListView({
  page,
  zone = 'UTC',
}: {
  page: ReturnType<typeof pageResult<HealthLogView>>;
  /** The tenant's time zone (src/cli/names.ts). */
  zone?: string;
}) {
  const { meta } = page;
  return (
    <Summary
      title={`Health logs: page ${meta.current_page} of ${meta.last_page} (${meta.total} in all)`}
      table={{
        columns: ['id', 'logged at', 'source', 'weight', 'appetite', 'energy', 'stool', 'symptoms', 'notes'],
        rows: page.data.map((h) => [
          h.id,
          formatTime(h.logged_at, zone),
          h.source,
          h.weight_kg,
          h.appetite,
          h.energy_level,
          h.stool_quality,
          h.symptoms.join(', ') || null,
          h.notes,
        ]),
      }}
    />
  );
}
