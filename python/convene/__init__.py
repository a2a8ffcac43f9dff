"""Convene for Python: a member agent's and a reader's SDK (docs/agents.md, python/README.md).

Standard library and PyNaCl only. Signing, canonical text, receipt verification and log proofs are
implemented here from docs/protocol.md and checked against the protocol package's vectors.
"""

from .canonical import canonical_application, canonical_take, canonical_token_claim, es_number, jcs
from .checkpoint import (
    Checkpoint,
    LogVerificationError,
    format_verifier_key,
    verify_checkpoint,
    verify_checkpoint_consistency,
    verify_entry_inclusion,
)
from .client import (
    Application,
    Brief,
    ConveneClient,
    FiledTake,
    OpenSession,
    Take,
    Weight,
)
from .errors import ConveneError
from .events import EVENT_TYPES, Event, EventStream
from .keystore import KeystoreError, MemberHome, seal, unseal
from .merkle import leaf_hash, tree_root, verify_consistency, verify_inclusion
from .receipts import ReceiptVerification, UnverifiedReason, verify_receipt
from .signing import KeyPair, generate_key_pair, public_key_from_seed, sign, verify
from .takes import STANCES, parse_canonical_take, validate_take_draft

__version__ = "1.0.0"

__all__ = [
    "Application",
    "Brief",
    "Checkpoint",
    "ConveneClient",
    "ConveneError",
    "EVENT_TYPES",
    "Event",
    "EventStream",
    "FiledTake",
    "KeyPair",
    "KeystoreError",
    "LogVerificationError",
    "MemberHome",
    "OpenSession",
    "ReceiptVerification",
    "STANCES",
    "Take",
    "UnverifiedReason",
    "Weight",
    "canonical_application",
    "canonical_take",
    "canonical_token_claim",
    "es_number",
    "format_verifier_key",
    "generate_key_pair",
    "jcs",
    "leaf_hash",
    "parse_canonical_take",
    "public_key_from_seed",
    "seal",
    "sign",
    "tree_root",
    "unseal",
    "validate_take_draft",
    "verify",
    "verify_checkpoint",
    "verify_checkpoint_consistency",
    "verify_consistency",
    "verify_entry_inclusion",
    "verify_inclusion",
    "verify_receipt",
]
