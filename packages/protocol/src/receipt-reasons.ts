/** Stable codes of `unverifiedReasons`; their meaning is documented in docs/protocol.md. */
export const RECEIPT_REASONS = {
  /** Not a receipt: wrong shape, wrong `kind`, values JSON cannot carry. Checked first. */
  MALFORMED_RECEIPT: 'malformed_receipt',
  /** `canonicalBytes` is not the RFC 8785 text of `payload`, or `digest` is not its SHA-256. */
  ALTERED_PAYLOAD: 'altered_payload',
  /** The envelope's `sessionId` differs from the payload's. */
  SESSION_MISMATCH: 'session_mismatch',
  /** `signature.keyId` is not the fingerprint of `signature.publicKey`. */
  SERVICE_KEY_ID_MISMATCH: 'service_key_id_mismatch',
  /** The service key differs from the one the verifier was told to expect. */
  UNEXPECTED_SERVICE_KEY: 'unexpected_service_key',
  /** The service signature does not verify over `canonicalBytes`. */
  BAD_SERVICE_SIGNATURE: 'bad_service_signature',
  /** A submission entry is malformed or its canonical_submission is not a canonical take. */
  MALFORMED_SUBMISSION: 'malformed_submission',
  /** Two submissions for one member. */
  DUPLICATE_MEMBER: 'duplicate_member',
  /** Submissions are not in memberId code-point order. */
  UNSORTED_SUBMISSIONS: 'unsorted_submissions',
  /** A canonical_submission names another member than the entry it is filed under. */
  SUBMISSION_MEMBER_MISMATCH: 'submission_member_mismatch',
  /** A canonical_submission names another subject than the receipt. */
  SUBMISSION_SUBJECT_MISMATCH: 'submission_subject_mismatch',
  /** A canonical_submission carries another date than the session. */
  SUBMISSION_DATE_MISMATCH: 'submission_date_mismatch',
  /** A member signature does not verify against the key carried beside it. */
  BAD_MEMBER_SIGNATURE: 'bad_member_signature',
  HISTOGRAM_MISMATCH: 'histogram_mismatch',
  SCORE_MISMATCH: 'score_mismatch',
  WEIGHTS_MISMATCH: 'weights_mismatch',
  CONFIDENCE_MISMATCH: 'confidence_mismatch',
  QUORUM_MISMATCH: 'quorum_mismatch',
  DISAGREEMENT_MISMATCH: 'disagreement_mismatch',
  /** `judge.mode` is not "enforce" (or there is no judge). */
  JUDGE_NOT_ENFORCE: 'judge_not_enforce',
  /** `previousReceiptDigest` differs from the digest the verifier was told to expect. */
  CHAIN_MISMATCH: 'chain_mismatch',
  /** `log` (the checkpoint the receipt was built against) or a submission's `logIndex` is malformed. */
  MALFORMED_LOG_ANCHOR: 'malformed_log_anchor',
  /** The receipt records no log checkpoint (built before the log, or with the log off). */
  LOG_NOT_RECORDED: 'log_not_recorded',
  /** The recorded checkpoint (size and root) is not one the log signed. */
  LOG_CHECKPOINT_UNKNOWN: 'log_checkpoint_unknown',
  /** The recorded checkpoint is not a prefix of the log's latest checkpoint (a fork or a rewrite). */
  LOG_CHECKPOINT_INCONSISTENT: 'log_checkpoint_inconsistent',
  /** A submission's entry at its `logIndex` is missing, says something else, or is not included. */
  SUBMISSION_NOT_IN_LOG: 'submission_not_in_log',
  /**
   * A submission's key was not its member's active logged key at its `logIndex` (or the member's
   * served key history has a hole or breaks its rules).
   */
  SUBMISSION_KEY_NOT_LOGGED: 'submission_key_not_logged',
  /** The receipt itself is not in the log, or the log's entry for it differs. */
  RECEIPT_NOT_IN_LOG: 'receipt_not_in_log',
  /** The receipt's session was never published (the server's own record). */
  SESSION_NOT_PUBLISHED: 'session_not_published',
} as const;

export type ReceiptReasonCode = (typeof RECEIPT_REASONS)[keyof typeof RECEIPT_REASONS];

/** The sentence each reason's `message` starts with; details (members, fields) follow it. */
export const RECEIPT_REASON_TEXT: Readonly<Record<ReceiptReasonCode, string>> = {
  malformed_receipt: 'not a consensus receipt',
  altered_payload: 'payload does not match canonicalBytes and digest',
  session_mismatch: 'receipt sessionId differs from payload.sessionId',
  service_key_id_mismatch: 'signature.keyId is not the fingerprint of signature.publicKey',
  unexpected_service_key: 'receipt is signed with another service key than expected',
  bad_service_signature: 'service signature does not verify over canonicalBytes',
  malformed_submission: 'submission is malformed or not a canonical take',
  duplicate_member: 'more than one submission for a member',
  unsorted_submissions: 'submissions are not sorted by memberId',
  submission_member_mismatch: 'canonical_submission names another member than its entry',
  submission_subject_mismatch: 'canonical_submission names another subject than the receipt',
  submission_date_mismatch: 'canonical_submission has another date than the session',
  bad_member_signature: 'member signature does not verify against the key carried beside it',
  histogram_mismatch: 'stances differ from the histogram of the submissions',
  score_mismatch: 'score differs from the mean stance score of the submissions',
  weights_mismatch: 'weights differ from the mean normalised weights of the submissions',
  confidence_mismatch: 'confidence differs from the mean confidence of the submissions',
  quorum_mismatch: 'quorum differs from a recomputation over submitted and absent members',
  disagreement_mismatch: 'disagreement differs from a recomputation over the submissions',
  judge_not_enforce: 'judge.mode is not "enforce"',
  chain_mismatch: 'previousReceiptDigest differs from the expected previous receipt digest',
  malformed_log_anchor: 'log or a submission logIndex is malformed',
  log_not_recorded: 'the receipt records no transparency-log checkpoint',
  log_checkpoint_unknown: 'the recorded checkpoint is not one the log signed',
  log_checkpoint_inconsistent:
    'the recorded checkpoint is not consistent with the log’s latest checkpoint',
  submission_not_in_log:
    'a submission is not in the log at its logIndex under the recorded checkpoint',
  submission_key_not_logged:
    'a submission was signed with a key its member did not hold in the log at its logIndex',
  receipt_not_in_log: 'the receipt is not in the transparency log',
  session_not_published: 'the session of this receipt was never published',
};
