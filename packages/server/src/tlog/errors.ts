import { RequestError } from '../errors.js';

/** The log's error messages (answered as `{ error }`). */
export const TLOG_ERRORS = {
  noCheckpoint: 'the log has no checkpoint yet',
  checkpointNotFound: 'no checkpoint of that size',
  entryNotFound: 'no log entry with that index or leaf hash',
  badTreeSize: 'treeSize must be at least 1 and at most the size of the latest checkpoint',
  badIndex: 'logIndex must be below treeSize',
  badRange: 'from must be at most to, and to at most the size of the latest checkpoint',
  badEntryRange: 'need 0 ≤ start < end ≤ log size and at most 1000 entries',
  badLeafHash: 'leafHash must be base64 (or hex) of 32 bytes',
  oneOfIndexOrLeaf: 'give exactly one of index and leafHash',
  badCosignature: 'not a valid cosignature by that witness key over a checkpoint this log issued',
  badWitnessKey: 'vkey must be a witness verifier key of type 0x04 (cosignature/v1)',
  tileNotFound: 'no such tile',
} as const;

export const tlogError = (status: number, message: string): RequestError =>
  new RequestError(status, message);
