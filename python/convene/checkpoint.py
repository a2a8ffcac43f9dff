"""Signed checkpoints of the transparency log (C2SP tlog-checkpoint, signed-note, tlog-cosignature;
docs/protocol.md §14.3–§14.6) and the checks a reader makes with them. Failures carry the protocol
package's TLOG_REASONS codes."""

from __future__ import annotations

import hashlib
import re
import struct
from dataclasses import dataclass, field
from typing import Any, List, Mapping, Optional, Sequence, Union

from .encoding import b64decode_strict, b64encode, is_well_formed
from .merkle import HASH_SIZE, MAX_TREE_SIZE, leaf_hash, verify_consistency, verify_inclusion
from .signing import verify

SIGNATURE_PREFIX = "\u2014 "
ED25519_TYPE = 0x01
COSIGNATURE_TYPE = 0x04
_FORBIDDEN_CONTROL = re.compile("[\u0000-\u0009\u000b-\u001f]")
_NAME_SPACE = re.compile(r"[\s\u0085+]")


class LogVerificationError(Exception):
    """A log check that failed, with its reason code (e.g. `inclusion_proof_invalid`)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


@dataclass(frozen=True)
class Checkpoint:
    origin: str
    size: int
    root_hash: bytes
    extensions: List[str] = field(default_factory=list)
    #: Witness cosignatures that verified: (name, timestamp).
    cosignatures: List[tuple[str, int]] = field(default_factory=list)


@dataclass(frozen=True)
class _VerifierKey:
    name: str
    key_id: bytes
    type: int
    public_key: str


def note_key_id(name: str, key_type: int, public_key: bytes) -> bytes:
    return hashlib.sha256(name.encode("utf-8") + b"\n" + bytes([key_type]) + public_key).digest()[:4]


def format_verifier_key(name: str, public_key_b64: str, key_type: int = ED25519_TYPE) -> str:
    """`<name>+<key ID hex>+base64(type ‖ key)`: the vkey a reader pins."""
    raw = b64decode_strict(public_key_b64)
    if raw is None or len(raw) != 32:
        raise ValueError("a public key is base64 of 32 bytes")
    return f"{name}+{note_key_id(name, key_type, raw).hex()}+{b64encode(bytes([key_type]) + raw)}"


def _valid_name(name: str) -> bool:
    return name != "" and _NAME_SPACE.search(name) is None


def _parse_vkey(vkey: str, key_type: int) -> _VerifierKey:
    parts = vkey.split("+", 2)
    if len(parts) != 3 or not _valid_name(parts[0]) or not re.fullmatch(r"[0-9a-f]{8}", parts[1]):
        raise LogVerificationError("checkpoint_signature_invalid", "bad verifier key")
    material = b64decode_strict(parts[2])
    if material is None or len(material) != 33 or material[0] != key_type:
        raise LogVerificationError("checkpoint_signature_invalid", "bad verifier key")
    key = material[1:]
    if note_key_id(parts[0], key_type, key).hex() != parts[1]:
        raise LogVerificationError("checkpoint_signature_invalid", "bad verifier key")
    return _VerifierKey(parts[0], bytes.fromhex(parts[1]), key_type, b64encode(key))


def _parse_note(note: str) -> Optional[tuple[str, List[tuple[str, bytes, bytes]]]]:
    if not isinstance(note, str) or not is_well_formed(note) or _FORBIDDEN_CONTROL.search(note):
        return None
    split = note.rfind("\n\n")
    if split < 0:
        return None
    text, block = note[: split + 1], note[split + 2 :]
    if block == "" or not block.endswith("\n"):
        return None
    signatures = []
    for line in block[:-1].split("\n"):
        if not line.startswith(SIGNATURE_PREFIX):
            return None
        name, space, encoded = line[len(SIGNATURE_PREFIX) :].partition(" ")
        data = b64decode_strict(encoded) if space else None
        if not _valid_name(name) or data is None or len(data) < 5:
            return None
        signatures.append((name, data[:4], data[4:]))
    return text, signatures


def _parse_checkpoint(text: str) -> Optional[Checkpoint]:
    if not text.endswith("\n"):
        return None
    lines = text[:-1].split("\n")
    if len(lines) < 3 or not all(line != "" and not re.search("[\u0000-\u001f]", line) for line in lines):
        return None
    origin, size_text, root_text, *extensions = lines
    if not re.fullmatch(r"0|[1-9][0-9]*", size_text) or int(size_text) > MAX_TREE_SIZE:
        return None
    root = b64decode_strict(root_text)
    if root is None or len(root) != HASH_SIZE:
        return None
    return Checkpoint(origin, int(size_text), root, extensions)


def _verifies(key: _VerifierKey, text: str, signature: bytes) -> Optional[int]:
    """None when the signature fails; else 0, or the cosignature's timestamp."""
    if key.type == ED25519_TYPE:
        return 0 if len(signature) == 64 and verify(key.public_key, text, b64encode(signature)) else None
    if len(signature) != 72:
        return None
    (timestamp,) = struct.unpack(">Q", signature[:8])
    message = f"cosignature/v1\ntime {timestamp}\n{text}"
    return timestamp if verify(key.public_key, message, b64encode(signature[8:])) else None


def verify_checkpoint(
    note: str, log_key: str, cosigner_keys: Sequence[str] = ()
) -> Checkpoint:
    """Opens a checkpoint note signed by the log key (its vkey); raises LogVerificationError.

    Signatures by unknown keys are ignored; one by a trusted key (the log's or a listed witness's)
    must verify, as in Go's note.Open.
    """
    log = _parse_vkey(log_key, ED25519_TYPE)
    trusted = [log, *(_parse_vkey(k, COSIGNATURE_TYPE) for k in cosigner_keys)]
    parsed = _parse_note(note)
    if parsed is None:
        raise LogVerificationError("checkpoint_malformed", "malformed signed note")
    text, signatures = parsed
    verified: List[tuple[_VerifierKey, int]] = []
    seen: set[tuple[str, bytes]] = set()
    for name, key_id, signature in signatures:
        key = next((k for k in trusted if k.name == name and k.key_id == key_id), None)
        if key is None or (name, key_id) in seen:
            continue
        seen.add((name, key_id))
        timestamp = _verifies(key, text, signature)
        if timestamp is None:
            raise LogVerificationError(
                "checkpoint_signature_invalid", f"invalid signature by {name}+{key_id.hex()}"
            )
        verified.append((key, timestamp))
    if not any(key is log for key, _ in verified):
        raise LogVerificationError("checkpoint_signature_invalid", "the checkpoint is not signed by the log key")
    checkpoint = _parse_checkpoint(text)
    if checkpoint is None:
        raise LogVerificationError("checkpoint_malformed", "malformed checkpoint")
    if checkpoint.origin != log.name:
        raise LogVerificationError("checkpoint_origin_mismatch", f"checkpoint origin is not {log.name}")
    cosigned = [(key.name, ts) for key, ts in verified if key is not log]
    return Checkpoint(checkpoint.origin, checkpoint.size, checkpoint.root_hash, checkpoint.extensions, cosigned)


def _hashes(values: Any) -> List[bytes]:
    if not isinstance(values, list):
        raise LogVerificationError("proof_malformed", "proof hashes must be a list")
    hashes = [b64decode_strict(v) if isinstance(v, str) else None for v in values]
    if any(h is None or len(h) != HASH_SIZE for h in hashes):
        raise LogVerificationError("proof_malformed", "a proof hash is not base64 of 32 bytes")
    return [h for h in hashes if h is not None]


def check_inclusion(entry: Union[str, bytes], proof: Mapping[str, Any], checkpoint: Checkpoint) -> None:
    """An inclusion proof (`{logIndex, treeSize, leafHash, hashes}`) of `entry` under a verified checkpoint."""
    hashes = _hashes(proof.get("hashes"))
    claimed = b64decode_strict(proof.get("leafHash", ""))
    index = proof.get("logIndex")
    if claimed is None or not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise LogVerificationError("proof_malformed", "malformed inclusion proof")
    leaf = leaf_hash(entry)
    if leaf != claimed:
        raise LogVerificationError("leaf_hash_mismatch", "the entry does not hash to the proof's leaf hash")
    if proof.get("treeSize") != checkpoint.size:
        raise LogVerificationError(
            "tree_size_mismatch", f"proof is for size {proof.get('treeSize')}, checkpoint has {checkpoint.size}"
        )
    if not verify_inclusion(index, checkpoint.size, leaf, hashes, checkpoint.root_hash):
        raise LogVerificationError("inclusion_proof_invalid", f"entry {index} is not in the checkpoint's tree")


def verify_entry_inclusion(
    entry: Union[str, bytes], proof: Mapping[str, Any], checkpoint: str, log_key: str
) -> Checkpoint:
    """Entry text + inclusion proof + signed checkpoint + log vkey: the entry is in the log, or raises."""
    opened = verify_checkpoint(checkpoint, log_key)
    check_inclusion(entry, proof, opened)
    return opened


def check_consistency(older: Checkpoint, newer: Checkpoint, proof: Any) -> None:
    hashes = _hashes(proof)
    if older.origin != newer.origin:
        raise LogVerificationError("checkpoint_origin_mismatch", "the checkpoints are of different logs")
    if older.size > newer.size:
        raise LogVerificationError("consistency_proof_invalid", f"the tree shrank from {older.size} to {newer.size}")
    if not verify_consistency(older.size, newer.size, hashes, older.root_hash, newer.root_hash):
        raise LogVerificationError(
            "consistency_proof_invalid", f"size {newer.size} does not extend size {older.size}: a fork or a rewrite"
        )


def verify_checkpoint_consistency(older: str, newer: str, proof: Any, log_key: str) -> tuple[Checkpoint, Checkpoint]:
    """Two signed checkpoints and a consistency proof: the newer extends the older, or raises."""
    old = verify_checkpoint(older, log_key)
    new = verify_checkpoint(newer, log_key)
    check_consistency(old, new, proof)
    return old, new
