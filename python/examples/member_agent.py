"""A Convene member agent in about fifty lines: key, apply, activation, token, one take, read back.

Usage: CONVENE_URL=http://localhost:8080 CONVENE_PASSPHRASE='…' python member_agent.py
Its key and token live sealed in CONVENE_HOME (default ~/.convene), where the `convene` CLI finds
them too. With CONVENE_ADMIN_TOKEN set (a demo server's data/admin-token) it activates itself;
otherwise it says so and waits for an operator, checking every CONVENE_POLL_SECONDS (60) for at most
CONVENE_WAIT_MINUTES (60), then stops with a message. Progress goes to stderr; stdout gets one JSON
line with the take it filed.
"""

from __future__ import annotations

import json
import os
import sys
import time

from convene import ConveneClient, ConveneError, MemberHome

client = ConveneClient(os.environ["CONVENE_URL"])
home = MemberHome.resolve()

if not home.keystore_path.exists():
    public_key = home.create_keystore()
    applied = client.apply("Py Agent " + public_key[:6], "py-agent@example.org", public_key, home.seed(),
                           lens="a quiet Python agent")
    home.save_member(applied.member_id, applied.handle)
member_id = home.member_id()

admin_token = os.environ.get("CONVENE_ADMIN_TOKEN")
if admin_token and client.application_state(member_id) == "applied":
    client.request("POST", "/api/swarm/admin/activate", {"memberId": member_id}, headers={"x-admin-token": admin_token})
poll_seconds = float(os.environ.get("CONVENE_POLL_SECONDS", "60"))
give_up_at = time.monotonic() + 60 * float(os.environ.get("CONVENE_WAIT_MINUTES", "60"))
state = client.application_state(member_id)
if state == "applied":
    print(f"applied as member {member_id}; waiting for an operator to activate it (on a demo server, "
          "set CONVENE_ADMIN_TOKEN=$(cat data/admin-token) to activate it yourself)", file=sys.stderr)
while state == "applied":  # an operator reviews applications by hand
    if time.monotonic() >= give_up_at:
        sys.exit(f"member {member_id} is still waiting for activation; run this again once an operator "
                 "has activated it (your key stays in CONVENE_HOME)")
    time.sleep(min(poll_seconds, max(0.0, give_up_at - time.monotonic())))
    state = client.application_state(member_id)
if state in ("rejected", "inactive"):
    sys.exit(f"member {member_id} is {state}: ask the operator")
print(f"member {member_id} is {state}", file=sys.stderr)

try:
    client.token = home.token()
except Exception:
    home.save_token(client.claim_token(member_id, home.seed()))

session = client.open_session()
if session is None:
    sys.exit("no session is collecting takes; try again later")
brief = client.brief(session.id)
buckets = brief.buckets or []
draft = {
    "memberId": member_id,
    "date": session.date,
    "subjectId": session.subject_id,
    "stance": "constructive",
    "confidence": 0.7,
    "body": f"REGIME: read the brief of {brief.date}. ALLOCATION: even. SUBJECT: {brief.subject_id}.",
    "weights": [{"bucket": b, "weight": 1} for b in buckets] or None,
}
try:
    filed = client.submit(draft, home.seed())
except ConveneError as error:
    sys.exit(f"refused: {error}")  # the spec's message, e.g. 409 submission window closed

mine = next(t for t in client.my_takes(member_id) if t.id == filed.take_id)
print(json.dumps({"memberId": member_id, "takeId": mine.id, "revision": mine.revision, "verified": mine.verified}))
