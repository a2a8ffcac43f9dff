"""Take validation (docs/protocol.md §3.2) and reading a signed take back from its text."""

from __future__ import annotations

import json
import math
import re
from typing import Any, Dict, List, Optional

from .canonical import canonical_take
from .encoding import is_well_formed, utf16_length

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
