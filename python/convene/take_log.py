"""A served take against the transparency log (docs/protocol.md §14): its log entry text and leaf
hash, and the protocol package's `checkServedTake` with the entry a log holds for it
(packages/protocol/src/tlog/take-check.ts, checked against vectors/served-takes.json). The member's
key history (`checkTakeKey`) is not checked here."""

from __future__ import annotations

import re
from typing import Any, Dict, List, Mapping, Optional

from .canonical import jcs
from .encoding import b64decode_strict, b64encode
from .merkle import leaf_hash
from .takes import _js_equal, parse_json, self_check

TAKE_ENTRY_KIND = "convene.log.take.v1"
# The entry's fields in the order a differing-fields message names them.
ENTRY_FIELDS = ("takeId", "sessionId", "memberId", "revision", "receivedAt", "publicKey",
                "canonical_submission", "signature")
_TAKE_FIELDS = sorted(ENTRY_FIELDS + ("kind",))
_ISO_MILLIS = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})Z$", re.ASCII)
_MAX_SAFE_INTEGER = 2**53 - 1
# libsodium's small-order encodings (sign bit cleared), as protocol src/ed25519/weak-keys.ts.
_SMALL_ORDER = [bytes.fromhex(h) for h in (
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
)]


def _non_empty(value: Any) -> bool:
    return isinstance(value, str) and value != ""


def _usable_key(value: Any) -> bool:
    key = b64decode_strict(value)
    if key is None or len(key) != 32:
        return False
    return not any(key[:31] == e[:31] and key[31] & 0x7F == e[31] for e in _SMALL_ORDER)


def _real_instant(text: Any) -> bool:
    """ISO 8601 UTC with milliseconds that JavaScript's Date.parse reads as an instant."""
    match = _ISO_MILLIS.match(text) if isinstance(text, str) else None
    if match is None:
        return False
    _, month, day, hour, minute, second, millis = (int(g) for g in match.groups())
    whole_hour = hour < 24 or (hour == 24 and minute == second == millis == 0)
    return 1 <= month <= 12 and 1 <= day <= 31 and minute <= 59 and second <= 59 and whole_hour


def _take_entry_ok(entry: Mapping[str, Any]) -> bool:
    revision = entry.get("revision")
    return (
        sorted(entry.keys()) == _TAKE_FIELDS
        and entry["kind"] == TAKE_ENTRY_KIND
        and all(_non_empty(entry[f]) for f in ("takeId", "sessionId", "memberId", "canonical_submission"))
        and isinstance(revision, (int, float)) and not isinstance(revision, bool)
        and revision == int(revision) and 1 <= revision <= _MAX_SAFE_INTEGER
        and _real_instant(entry["receivedAt"])
        and _usable_key(entry["publicKey"])
        and len(b64decode_strict(entry["signature"]) or b"") == 64
    )


def take_entry_fields(served: Mapping[str, Any]) -> Dict[str, Any]:
    """The log entry fields of a served take (a missing key becomes '', which no entry holds)."""
    public_key = served.get("publicKey")
    return {
        "takeId": served.get("id"),
        "sessionId": served.get("sessionId"),
        "memberId": served.get("memberId"),
        "revision": served.get("revision"),
        "receivedAt": served.get("receivedAt"),
        "publicKey": "" if public_key is None else public_key,
        "canonical_submission": served.get("canonical"),
        "signature": served.get("signature"),
    }


def take_log_entry(served: Mapping[str, Any]) -> Optional[str]:
    """The RFC 8785 text of a served take's log entry; None when it cannot form one (no key).
    Its leaf hash is what the service serves as the take's `leafHash`:

    >>> b64encode(leaf_hash(take_log_entry(client.take(take_id).raw)))  # doctest: +SKIP
    """
    entry = {**take_entry_fields(served), "kind": TAKE_ENTRY_KIND}
    try:
        return jcs(entry) if _take_entry_ok(entry) else None
    except (TypeError, ValueError):
        return None


def _parse_take_entry(text: str) -> Optional[Dict[str, Any]]:
    """The take entry `text` holds when it is one, canonical and well formed (protocol parseLogEntry)."""
    try:
        value = parse_json(text)
        if not isinstance(value, dict) or jcs(value) != text:
            return None
    except (TypeError, ValueError, RecursionError):
        return None
    return value if value.get("kind") == TAKE_ENTRY_KIND and _take_entry_ok(value) else None


def check_take_log_entry(served: Mapping[str, Any], logged: Optional[str],
                         committed_leaf_hash: Optional[str] = None) -> Optional[Dict[str, str]]:
    """The served take against the entry the log holds for it (None: the log has none) and, when
    given, the leaf hash (base64) the log committed to at its index. None when they agree."""
    if logged is None:
        return {"code": "not_in_log", "message": "the take is not in the transparency log"}
    if take_log_entry(served) == logged:
        if committed_leaf_hash is None or b64encode(leaf_hash(logged)) == committed_leaf_hash:
            return None
        return {"code": "log_entry_mismatch",
                "message": "the take no longer hashes to the leaf the log committed to for it"}
    entry, fields = _parse_take_entry(logged), take_entry_fields(served)
    differing = [] if entry is None else [f for f in ENTRY_FIELDS if not _js_equal(entry[f], fields[f])]
    message = (f"the log's entry for this take differs in {', '.join(differing)}" if differing
               else "the log holds a different entry for this take")
    return {"code": "log_entry_mismatch", "message": message}


def check_served_take(served: Mapping[str, Any], logged: Optional[str],
                      committed_leaf_hash: Optional[str] = None) -> Dict[str, Any]:
    """`self_check` and then the log's entry: the protocol's `checkServedTake` for a reader that
    fetched the entry (`client.take_log_entry(id)["entry"]`, None when the log has none) and the
    leaf the log committed to. Same verdict, reason codes, order and messages."""
    reasons: List[Dict[str, str]] = list(self_check(served)["reasons"])
    log_reason = check_take_log_entry(served, logged, committed_leaf_hash)
    if log_reason is not None:
        reasons.append(log_reason)
    return {"verified": not reasons, "reasons": reasons}


__all__ = ["check_served_take", "check_take_log_entry", "take_entry_fields", "take_log_entry"]
