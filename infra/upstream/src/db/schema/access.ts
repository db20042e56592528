import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { providers, users } from './core';

/**
 * The providers an operator may see (migration 0056, docs/operators.md "Access per provider"). An
 * admin without rows sees every provider; anyone else sees only the providers granted here.
 */
export const operatorProviders = pgTable(
  'operator_providers',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.providerId] }), index('operator_providers_provider_idx').on(t.providerId)],
);
