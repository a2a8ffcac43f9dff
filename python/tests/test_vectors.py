"""The protocol package's conformance vectors (packages/protocol/vectors), fed to the Python SDK.

Run from the repository root: python -m unittest discover -s python/tests (CONVENE_VECTORS names
another vectors folder).
"""

from __future__ import annotations

import json
import os
import unittest
from pathlib import Path
from typing import Any

from convene import canonical, checkpoint, merkle, receipts, signing, take_log, takes
from convene.encoding import b64decode_strict, b64encode, key_fingerprint

VECTORS = Path(
    os.environ.get("CONVENE_VECTORS", Path(__file__).resolve().parents[2] / "packages/protocol/vectors")
)


def load(name: str) -> Any:
    return json.loads((VECTORS / f"{name}.json").read_text(encoding="utf-8"))


class SignedPayloads(unittest.TestCase):
    def check_signed(self, vector: Any, text: str) -> None:
        self.assertEqual(text, vector["canonical"], vector["name"])
        self.assertEqual(signing.public_key_from_seed(vector["seed"]), vector["publicKey"])
        self.assertEqual(signing.sign(vector["seed"], text), vector["signature"], vector["name"])
        self.assertTrue(signing.verify(vector["publicKey"], text, vector["signature"]))
        self.assertFalse(signing.verify(vector["publicKey"], text + " ", vector["signature"]))

    def test_takes(self) -> None:
        for vector in load("takes")["vectors"]:
            draft = takes.validate_take_draft(vector["input"])
            assert draft is not None, vector["name"]
            self.check_signed(vector, canonical.canonical_take(draft))
            parsed = takes.parse_canonical_take(vector["canonical"])
            assert parsed is not None, vector["name"]
            self.assertEqual(canonical.canonical_take(parsed), vector["canonical"])

    def test_served_takes(self) -> None:
        data = load("served-takes")
        for vector in data["vectors"]:
            self.assertEqual(takes.self_check(vector["served"]), vector["expected"], vector["name"])
            entry = take_log.take_log_entry(vector["served"])
            self.assertEqual(entry, vector["logEntry"], vector["name"])
            if entry is not None:
                self.assertEqual(b64encode(merkle.leaf_hash(entry)), vector["leafHash"], vector["name"])
        for vector in data["logged"]:
            check = take_log.check_served_take(vector["served"], vector["logged"], vector.get("committedLeafHash"))
            self.assertEqual(check, vector["expected"], vector["name"])
        codes = {r["code"] for v in data["vectors"] + data["logged"] for r in v["expected"]["reasons"]}
        self.assertEqual(
            codes, {"key_missing", "bad_member_signature", "fields_mismatch", "not_in_log", "log_entry_mismatch"}
        )

    def test_applications(self) -> None:
        for vector in load("applications")["vectors"]:
            i = vector["input"]
            text = canonical.canonical_application(i["name"], i["contact"], i["publicKey"], i.get("lens"))
            self.check_signed(vector, text)

    def test_token_claims(self) -> None:
        for vector in load("token-claims")["vectors"]:
            i = vector["input"]
            self.check_signed(
                vector, canonical.canonical_token_claim(i["memberId"], i["challenge"], i["expiresAt"])
            )

    def test_numbers_and_strings(self) -> None:
        cases = {0.1: "0.1", 1.0: "1", -0.0: "0", 1e-7: "1e-7", 1e-6: "0.000001", 1e21: "1e+21",
                 1e20: "100000000000000000000", 0.30000000000000004: "0.30000000000000004",
                 5e-324: "5e-324", 1.7976931348623157e308: "1.7976931348623157e+308", 123.456: "123.456"}
        for value, text in cases.items():
            self.assertEqual(canonical.es_number(value), text)
        self.assertEqual(canonical.jcs({"b": 1, "a": [True, None, "\u2028</"], "\u00e9": 2.5, "\U0001f600": 0, "\uff61": 1}),
                         '{"a":[true,null,"\u2028</"],"b":1,"\u00e9":2.5,"\U0001f600":0,"\uff61":1}')
        with self.assertRaises(ValueError):
            canonical.jcs({"x": "\ud800"})

    def test_strict_base64(self) -> None:
        self.assertEqual(b64decode_strict("Zg=="), b"f")
        for bad in ("Zh==", "Zg=", "Zg== ", "Z g==", "Zg\n=="):
            self.assertIsNone(b64decode_strict(bad))


class Receipts(unittest.TestCase):
    def test_valid_and_tampered(self) -> None:
        data = load("receipts")
        self.assertEqual(signing.public_key_from_seed(data["serviceSeed"]), data["serviceKey"]["publicKey"])
        for case in data["valid"]:
            result = receipts.verify_receipt(case["receipt"], **options(case.get("options")))
            self.assertEqual(result.codes, [], case["name"])
            self.assertTrue(result.verified)
            self.assertEqual(
                case["receipt"]["signature"]["keyId"], key_fingerprint(case["receipt"]["signature"]["publicKey"])
            )
        for case in data["tampered"]:
            result = receipts.verify_receipt(case["receipt"], **options(case.get("options")))
            self.assertEqual(result.codes, case["expectedReasons"], case["name"])
            self.assertFalse(result.verified)


def options(raw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if raw is None:
        return out
    if "expectedServicePublicKey" in raw:
        out["expected_service_public_key"] = raw["expectedServicePublicKey"]
    if "expectedPreviousDigest" in raw:
        out["expected_previous_digest"] = raw["expectedPreviousDigest"]
    return out


class TransparencyLog(unittest.TestCase):
    def test_tree_and_proofs(self) -> None:
        entries = load("tlog-entries")["entries"]
        data = load("tlog-proofs")
        leaves = [merkle.leaf_hash(e["entry"]) for e in entries]
        self.assertEqual([b64encode(h) for h in leaves], [e["leafHash"] for e in entries])
        self.assertEqual([b64encode(h) for h in leaves], data["leaves"])
        for size, root in enumerate(data["roots"]):
            self.assertEqual(b64encode(merkle.tree_root(leaves[:size])), root)
        roots = [b64decode_strict(r) or b"" for r in data["roots"]]
        for p in data["inclusion"]:
            hashes = [b64decode_strict(h) or b"" for h in p["hashes"]]
            leaf = b64decode_strict(p["leafHash"]) or b""
            self.assertTrue(merkle.verify_inclusion(p["logIndex"], p["treeSize"], leaf, hashes, roots[p["treeSize"]]))
            if hashes:
                self.assertFalse(merkle.verify_inclusion(p["logIndex"], p["treeSize"], leaf, hashes[::-1] + [leaf], roots[p["treeSize"]]))
        for p in data["consistency"]:
            hashes = [b64decode_strict(h) or b"" for h in p["hashes"]]
            old, new = roots[p["oldSize"]], roots[p["newSize"]]
            self.assertTrue(merkle.verify_consistency(p["oldSize"], p["newSize"], hashes, old, new))
            if p["oldSize"] not in (0, p["newSize"]):
                self.assertFalse(merkle.verify_consistency(p["oldSize"], p["newSize"], hashes, new, new))

    def test_checkpoints(self) -> None:
        data = load("tlog-checkpoints")
        log = data["log"]
        vkey = log["verifierKey"]
        self.assertEqual(checkpoint.format_verifier_key(log["name"], log["publicKey"]), vkey)
        for c in data["checkpoints"]:
            opened = checkpoint.verify_checkpoint(c["note"], vkey)
            self.assertEqual(opened.size, c["size"])
        witness = data["witness"]
        cosigned = checkpoint.verify_checkpoint(data["cosigned"], vkey, [witness["verifierKey"]])
        self.assertEqual(cosigned.cosignatures, [(witness["name"], witness["timestamp"])])
        for case in data["valid"]["inclusion"]:
            checkpoint.verify_entry_inclusion(case["entry"], case["proof"], case["checkpoint"], vkey)
        for case in data["valid"]["consistency"]:
            checkpoint.verify_checkpoint_consistency(case["older"], case["newer"], case["proof"], vkey)
        for case in data["tampered"]:
            with self.assertRaises(checkpoint.LogVerificationError, msg=case["name"]) as caught:
                if "inclusion" in case:
                    i = case["inclusion"]
                    checkpoint.verify_entry_inclusion(i["entry"], i["proof"], i["checkpoint"], vkey)
                elif "checkpoint" in case:
                    c = case["checkpoint"]
                    checkpoint.verify_checkpoint(c["note"], vkey, c.get("cosignerKeys", []))
                else:
                    c = case["consistency"]
                    checkpoint.verify_checkpoint_consistency(c["older"], c["newer"], c["proof"], vkey)
            self.assertEqual(caught.exception.code, case["expected"], case["name"])


if __name__ == "__main__":
    unittest.main()
