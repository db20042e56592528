import { integer, jsonb, serial, text, type AnyPgColumn, type UpdateDeleteAction } from 'drizzle-orm/pg-core';

/** Optimistic concurrency: bumped by every write (coedit/versioned.ts); a stale write gets 409. */
export const version = () => integer('version').notNull().default(1);

/** The first columns of a co-edited record: its id and its version. */
export const versionedRecord = () => ({ id: serial('id').primaryKey(), version: version() });

/** A required foreign key to the row this one belongs to (`onDelete: 'cascade'`: deleted with it). */
export const belongsTo = <N extends string>(name: N, target: () => AnyPgColumn, actions?: { onDelete: UpdateDeleteAction }) =>
  integer(name).notNull().references(target, actions);

/**
 * A row a vendor's sync keeps (docs/catalog.md): `sync_source` ('uof') and `sync_ref` (the vendor's
 * id, unique per provider) are null on a hand-made row; `overrides` names the fields an operator
 * changed by hand, which the sync never writes again.
 */
export const syncColumns = () => ({
  syncSource: text('sync_source'),
  syncRef: text('sync_ref'),
  overrides: jsonb('overrides').$type<string[]>().notNull().default([]),
});
