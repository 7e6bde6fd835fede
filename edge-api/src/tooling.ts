/**
 * The API's one public surface for tooling outside it: the scale seeder (`npm run seed:scale`, bench/seed) and the
 * benchmark (`npm run bench`, bench/). They import `@daily-tea/edge-api/tooling` (this file, the package's
 * `exports`), never a module under edge-api/src — ESLint refuses that in bench/. What is here is what they need:
 * building and serving the app, opening, migrating and bulk-loading a database, the schema for bulk rows, the few
 * data-layer reads and maintenance steps the seed and the bench check their work with, and the rules a seeded
 * row must follow (password hashes, the crowd defaults of a streak).
 */

// The app and its services.
export { createApp } from './app';
export { buildConfig, parseEnv, type Config, type Deps } from './env';
export { hashPassword, verifyPassword } from './auth/password';
export { cleanupExpired } from './services/cleanup';
export { DEMO_PASSWORD, seedDemo } from './seed/demo-seed';
export { seededCrowdFields } from './seed/crowd-defaults';

// Serving the way `npm start` does.
export { isClusterWorker, reportListening, runCluster } from './node/cluster';

// Databases.
export { runBatch, type Database } from './db/database';
export { createLibsqlDatabase, tuneEmbeddedDatabase } from './db/client';
export { migrateLibsql } from './db/migrate';
export { enableReadCaches } from './db/engine/read-caches';
export {
  analyzeDatabase,
  checkpointWal,
  dropSecondaryIndexes,
  loadRows,
  rebuildIndexes,
  tuneForBulkLoad,
} from './db/bulk-load';
export * as schema from './db/schema';

// Data-layer reads and maintenance the seed and the bench check their work with.
export { findQuestionsForDate, findScheduledTopicIds } from './db/queries/daily.queries';
export { findUserByUsername } from './db/queries/users.queries';
export { insertFriendshipPairs } from './db/queries/friends.queries';
export { countersEqualRecount, recountAllCounters } from './db/queries/counters.queries';
export { rebuildPlayRollups } from './db/queries/analytics.queries';
