import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './edge-api/src/db/schema.ts',
  out: './drizzle/migrations',
});
