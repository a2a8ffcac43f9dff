"""RFC 6962 / RFC 9162 Merkle tree hashing and proof verification (docs/protocol.md §14.2, §14.6)."""

from __future__ import annotations

import hashlib
from typing import List, Optional, Sequence

HASH_SIZE = 32
MAX_TREE_SIZE = 2**53 - 1


def leaf_hash(entry: bytes | str) -> bytes:
    """SHA-256(0x00 ‖ entry bytes): a log entry's leaf hash."""
    data = entry.encode("utf-8") if isinstance(entry, str) else entry
    return hashlib.sha256(b"\x00" + data).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def empty_root() -> bytes:
    return hashlib.sha256(b"").digest()


def tree_root(leaves: Sequence[bytes]) -> bytes:
    """MTH of the given leaf hashes (split at the largest power of two below n)."""
    if len(leaves) == 0:
        return empty_root()
    if len(leaves) == 1:
        return leaves[0]
    k = 1
    while k * 2 < len(leaves):
        k *= 2
    return node_hash(tree_root(leaves[:k]), tree_root(leaves[k:]))


def _is_size(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_TREE_SIZE


def _well_formed(hashes: Sequence[bytes]) -> bool:
    return all(isinstance(h, bytes) and len(h) == HASH_SIZE for h in hashes)


def root_from_inclusion_proof(
    index: int, size: int, leaf: bytes, proof: Sequence[bytes]
) -> Optional[bytes]:
    """RFC 9162 §2.1.3.2: the root the proof leads to, or None when it cannot be a proof."""
    if not _is_size(index) or not _is_size(size) or index >= size:
        return None
    if len(leaf) != HASH_SIZE or not _well_formed(proof):
        return None
    fn, sn, r = index, size - 1, leaf
    for p in proof:
        if sn == 0:
            return None
        if fn % 2 == 1 or fn == sn:
            r = node_hash(p, r)
            while fn % 2 == 0 and fn != 0:
                fn //= 2
                sn //= 2
        else:
            r = node_hash(r, p)
        fn //= 2
        sn //= 2
    return r if sn == 0 else None


def verify_inclusion(index: int, size: int, leaf: bytes, proof: Sequence[bytes], root: bytes) -> bool:
    computed = root_from_inclusion_proof(index, size, leaf, proof)
    return computed is not None and computed == root


def verify_consistency(
    old_size: int, new_size: int, proof: Sequence[bytes], old_root: bytes, new_root: bytes
) -> bool:
    """RFC 9162 §2.1.4.2: whether the tree of `new_size` extends the tree of `old_size`."""
    if not _is_size(old_size) or not _is_size(new_size) or old_size > new_size:
        return False
    if len(old_root) != HASH_SIZE or len(new_root) != HASH_SIZE or not _well_formed(proof):
        return False
    if old_size == 0:
        return len(proof) == 0 and old_root == empty_root()
    if old_size == new_size:
        return len(proof) == 0 and old_root == new_root
    if len(proof) == 0:
        return False
    path: List[bytes] = [old_root, *proof] if old_size & (old_size - 1) == 0 else list(proof)
    fn, sn = old_size - 1, new_size - 1
    while fn % 2 == 1:
        fn //= 2
        sn //= 2
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn % 2 == 1 or fn == sn:
            fr = node_hash(c, fr)
            sr = node_hash(c, sr)
            while fn % 2 == 0 and fn != 0:
                fn //= 2
                sn //= 2
        else:
            sr = node_hash(sr, c)
        fn //= 2
        sn //= 2
    return sn == 0 and fr == old_root and sr == new_root
