// Turns the CLI's codes (ACME, ACME/BLR or BLR, or numeric ids) into the ids the export takes.
import type { Knex } from 'knex';
import { organizationByRef, unitByRef } from '../partners/lookups.js';
import type { ExportRefs } from './schemas.js';

export async function resolveExportRefs(db: Knex, refs: ExportRefs) {
  const org = await organizationByRef(db, refs.org, 'org');
  const unit = refs.unit ? await unitByRef(db, org.id, refs.unit, 'unit') : null;
  return { organizationId: org.id, unitId: unit?.id ?? null, month: refs.month };
}
