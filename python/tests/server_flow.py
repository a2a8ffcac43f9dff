"""The SDK against a running server, every member and reader operation, driven by
packages/server/test/agents/python-sdk.test.ts. CONVENE_HOME holds a keystore `convene keygen`
wrote; CONVENE_ADMIN_TOKEN stands in for the operator. Prints one JSON line of what it saw."""

from __future__ import annotations

import json
import sys
import threading
import time
from typing import Any, Dict, List, Optional

from convene import (
    ConveneClient,
    ConveneError,
    Event,
    MemberHome,
    canonical_take,
    verify,
    verify_checkpoint,
    verify_checkpoint_consistency,
    verify_entry_inclusion,
    verify_receipt,
)

base, admin_token = sys.argv[1], sys.argv[2]
client = ConveneClient(base)
home = MemberHome.resolve()
admin = {"x-admin-token": admin_token}
seen: Dict[str, Any] = {}

# Member: the CLI's keystore opens here; apply, activation, token.
public_key = home.public_key()
applied = client.apply("SDK Flow " + public_key[:6], "sdk-flow@example.org", public_key, home.seed(), lens="tests")
home.save_member(applied.member_id, applied.handle)
seen["applied"] = client.application_state(applied.member_id)
client.request("POST", "/api/swarm/admin/activate", {"memberId": applied.member_id}, headers=admin)
seen["approved"] = client.application_state(applied.member_id)
home.save_token(client.claim_token(applied.member_id, home.seed()))

# Member: session, brief, signing payload, submit, amend, my takes.
session = client.open_session()
assert session is not None, "no open session"

# Events: a reader on the live stream sees this member's takes and the publication, public fields only.
live: List[Event] = []
stream = client.events(types=["take-accepted", "session-published"])
session_id = session.id


def watch() -> None:
    for event in stream:
        if event.data.get("sessionId") != session_id:
            continue
        live.append(event)
        if event.type == "session-published":
            return


watcher = threading.Thread(target=watch, daemon=True)
watcher.start()
# The server's `retry:` line comes first: once parsed, the stream is open and nothing is missed.
for _ in range(200):
    if stream.parser.retry_ms is not None:
        break
    time.sleep(0.05)
brief = client.brief(session.id)
seen["briefSession"] = brief.session_id == session.id
draft: Dict[str, Any] = {
    "memberId": applied.member_id,
    "date": session.date,
    "subjectId": session.subject_id,
    "nonce": "sdk-flow-1",
    "stance": "cautious",
    "confidence": 1e-7,
    "body": "café 🚀 \u2028 </script>",
}
seen["signingPayloadAgrees"] = client.signing_payload(draft) == canonical_take(draft)
first = client.submit(draft, home.seed())
second = client.amend({**draft, "stance": "bullish", "confidence": 0.9}, home.seed())
takes = list(client.my_takes(applied.member_id))
seen["revisions"] = [t.revision for t in takes]
seen["latestVerified"] = takes[0].verified and takes[0].id == second.take_id
seen["signaturesVerifyHere"] = all(verify(t.public_key, t.canonical, t.signature) for t in takes)
seen["takeRead"] = client.take(first.take_id).superseded

# Reader: a checkpoint before publication, then the receipt and the log after it.
log = client.log_key()
before: Optional[str]
try:
    before = client.log_checkpoint()
except ConveneError:
    before = None
client.request("POST", f"/api/swarm/admin/sessions/{session.id}/publish", {}, headers=admin)
try:
    client.amend({**draft, "stance": "neutral"}, home.seed())
    seen["lateAmendment"] = "accepted"
except ConveneError as error:
    seen["lateAmendment"] = f"{error.status} {error.message}"
watcher.join(30)
seen["liveEvents"] = [(e.type, e.data.get("revision")) for e in live]
seen["eventsKeepSecrets"] = all("nonce" not in e.data and "signature" not in e.data for e in live)
if live:
    # Resuming after the first take's event replays exactly what followed it.
    replayed: List[Event] = []
    for event in client.events(types=["take-accepted", "session-published"], last_event_id=live[0].id):
        if event.data.get("sessionId") == session.id:
            replayed.append(event)
        if event.type == "session-published":
            break
    key = [(e.type, e.data.get("revision")) for e in replayed]
    seen["resumed"] = key == [(e.type, e.data.get("revision")) for e in live[1:]]
receipt = client.consensus_receipt(session.id)
verdict = verify_receipt(receipt, expected_service_public_key=client.receipt_key())
seen["receipt"] = {"verified": verdict.verified, "codes": verdict.codes}
# Every key pinned (after a rotation: current and retired) verifies; a list without it does not.
seen["receiptKeys"] = {
    "all": verify_receipt(receipt, expected_service_public_key=client.receipt_keys()).codes,
    "others": verify_receipt(receipt, expected_service_public_key=["A" * 43 + "="]).codes,
}
tampered = json.loads(json.dumps(receipt))
tampered["payload"]["score"] = 0.123
seen["tamperedCodes"] = verify_receipt(tampered).codes

checkpoint_note = client.log_checkpoint()
latest = verify_checkpoint(checkpoint_note, log["vkey"])
entry = client.take_log_entry(second.take_id)
proof = client.inclusion_proof(entry["index"], latest.size)
verify_entry_inclusion(entry["entry"], proof, checkpoint_note, log["vkey"])
seen["takeInLog"] = entry["index"] == takes[0].log_index
if before is not None:
    older = verify_checkpoint(before, log["vkey"])
    verify_checkpoint_consistency(before, checkpoint_note, client.consistency_proof(older.size, latest.size), log["vkey"])
    seen["consistentFrom"] = older.size
seen["published"] = session.id in [s["id"] for s in client.sessions(state="published")["sessions"]]
seen["memberId"] = applied.member_id
print(json.dumps(seen))
