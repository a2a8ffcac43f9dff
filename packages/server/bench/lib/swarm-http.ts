// Moved to test/support/swarm-http.ts (shared by the load benchmark and the reliability tests).
export * from '../../test/support/swarm-http.js';
