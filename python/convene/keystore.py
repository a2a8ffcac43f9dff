"""The member's local files, compatible with the `convene` CLI's (packages/client, `MemberHome`):
`keystore.json` (the Ed25519 seed sealed with a passphrase), `token.json` (the bearer token, sealed
the same way) and `member.json` (`memberId`, `handle`), all mode 0600 under CONVENE_HOME (default
~/.convene). Sealing is scrypt (N=2^15, r=8, p=1, 16-byte salt) → AES-256-GCM (12-byte IV), the
tag kept apart from the ciphertext, as the protocol package's `sealSecret` does.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Dict, Optional, Union

from . import _aes_gcm
from .encoding import b64decode_strict, b64encode, key_fingerprint
from .signing import generate_key_pair, public_key_from_seed

SCRYPT = {"N": 2**15, "r": 8, "p": 1}
_SCRYPT_MAXMEM = 64 * 1024 * 1024


class KeystoreError(Exception):
    """Local setup is missing or wrong: no keystore, no passphrase, a wrong passphrase."""


def _key(passphrase: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        passphrase.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=_SCRYPT_MAXMEM, dklen=32
    )


def seal(secret: str, passphrase: str) -> Dict[str, Any]:
    """A secret sealed under a passphrase, in the CLI's `SealedSecret` shape."""
    salt, iv = os.urandom(16), os.urandom(12)
    ciphertext, tag = _aes_gcm.encrypt(_key(passphrase, salt, **_lower(SCRYPT)), iv, secret.encode("utf-8"))
    return {
        "version": 1,
        "kdf": "scrypt",
        "kdfParams": {**SCRYPT, "salt": b64encode(salt)},
        "cipher": "aes-256-gcm",
        "iv": b64encode(iv),
        "tag": b64encode(tag),
        "ciphertext": b64encode(ciphertext),
    }


def _lower(params: Dict[str, int]) -> Dict[str, int]:
    return {"n": params["N"], "r": params["r"], "p": params["p"]}


def unseal(sealed: Dict[str, Any], passphrase: str) -> str:
    """The secret, or KeystoreError for a wrong passphrase or damaged file."""
    try:
        params = sealed["kdfParams"]
        salt, iv = b64decode_strict(params["salt"]), b64decode_strict(sealed["iv"])
        data, tag = b64decode_strict(sealed["ciphertext"]), b64decode_strict(sealed["tag"])
        if salt is None or iv is None or data is None or tag is None:
            raise KeystoreError("the sealed secret is damaged (not base64)")
        key = _key(passphrase, salt, int(params["N"]), int(params["r"]), int(params["p"]))
        return _aes_gcm.decrypt(key, iv, data, tag).decode("utf-8")
    except (_aes_gcm.AuthenticationError, KeyError, TypeError, ValueError) as error:
        raise KeystoreError("wrong passphrase (CONVENE_PASSPHRASE) or damaged keystore file") from error


def _passphrase(given: Optional[str]) -> str:
    passphrase = given if given is not None else os.environ.get("CONVENE_PASSPHRASE")
    if passphrase is None or len(passphrase) < 8:
        raise KeystoreError("set CONVENE_PASSPHRASE (8+ characters) in the environment")
    return passphrase


@dataclass
class MemberHome:
    """The CLI's member folder. The passphrase comes from CONVENE_PASSPHRASE unless given.

    >>> home = MemberHome.resolve()           # $CONVENE_HOME or ~/.convene
    >>> public_key = home.create_keystore()   # like `convene keygen`
    """

    directory: Path
    passphrase: Optional[str] = None

    @classmethod
    def resolve(cls, directory: Union[str, Path, None] = None, passphrase: Optional[str] = None) -> "MemberHome":
        chosen = directory or os.environ.get("CONVENE_HOME") or Path.home() / ".convene"
        return cls(Path(chosen).resolve(), passphrase)

    @property
    def keystore_path(self) -> Path:
        return self.directory / "keystore.json"

    def create_keystore(self, force: bool = False) -> str:
        """A fresh key sealed into keystore.json; returns its public key. Refuses to overwrite."""
        passphrase = _passphrase(self.passphrase)
        if self.keystore_path.exists() and not force:
            raise KeystoreError(f"{self.keystore_path} already exists; pass force=True to replace it")
        keys = generate_key_pair()
        self._write(
            "keystore.json",
            {
                "publicKey": keys.public_key,
                "fingerprint": key_fingerprint(keys.public_key),
                "createdAt": datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
                "seed": seal(keys.seed, passphrase),
            },
        )
        return keys.public_key

    def public_key(self) -> str:
        return str(self._keystore()["publicKey"])

    def seed(self) -> str:
        """The seed, decrypted in memory for the signature being made; never store or print it."""
        keystore = self._keystore()
        seed = unseal(keystore["seed"], _passphrase(self.passphrase))
        if public_key_from_seed(seed) != keystore["publicKey"]:
            raise KeystoreError(f"{self.keystore_path} is inconsistent: its seed does not match its public key")
        return seed

    def save_member(self, member_id: str, handle: Optional[str] = None) -> None:
        self._write("member.json", {"memberId": member_id, **({} if handle is None else {"handle": handle})})

    def member_id(self) -> str:
        member = self._read("member.json")
        if member is None:
            raise KeystoreError("no member id yet: apply first")
        return str(member["memberId"])

    def save_token(self, token: str) -> None:
        self._write("token.json", {"token": seal(token, _passphrase(self.passphrase))})

    def token(self) -> str:
        stored = self._read("token.json")
        if stored is None:
            raise KeystoreError("no token yet: claim it once approved")
        return unseal(stored["token"], _passphrase(self.passphrase))

    def _keystore(self) -> Dict[str, Any]:
        keystore = self._read("keystore.json")
        if keystore is None:
            raise KeystoreError(f"no keystore at {self.keystore_path}: create one first")
        return keystore

    def _read(self, name: str) -> Optional[Dict[str, Any]]:
        try:
            value = json.loads((self.directory / name).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as error:
            raise KeystoreError(f"cannot read {self.directory / name}: {error}") from error
        if not isinstance(value, dict):
            raise KeystoreError(f"{self.directory / name} is not a JSON object")
        return value

    def _write(self, name: str, value: Dict[str, Any]) -> None:
        self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        target = self.directory / name
        descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(json.dumps(value, indent=2) + "\n")
        os.chmod(target, 0o600)
