#!/usr/bin/env python3
"""Insider attacks on a running Convene server, written from the docs alone.

docs/protocol.md §14 (the transparency log: entries, signed notes, cosignatures, proofs, the
server's log, its threat model and reason codes, "Takes on every read", "Receipts on every read",
Witnesses), docs/swarm.md (routes), docs/agents.md and docs/operations.md (the `convene` CLI:
`verify take|receipt`, `log monitor`, `log audit`). Nothing here reads the server's source.

Each attack is carried out as a database insider (psycopg2, one transaction with
`set local session_replication_role = replica`, so triggers and foreign keys are off) or as a
stranger over HTTP; then every detector the docs name is asked, and one line is printed per
(attack, detector): `caught` or `NOT CAUGHT`, with what was observed. Attacks that leave rows
behind are undone by the insider afterwards, so each detector's finding belongs to one attack.
The last line is a JSON summary. Exit 0 only when every detector caught its attack (attacks named
with --pending are reported but do not change the exit code).

Dependencies: Python 3 standard library, psycopg2 (Debian python3-psycopg2), PyNaCl (python3-nacl).

Usage:
  insider_attacks.py --server URL --database URL --admin-token TOKEN --cli PATH/convene.js
                     --log-key BASE64 [--node PATH] [--pending ATTACK ...] [--only ATTACK ...]
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Callable, Optional

import psycopg2
from nacl.exceptions import BadSignatureError
from nacl.signing import SigningKey, VerifyKey

Json = Any

# ---------------------------------------------------------------------------------------------
# Encodings (docs/protocol.md §1-§3)


def b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def unb64(text: str) -> bytes:
    return base64.b64decode(text, validate=True)


def es_number(x: float) -> str:
    """ECMAScript Number::toString of a finite double (docs §2, copied from the docs)."""
    if x == 0:
        return "0"
    if x < 0:
        return "-" + es_number(-x)
    _, digits, exp = Decimal(repr(x)).as_tuple()
    assert isinstance(exp, int)
    s = "".join(map(str, digits)).rstrip("0")
    exp += len(digits) - len(s)
    s = s.lstrip("0")
    k, n = len(s), exp + len(s)
    if k <= n <= 21:
        return s + "0" * (n - k)
    if 0 < n <= 21:
        return s[:n] + "." + s[n:]
    if -6 < n <= 0:
        return "0." + "0" * -n + s
    mantissa = s if k == 1 else s[0] + "." + s[1:]
    return f"{mantissa}e{'+' if n - 1 >= 0 else '-'}{abs(n - 1)}"


def js_string(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def canonical_take(take: dict[str, Any]) -> str:
    """The signed text of a take (docs §3.1)."""
    parts = [f'"{k}":{js_string(take[k])}'
             for k in ("memberId", "date", "subjectId", "nonce", "stance")]
    parts.append(f'"confidence":{es_number(take["confidence"])}')
    parts.append(f'"body":{js_string(take.get("body") or "")}')
    parts.append(f'"memoUrl":{js_string(take.get("memoUrl") or "")}')
    if take.get("weights") is not None:
        items = ",".join(f'{{"bucket":{js_string(w["bucket"])},"weight":{es_number(w["weight"])}}}'
                         for w in take["weights"])
        parts.append(f'"weights":[{items}]')
    return "{" + ",".join(parts) + "}"


def compact(obj: Any) -> str:
    """JSON.stringify with the object's own key order (application and token-claim payloads)."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def sign(key: SigningKey, text: str) -> str:
    return b64(key.sign(text.encode("utf-8")).signature)


# ---------------------------------------------------------------------------------------------
# Signed notes, checkpoints, cosignatures, proofs (docs §14.2-§14.6)

EMDASH = "\u2014"


def note_key_id(name: str, key_type: int, public_key: bytes) -> bytes:
    return hashlib.sha256(name.encode("utf-8") + b"\n" + bytes([key_type]) + public_key).digest()[:4]


def split_note(note: str) -> tuple[str, list[tuple[str, bytes]]]:
    """(text, [(key name, signature bytes)]); raises ValueError when not a signed note."""
    text, sep, rest = note.partition("\n\n")
    if not sep or not rest.endswith("\n"):
        raise ValueError("not a signed note")
    lines = []
    for line in rest[:-1].split("\n"):
        if not line.startswith(EMDASH + " "):
            raise ValueError(f"bad signature line {line!r}")
        name, _, sig = line[2:].rpartition(" ")
        lines.append((name, unb64(sig)))
    return text + "\n", lines


def open_checkpoint(note: str, origin: str, log_key: bytes) -> tuple[int, bytes, int]:
    """Verifies a checkpoint note with the log key (docs §14.3-§14.4).
    Returns (size, root hash, number of signature lines); raises ValueError otherwise."""
    text, signatures = split_note(note)
    body = text.split("\n")
    if len(body) < 4 or body[0] != origin:
        raise ValueError(f"checkpoint_origin_mismatch or malformed: {body[:3]}")
    size, root = int(body[1]), unb64(body[2])
    key_id = note_key_id(origin, 0x01, log_key)
    verified = False
    for name, sig in signatures:
        if name == origin and sig[:4] == key_id:
            try:
                VerifyKey(log_key).verify(text.encode("utf-8"), sig[4:])
            except BadSignatureError as error:
                raise ValueError("checkpoint_signature_invalid") from error
            verified = True
    if not verified:
        raise ValueError("checkpoint_signature_invalid: no signature by the log key")
    return size, root, len(signatures)


def leaf_hash(entry: str) -> bytes:
    return hashlib.sha256(b"\x00" + entry.encode("utf-8")).digest()


def verify_inclusion(index: int, size: int, leaf: bytes, proof: list[bytes], root: bytes) -> bool:
    """RFC 9162 §2.1.3.2."""
    if index >= size:
        return False
    fn, sn, r = index, size - 1, leaf
    for p in proof:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = hashlib.sha256(b"\x01" + p + r).digest()
            if not fn & 1:
                while True:
                    fn >>= 1
                    sn >>= 1
                    if fn & 1 or fn == 0:
                        break
        else:
            r = hashlib.sha256(b"\x01" + r + p).digest()
        fn >>= 1
        sn >>= 1
    return sn == 0 and r == root


def cosignature_line(note_text: str, name: str, key: SigningKey, timestamp: int) -> str:
    """A C2SP tlog-cosignature line (docs §14.5)."""
    key_id = note_key_id(name, 0x04, bytes(key.verify_key))
    message = f"cosignature/v1\ntime {timestamp}\n{note_text}"
    sig = key.sign(message.encode("utf-8")).signature
    return f"{EMDASH} {name} {b64(key_id + struct.pack('>Q', timestamp) + sig)}\n"


def cosigner_vkey(name: str, key: SigningKey) -> str:
    public = bytes(key.verify_key)
    return f"{name}+{note_key_id(name, 0x04, public).hex()}+{b64(bytes([0x04]) + public)}"


# ---------------------------------------------------------------------------------------------
# Reporting


@dataclass
class Result:
    attack: str
    detector: str
    caught: bool
    observed: str
    pending: bool = False


@dataclass
class Report:
    pending: set[str]
    results: list[Result] = field(default_factory=list)

    def check(self, attack: str, detector: str, caught: bool, observed: Any) -> bool:
        text = observed if isinstance(observed, str) else json.dumps(observed, default=str)
        text = " ".join(text.split())
        if len(text) > 400:
            text = text[:400] + " …"
        result = Result(attack, detector, bool(caught), text, attack in self.pending)
        self.results.append(result)
        verdict = "caught" if caught else (
            "NOT CAUGHT (pending)" if result.pending else "NOT CAUGHT")
        print(f"{verdict:<21} {attack:<26} {detector} :: {text}", flush=True)
        return bool(caught)

    def info(self, attack: str, text: str) -> None:
        print(f"{'info':<21} {attack:<26} {text}", flush=True)

    def failures(self) -> list[Result]:
        return [r for r in self.results if not r.caught and not r.pending]


# ---------------------------------------------------------------------------------------------
# HTTP, CLI and the insider's connection


@dataclass
class Http:
    base: str

    def call(self, method: str, path: str, body: Any = None,
             headers: Optional[dict[str, str]] = None,
             raw: Optional[bytes] = None) -> tuple[int, Json, str]:
        data = raw if raw is not None else (
            None if body is None else json.dumps(body).encode("utf-8"))
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if body is not None and raw is None:
            request.add_header("content-type", "application/json")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, text = response.status, response.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode("utf-8")
        try:
            parsed: Json = json.loads(text)
        except ValueError:
            parsed = None
        return status, parsed, text

    def get(self, path: str, headers: Optional[dict[str, str]] = None) -> tuple[int, Json, str]:
        return self.call("GET", path, headers=headers)


@dataclass
class Cli:
    node: str
    entry: str
    base: str
    log_key: str
    home: str

    def run(self, *args: str) -> tuple[int, str]:
        code, out, err = self.run_split(*args)
        return code, (out + err).strip()

    def run_split(self, *args: str) -> tuple[int, str, str]:
        env = {"PATH": os.environ.get("PATH", ""), "CONVENE_URL": self.base,
               "CONVENE_HOME": self.home}
        done = subprocess.run([self.node, self.entry, *args], env=env, capture_output=True,
                              text=True, timeout=60, check=False)
        return done.returncode, done.stdout, done.stderr

    def verify_take(self, recommendation_id: int) -> tuple[int, str]:
        return self.run("verify", "take", str(recommendation_id), "--log-key", self.log_key)

    def verify_receipt(self, session_id: str) -> tuple[int, str]:
        return self.run("verify", "receipt", session_id, "--log-key", self.log_key)

    def monitor(self) -> tuple[int, str]:
        return self.run("log", "monitor", "--log-key", self.log_key)

    def audit(self) -> tuple[int, dict[str, Any]]:
        """`convene --json log audit`: `{ ok, size, problems: [{ code, index?, message }] }`."""
        code, out, err = self.run_split("--json", "log", "audit", "--log-key", self.log_key)
        try:
            parsed = json.loads(out)
        except ValueError:
            parsed = {"unparsed": (out + err).strip()}
        return code, parsed if isinstance(parsed, dict) else {"unparsed": parsed}


class Insider:
    """Write access to the database, triggers and foreign keys off (docs §14.10 threat model)."""

    def __init__(self, url: str) -> None:
        self.conn = psycopg2.connect(url)
        self.conn.autocommit = True

    def tamper(self, *statements: tuple[str, tuple[Any, ...]]) -> int:
        touched = 0
        with self.conn.cursor() as cur:
            cur.execute("begin")
            try:
                cur.execute("set local session_replication_role = replica")
                for sql, params in statements:
                    cur.execute(sql, params)
                    touched += max(cur.rowcount, 0)
                cur.execute("commit")
            except Exception:
                cur.execute("rollback")
                raise
        return touched

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self.conn.cursor() as cur:
            cur.execute(sql, params)
            return list(cur.fetchall())


def wait_for(what: str, probe: Callable[[], Any], timeout: float, interval: float = 0.2) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not within {timeout} s")
        time.sleep(interval)


def reasons(take: Json) -> list[str]:
    if not isinstance(take, dict):
        return []
    return [r.get("code", "?") for r in take.get("unverifiedReasons") or []]


def audit_codes(audit: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(p.get("code"), p.get("index")) for p in audit.get("problems") or []]


def excerpt(text: str, *needles: str) -> str:
    """The lines of CLI output that name one of `needles`, else its last lines."""
    lines = [line for line in text.splitlines() if any(n in line for n in needles)]
    return " | ".join((lines or text.splitlines()[-3:])[:4])


# ---------------------------------------------------------------------------------------------
# The run


class Run:
    SUBJECT = "outside-in-attacks"

    def __init__(self, args: argparse.Namespace) -> None:
        self.http = Http(args.server.rstrip("/"))
        self.admin = {"x-admin-token": args.admin_token}
        self.db = Insider(args.database)
        self.home = tempfile.mkdtemp(prefix="convene-outside-in-")
        self.cli = Cli(args.node, args.cli, self.http.base, args.log_key, self.home)
        self.log_key = unb64(args.log_key)
        self.report = Report(set(args.pending))
        status, key, _ = self.http.get("/api/log/key")
        if status != 200 or key.get("publicKey") != args.log_key:
            raise SystemExit(f"the served log key {key} is not the pinned one {args.log_key}")
        self.origin: str = key["origin"]

    # --- reads -------------------------------------------------------------------------------

    def checkpoint(self) -> tuple[int, bytes, int, str]:
        status, _, note = self.http.get("/api/log/checkpoint")
        if status != 200:
            raise ValueError(f"GET /api/log/checkpoint answered {status}: {note[:200]}")
        size, root, lines = open_checkpoint(note, self.origin, self.log_key)
        return size, root, lines, note

    def take(self, recommendation_id: int) -> tuple[int, Json]:
        status, body, _ = self.http.get(f"/api/swarm/takes/{recommendation_id}")
        return status, body

    def log_size(self) -> int:
        """One past the highest index the log holds (the view of every entry, docs §14.10)."""
        rows = self.db.query("select coalesce(max(idx) + 1, 0) from tlog_entries")
        return int(rows[0][0])

    def entry_count(self) -> int:
        return int(self.db.query("select count(*) from tlog_entries")[0][0])

    def settled(self, timeout: float = 15) -> int:
        """Waits until the served checkpoint covers every entry the log holds."""
        def covered() -> Optional[int]:
            size = self.checkpoint()[0]
            return size if size >= self.log_size() else None
        return int(wait_for("the checkpoint to cover the log", covered, timeout))

    def published_takes(self) -> tuple[list[str], list[dict[str, Any]]]:
        status, listing, _ = self.http.get("/api/swarm/sessions?state=published&limit=100")
        assert status == 200, listing
        sessions = [s["id"] for s in listing["sessions"]]
        takes: list[dict[str, Any]] = []
        for session_id in sessions:
            status, detail, _ = self.http.get(f"/api/swarm/sessions/{session_id}")
            assert status == 200, detail
            takes.extend(detail["takes"])
        takes.sort(key=lambda t: t["logIndex"])
        return sessions, takes

    # --- honest actors over HTTP --------------------------------------------------------------

    def onboard(self, name: str) -> tuple[str, SigningKey, dict[str, str]]:
        key = SigningKey.generate()
        application = {"name": name, "contact": "outside-in@example.org",
                       "publicKey": b64(bytes(key.verify_key))}
        status, applied, _ = self.http.call(
            "POST", "/api/swarm/apply", {**application, "signature": sign(key, compact(application))})
        assert status == 201, applied
        member_id: str = applied["memberId"]
        status, body, _ = self.http.call("POST", "/api/swarm/admin/activate",
                                         {"memberId": member_id}, self.admin)
        assert status == 200, body
        status, challenge, _ = self.http.call("POST", "/api/swarm/token-claim/challenge",
                                              {"memberId": member_id})
        assert status == 200, challenge
        proof = {"purpose": "swarm-token-claim-v1", "memberId": member_id,
                 "challenge": challenge["challenge"], "expiresAt": challenge["expiresAt"]}
        status, claimed, _ = self.http.call("POST", "/api/swarm/token-claim", {
            "memberId": member_id, "challenge": challenge["challenge"],
            "expiresAt": challenge["expiresAt"], "signature": sign(key, compact(proof))})
        assert status == 201, claimed
        return member_id, key, {"authorization": "Bearer " + claimed["token"]}

    def open_session(self, date: str) -> str:
        closes = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(time.time() + 3600))
        status, opened, _ = self.http.call("POST", "/api/swarm/admin/sessions", {
            "subjectId": self.SUBJECT, "date": date, "windowClosesAt": closes}, self.admin)
        assert status == 201, opened
        return str(opened["sessionId"])

    def file_take(self, member: tuple[str, SigningKey, dict[str, str]], date: str,
                  stance: str, confidence: float) -> dict[str, Any]:
        member_id, key, bearer = member
        draft = {"memberId": member_id, "date": date, "subjectId": self.SUBJECT,
                 "nonce": uuid.uuid4().hex, "stance": stance, "confidence": confidence,
                 "body": "outside-in honest take", "memoUrl": ""}
        status, answer, _ = self.http.call(
            "POST", "/api/swarm/submit", {**draft, "signature": sign(key, canonical_take(draft))},
            bearer)
        assert status == 201, answer
        return dict(answer)

    # --- attacks ------------------------------------------------------------------------------

    def baseline(self) -> None:
        self.settled()
        code, audit = self.cli.audit()
        if code != 0:
            raise SystemExit(f"the honest log does not audit clean ({code}): {audit}")
        code, out = self.cli.monitor()
        if code != 0:
            raise SystemExit(f"the honest log does not pass the monitor ({code}): {out}")
        self.report.info("baseline", f"audit clean at size {audit.get('size')}, monitor pinned")

    def audit_clean_again(self, attack: str) -> None:
        code, audit = self.cli.audit()
        self.report.info(attack, "undone: audit " + ("clean" if code == 0 else
                                                     f"still exits {code}: {audit_codes(audit)}"))

    def bad_input(self) -> None:
        attack = "7-bad-input"
        date_cursor = base64.urlsafe_b64encode(
            json.dumps(["+275760-09-13T00:00:00.000Z", 1]).encode()).decode().rstrip("=")
        tz_cursor = base64.urlsafe_b64encode(
            json.dumps(["Thu, 01 Jan 1970 00:00:00 GMT+9999", 1]).encode()).decode().rstrip("=")
        for path in ("/api/log/checkpoints/Infinity", "/api/log/checkpoints/-Infinity",
                     "/api/log/checkpoints/1e309", "/api/log/proof/inclusion?index=Infinity",
                     "/api/log/proof/inclusion?index=0&treeSize=Infinity",
                     "/api/log/proof/consistency?from=Infinity",
                     f"/api/swarm/sessions?cursor={date_cursor}",
                     f"/api/swarm/sessions?cursor={tz_cursor}"):
            status, _, text = self.http.get(path)
            self.report.check(attack, f"GET {path} -> 400", status == 400, f"{status} {text[:120]}")
        session_id = self.open_session("2026-03-01")
        status, _, text = self.http.call(
            "POST", f"/api/swarm/admin/sessions/{session_id}/window",
            headers={**self.admin, "content-type": "text/plain"},
            raw=b'{"windowClosesAt":null}')
        self.report.check(attack, "admin window route with text/plain -> 4xx, never 500",
                          400 <= status < 500, f"{status} {text[:120]}")

    def stranger_cosignatures(self) -> None:
        attack = "6-stranger-cosignatures"
        size, _, _, note = self.checkpoint()
        text, _ = split_note(note)
        base_note = note  # the log's own note: text, blank line, its signature line(s)
        stored_before = self.db.query("select count(*) from tlog_cosignature")[0][0]
        statuses: dict[int, int] = {}
        for i in range(101):
            key = SigningKey.generate()
            name = f"stranger.example/w{i}"
            line = cosignature_line(text, name, key, int(time.time()))
            status, _, _ = self.http.call("POST", "/api/log/cosignatures", {
                "vkey": cosigner_vkey(name, key), "cosignedCheckpoint": base_note + line})
            statuses[status] = statuses.get(status, 0) + 1
        self.report.check(attack, "POST /api/log/cosignatures refuses all 101 (403)",
                          statuses == {403: 101}, f"statuses {statuses} at checkpoint size {size}")
        stored_after = self.db.query("select count(*) from tlog_cosignature")[0][0]
        strangers = self.db.query(
            "select count(*) from tlog_cosignature where key_name like 'stranger.example/%%'")[0][0]
        self.report.check(attack, "nothing stored (tlog_cosignature)",
                          strangers == 0 and stored_after == stored_before,
                          f"{stored_before} rows before, {stored_after} after, {strangers} strangers")
        try:
            size, _, lines, note = self.checkpoint()
            ok = lines <= 100 and "stranger.example" not in note
            observed = f"size {size}, {lines} signature line(s), stranger lines: " \
                       f"{note.count('stranger.example')}"
        except ValueError as error:
            ok, observed = False, f"checkpoint does not open: {error}"
        self.report.check(attack, "served checkpoint opens with the log key, no stranger lines",
                          ok, observed)
        code, out = self.cli.monitor()
        self.report.check(attack, "convene log monitor exits 0", code == 0,
                          f"exit {code}: {excerpt(out, 'consistent', 'checkpoint')}")

    def changed_take(self, victim: dict[str, Any], variant: str) -> None:
        attack = f"1-take-changed-{variant}"
        take_id, rid = victim["id"], victim["recommendationId"]
        if variant == "received-at":
            change = "update take set received_at = received_at + interval '1 hour' where id = %s"
            undo = "update take set received_at = received_at - interval '1 hour' where id = %s"
            expected = {"log_entry_mismatch"}
        else:
            old = self.db.query("select stance from take where id = %s", (take_id,))[0][0]
            new = "bearish" if old != "bearish" else "bullish"
            change = f"update take set stance = '{new}' where id = %s"
            undo = f"update take set stance = '{old}' where id = %s"
            expected = {"fields_mismatch", "log_entry_mismatch"}
        assert self.db.tamper((change, (take_id,))) == 1
        try:
            status, body = self.take(rid)
            found = set(reasons(body)) & expected
            self.report.check(attack, "GET /api/swarm/takes/{id} verified:false "
                              f"({' or '.join(sorted(expected))})",
                              status == 200 and body.get("verified") is False and bool(found),
                              f"{status} verified={body.get('verified')} reasons={reasons(body)}")
            status, session, _ = self.http.get(f"/api/swarm/sessions/{victim['sessionId']}")
            served = [t for t in (session or {}).get("takes", []) if t["id"] == take_id]
            self.report.check(attack, "GET /api/swarm/sessions/{id} takes: verified:false",
                              bool(served) and served[0].get("verified") is False
                              and bool(set(reasons(served[0])) & expected),
                              f"{status} " + (f"verified={served[0].get('verified')} "
                                              f"reasons={reasons(served[0])}"
                                              if served else "take not in the session read"))
            code, out = self.cli.verify_take(rid)
            self.report.check(attack, "convene verify take --log-key exits 1", code == 1,
                              f"exit {code}: {excerpt(out, '✗')}")
        finally:
            self.db.tamper((undo, (take_id,)))
        status, body = self.take(rid)
        self.report.info(attack, f"undone: take reads verified={body.get('verified')}")

    def rewritten_node(self, victim: dict[str, Any], size: int) -> None:
        attack = "2-rewritten-tree-node"
        sibling = victim["logIndex"] ^ 1
        assert sibling < size
        old = bytes(self.db.query(
            "select hash from tlog_node where level = 0 and idx = %s", (sibling,))[0][0])
        assert self.db.tamper((
            "update tlog_node set hash = sha256(hash) where level = 0 and idx = %s",
            (sibling,))) == 1
        try:
            status, body = self.take(victim["recommendationId"])
            self.report.check(
                attack, "GET /api/swarm/takes/{id} (the sibling's take) verified:false "
                "(inclusion_proof_invalid)",
                body.get("verified") is False and "inclusion_proof_invalid" in reasons(body),
                f"{status} verified={body.get('verified')} reasons={reasons(body)} "
                f"(victim index {victim['logIndex']}, rewritten leaf {sibling})")
            code, audit = self.cli.audit()
            named = ("inclusion_proof_invalid", victim["logIndex"]) in audit_codes(audit)
            self.report.check(attack, "convene log audit exits 1 naming inclusion_proof_invalid "
                              "at the victim's index", code == 1 and named,
                              f"exit {code}: {audit_codes(audit)}")
            code, out = self.cli.verify_take(victim["recommendationId"])
            self.report.check(attack, "convene verify take --log-key exits 1", code == 1,
                              f"exit {code}: {excerpt(out, '✗')}")
        finally:
            self.db.tamper(("update tlog_node set hash = %s where level = 0 and idx = %s",
                            (old, sibling)))
        self.audit_clean_again(attack)

    def deleted_take(self, victim: dict[str, Any]) -> None:
        attack = "3-deleted-take-row"
        take_id = victim["id"]
        assert self.db.tamper(
            ("create temp table insider_take as select * from take where id = %s", (take_id,)),
            ("delete from take where id = %s", (take_id,))) == 2
        try:
            code, audit = self.cli.audit()
            named = ("entry_missing", victim["logIndex"]) in audit_codes(audit)
            self.report.check(attack, "convene log audit exits 1 with entry_missing at its index",
                              code == 1 and named, f"exit {code}: {audit_codes(audit)}")
            # docs §14.10 "Rows removed behind the service": it reads as removed, never unknown.
            # {id} is the take's id or its recommendationId (what the submit answers and
            # `convene verify take` takes): both must read as removed.
            for label, key in (("id", take_id), ("recommendationId", victim["recommendationId"])):
                status, body, _ = self.http.get(f"/api/swarm/takes/{key}")
                self.report.check(attack if label == "id" else f"{attack}/by-recommendation-id",
                                  f"GET /api/swarm/takes/{{{label}}} -> 410 "
                                  "take_row_missing",
                                  status == 410 and (body or {}).get("code") == "take_row_missing",
                                  f"{status} {json.dumps(body)[:200]}")
            status, session, _ = self.http.get(f"/api/swarm/sessions/{victim['sessionId']}")
            missing = (session or {}).get("missingTakes")
            self.report.check(attack, "GET /api/swarm/sessions/{id} names it in missingTakes",
                              status == 200 and bool(missing) and (
                                  take_id in json.dumps(missing)
                                  or str(victim["recommendationId"]) in json.dumps(missing)),
                              f"{status} missingTakes={json.dumps(missing)[:200]}")
            status, receipt, _ = self.http.get(
                f"/api/swarm/sessions/{victim['sessionId']}/consensus-receipt")
            self.report.check(attack, "its session's consensus receipt: verified:false "
                              "(submission_not_in_log)",
                              (receipt or {}).get("verified") is False
                              and "submission_not_in_log" in reasons(receipt),
                              f"{status} verified={(receipt or {}).get('verified')} "
                              f"reasons={reasons(receipt)}")
        finally:
            self.db.tamper(("insert into take select * from insider_take", ()),
                           ("drop table insider_take", ()))
        self.audit_clean_again(attack)

    def deleted_receipt_entry(self, session_id: str) -> None:
        attack = "4-deleted-receipt-entry"
        status, logged, _ = self.http.get(f"/api/log/receipts/{session_id}")
        assert status == 200, logged
        index = logged["index"]
        size_before = self.checkpoint()[0]
        entries_before = self.entry_count()
        assert self.db.tamper(
            ("create temp table insider_entry as select * from tlog_entry "
             "where receipt_session_id = %s", (session_id,)),
            ("delete from tlog_entry where receipt_session_id = %s", (session_id,))) == 2
        try:
            # The recovery pass runs every 5 s (docs §14.10 "Loops"): let one run and then some.
            started = time.monotonic()
            grew: Optional[str] = None
            while time.monotonic() - started < 6.5:
                size, entries = self.checkpoint()[0], self.entry_count()
                if size != size_before or entries != entries_before - 1:
                    grew = f"checkpoint {size_before} -> {size}, entries " \
                           f"{entries_before - 1} -> {entries}"
                    break
                time.sleep(0.5)
            refused = self.db.query("select reason from tlog_refused where subject = %s",
                                    (session_id,))
            self.report.check(
                attack, "recovery pass does not re-append it (checkpoint and log size unchanged "
                "after 6.5 s)", grew is None,
                grew or f"checkpoint size {size_before}, tlog_refused: "
                        f"{refused[0][0] if refused else 'no row'}")
            status, receipt, _ = self.http.get(
                f"/api/swarm/sessions/{session_id}/consensus-receipt")
            self.report.check(attack, "GET …/consensus-receipt verified:false (receipt_not_in_log)",
                              receipt.get("verified") is False
                              and "receipt_not_in_log" in reasons(receipt),
                              f"{status} verified={receipt.get('verified')} "
                              f"reasons={reasons(receipt)}")
            code, audit = self.cli.audit()
            codes = audit_codes(audit)
            self.report.check(attack, "convene log audit exits 1 (entry_missing at its index, "
                              "served_but_not_logged)",
                              code == 1 and ("entry_missing", index) in codes
                              and any(c == "served_but_not_logged" for c, _ in codes),
                              f"exit {code}: {codes}")
            code, out = self.cli.verify_receipt(session_id)
            self.report.check(attack, "convene verify receipt --log-key exits 1", code == 1,
                              f"exit {code}: {excerpt(out, '✗')}")
        finally:
            self.db.tamper(("insert into tlog_entry select * from insider_entry", ()),
                           ("drop table insider_entry", ()))
        self.audit_clean_again(attack)

    def proven_inclusion(self, rid: int, timeout: float) -> tuple[bool, str]:
        """Waits for take `rid`'s inclusion proof and checks it here (RFC 9162, docs §14.6)."""
        def proven() -> Optional[Json]:
            status, body = self.take(rid)
            return body if status == 200 and body.get("inclusion") else None
        try:
            body = wait_for(f"inclusion of take {rid}", proven, timeout)
        except TimeoutError:
            status, body = self.take(rid)
            return False, (f"take {rid} (index {body.get('logIndex')}): no inclusion after "
                           f"{timeout} s, inclusionPending={body.get('inclusionPending')!r}")
        inclusion = body["inclusion"]
        status, logged, _ = self.http.get(f"/api/log/takes/{body['id']}")
        try:
            size, root, _ = open_checkpoint(inclusion["checkpoint"], self.origin, self.log_key)
            leaf = leaf_hash(logged["entry"])
            good = (size == inclusion["treeSize"] and b64(leaf) == body["leafHash"]
                    and verify_inclusion(body["logIndex"], size, leaf,
                                         [unb64(h) for h in inclusion["hashes"]], root))
        except (ValueError, KeyError, TypeError) as error:
            return False, f"take {rid}: {error!r}"
        return good, (f"index {body['logIndex']} under size {size}: "
                      f"{'proof ok' if good else 'PROOF FAILS'}")

    def forged_checkpoint(self, member_a: tuple[str, SigningKey, dict[str, str]],
                          member_b: tuple[str, SigningKey, dict[str, str]]) -> None:
        attack = "5-forged-checkpoint-row"
        latest = int(self.db.query("select max(size) from tlog_checkpoint")[0][0])
        forged_size = latest + 3
        forger = SigningKey.generate()
        text = f"{self.origin}\n{forged_size}\n{b64(os.urandom(32))}\n"
        key_id = note_key_id(self.origin, 0x01, bytes(forger.verify_key))
        sig = forger.sign(text.encode("utf-8")).signature
        note = f"{text}\n{EMDASH} {self.origin} {b64(key_id + sig)}\n"
        assert self.db.tamper((
            "insert into tlog_checkpoint (size, root_hash, note) values (%s, %s, %s)",
            (forged_size, unb64(text.split("\n")[2]), note))) == 1
        try:
            try:
                size, _, _, served = self.checkpoint()
                ok, observed = served != note and size < forged_size, \
                    f"served size {size}, forged size {forged_size}"
            except ValueError as error:
                ok, observed = False, f"served checkpoint does not open with the log key: {error}"
            self.report.check(attack, "GET /api/log/checkpoint serves a checkpoint signed by "
                              "the log key, not the forged row", ok, observed)
            status, _, text_ = self.http.get(f"/api/log/checkpoints/{forged_size}")
            self.report.check(attack, "GET /api/log/checkpoints/{forged size} -> 404",
                              status == 404, f"{status} {text_[:120]}")
            status, admin_status, _ = self.http.get("/api/admin/status", self.admin)
            rejected = ((admin_status or {}).get("log") or {}).get("rejectedCheckpoints")
            raised = (isinstance(rejected, int) and rejected > 0) or (
                bool(rejected) and str(forged_size) in json.dumps(rejected))
            self.report.check(attack, "alarm: GET /api/admin/status log.rejectedCheckpoints",
                              raised, f"{status} log.rejectedCheckpoints={rejected}")
            # New takes still get inclusion proofs: a, b, then their amendments (revision 2),
            # one at a time so that each gets a checkpoint of its own: sizes latest+1, latest+2,
            # then the forged size itself, then one past it.
            date = "2026-03-02"
            self.open_session(date)
            proofs: list[str] = []
            at_forged: list[str] = []
            all_ok, forged_ok = True, True
            stuck: Optional[int] = None
            for i, member in enumerate((member_a, member_b, member_a, member_b)):
                answer = self.file_take(member, date, "constructive", 0.6 + i / 100)
                ok, line = self.proven_inclusion(answer["recommendationId"], 6)
                if answer["logIndex"] + 1 == forged_size:
                    status, health, _ = self.http.get("/health")
                    health = health or {}
                    _, pending_body = self.take(answer["recommendationId"])
                    pending = str(pending_body.get("inclusionPending") or "")
                    # docs §14.10: a squatted size halts the signer visibly until the tree grows.
                    truthful = (health.get("status") == "degraded"
                                and f"size {forged_size}" in pending and "occupies" in pending)
                    forged_ok, stuck = ok or truthful, None if ok else answer["recommendationId"]
                    at_forged.append(f"{line}; /health meanwhile: status={health.get('status')} "
                                     f"transparency_log={health.get('transparency_log')}")
                else:
                    all_ok = all_ok and ok
                    proofs.append(line)
            self.report.check(attack, "new takes below and past the forged size get inclusion "
                              "proofs (checked here, RFC 9162)", all_ok, "; ".join(proofs))
            self.report.check("5-forged-checkpoint-size", "the take that brings the tree to the "
                              "forged row's size gets an inclusion proof, or says truthfully why "
                              "(the size is occupied) while /health is degraded", forged_ok,
                              "; ".join(at_forged))
            if stuck is not None:
                ok, line = self.proven_inclusion(stuck, 6)
                self.report.info("5-forged-checkpoint-size",
                                 f"once the tree passed the forged size: {line}")
            status, health, _ = self.http.get("/health")
            self.report.check(attack, "/health: the signer is not halted by a row it did not sign",
                              (health or {}).get("status") == "ok",
                              f"{status} status={(health or {}).get('status')} "
                              f"transparency_log={(health or {}).get('transparency_log')}")
            code, out = self.cli.monitor()
            self.report.check(attack, "convene log monitor exits 0", code == 0,
                              f"exit {code}: {excerpt(out, 'consistent', 'checkpoint')}")
        finally:
            # The insider covers their tracks only if the row is still theirs.
            self.db.tamper(("delete from tlog_checkpoint where size = %s and note = %s",
                            (forged_size, note)))

    def planted_key(self, victim: tuple[str, SigningKey, dict[str, str]]) -> None:
        """Issue 28 item 1: a key the member never held, planted with a take signed by it."""
        attack = "9-planted-key"
        date = "2026-03-03"
        session_id = self.open_session(date)
        self.file_take(victim, date, "cautious", 0.4)
        member_id = victim[0]
        insider_key = SigningKey.generate()
        insider_public = b64(bytes(insider_key.verify_key))
        draft = {"memberId": member_id, "date": date, "subjectId": self.SUBJECT,
                 "nonce": uuid.uuid4().hex, "stance": "bullish", "confidence": 0.95,
                 "body": "planted by an insider", "memoUrl": ""}
        text = canonical_take(draft)
        take_id = str(uuid.uuid4())
        self.db.tamper(
            ("insert into member_key (member_id, public_key, state, created_at, activated_at, "
             "retired_at) values (%s, %s, 'retired', now() - interval '2 hours', "
             "now() - interval '1 hour', now() + interval '1 second')",
             (member_id, insider_public)),
            ("insert into take (id, session_id, member_id, revision, key_id, nonce, stance, "
             "confidence, body, memo_url, weights, canonical, signature, received_at) "
             "select %s, %s, %s, 2, k.id, %s, 'bullish', 0.95, %s, '', null, %s, %s, now() "
             "from member_key k where k.public_key = %s",
             (take_id, session_id, member_id, draft["nonce"], draft["body"], text,
              sign(insider_key, text), insider_public)))
        rid = int(self.db.query("select recommendation_id from take where id = %s",
                                (take_id,))[0][0])
        self.report.info(attack, f"planted take {rid} (revision 2, bullish) for member "
                                 f"{member_id} signed by key {insider_public}")

        def decided() -> Optional[str]:
            logged = self.db.query("select idx from tlog_entry where take_id = %s", (take_id,))
            if logged:
                return f"logged at index {logged[0][0]}"
            refused = self.db.query("select reason from tlog_refused where subject = %s",
                                    (take_id,))
            return f"refused: {refused[0][0]}" if refused else None
        try:
            verdict = wait_for("the recovery pass to decide", decided, 12)
        except TimeoutError:
            verdict = "neither logged nor refused within 12 s"
        self.report.check(attack, "recovery pass refuses it (never logged, tlog_refused)",
                          verdict.startswith("refused"), verdict)
        status, body = self.take(rid)
        self.report.check(attack, "GET /api/swarm/takes/{id} verified:false (key_not_logged)",
                          body.get("verified") is False and "key_not_logged" in reasons(body),
                          f"{status} verified={body.get('verified')} reasons={reasons(body)}")
        status, session, _ = self.http.get(f"/api/swarm/sessions/{session_id}")
        served = [t for t in (session or {}).get("takes", []) if t["memberId"] == member_id]
        self.report.check(attack, "GET /api/swarm/sessions/{id}: the planted take is not counted",
                          not any(t["id"] == take_id and t.get("counted") is not False
                                  for t in served),
                          [{"revision": t["revision"], "stance": t["stance"],
                            "counted": t.get("counted"), "verified": t.get("verified"),
                            "reasons": reasons(t)} for t in served])
        code, out = self.cli.verify_take(rid)
        self.report.check(attack, "convene verify take --log-key exits 1", code == 1,
                          f"exit {code}: {excerpt(out, '✗', 'key')}")
        status, keys, text_ = self.http.get(f"/api/log/members/{member_id}/keys")
        self.report.check(attack, "GET /api/log/members/{id}/keys: the planted key is not in "
                          "the member's logged key history",
                          status == 200 and insider_public not in text_,
                          f"{status} {text_[:200]}")
        published, answer, _ = self.http.call(
            "POST", f"/api/swarm/admin/sessions/{session_id}/publish", {}, self.admin)
        status, receipt, _ = self.http.get(f"/api/swarm/sessions/{session_id}/consensus-receipt")
        mine = [s for s in ((receipt or {}).get("payload") or {}).get("submissions", [])
                if s["memberId"] == member_id]
        self.report.check(attack, "the published receipt counts the honest revision, not the "
                          "planted one",
                          status == 200 and len(mine) == 1 and mine[0]["revision"] == 1
                          and mine[0]["publicKey"] != insider_public,
                          f"publish {published}; receipt {status} submission "
                          f"{[{k: s[k] for k in ('revision', 'publicKey')} for s in mine]}")
        code, audit = self.cli.audit()
        codes = audit_codes(audit)
        self.report.check(attack, "convene log audit exits 1 (served_but_not_logged)",
                          code == 1 and any(c == "served_but_not_logged" for c, _ in codes),
                          f"exit {code}: {codes}")


ATTACKS = ("7-bad-input", "6-stranger-cosignatures", "1-take-changed-received-at",
           "1-take-changed-stance", "2-rewritten-tree-node", "3-deleted-take-row",
           "4-deleted-receipt-entry", "5-forged-checkpoint-row", "5-forged-checkpoint-size",
           "9-planted-key")
# Lines reported under a name of their own, so that they can be marked pending on their own.
SUB_ATTACKS = ("3-deleted-take-row/by-recommendation-id",)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--database", required=True)
    parser.add_argument("--admin-token", required=True)
    parser.add_argument("--cli", required=True, help="packages/client/bin/convene.js")
    parser.add_argument("--node", default="node")
    parser.add_argument("--log-key", required=True, help="the log's pinned public key (base64)")
    parser.add_argument("--pending", nargs="*", default=[], choices=ATTACKS + SUB_ATTACKS,
                        help="attacks reported but not counted (detectors not built yet)")
    parser.add_argument("--only", nargs="*", default=list(ATTACKS), choices=ATTACKS)
    args = parser.parse_args()
    started = time.monotonic()
    run = Run(args)
    for name in ("8-percent-encoded-paths", "8-changed-origin"):
        run.report.info(name, "out of scope here: needs a demo server while it loads, or a "
                              "restart with another PUBLIC_BASE_URL")
    run.baseline()
    sessions, takes = run.published_takes()
    size = run.settled()
    if len(takes) < 4 or len(sessions) < 2:
        raise SystemExit(f"need at least 4 published takes in 2 sessions, got {len(takes)}")
    victims = [t for t in takes if (t["logIndex"] ^ 1) < size]
    by_id = {t["id"]: t for t in takes}
    for t in takes:
        status, body = run.take(t["recommendationId"])
        by_id[t["id"]]["sessionId"] = body["sessionId"]
    only = set(args.only)
    if "7-bad-input" in only:
        run.bad_input()
    if "6-stranger-cosignatures" in only:
        run.stranger_cosignatures()
    if "1-take-changed-received-at" in only:
        run.changed_take(takes[0], "received-at")
    if "1-take-changed-stance" in only:
        run.changed_take(takes[1], "stance")
    if "2-rewritten-tree-node" in only:
        run.rewritten_node(victims[0], size)
    if "3-deleted-take-row" in only:
        run.deleted_take(takes[-1])
    if "4-deleted-receipt-entry" in only:
        run.deleted_receipt_entry(sessions[-1])  # the oldest published session: not the tail
    if only & {"5-forged-checkpoint-row", "5-forged-checkpoint-size", "9-planted-key"}:
        a, b = run.onboard("Outside In A"), run.onboard("Outside In B")
        if only & {"5-forged-checkpoint-row", "5-forged-checkpoint-size"}:
            run.forged_checkpoint(a, b)
        if "9-planted-key" in only:
            run.planted_key(run.onboard("Outside In V"))
    failures = run.report.failures()
    pending = [r for r in run.report.results if not r.caught and r.pending]
    print(json.dumps({
        "ok": not failures,
        "seconds": round(time.monotonic() - started, 1),
        "results": [r.__dict__ for r in run.report.results],
        "notCaught": [f"{r.attack}: {r.detector}" for r in failures],
        "pendingNotCaught": [f"{r.attack}: {r.detector}" for r in pending],
    }, ensure_ascii=False))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
