"""Base64 and hashing exactly as docs/protocol.md §1 defines them."""

from __future__ import annotations

import base64
import binascii
import hashlib
from typing import Optional


def b64encode(data: bytes) -> str:
    """RFC 4648 §4 base64 with padding (keys, signatures, seeds, hashes)."""
    return base64.b64encode(data).decode("ascii")


def b64decode_strict(text: str) -> Optional[bytes]:
    """The bytes of strict base64, or None: padded, no whitespace, unused low bits zero."""
    if not isinstance(text, str) or len(text) % 4 != 0:
        return None
    try:
        data = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        return None
    # Re-encoding gives back the text only when it is the one accepted spelling of these bytes.
    return data if base64.b64encode(data).decode("ascii") == text else None


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def key_fingerprint(public_key_b64: str) -> str:
    """`sha256:` + hex SHA-256 of the raw 32 public-key bytes (a receipt's keyId)."""
    raw = b64decode_strict(public_key_b64)
    if raw is None:
        raise ValueError("not a base64 public key")
    return "sha256:" + sha256_hex(raw)


def utf16_length(text: str) -> int:
    """Length in UTF-16 code units, the unit the spec's limits count (JavaScript `length`)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def is_well_formed(text: str) -> bool:
    """No lone surrogate: the text has a UTF-8 encoding (RFC 8785 and the takes require it)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
