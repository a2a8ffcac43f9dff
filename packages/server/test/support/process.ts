// Moved to the shared test support package; this path stays for the tests that import it.
export {
  freePort,
  runServerToExit,
  SERVER_ENTRY,
  startServerProcess,
  type ServerProcess,
} from '@convene/test-support';
