// The transparency-log audit workflow, once for the site, the CLI and the tests: plain functions
// over a `LogApi` that return check lines with stable codes (errors are lines, never throws).
export {
  digits,
  failedLine,
  LOG_CHECKS,
  notCheckedLine,
  passedLine,
  type CountFormat,
  type LineOptions,
  type LogCheckCode,
  type LogCheckLine,
  type LogCheckState,
} from './check-lines.js';
export {
  foundOrNull,
  LOG_PATHS,
  logApiOverHttp,
  type Answer,
  type GetText,
  type LogApi,
  type ProvenEntryJson,
} from './log-api.js';
export { fixedLogKey, keyLabel, pinnedOrServedLogKey, type LogKeyOf } from './log-key.js';
export { consistencyOf } from './consistency.js';
export { checkLatestCheckpoint, type KeptLog, type LatestCheckpoint } from './latest-checkpoint.js';
export {
  checkEntryInLog,
  COVERAGE_RETRY,
  type CoverageRetry,
  type EntryInLog,
} from './entry-inclusion.js';
export { checkMemberKeyAt, loggedKeyHistories } from './member-keys.js';
export { checkTakeInLog, type LoggedTake } from './take-in-log.js';
export { checkReceiptAnchor, checkReceiptInLog } from './receipt-in-log.js';
