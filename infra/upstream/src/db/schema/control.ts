import { boolean, integer, pgTable } from 'drizzle-orm/pg-core';
import { lastModified, providers } from './core';

/**
 * The control service's own record per provider (SPEC §4: the Settings toggle updates the provider
 * resource, then the provider control resource): whether the engine works for the provider.
 * A provider without a row has never been switched and follows its `active` flag.
 */
export const providerControls = pgTable('provider_controls', {
  providerId: integer('provider_id')
    .primaryKey()
    .references(() => providers.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull(),
  lastModified: lastModified(),
});
