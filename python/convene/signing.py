"""Ed25519 (RFC 8032, pure) over the UTF-8 of canonical text, with keys and signatures as base64 of
the raw bytes (docs/protocol.md §7). Verification never raises: anything malformed is False."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Union

import nacl.exceptions
import nacl.signing

from .encoding import b64decode_strict, b64encode


@dataclass(frozen=True)
class KeyPair:
    """A member key: the 32-byte seed (the secret; keep it in a keystore) and its public key."""

    seed: str
    public_key: str

    def __repr__(self) -> str:  # never print the seed
        return f"KeyPair(public_key={self.public_key!r})"


def generate_key_pair() -> KeyPair:
    seed = os.urandom(32)
    return KeyPair(seed=b64encode(seed), public_key=public_key_from_seed(b64encode(seed)))


def _signing_key(seed_b64: str) -> nacl.signing.SigningKey:
    seed = b64decode_strict(seed_b64)
    if seed is None or len(seed) != 32:
        raise ValueError("a seed is base64 of 32 bytes")
    return nacl.signing.SigningKey(seed)


def public_key_from_seed(seed_b64: str) -> str:
    return b64encode(bytes(_signing_key(seed_b64).verify_key))


def _bytes(message: Union[str, bytes]) -> bytes:
    return message.encode("utf-8") if isinstance(message, str) else message


def sign(seed_b64: str, message: Union[str, bytes]) -> str:
    """The base64 Ed25519 signature of the UTF-8 of `message` (deterministic)."""
    return b64encode(_signing_key(seed_b64).sign(_bytes(message)).signature)


def verify(public_key_b64: str, message: Union[str, bytes], signature_b64: str) -> bool:
    """Whether the signature verifies. libsodium refuses small-order keys and S ≥ L, as Convene does."""
    try:
        key = b64decode_strict(public_key_b64)
        signature = b64decode_strict(signature_b64)
        if key is None or signature is None or len(key) != 32 or len(signature) != 64:
            return False
        nacl.signing.VerifyKey(key).verify(_bytes(message), signature)
        return True
    except (nacl.exceptions.BadSignatureError, nacl.exceptions.CryptoError, ValueError, TypeError):
        return False
