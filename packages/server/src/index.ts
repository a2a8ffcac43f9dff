export { buildApp, type AppDeps } from './app.js';
export { parseConfig, type Config } from './config.js';
export { systemClock, ManualClock, type Clock } from './clock.js';
export { openDatabase } from './db/open.js';
export { openPglite } from './db/pglite.js';
export { openPostgres } from './db/postgres.js';
export type { Database } from './db/database.js';
export { migrateToLatest } from './db/migrate.js';
