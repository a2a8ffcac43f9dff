export { emptyRootHash, HASH_SIZE, hashesEqual, leafHash, nodeHash } from './hashing.js';
export {
  assembleProof,
  consistencyProofPlan,
  foldHashes,
  inclusionProofPlan,
  nodesCompletedBy,
  planNodes,
  rangeNodes,
  splitPoint,
  treeRootPlan,
  type HashPlan,
  type NodeId,
  type NodeReader,
} from './nodes.js';
export { MemoryMerkleTree, MerkleFrontier, type StoredNode } from './tree.js';
export { rootFromInclusionProof, verifyConsistency, verifyInclusion } from './proofs.js';
export {
  addNoteSignatures,
  ed25519NoteSigner,
  ed25519NoteVerifier,
  formatSignerKey,
  formatVerifierKey,
  isValidKeyName,
  keyIdHex,
  MAX_NOTE_SIGNATURES,
  NOTE_SIGNATURE_TYPE,
  noteKeyId,
  openNote,
  parseSignedNote,
  parseSignerKey,
  parseVerifierKey,
  signatureLine,
  signNote,
  type NoteSignature,
  type NoteSigner,
  type NoteVerifier,
  type OpenNoteResult,
  type ParsedNote,
  type VerifierKey,
} from './note.js';
export {
  formatCheckpoint,
  parseCheckpoint,
  signCheckpoint,
  type Checkpoint,
} from './checkpoint.js';
export {
  cosignatureSigner,
  cosignatureTimestamp,
  cosignatureVerifier,
  cosignedMessage,
  formatCosignerKey,
} from './cosignature.js';
export {
  LOG_ENTRY_KIND,
  logEntryLeafHash,
  parseLogEntry,
  receiptLogEntry,
  takeLogEntry,
  verifyLogEntry,
  type LogEntry,
  type LogEntryCheck,
  type LogEntryKind,
  type ParsedLogEntry,
  type ReceiptLogEntry,
  type TakeLogEntry,
} from './entries.js';
export {
  entryBundle,
  entryBundlePath,
  parseEntryBundle,
  TILE_HEIGHT,
  TILE_WIDTH,
  tileBytes,
  tileIndexPath,
  tileNodes,
  tilePath,
  tilesForSize,
  type TileRef,
} from './tiles.js';
export {
  checkConsistency,
  checkInclusion,
  hashesFromBase64,
  hashesToBase64,
  TLOG_REASONS,
  verifyCheckpointConsistency,
  verifyCheckpointNote,
  verifyEntryInclusion,
  type CheckpointKeys,
  type ConsistencyProofJson,
  type InclusionProofJson,
  type TlogFailure,
  type TlogReasonCode,
  type VerifiedCheckpoint,
} from './verify.js';
export {
  advanceMonitor,
  EMPTY_MONITOR_STATE,
  type MonitorState,
  type MonitorStep,
} from './monitor.js';
export {
  checkServedTake,
  checkTakeLogEntry,
  TAKE_REASONS,
  takeEntryFields,
  type ServedTake,
  type TakeCheck,
  type TakeReason,
  type TakeReasonCode,
} from './take-check.js';
export {
  checkReceiptLog,
  submissionEntryDifference,
  type ReceiptLogMaterial,
} from './receipt-check.js';
