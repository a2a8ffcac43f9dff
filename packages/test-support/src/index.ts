export { latch, type Latch } from './latch.js';
export { spawnNode, type NodeProcess, type SpawnOptions } from './node-process.js';
export { freePort } from './ports.js';
export { seededRandom, type SeededRandom } from './seeded-random.js';
export {
  runServerToExit,
  SERVER_ENTRY,
  startServerProcess,
  type ServerProcess,
  type ServerProcessOptions,
} from './server-process.js';
