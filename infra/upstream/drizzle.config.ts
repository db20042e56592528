import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Run from this workspace (`npm run db:generate` at the root runs it here).
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
