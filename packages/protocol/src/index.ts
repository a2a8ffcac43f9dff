export * from './analytics-import.js';
export * from './constants.js';
export {
  base64ToBytes,
  bytesToBase64,
  bytesToHex,
  hexToBytes,
  utf8Decode,
  utf8Encode,
} from './encoding.js';
export { keyFingerprint, sha256Hex } from './hash.js';
export {
  ed25519Platform,
  generateKeyPair,
  isUsablePublicKey,
  publicKeyFromSeed,
  sign,
  verify,
  type KeyPair,
} from './signing.js';
export { compareCodePoints, isPlainObject } from './strings.js';
export { webLink } from './links.js';
export { sessionRationale, type RationaleInput } from './session-rationale.js';
export {
  canonicalTake,
  signTake,
  verifyTake,
  type Submission,
  type TakeDraft,
  type TakeDraftInput,
  type Weight,
} from './take.js';
export {
  isStance,
  parseCanonicalTake,
  validateSubmission,
  validateTakeDraft,
  type SubmissionValidation,
  type TakeDraftValidation,
  type TakeValidationError,
} from './take-validation.js';
export {
  canonicalApplication,
  signApplication,
  verifyApplication,
  type Application,
} from './application.js';
export {
  canonicalTokenClaim,
  signTokenClaim,
  verifyTokenClaim,
  type TokenClaim,
} from './token-claim.js';
export {
  canonicalJudgement,
  signJudgement,
  UNDISCLOSED,
  verifyJudgement,
  type Judgement,
} from './judgement.js';
export {
  aggregate,
  computeQuorum,
  normaliseWeights,
  type Aggregate,
  type AggregationInput,
  type AggregationRequest,
  type Quorum,
  type StanceHistogram,
} from './aggregate.js';
export {
  disagreementMap,
  type BucketDispersion,
  type DisagreementMap,
  type StancePole,
} from './disagreement.js';
export { jcs } from './jcs.js';
export {
  KEYSTORE_SCRYPT,
  KEYSTORE_SCRYPT_MAXMEM,
  sealSecret,
  unsealSecret,
  UnsealError,
  type Scrypt,
  type SealedSecret,
} from './keystore.js';
export {
  buildReceiptPayload,
  isLogIndexUnder,
  receiptKey,
  selectCountedTakes,
  signReceipt,
  type BuildReceiptInput,
} from './receipt-build.js';
export { verifyReceipt, type VerifyReceiptOptions } from './receipt-verify.js';
export { RECEIPT_REASONS, RECEIPT_REASON_TEXT, type ReceiptReasonCode } from './receipt-reasons.js';
export type {
  ConsensusReceipt,
  ConsensusReceiptPayload,
  ReceiptJudge,
  ReceiptKey,
  ReceiptLogAnchor,
  ReceiptSubmission,
  ReceiptVerification,
  ServiceSignature,
  UnverifiedReason,
} from './receipt-types.js';
export * from './tlog/index.js';
export { isSitePath, SITE_PATHS, SITE_REDIRECTS, type SitePath } from './site-paths.js';
export * from './track-record/index.js';
export {
  EVENTS_RESET,
  isSwarmEventType,
  SWARM_EVENT_TYPES,
  type EventsResetData,
  type SwarmEvent,
  type SwarmEventData,
  type SwarmEventType,
} from './events.js';
export {
  ERROR_CODES,
  ERRORS,
  errorCode,
  isErrorCode,
  type ErrorCode,
  type ErrorName,
  type ErrorShape,
  type Message,
  type MessageArgs,
  type SnakeCase,
} from './errors.js';
export { servedTake, signedTake, takeStatement, type StoredTake } from './take-wire.js';
