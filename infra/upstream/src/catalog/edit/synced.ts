import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Errors } from '../../errors';

/** A row's sync columns as stored: `source` null means it was made by hand. */
export interface SyncState {
  syncSource: string | null;
  syncRef: string | null;
  overrides: string[];
}

/** How replies name where a row comes from (protocol's `sync` and `overrides`). */
export const syncOf = (row: SyncState) => ({
  sync: row.syncSource ? { source: row.syncSource, ref: row.syncRef ?? '' } : null,
  overrides: row.overrides,
});

/**
 * Refuses an edit of fields the vendor owns on a synced row (docs/catalog.md): names, a match's
 * kick-off, teams and league. `changed` lists those of them the edit would change (in the
 * operator's words); none changed, the rest of the edit goes through.
 */
export function assertNotVendorOwned(label: string, id: number, row: SyncState, changed: string[]): void {
  if (!row.syncSource || changed.length === 0) return;
  const fields = changed.join(', ');
  throw new Errors.BadRequest(
    `${label} ${id} is synced from ${row.syncSource}: its ${fields} ${changed.length === 1 ? 'is' : 'are'} the vendor's and cannot be changed here.`,
  );
}

/**
 * The overrides column after an operator changed `field` by hand: the field is added (once), so a
 * sync, now or once it takes the row over (a hand-made team of the same name), keeps the
 * operator's value.
 */
export function withOverride(table: { overrides: AnyPgColumn }, field: string): SQL {
  const entry = JSON.stringify([field]);
  return sql`(case when ${table.overrides} @> ${entry}::jsonb then ${table.overrides} else ${table.overrides} || ${entry}::jsonb end)`;
}

/** A name as typed, trimmed; blank is a 400 saying which. */
export function required(text: string, what: string): string {
  const value = text.trim();
  if (!value) throw new Errors.BadRequest(`${what} is required.`);
  return value;
}
