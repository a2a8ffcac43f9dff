"""Take validation (docs/protocol.md §3.2), reading a signed take back from its text, and the
self-check of a take as the API serves it."""

from __future__ import annotations

import json
import math
import re
from typing import Any, Dict, List, Mapping, Optional

from .canonical import canonical_take, es_number
from .encoding import is_well_formed, utf16_length
from .signing import verify

STANCES = ("bearish", "cautious", "neutral", "constructive", "bullish")
STANCE_SCORES = {"bearish": -1.0, "cautious": -0.5, "neutral": 0.0, "constructive": 0.5, "bullish": 1.0}
MAX_TAKES_PER_MEMBER_PER_SESSION = 5
LIMITS = {
    "memberId": 100,
    "subjectId": 100,
    "nonce": 200,
    "stance": 100,
    "signature": 2000,
    "body": 10_000,
    "memoUrl": 2000,
    "weights": 64,
    "bucket": 100,
}
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _bounded(value: Any, limit: int, allow_empty: bool = False) -> bool:
    return (
        isinstance(value, str)
        and utf16_length(value) <= limit
        and (allow_empty or value != "")
        and is_well_formed(value)
    )


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _weights(value: Any) -> Optional[List[Dict[str, Any]]]:
    if not isinstance(value, list) or not 1 <= len(value) <= LIMITS["weights"]:
        raise ValueError
    seen: set[str] = set()
    total = 0.0
    weights = []
    for element in value:
        if not isinstance(element, dict):
            raise ValueError
        bucket, weight = element.get("bucket"), element.get("weight")
        if not isinstance(bucket, str) or not _bounded(bucket, LIMITS["bucket"]) or bucket in seen:
            raise ValueError
        if not isinstance(weight, (int, float)) or not _number(weight) or weight < 0:
            raise ValueError
        seen.add(bucket)
        total += float(weight)
        weights.append({"bucket": bucket, "weight": float(weight)})
    if not (total > 0 and math.isfinite(total)):
        raise ValueError
    return weights


def validate_take_draft(draft: Any) -> Optional[Dict[str, Any]]:
    """The draft as the service reads it (unknown keys dropped, nulls absent), or None when invalid."""
    if not isinstance(draft, dict):
        return None
    try:
        ok = (
            _bounded(draft.get("memberId"), LIMITS["memberId"])
            and _bounded(draft.get("date"), 10)
            and _DATE.match(draft["date"]) is not None
            and _bounded(draft.get("subjectId"), LIMITS["subjectId"])
            and _bounded(draft.get("nonce"), LIMITS["nonce"])
            and draft.get("stance") in STANCES
            and _number(draft.get("confidence"))
            and 0 <= draft["confidence"] <= 1
        )
        if not ok:
            return None
        result: Dict[str, Any] = {
            k: draft[k] for k in ("memberId", "date", "subjectId", "nonce", "stance")
        }
        result["confidence"] = float(draft["confidence"]) + 0.0  # -0 reads as 0
        for field in ("body", "memoUrl"):
            if draft.get(field) is not None:
                if not _bounded(draft[field], LIMITS[field], allow_empty=True):
                    return None
                result[field] = draft[field]
        if draft.get("weights") is not None:
            result["weights"] = _weights(draft["weights"])
        return result
    except ValueError:
        return None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_json(text: str) -> Any:
    """JSON as JavaScript's JSON.parse reads it (no NaN or Infinity literals)."""
    return json.loads(text, parse_constant=_reject_constant)


def parse_canonical_take(text: Any) -> Optional[Dict[str, Any]]:
    """The take a signed text holds, when it is valid and byte for byte its own canonical form."""
    if not isinstance(text, str):
        return None
    try:
        draft = validate_take_draft(parse_json(text))
        if draft is None or canonical_take(draft) != text:
            return None
    except (ValueError, TypeError, RecursionError):
        return None
    return draft


# The self-check of a served take: the protocol package's `checkServedTake` without the log
# (packages/protocol/src/tlog/take-check.ts), checked against vectors/served-takes.json.
TAKE_REASONS = {
    "key_missing": "the key this take was filed with is gone",
    "bad_member_signature": "the member signature does not verify over the signed text",
    "fields_mismatch": "served fields differ from the signed text: ",
}
_ABSENT: Any = object()


def _js_equal(a: Any, b: Any) -> bool:
    """JavaScript `===` between JSON values (a bool is no number; objects are never equal)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    return a is None and b is None


def _js_json(value: Any) -> str:
    """JSON.stringify's text of a JSON value up to equality: keys in their order, ES numbers."""
    if value is None or value is True or value is False:
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return es_number(value) if math.isfinite(value) else "null"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_js_json(item) for item in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ",".join(f"{_js_json(str(k))}:{_js_json(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"{type(value).__name__} has no JSON representation")


def take_fields_differing(draft: Mapping[str, Any], take: Mapping[str, Any]) -> List[str]:
    """The shown fields of `take` that say something other than its signed text (`draft`, as
    `parse_canonical_take` reads it), in the protocol's fixed order. An absent field is not
    compared (except memberId); a missing body or memo URL reads as ''."""
    shown = {name: take.get(name, _ABSENT) for name in
             ("memberId", "nonce", "stance", "confidence", "body", "memoUrl", "weights")}

    def same(name: str, signed: Any) -> bool:
        return shown[name] is _ABSENT or _js_equal(signed, shown[name])

    checks = [
        ("memberId", _js_equal(draft["memberId"], take.get("memberId"))),
        ("nonce", same("nonce", draft["nonce"])),
        ("stance", same("stance", draft["stance"])),
        ("confidence", same("confidence", draft["confidence"])),
        ("body", same("body", draft.get("body", ""))),
        ("memoUrl", shown["memoUrl"] is _ABSENT
         or _js_equal(draft.get("memoUrl", ""), "" if shown["memoUrl"] is None else shown["memoUrl"])),
        ("weights", shown["weights"] is _ABSENT
         or _js_json(draft.get("weights")) == _js_json(shown["weights"])),
    ]
    return [name for name, ok in checks if not ok]


def self_check(served: Mapping[str, Any]) -> Dict[str, Any]:
    """A take as the API serves it (take receipt, session take, member take) checked on its own:
    the member's signature over the exact signed text with the take's key, and every served field
    against that text. The protocol's verdict, reason codes, order and messages included:
    `{"verified": bool, "reasons": [{"code", "message"}]}`. The log checks come on top
    (`take_log.check_served_take`). A page that names its member once (a member's takes) leaves
    `memberId` out of each take: pass `{**take.raw, "memberId": take.member_id}`.

    >>> self_check(client.take(take_id).raw)["verified"]  # doctest: +SKIP
    True
    """
    reasons: List[Dict[str, str]] = []
    public_key = served.get("publicKey", _ABSENT)
    canonical: Any = served.get("canonical")
    signature: Any = served.get("signature")
    if public_key is None:
        reasons.append({"code": "key_missing", "message": TAKE_REASONS["key_missing"]})
    elif public_key is _ABSENT or not verify(public_key, canonical, signature):
        code = "bad_member_signature"
        reasons.append({"code": code, "message": TAKE_REASONS[code]})
    draft = parse_canonical_take(canonical)
    differing = ["canonical"] if draft is None else take_fields_differing(draft, served)
    if differing:
        message = TAKE_REASONS["fields_mismatch"] + ", ".join(differing)
        reasons.append({"code": "fields_mismatch", "message": message})
    return {"verified": not reasons, "reasons": reasons}
