"""Canonical JSON text: the fixed-order payloads members sign (docs/protocol.md §2–§5) and RFC 8785
(JCS) for consensus receipts (§10)."""

from __future__ import annotations

import json
import math
from decimal import Decimal
from typing import Any, Mapping, Optional, Sequence

from .encoding import is_well_formed

TOKEN_CLAIM_PURPOSE = "swarm-token-claim-v1"


def es_number(value: float) -> str:
    """ECMAScript Number::toString of a finite double: what JSON.stringify and RFC 8785 write."""
    x = float(value)
    if not math.isfinite(x):
        raise ValueError("JSON cannot carry NaN or Infinity")
    if x == 0:
        return "0"
    if x < 0:
        return "-" + es_number(-x)
    _, digits, exponent = Decimal(repr(x)).as_tuple()
    assert isinstance(exponent, int)
    s = "".join(map(str, digits)).rstrip("0")
    exponent += len(digits) - len(s)
    s = s.lstrip("0")
    k, n = len(s), exponent + len(s)  # value = 0.<s> × 10^n
    if k <= n <= 21:
        return s + "0" * (n - k)
    if 0 < n <= 21:
        return s[:n] + "." + s[n:]
    if -6 < n <= 0:
        return "0." + "0" * -n + s
    mantissa = s if k == 1 else s[0] + "." + s[1:]
    return f"{mantissa}e{'+' if n - 1 >= 0 else '-'}{abs(n - 1)}"


def js_string(text: str) -> str:
    """A JSON string as JSON.stringify writes it (only `"`, `\\` and U+0000–U+001F escaped)."""
    if not is_well_formed(text):
        raise ValueError("a lone surrogate has no JSON (RFC 8785) representation")
    return json.dumps(text, ensure_ascii=False)


def _utf16_key(key: str) -> bytes:
    return key.encode("utf-16-be", "surrogatepass")


def jcs(value: Any) -> str:
    """RFC 8785 text of a JSON value: keys sorted by UTF-16 code unit, no whitespace."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return es_number(value)
    if isinstance(value, str):
        return js_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(jcs(item) for item in value) + "]"
    if isinstance(value, Mapping):
        keys = sorted(value.keys(), key=_utf16_key)
        return "{" + ",".join(js_string(k) + ":" + jcs(value[k]) for k in keys) + "}"
    raise TypeError(f"{type(value).__name__} has no JSON representation")


def same_json(a: Any, b: Any) -> bool:
    """The same JSON value under RFC 8785 (1 and 1.0 agree; key order does not matter)."""
    try:
        return jcs(a) == jcs(b)
    except (TypeError, ValueError):
        return False


def _ordered(pairs: Sequence[tuple[str, str]]) -> str:
    return "{" + ",".join(f"{js_string(k)}:{v}" for k, v in pairs) + "}"


def canonical_take(draft: Mapping[str, Any]) -> str:
    """The text a member signs for a take (§3.1). Formatting only: validate first."""
    pairs = [(k, js_string(draft[k])) for k in ("memberId", "date", "subjectId", "nonce", "stance")]
    pairs.append(("confidence", es_number(draft["confidence"])))
    pairs.append(("body", js_string(draft.get("body") or "")))
    pairs.append(("memoUrl", js_string(draft.get("memoUrl") or "")))
    weights = draft.get("weights")
    if weights is not None:
        items = ",".join(
            _ordered([("bucket", js_string(w["bucket"])), ("weight", es_number(w["weight"]))])
            for w in weights
        )
        pairs.append(("weights", f"[{items}]"))
    return _ordered(pairs)


def canonical_application(
    name: str, contact: str, public_key: str, lens: Optional[str] = None
) -> str:
    """The text signed to apply (§4): lens left out when absent."""
    pairs = [("name", js_string(name)), ("contact", js_string(contact))]
    if lens is not None:
        pairs.append(("lens", js_string(lens)))
    pairs.append(("publicKey", js_string(public_key)))
    return _ordered(pairs)


def canonical_token_claim(member_id: str, challenge: str, expires_at: str) -> str:
    """The text signed to claim the bearer token (§5)."""
    return _ordered(
        [
            ("purpose", js_string(TOKEN_CLAIM_PURPOSE)),
            ("memberId", js_string(member_id)),
            ("challenge", js_string(challenge)),
            ("expiresAt", js_string(expires_at)),
        ]
    )
