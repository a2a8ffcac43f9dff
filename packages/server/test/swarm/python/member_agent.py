#!/usr/bin/env python3
"""A member agent written from the published interface, docs/protocol.md and the served skill, using only the standard
library and PyNaCl (Debian: python3-nacl). It applies, waits for activation, claims its token,
files a take, amends it and reads it back through GET /api/swarm/sessions/{date}/{subject}.

Usage: member_agent.py BASE_URL   (ADMIN_TOKEN in the environment lets it activate itself,
standing in for the operator). Prints one JSON line with what it saw; exits non-zero on any breach.
"""
import base64
import json
import os
import sys
import urllib.error
import urllib.request
import uuid

from nacl.signing import SigningKey, VerifyKey

BASE = sys.argv[1].rstrip("/")


def canonical(obj):
    """JSON.stringify: no whitespace, keys in insertion order, UTF-8 text."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def call(method, path, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(BASE + path, data=data, method=method)
    if body is not None:
        request.add_header("content-type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.loads(response.read().decode("utf-8"))
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read().decode("utf-8"))


def expect(condition, message):
    if not condition:
        raise SystemExit("member agent: " + message)


def b64(raw):
    return base64.b64encode(raw).decode("ascii")


key = SigningKey.generate()
public_key = b64(bytes(key.verify_key))


def sign(text):
    return b64(key.sign(text.encode("utf-8")).signature)


# 1. Apply: Ed25519 over {name, contact, lens, publicKey} in that order.
application = {
    "name": "Py Agent " + uuid.uuid4().hex[:8],
    "contact": "py-agent@example.org",
    "lens": "rates and liquidity",
    "publicKey": public_key,
}
status, applied = call("POST", "/api/swarm/apply",
                       {**application, "signature": sign(canonical(application))})
expect(status == 201, f"apply answered {status}: {applied}")
member_id = applied["memberId"]

# 2. Activation (the operator's step; the test hands this agent the admin token).
status, body = call("POST", "/api/swarm/admin/activate", {"memberId": member_id},
                    {"X-Admin-Token": os.environ["ADMIN_TOKEN"]})
expect(status == 200, f"activate answered {status}: {body}")

# 3. Claim the token: sign {purpose, memberId, challenge, expiresAt}.
status, challenge = call("POST", "/api/swarm/token-claim/challenge", {"memberId": member_id})
expect(status == 200, f"challenge answered {status}: {challenge}")
proof = {
    "purpose": "swarm-token-claim-v1",
    "memberId": member_id,
    "challenge": challenge["challenge"],
    "expiresAt": challenge["expiresAt"],
}
status, claimed = call("POST", "/api/swarm/token-claim", {
    "memberId": member_id,
    "challenge": challenge["challenge"],
    "expiresAt": challenge["expiresAt"],
    "signature": sign(canonical(proof)),
})
expect(status == 201 and claimed["token"].startswith("tok_" + member_id + "_"),
       f"token-claim answered {status}: {claimed}")
bearer = {"Authorization": "Bearer " + claimed["token"]}
status, who = call("GET", "/api/swarm/verify-token", headers=bearer)
expect(status == 200 and who["memberId"] == member_id, f"verify-token answered {status}: {who}")

# 4. The open session and its brief.
status, session = call("GET", "/api/swarm/open-session")
expect(status == 200 and session is not None, f"no open session: {session}")
date, subject = session["date"], session["subjectId"]
status, brief = call("GET", "/api/swarm/brief?session=" + session["id"])
expect(status == 200 and brief["sessionId"] == session["id"], f"brief answered {status}")


def take(nonce, stance, confidence, text, weights):
    fields = {
        "memberId": member_id, "date": date, "subjectId": subject, "nonce": nonce,
        "stance": stance, "confidence": confidence, "body": text, "memoUrl": "",
        "weights": weights,
    }
    signed_text = canonical(fields)
    # The server's signing helper must agree with the spec's layout computed here.
    status, helper = call("POST", "/api/swarm/signing-payload",
                          {k: v for k, v in fields.items() if k != "memoUrl"})
    expect(status == 200 and helper["canonical"] == signed_text,
           f"signing-payload disagrees: {helper} vs {signed_text}")
    payload = {k: v for k, v in fields.items() if k != "memoUrl"}
    payload["signature"] = sign(signed_text)
    status, answer = call("POST", "/api/swarm/submit", payload, bearer)
    expect(status == 201 and answer["ok"] is True and answer["verified"] is True,
           f"submit answered {status}: {answer}")
    return answer["recommendationId"], signed_text


# 5. File a take, then amend it (a fresh nonce and revised content).
first_id, _ = take(str(uuid.uuid4()), "cautious", 0.55,
                   "REGIME: late cycle. ALLOCATION: hold. SUBJECT: fine.",
                   [{"bucket": "aave", "weight": 0.6}, {"bucket": "morpho", "weight": 0.4}])
amended_id, amended_text = take(str(uuid.uuid4()), "constructive", 0.7,
                                "REGIME: easing. ALLOCATION: add Morpho. SUBJECT: café au lait.",
                                [{"bucket": "aave", "weight": 0.5}, {"bucket": "morpho", "weight": 0.5}])

# 6. Read it back by date and subject: the newest revision, verified, and checkable offline.
status, day = call("GET", f"/api/swarm/sessions/{date}/{subject}")
expect(status == 200, f"date/subject read answered {status}: {day}")
mine = [t for t in day["takes"] if t["memberId"] == member_id]
expect(len(mine) == 1, f"expected one take of mine, got {len(mine)}")
newest = mine[0]
expect(newest["revision"] == 2, f"expected revision 2, got {newest['revision']}")
expect(newest["verified"] is True, "the newest revision is not verified")
expect(newest["recommendationId"] == amended_id and newest["stance"] == "constructive",
       "the date/subject read did not return the amendment")
expect(newest["canonical"] == amended_text, "the served canonical text is not what was signed")
VerifyKey(base64.b64decode(public_key)).verify(
    amended_text.encode("utf-8"), base64.b64decode(newest["signature"]))

# 7. The first revision still resolves and points at the newest one.
status, old = call("GET", f"/api/swarm/takes/{first_id}")
expect(status == 200 and old["revision"] == 1 and old["verified"] is True,
       f"revision 1 answered {status}: {old}")
expect(old["supersededBy"] is not None and old["supersededBy"]["revision"] == 2,
       f"revision 1 does not point at revision 2: {old['supersededBy']}")

print(json.dumps({"memberId": member_id, "revision": newest["revision"],
                  "verified": newest["verified"], "takeId": newest["id"]}))
