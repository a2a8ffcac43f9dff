"""AES-256-GCM (FIPS 197, NIST SP 800-38D) in plain Python, for the keystore only.

The CLI seals the keystore with AES-256-GCM; neither the standard library nor PyNaCl offers it, and
the SDK depends on nothing else. It handles a few dozen bytes once per signature, so speed does not
matter; it is checked against a NIST test vector and against keystores the CLI writes.
"""

from __future__ import annotations

import hmac
import struct
from typing import List


def _xtime(a: int) -> int:
    a <<= 1
    return (a ^ 0x11B) if a & 0x100 else a


def _gmul(a: int, b: int) -> int:
    result = 0
    while b:
        if b & 1:
            result ^= a
        a = _xtime(a)
        b >>= 1
    return result


def _sbox() -> List[int]:
    box = []
    for x in range(256):
        inverse = next((y for y in range(1, 256) if _gmul(x, y) == 1), 0) if x else 0
        s = inverse
        for shift in range(1, 5):
            s ^= ((inverse << shift) | (inverse >> (8 - shift))) & 0xFF
        box.append(s ^ 0x63)
    return box


_SBOX = _sbox()


def _expand_key(key: bytes) -> List[List[int]]:
    if len(key) != 32:
        raise ValueError("AES-256 needs a 32-byte key")
    words = [list(key[i : i + 4]) for i in range(0, 32, 4)]
    rcon = 1
    for i in range(8, 60):
        word = list(words[i - 1])
        if i % 8 == 0:
            word = [_SBOX[b] for b in word[1:] + word[:1]]
            word[0] ^= rcon
            rcon = _xtime(rcon)
        elif i % 8 == 4:
            word = [_SBOX[b] for b in word]
        words.append([a ^ b for a, b in zip(words[i - 8], word)])
    return [sum(words[r * 4 : r * 4 + 4], []) for r in range(15)]


def _encrypt_block(round_keys: List[List[int]], block: bytes) -> bytes:
    state = [b ^ k for b, k in zip(block, round_keys[0])]
    for r in range(1, 15):
        state = [_SBOX[b] for b in state]
        # ShiftRows: the state is column-major, byte (row, col) at col*4 + row.
        state = [state[((c + row) % 4) * 4 + row] for c in range(4) for row in range(4)]
        if r != 14:
            mixed = []
            for c in range(4):
                a = state[c * 4 : c * 4 + 4]
                mixed += [
                    _gmul(a[0], 2) ^ _gmul(a[1], 3) ^ a[2] ^ a[3],
                    a[0] ^ _gmul(a[1], 2) ^ _gmul(a[2], 3) ^ a[3],
                    a[0] ^ a[1] ^ _gmul(a[2], 2) ^ _gmul(a[3], 3),
                    _gmul(a[0], 3) ^ a[1] ^ a[2] ^ _gmul(a[3], 2),
                ]
            state = mixed
        state = [b ^ k for b, k in zip(state, round_keys[r])]
    return bytes(state)


_R = 0xE1 << 120


def _ghash_multiply(x: int, y: int) -> int:
    z, v = 0, y
    for i in range(127, -1, -1):
        if (x >> i) & 1:
            z ^= v
        v = (v >> 1) ^ _R if v & 1 else v >> 1
    return z


def _ghash(h: bytes, data: bytes) -> bytes:
    key, y = int.from_bytes(h, "big"), 0
    for i in range(0, len(data), 16):
        y = _ghash_multiply(y ^ int.from_bytes(data[i : i + 16], "big"), key)
    return y.to_bytes(16, "big")


def _pad(data: bytes) -> bytes:
    return data + b"\x00" * (-len(data) % 16)


def _ctr(round_keys: List[List[int]], j0: bytes, data: bytes) -> bytes:
    prefix, counter = j0[:12], struct.unpack(">I", j0[12:])[0]
    out = bytearray()
    for i in range(0, len(data), 16):
        counter = (counter + 1) & 0xFFFFFFFF
        stream = _encrypt_block(round_keys, prefix + struct.pack(">I", counter))
        out += bytes(a ^ b for a, b in zip(data[i : i + 16], stream))
    return bytes(out)


def _tag(round_keys: List[List[int]], j0: bytes, ciphertext: bytes) -> bytes:
    h = _encrypt_block(round_keys, b"\x00" * 16)
    lengths = struct.pack(">QQ", 0, len(ciphertext) * 8)
    s = _ghash(h, _pad(ciphertext) + lengths)
    return bytes(a ^ b for a, b in zip(_encrypt_block(round_keys, j0), s))


def encrypt(key: bytes, iv: bytes, plaintext: bytes) -> tuple[bytes, bytes]:
    """(ciphertext, 16-byte tag) of AES-256-GCM with a 12-byte IV and no associated data."""
    if len(iv) != 12:
        raise ValueError("the IV is 12 bytes")
    round_keys = _expand_key(key)
    j0 = iv + b"\x00\x00\x00\x01"
    ciphertext = _ctr(round_keys, j0, plaintext)
    return ciphertext, _tag(round_keys, j0, ciphertext)


class AuthenticationError(Exception):
    """The tag does not match: a wrong key (passphrase) or changed bytes."""


def decrypt(key: bytes, iv: bytes, ciphertext: bytes, tag: bytes) -> bytes:
    if len(iv) != 12 or len(tag) != 16:
        raise AuthenticationError("malformed IV or tag")
    round_keys = _expand_key(key)
    j0 = iv + b"\x00\x00\x00\x01"
    if not hmac.compare_digest(_tag(round_keys, j0, ciphertext), tag):
        raise AuthenticationError("the tag does not verify")
    return _ctr(round_keys, j0, ciphertext)
