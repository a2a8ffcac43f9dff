"""Consensus-receipt verification without trusting the service (docs/protocol.md §11): the same
steps and reason codes as the protocol package's verifyReceipt. The log checks of §14 (whether the
receipt and its submissions are in the transparency log) are `merkle` and `checkpoint`'s."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from .aggregate import aggregate, compute_quorum, disagreement_map
from .canonical import jcs, same_json
from .encoding import b64decode_strict, key_fingerprint, sha256_hex
from .signing import verify
from .takes import parse_canonical_take

RECEIPT_KIND = "convene.consensus.v1"

#: Every code verify_receipt can report, in the order reasons are listed, with its sentence.
REASON_TEXT: Dict[str, str] = {
    "malformed_receipt": "not a consensus receipt",
    "altered_payload": "payload does not match canonicalBytes and digest",
    "session_mismatch": "receipt sessionId differs from payload.sessionId",
    "service_key_id_mismatch": "signature.keyId is not the fingerprint of signature.publicKey",
    "unexpected_service_key": "receipt is signed with another service key than expected",
    "bad_service_signature": "service signature does not verify over canonicalBytes",
    "malformed_submission": "submission is malformed or not a canonical take",
    "duplicate_member": "more than one submission for a member",
    "unsorted_submissions": "submissions are not sorted by memberId",
    "submission_member_mismatch": "canonical_submission names another member than its entry",
    "submission_subject_mismatch": "canonical_submission names another subject than the receipt",
    "submission_date_mismatch": "canonical_submission has another date than the session",
    "bad_member_signature": "member signature does not verify against the key carried beside it",
    "histogram_mismatch": "stances differ from the histogram of the submissions",
    "score_mismatch": "score differs from the mean stance score of the submissions",
    "weights_mismatch": "weights differ from the mean normalised weights of the submissions",
    "confidence_mismatch": "confidence differs from the mean confidence of the submissions",
    "quorum_mismatch": "quorum differs from the recomputation",
    "disagreement_mismatch": "disagreement differs from the recomputation",
    "judge_not_enforce": "the receipt was not judged in enforce mode",
    "chain_mismatch": "previousReceiptDigest differs from the expected previous digest",
    "malformed_log_anchor": "the recorded log checkpoint or a submission logIndex is malformed",
}

_MAX_DETAILS = 10
_MAX_DETAIL_LENGTH = 120
_SAFE_INTEGER = 2**53 - 1
_UNSET: Any = object()


@dataclass(frozen=True)
class UnverifiedReason:
    code: str
    message: str


@dataclass(frozen=True)
class ReceiptVerification:
    verified: bool
    unverified_reasons: List[UnverifiedReason] = field(default_factory=list)

    @property
    def codes(self) -> List[str]:
        return [reason.code for reason in self.unverified_reasons]


class _Reasons:
    def __init__(self) -> None:
        self._details: Dict[str, List[str]] = {}

    def add(self, code: str, detail: Optional[str] = None) -> None:
        details = self._details.setdefault(code, [])
        if detail is not None:
            details.append(
                detail[:_MAX_DETAIL_LENGTH] + "…" if len(detail) > _MAX_DETAIL_LENGTH else detail
            )

    def result(self) -> ReceiptVerification:
        reasons = []
        for code, text in REASON_TEXT.items():
            if code not in self._details:
                continue
            details = self._details[code]
            named = "; ".join(details[:_MAX_DETAILS])
            more = f"; and {len(details) - _MAX_DETAILS} more" if len(details) > _MAX_DETAILS else ""
            reasons.append(UnverifiedReason(code, f"{text}: {named}{more}" if named else text))
        return ReceiptVerification(verified=not reasons, unverified_reasons=reasons)


def _malformed(detail: str) -> ReceiptVerification:
    reasons = _Reasons()
    reasons.add("malformed_receipt", detail)
    return reasons.result()


def _is_int(value: Any) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return float(value).is_integer() and abs(value) <= _SAFE_INTEGER


def _envelope_problem(receipt: Any) -> Optional[str]:
    if not isinstance(receipt, dict):
        return "receipt is not an object"
    if not all(isinstance(receipt.get(k), str) for k in ("sessionId", "canonicalBytes", "digest")):
        return "sessionId, canonicalBytes and digest must be strings"
    signature = receipt.get("signature")
    if not isinstance(signature, dict) or not all(
        isinstance(signature.get(k), str) for k in ("keyId", "publicKey", "signature")
    ):
        return "signature must be {keyId, publicKey, signature} strings"
    payload = receipt.get("payload")
    if not isinstance(payload, dict):
        return "payload is not an object"
    if payload.get("kind") != RECEIPT_KIND:
        return f'payload.kind is not "{RECEIPT_KIND}"'
    for name in ("sessionId", "subjectId", "date", "convenedAt", "aggregatedAt"):
        if not isinstance(payload.get(name), str):
            return f"payload.{name} must be a string"
    for name in ("windowClosesAt", "previousReceiptDigest"):
        if name not in payload or not (payload[name] is None or isinstance(payload[name], str)):
            return f"payload.{name} must be a string or null"
    if not isinstance(payload.get("submissions"), list):
        return "payload.submissions must be an array"
    return None


def _is_entry(entry: Any) -> bool:
    return (
        isinstance(entry, dict)
        and all(
            isinstance(entry.get(k), str)
            for k in ("memberId", "takeId", "publicKey", "canonical_submission", "signature")
        )
        and _is_int(entry.get("revision"))
        and entry["revision"] >= 1
    )


def _check_log_anchor(payload: Mapping[str, Any], reasons: _Reasons) -> None:
    indices = [e.get("logIndex", _UNSET) if isinstance(e, dict) else _UNSET for e in payload["submissions"]]
    if "log" not in payload:
        if any(index is not _UNSET for index in indices):
            reasons.add("malformed_log_anchor", "logIndex without log")
        return
    log = payload["log"]
    root_text = log.get("rootHash") if isinstance(log, dict) else None
    root = b64decode_strict(root_text) if isinstance(root_text, str) else None
    if (
        not isinstance(log, dict)
        or not isinstance(log.get("origin"), str)
        or log["origin"] == ""
        or not _is_int(log.get("treeSize"))
        or log["treeSize"] < 0
        or root is None
        or len(root) != 32
    ):
        reasons.add("malformed_log_anchor", "log must be { origin, treeSize, rootHash }")
        return
    seen: set[int] = set()
    for i, index in enumerate(indices):
        if not (_is_int(index) and 0 <= index < log["treeSize"]) or index in seen:
            reasons.add("malformed_log_anchor", f"submission {i} logIndex")
        else:
            seen.add(int(index))


def _check(
    receipt: Any, expected_keys: Optional[Sequence[str]], expected_previous: Any
) -> ReceiptVerification:
    problem = _envelope_problem(receipt)
    if problem is not None:
        return _malformed(problem)
    payload = receipt["payload"]
    try:
        canonical = jcs(payload)
    except (TypeError, ValueError):
        return _malformed("payload holds a value JSON cannot carry")
    reasons = _Reasons()
    signature = receipt["signature"]
    if canonical != receipt["canonicalBytes"]:
        reasons.add("altered_payload", "canonicalBytes is not the RFC 8785 text of payload")
    signed = receipt["canonicalBytes"].encode("utf-8", "surrogatepass")
    if sha256_hex(signed) != receipt["digest"]:
        reasons.add("altered_payload", "digest is not the SHA-256 of canonicalBytes")
    if receipt["sessionId"] != payload["sessionId"]:
        reasons.add("session_mismatch")
    key = b64decode_strict(signature["publicKey"])
    if key is not None and len(key) == 32 and key_fingerprint(signature["publicKey"]) != signature["keyId"]:
        reasons.add("service_key_id_mismatch", signature["keyId"])
    if expected_keys is not None and signature["publicKey"] not in expected_keys:
        reasons.add("unexpected_service_key", signature["publicKey"])
    service_ok = verify(signature["publicKey"], signed, signature["signature"])

    counted: List[Dict[str, Any]] = []
    complete = True
    bad_members: List[str] = []
    seen: set[str] = set()
    previous: Optional[str] = None
    for index, entry in enumerate(payload["submissions"]):
        if not _is_entry(entry):
            reasons.add("malformed_submission", f"entry {index}")
            complete = False
            continue
        member = entry["memberId"]
        if member in seen:
            reasons.add("duplicate_member", member)
            complete = False
        elif previous is not None and previous > member:
            reasons.add("unsorted_submissions", member)
        seen.add(member)
        previous = member
        if not verify(entry["publicKey"], entry["canonical_submission"], entry["signature"]):
            bad_members.append(member)
        draft = parse_canonical_take(entry["canonical_submission"])
        if draft is None:
            reasons.add("malformed_submission", member)
            complete = False
            continue
        if draft["memberId"] != member:
            reasons.add("submission_member_mismatch", member)
        if draft["subjectId"] != payload["subjectId"]:
            reasons.add("submission_subject_mismatch", member)
        if draft["date"] != payload["date"]:
            reasons.add("submission_date_mismatch", member)
        counted.append({**draft, "memberId": member})

    if complete:
        members = [s["memberId"] for s in counted]
        recomputed = aggregate(counted, members, 0)
        for name, code in (
            ("stances", "histogram_mismatch"),
            ("score", "score_mismatch"),
            ("weights", "weights_mismatch"),
            ("confidence", "confidence_mismatch"),
        ):
            if not same_json(recomputed[name], payload.get(name, _UNSET)):
                reasons.add(code)
        quorum = payload.get("quorum")
        claims_ok = (
            isinstance(quorum, dict)
            and isinstance(quorum.get("absent"), list)
            and all(isinstance(a, str) for a in quorum["absent"])
            and _is_int(quorum.get("required"))
            and quorum["required"] >= 0
        )
        if not claims_ok or not same_json(
            compute_quorum(members, members + quorum["absent"], int(quorum["required"])), quorum
        ):
            reasons.add("quorum_mismatch")
        if not same_json(disagreement_map(counted), payload.get("disagreement", _UNSET)):
            reasons.add("disagreement_mismatch")

    judge = payload.get("judge")
    if not isinstance(judge, dict) or judge.get("mode") != "enforce":
        reasons.add("judge_not_enforce")
    if expected_previous is not _UNSET and payload["previousReceiptDigest"] != expected_previous:
        reasons.add("chain_mismatch")
    _check_log_anchor(payload, reasons)
    if not service_ok:
        reasons.add("bad_service_signature")
    for member in bad_members:
        reasons.add("bad_member_signature", member)
    return reasons.result()


def verify_receipt(
    receipt: Any,
    expected_service_public_key: Union[str, Sequence[str], None] = None,
    expected_previous_digest: Union[str, None, Any] = _UNSET,
) -> ReceiptVerification:
    """Verifies a consensus receipt (the JSON of GET /api/swarm/sessions/{id}/consensus-receipt).

    Never raises. Pass `expected_service_public_key`: the key you pinned (GET /api/swarm/receipt-key)
    or, after a rotation, every key you pinned (`ConveneClient.receipt_keys()`: the current one and
    the retired ones), and, when known, `expected_previous_digest` (the subject's previous receipt
    digest, None for its first).
    """
    expected = (
        [expected_service_public_key]
        if isinstance(expected_service_public_key, str)
        else None
        if expected_service_public_key is None
        else list(expected_service_public_key)
    )
    try:
        return _check(receipt, expected, expected_previous_digest)
    except Exception as error:  # noqa: BLE001 — garbage input is a verdict, never an exception
        return _malformed(str(error) or "unreadable receipt")
