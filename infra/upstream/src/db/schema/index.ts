/**
 * One schema for embedded PGlite and real Postgres, a file per domain. Migrations are generated
 * from it with `npm run db:generate -- --name <what>` and applied on start (db/client.ts).
 */
export * from './core';
export * from './accounts';
export * from './markets';
export * from './content';
export * from './contacts';
export * from './match';
export * from './live';
export * from './control';
export * from './basket';
export * from './displays';
export * from './exactly-once';
export * from './broker';
export * from './audit';
export * from './idempotency';
export * from './uof';
export * from './outbox';
export * from './webhooks';
export * from './channels';
export * from './leases';
// Sign-in through the company's identity provider (docs/sso.md).
export * from './sso';
export * from './access';
export * from './compliance';
export * from './send-stops';
export * from './uof-sync';
