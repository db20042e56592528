import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './infra/upstream/src/db/schema/index.ts',
  out: './infra/upstream/src/db/migrations',
});
