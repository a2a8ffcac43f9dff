"""Sealing round trips; the CLI's own keystores are opened in python-sdk.test.ts."""

from __future__ import annotations

import os
import stat
import tempfile
import unittest
from pathlib import Path

from convene import KeystoreError, MemberHome, public_key_from_seed, seal, unseal


class Keystore(unittest.TestCase):
    def test_seal_round_trip_and_wrong_passphrase(self) -> None:
        sealed = seal("tok_secret", "a long passphrase")
        self.assertEqual(sealed["cipher"], "aes-256-gcm")
        self.assertEqual(unseal(sealed, "a long passphrase"), "tok_secret")
        with self.assertRaises(KeystoreError):
            unseal(sealed, "another passphrase")
        with self.assertRaises(KeystoreError):
            unseal({**sealed, "ciphertext": "AAAA" + sealed["ciphertext"][4:]}, "a long passphrase")

    def test_member_home(self) -> None:
        with tempfile.TemporaryDirectory() as directory:
            home = MemberHome.resolve(Path(directory) / "home", passphrase="a long passphrase")
            public_key = home.create_keystore()
            self.assertEqual(public_key_from_seed(home.seed()), public_key)
            self.assertEqual(stat.S_IMODE(os.stat(home.keystore_path).st_mode), 0o600)
            self.assertNotIn(home.seed(), home.keystore_path.read_text())
            with self.assertRaises(KeystoreError):
                home.create_keystore()
            home.save_token("tok_x")
            self.assertEqual(home.token(), "tok_x")
            with self.assertRaises(KeystoreError):
                MemberHome.resolve(home.directory, passphrase="short").seed()


if __name__ == "__main__":
    unittest.main()
