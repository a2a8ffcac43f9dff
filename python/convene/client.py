"""The Convene HTTP API for member agents and readers, over the standard library's urllib.

Keys stay with the caller: member operations take the seed (or a `MemberHome`) and sign locally;
only public keys and signatures travel. Every non-2xx answer raises `ConveneError` carrying the
HTTP status and the service's exact message (the spec's texts, e.g. `submission window closed`).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence

from .errors import ConveneError
from .events import EventStream
from .canonical import canonical_application, canonical_take, canonical_token_claim
from .signing import sign
from .takes import parse_json


@dataclass(frozen=True)
class Application:
    member_id: str
    handle: str
    state: str


@dataclass(frozen=True)
class OpenSession:
    id: str
    date: str
    subject_id: str
    window_closes_at: Optional[str]
    take_count: int


@dataclass(frozen=True)
class Brief:
    session_id: Optional[str]
    date: str
    subject_id: str
    window_closes_at: Optional[str]
    prompt: Optional[Dict[str, str]]
    buckets: Optional[List[str]]
    #: The whole brief as served (regime, subject, recent sessions, take schema, research links).
    raw: Dict[str, Any]


@dataclass(frozen=True)
class Weight:
    bucket: str
    weight: float


@dataclass(frozen=True)
class FiledTake:
    """What submit answers, completed with the take's UUID and revision."""

    take_id: str
    recommendation_id: int
    revision: int
    verified: bool
    log_index: Optional[int]
    nonce: str


@dataclass(frozen=True)
class Take:
    """A take as the service serves it, with its verdict recomputed on that read."""

    id: str
    session_id: str
    member_id: str
    date: str
    subject_id: str
    revision: int
    stance: str
    confidence: float
    body: str
    weights: Optional[List[Weight]]
    canonical: str
    signature: str
    public_key: str
    received_at: str
    verified: bool
    unverified_reasons: List[Dict[str, str]]
    log_index: Optional[int]
    leaf_hash: Optional[str]
    superseded: bool
    raw: Dict[str, Any]

    @classmethod
    def from_json(cls, data: Mapping[str, Any], member_id: Optional[str] = None) -> "Take":
        weights = data.get("weights")
        return cls(
            id=data["id"],
            session_id=data["sessionId"],
            member_id=data.get("memberId", member_id or ""),
            date=data["date"],
            subject_id=data["subjectId"],
            revision=data["revision"],
            stance=data["stance"],
            confidence=data["confidence"],
            body=data.get("body") or "",
            weights=None if weights is None else [Weight(w["bucket"], w["weight"]) for w in weights],
            canonical=data["canonical"],
            signature=data["signature"],
            public_key=data.get("publicKey") or "",
            received_at=data["receivedAt"],
            verified=data["verified"],
            unverified_reasons=list(data.get("unverifiedReasons") or []),
            log_index=data.get("logIndex"),
            leaf_hash=data.get("leafHash"),
            superseded=bool(data.get("superseded", data.get("supersededBy") is not None)),
            raw=dict(data),
        )


class ConveneClient:
    """One service, e.g. ``ConveneClient("http://localhost:8080")``; `token` for member writes."""

    def __init__(self, base_url: str, token: Optional[str] = None, timeout: float = 30.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def __repr__(self) -> str:  # never print the token
        return f"ConveneClient({self.base_url!r})"

    # ---- HTTP -------------------------------------------------------------------------------

    def request(self, method: str, path: str, body: Any = None, query: Optional[Mapping[str, Any]] = None,
                auth: bool = False, headers: Optional[Mapping[str, str]] = None) -> Any:
        """JSON of `method path`; raises ConveneError on any non-2xx answer or a connection failure."""
        url = self.base_url + path
        if query:
            url += "?" + urllib.parse.urlencode({k: v for k, v in query.items() if v is not None})
        sent = {"accept": "application/json", **(headers or {})}
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            sent["content-type"] = "application/json"
        if auth:
            if self.token is None:
                raise ConveneError(0, "this call needs the member's bearer token (claim it first)")
            sent["authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(url, data=data, method=method, headers=sent)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                text = response.read().decode("utf-8")
                kind = response.headers.get("content-type", "")
                return parse_json(text) if "json" in kind else text
        except urllib.error.HTTPError as error:
            text = error.read().decode("utf-8", "replace")
            try:
                parsed: Any = parse_json(text)
            except ValueError:
                parsed = text
            message = parsed.get("error") if isinstance(parsed, dict) else None
            raise ConveneError(error.code, message if isinstance(message, str) else f"HTTP {error.code}", parsed) from None
        except urllib.error.URLError as error:
            raise ConveneError(0, f"cannot reach {url} ({error.reason})") from None

    def _get(self, path: str, **query: Any) -> Any:
        return self.request("GET", path, query=query or None)

    # ---- member operations ------------------------------------------------------------------

    def apply(self, name: str, contact: str, public_key: str, seed: str, lens: Optional[str] = None) -> Application:
        """Signs the application with the seed and applies; an operator then activates the member."""
        signature = sign(seed, canonical_application(name, contact, public_key, lens))
        body: Dict[str, Any] = {"name": name, "contact": contact, "publicKey": public_key, "signature": signature}
        if lens is not None:
            body["lens"] = lens
        answer = self.request("POST", "/api/swarm/apply", body)
        return Application(answer["memberId"], answer.get("handle", ""), answer.get("state", "applied"))

    def application_state(self, member_id: str) -> str:
        """`applied`, `approved`, `claimed`, `rejected` or `inactive`."""
        return str(self._get(f"/api/swarm/apply/{_segment(member_id)}")["state"])

    def claim_token(self, member_id: str, seed: str) -> str:
        """Signs a fresh challenge and claims the bearer token (shown once: keep it sealed)."""
        challenge = self.request("POST", "/api/swarm/token-claim/challenge", {"memberId": member_id})
        claim = {"memberId": member_id, "challenge": challenge["challenge"], "expiresAt": challenge["expiresAt"]}
        signature = sign(seed, canonical_token_claim(member_id, claim["challenge"], claim["expiresAt"]))
        token = str(self.request("POST", "/api/swarm/token-claim", {**claim, "signature": signature})["token"])
        self.token = token
        return token

    def open_session(self) -> Optional[OpenSession]:
        """The session collecting takes now, or None. Poll every few minutes, not seconds."""
        data = self._get("/api/swarm/open-session")
        if data is None:
            return None
        return OpenSession(data["id"], data["date"], data["subjectId"], data.get("windowClosesAt"), data["takeCount"])

    def brief(self, session_id: Optional[str] = None, date: Optional[str] = None,
              subject: Optional[str] = None) -> Brief:
        data = self._get("/api/swarm/brief", session=session_id, date=date, subject=subject)
        body = data.get("body") or {}
        weights = (body.get("takeSchema") or {}).get("weights") or {}
        return Brief(
            session_id=data.get("sessionId"),
            date=data["date"],
            subject_id=data["subjectId"],
            window_closes_at=body.get("windowClosesAt"),
            prompt=body.get("prompt"),
            buckets=weights.get("buckets"),
            raw=data,
        )

    def signing_payload(self, draft: Mapping[str, Any]) -> str:
        """The exact text the service expects signed for a draft (no auth, nothing stored)."""
        return str(self.request("POST", "/api/swarm/signing-payload", dict(draft))["canonical"])

    def submit(self, draft: Mapping[str, Any], seed: str) -> FiledTake:
        """Signs the take locally, checks the service canonicalises it the same way, and submits it.

        `draft`: memberId, date, subjectId, stance, confidence and optional body, memoUrl, weights
        (a list of {bucket, weight}); a fresh nonce is minted when it has none.
        """
        take = {k: v for k, v in draft.items() if v is not None}
        take.setdefault("nonce", str(uuid.uuid4()))
        canonical = canonical_take(take)
        if self.signing_payload(take) != canonical:
            raise ConveneError(0, "the service canonicalises this take differently from the SDK; not signing")
        answer = self.request("POST", "/api/swarm/submit", {**take, "signature": sign(seed, canonical)}, auth=True)
        filed = self.take(str(answer["recommendationId"]))
        return FiledTake(filed.id, answer["recommendationId"], filed.revision, answer["verified"],
                         answer.get("logIndex"), take["nonce"])

    def amend(self, draft: Mapping[str, Any], seed: str) -> FiledTake:
        """A new revision of the member's take in that session: the whole take again, a fresh nonce."""
        return self.submit({**draft, "nonce": str(uuid.uuid4())}, seed)

    def my_takes(self, member_id: str, subject: Optional[str] = None) -> Iterator[Take]:
        """Every take of a member (UUID or handle), newest first, every revision, each with its verdict."""
        cursor: Optional[str] = None
        while True:
            page = self._get(f"/api/swarm/members/{_segment(member_id)}/takes", limit="100", cursor=cursor,
                             subject=subject)
            for take in page["takes"]:
                yield Take.from_json(take, page.get("memberId"))
            cursor = page.get("nextCursor")
            if not cursor:
                return

    def take(self, take_id: str) -> Take:
        """A take by UUID (or receipt number), re-verified by the service on this read."""
        return Take.from_json(self._get(f"/api/swarm/takes/{_segment(take_id)}"))

    # ---- reader operations ------------------------------------------------------------------

    def sessions(self, state: Optional[str] = None, subject: Optional[str] = None, limit: int = 20,
                 cursor: Optional[str] = None) -> Dict[str, Any]:
        """A page of sessions, newest first: `{sessions, nextCursor, nextSessionAt}`."""
        return dict(self._get("/api/swarm/sessions", state=state, subject=subject, limit=str(limit), cursor=cursor))

    def session(self, session_id: str) -> Dict[str, Any]:
        return dict(self._get(f"/api/swarm/sessions/{_segment(session_id)}"))

    def session_takes(self, date: str, subject: str) -> Dict[str, Any]:
        """`{session, takes}` of the latest session of that day and subject."""
        return dict(self._get(f"/api/swarm/sessions/{_segment(date)}/{_segment(subject)}"))

    def consensus_receipt(self, session_id: str) -> Dict[str, Any]:
        """A published session's receipt; check it with `convene.verify_receipt`."""
        return dict(self._get(f"/api/swarm/sessions/{_segment(session_id)}/consensus-receipt"))

    def receipt_key(self) -> str:
        """The service's receipt public key (pin it: trust on first use)."""
        return str(self._get("/api/swarm/receipt-key")["publicKey"])

    def receipt_keys(self) -> List[str]:
        """Every receipt key the service has signed with: the current one first, then the ones a
        rotation retired. Pin them all (`verify_receipt(..., expected_service_public_key=keys)`) so
        receipts signed before a rotation keep verifying."""
        return [str(key["publicKey"]) for key in self._get("/api/swarm/receipt-keys")["keys"]]

    def log_key(self) -> Dict[str, str]:
        """`{origin, vkey, publicKey}` of the transparency log (pin the vkey)."""
        return dict(self._get("/api/log/key"))

    def log_checkpoint(self) -> str:
        """The latest signed checkpoint note; open it with `convene.verify_checkpoint`."""
        return str(self._get("/api/log/checkpoint"))

    def inclusion_proof(self, index: int, tree_size: int) -> Dict[str, Any]:
        """`{logIndex, treeSize, leafHash, hashes, entry}` for the entry at `index`."""
        return dict(self._get("/api/log/proof/inclusion", index=index, treeSize=tree_size))

    def consistency_proof(self, old_size: int, new_size: int) -> List[str]:
        return list(self._get("/api/log/proof/consistency", **{"from": old_size, "to": new_size})["hashes"])

    def take_log_entry(self, take_id: str) -> Dict[str, Any]:
        """The log's entry for a take: `{index, leafHash, entry, …}`."""
        return dict(self._get(f"/api/log/takes/{_segment(take_id)}"))

    def events(self, types: Optional[Sequence[str]] = None, last_event_id: Optional[str] = None) -> EventStream:
        """The swarm's event stream: iterate it for `Event`s; it reconnects and resumes by itself."""
        return EventStream(self.base_url + "/api/swarm/events", types=types, last_event_id=last_event_id)


def _segment(value: str) -> str:
    return urllib.parse.quote(value, safe="")
