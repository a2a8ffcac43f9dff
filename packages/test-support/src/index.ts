export { postgresSelected, testDatabaseKinds, type DatabaseKind } from './databases.js';
export {
  fromFirstAnswer,
  pollEvery,
  pollLatency,
  probe,
  type PolledAnswer,
  type PollLatency,
  type PollOptions,
} from './health-poll.js';
export { copyOfTemplate, demoServerEnv, suiteDemoTemplate } from './demo-template.js';
export { latch, type Latch } from './latch.js';
export { untilCheckpointCovers } from './log-http.js';
export { spawnNode, type NodeProcess, type SpawnOptions } from './node-process.js';
export { freePort } from './ports.js';
export { startProxy, type ProxyEdits, type RunningProxy } from './proxy.js';
export {
  connectAsInsider,
  createPostgresDatabase,
  POSTGRES_ADMIN_URL,
  postgresReachable,
  templateDatabase,
  withDatabase,
  type InsiderConnection,
  type PostgresDatabase,
} from './postgres.js';
export { seededRandom, type SeededRandom } from './seeded-random.js';
export {
  runServerToExit,
  SERVER_ENTRY,
  startServerProcess,
  type ServerProcess,
  type ServerProcessOptions,
} from './server-process.js';
export {
  consecutiveDates,
  onboardMember,
  signedApplication,
  signedTakeBody,
  submitTake,
  type HttpMember,
} from './swarm-http.js';
export { startStagingServer, type StagingOptions, type StagingServer } from './staging-server.js';
