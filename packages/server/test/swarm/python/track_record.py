#!/usr/bin/env python3
"""An independent recomputation of Convene's track records, written from docs/methodology.md alone.

Reads only the public API: the published sessions, each one's snapshot, consensus receipt (the
counted takes, as signed, and the absent members) and outcome records, and the series route.
Rebuilds every outcome record from the public series (§2), checks that exactly the due outcomes
exist, recomputes each take's scores (§3), each member's record, the ranks and every sort of the
leaderboard (§4) and the swarm's record (§5), over all subjects and per subject, and prints them as
one JSON object with every disagreement with the records it found.

    python3 track_record.py http://127.0.0.1:8080 --min-takes 10 --now 2026-07-09T00:00:00Z
"""
import argparse
import datetime
import json
import math
import urllib.error
import urllib.request

STANCE_SCORE = {"bearish": -1.0, "cautious": -0.5, "neutral": 0.0, "constructive": 0.5, "bullish": 1.0}
# §2 "A label's return": the table's order decides which reason wins.
MISSING_ORDER = ["no_series", "no_start_value", "no_end_value", "no_new_observation", "non_positive_start"]
STALE_DAYS = 4
GRACE_DAYS = 2
# §4 "The leaderboard": each sort's figure and direction.
SORTS = {
    "rank": ("rankingBrier", "asc"),
    "brier": ("meanBrier", "asc"),
    "log": ("meanLog", "desc"),
    "excess": ("meanExcessVsReference", "desc"),
    "weightContribution": ("meanWeightContribution", "desc"),
    "stanceContribution": ("meanStanceContribution", "desc"),
    "takes": ("scoredTakes", "desc"),
}

disagreements = []
coverage = {"missing": {}, "precedence": set(), "noOutcome": {}, "nobodyFiled": 0, "dueNow": 0, "notDue": 0}


def disagree(where, mine, served):
    disagreements.append("%s: recomputed %s, served %s" % (where, json.dumps(mine), json.dumps(served)))


def status_of(base, path):
    try:
        with urllib.request.urlopen(base + path, timeout=30) as response:
            return response.status, json.loads(response.read().decode("utf-8"))
    except urllib.error.HTTPError as error:
        return error.code, None


def get(base, path):
    status, body = status_of(base, path)
    if status != 200:
        raise RuntimeError("GET %s answered %d" % (path, status))
    return body


def add_days(date, days):
    return (datetime.date.fromisoformat(date) + datetime.timedelta(days=days)).isoformat()


def published_sessions(base):
    sessions, cursor = [], None
    while True:
        path = "/api/swarm/sessions?state=published&limit=100"
        if cursor is not None:
            path += "&cursor=" + cursor
        page = get(base, path)
        sessions.extend(page["sessions"])
        cursor = page["nextCursor"]
        if cursor is None:
            return sessions


def left_sum(values):
    total = 0.0
    for v in values:
        total += v
    return total


def mean(values):
    """Left-to-right mean of the values that exist; None when none do (§4: a mean over no takes)."""
    present = [v for v in values if v is not None]
    return left_sum(present) / len(present) if present else None


# §2 "Reading a series" -------------------------------------------------------------------------

series_cache = {}


def series(base, label, start, end):
    """The label's observations from `start` to `end`, both included; None when no entry names it (404)."""
    key = (label, start, end)
    if key not in series_cache:
        status, body = status_of(base, "/api/swarm/track-record/series/%s?from=%s&to=%s" % (label, start, end))
        if status == 404:
            series_cache[key] = None
        elif status != 200:
            raise RuntimeError("series %s answered %d" % (label, status))
        else:
            points = body["points"]
            dates = [p["date"] for p in points]
            if dates != sorted(dates) or any(d < start or d > end for d in dates):
                disagree("series %s %s..%s ascending, within from and to" % (label, start, end), True, dates)
            series_cache[key] = (body["source"], points)
    return series_cache[key]


def check_series_route(base, label):
    """§2: `from` and `to` both required, real days, from ≤ to ≤ from + 800 days, else 400; unknown label 404."""
    expected = {
        "?from=2026-06-01": 400,
        "?to=2026-06-01": 400,
        "": 400,
        "?from=2026-06-02&to=2026-06-01": 400,
        "?from=2026-02-30&to=2026-03-01": 400,
        "?from=2026-06-01&to=%s" % add_days("2026-06-01", 801): 400,
        "?from=2026-06-01&to=%s" % add_days("2026-06-01", 800): 200,
        "?from=2026-06-01&to=2026-06-01": 200,
    }
    for query, code in expected.items():
        status, _ = status_of(base, "/api/swarm/track-record/series/%s%s" % (label, query))
        if status != code:
            disagree("series route %s" % query, code, status)
    status, _ = status_of(base, "/api/swarm/track-record/series/no-such-label?from=2026-06-01&to=2026-06-02")
    if status != 404:
        disagree("series route, a label no entry names", 404, status)


def value_on(points, date):
    """§2: the last observation dated on or before `date` and no more than 4 days before it."""
    oldest = add_days(date, -STALE_DAYS)
    best = None
    for p in points:
        if oldest <= p["date"] <= date and (best is None or p["date"] > best["date"]):
            best = p
    return None if best is None else {"date": best["date"], "value": best["value"]}


def label_outcome(base, label, t0, t1):
    found = series(base, label, add_days(t0, -STALE_DAYS), t1)
    if found is None:
        applies = ["no_series"]
        source, start, end = None, None, None
    else:
        source, points = found
        start, end = value_on(points, t0), value_on(points, t1)
        applies = []
        if start is None:
            applies.append("no_start_value")
        if end is None:
            applies.append("no_end_value")
        if start is not None and end is not None and not end["date"] > start["date"]:
            applies.append("no_new_observation")
        if start is not None and not start["value"] > 0:
            applies.append("non_positive_start")
    # §2: when several apply, the first in the table's order.
    missing = min(applies, key=MISSING_ORDER.index) if applies else None
    if missing is not None:
        coverage["missing"][missing] = coverage["missing"].get(missing, 0) + 1
        if len(applies) > 1:
            coverage["precedence"].add(" > ".join(sorted(applies, key=MISSING_ORDER.index)))
    value = end["value"] / start["value"] - 1 if missing is None else None
    return {"label": label, "source": source, "start": start, "end": end, "return": value, "missing": missing}


def allocation_return(weights, returns):
    """R(w) of §2: normalised by its total (summed in the given order), valued in code-point order."""
    total = left_sum(w["weight"] for w in weights)
    if not (total > 0) or math.isinf(total):
        return None
    numerator, denominator = 0.0, 0.0
    for w in sorted(weights, key=lambda w: w["bucket"]):
        if w["bucket"] not in returns:
            continue
        share = w["weight"] / total
        numerator += share * returns[w["bucket"]]
        denominator += share
    return numerator / denominator if denominator > 0 else None


def expected_record(base, session, snapshot, receipt, takes, horizon):
    """§2: the outcome record of one session over one horizon, from the public inputs alone."""
    t0 = session["aggregatedAt"][:10]  # §2 "Dates": the UTC date of the aggregation
    t1 = add_days(t0, horizon)
    reference = session["referenceAllocation"]["buckets"] if session["referenceAllocation"] is not None else None
    sums = {}
    if snapshot is not None:
        for h in snapshot["holdings"]:
            value = h["valueUsd"]
            # §2 "The subject's return": a bucket and a finite USD value above 0.
            if h["bucket"] is None or value is None or not (value > 0) or math.isinf(value):
                continue
            sums[h["bucket"]] = sums.get(h["bucket"], 0.0) + value
    holdings = [{"bucket": b, "valueUsd": sums[b]} for b in sorted(sums)]
    names = set(w["bucket"] for w in reference or [])
    names |= set(sums)
    for t in takes:
        names |= set(w["bucket"] for w in t.get("weights") or [])
    labels = [label_outcome(base, name, t0, t1) for name in sorted(names)]
    returns = {l["label"]: l["return"] for l in labels if l["return"] is not None}
    if snapshot is None:
        reason = "no_snapshot"
    elif not holdings:
        reason = "no_holdings"
    elif any(h["bucket"] not in returns for h in holdings):
        reason = "unvalued_holding"
    else:
        reason = None
    subject = None
    if reason is None:
        subject = left_sum(h["valueUsd"] * returns[h["bucket"]] for h in holdings) / left_sum(
            h["valueUsd"] for h in holdings
        )
    else:
        coverage["noOutcome"][reason] = coverage["noOutcome"].get(reason, 0) + 1
    consensus = receipt["payload"]["weights"]
    return {
        "kind": "convene.outcome.v1",
        "sessionId": session["id"],
        "subjectId": session["subjectId"],
        "sessionDate": session["date"],
        "receiptDigest": receipt["digest"],
        "horizonDays": horizon,
        "startDate": t0,
        "endDate": t1,
        "status": "scored" if reason is None else "no_outcome",
        "reason": reason,
        "labels": labels,
        "holdings": holdings,
        "subjectReturn": subject,
        "event": {"name": "subject_rises", "occurred": None if subject is None else subject > 0},
        "reference": None
        if reference is None
        else {"weights": reference, "return": allocation_return(reference, returns)},
        "consensus": {"weights": consensus, "return": allocation_return(consensus, returns)},
    }


def is_due(t0, horizon, now):
    """§2 "Dates": due from 00:00 UTC at the start of the date t1 + 2 days."""
    due = datetime.datetime.fromisoformat(add_days(t0, horizon + GRACE_DAYS) + "T00:00:00+00:00")
    if now == due:
        coverage["dueNow"] += 1
    return now >= due


# §3 ---------------------------------------------------------------------------------------------


def probability(stance, confidence):
    return 0.5 + 0.49 * STANCE_SCORE[stance] * confidence


def brier(p, occurred):
    return (p - (1.0 if occurred else 0.0)) ** 2


def minus(a, b):
    return None if a is None or b is None else a - b


def normalised(weights):
    total = left_sum(w["weight"] for w in weights)
    return {w["bucket"]: w["weight"] / total for w in weights}


def score_session(record, takes):
    """§3 and §5 for one scored session; takes are the counted ones, sorted by memberId."""
    occurred = record["event"]["occurred"]
    returns = {l["label"]: l["return"] for l in record["labels"] if l["return"] is not None}
    reference = record["reference"]["return"] if record["reference"] is not None else None
    consensus = record["consensus"]["return"]
    n = len(takes)
    ps = [probability(t["stance"], t["confidence"]) for t in takes]
    p_sum = left_sum(ps)
    # §5 "A session nobody filed in": no pooled forecast.
    pooled = p_sum / n if n else None
    pooled_brier = brier(pooled, occurred) if pooled is not None else None
    rows = [normalised(t["weights"]) if t.get("weights") is not None else None for t in takes]
    weighted = sum(1 for r in rows if r is not None)
    sums = {}
    for row in rows:
        if row is None:
            continue
        for bucket, share in row.items():
            sums[bucket] = sums.get(bucket, 0.0) + share
    scores = []
    for take, p, row in zip(takes, ps, rows):
        weight_return = allocation_return(take["weights"], returns) if take.get("weights") is not None else None
        weight_contribution = None
        if row is not None and weighted > 1:
            without = [{"bucket": b, "weight": (sums[b] - row.get(b, 0.0)) / (weighted - 1)} for b in sorted(sums)]
            weight_contribution = minus(consensus, allocation_return(without, returns))
        stance_contribution = None
        if n > 1:
            stance_contribution = brier((p_sum - p) / (n - 1), occurred) - pooled_brier
        scores.append(
            {
                "sessionId": record["sessionId"],
                "memberId": take["memberId"],
                "probability": p,
                "occurred": occurred,
                "brier": brier(p, occurred),
                "log": math.log(p) if occurred else math.log(1 - p),
                "weightReturn": weight_return,
                "excessVsReference": minus(weight_return, reference),
                "excessVsConsensus": minus(weight_return, consensus),
                "weightContribution": weight_contribution,
                "stanceContribution": stance_contribution,
            }
        )
    swarm = {
        "sessionId": record["sessionId"],
        "sessionDate": record["sessionDate"],
        "subjectId": record["subjectId"],
        "counted": n,
        "probability": pooled,
        "occurred": occurred,
        "brier": pooled_brier,
        "consensusReturn": consensus,
        "referenceReturn": reference,
        "excess": minus(consensus, reference),
    }
    return scores, swarm


# §4 and §5 ----------------------------------------------------------------------------------------


def records_of(sessions, horizon, min_takes):
    """§4 and §5 over one horizon's sessions (record, counted takes, roster)."""
    sessions = sorted(sessions, key=lambda s: (s[0]["sessionDate"], s[0]["sessionId"]))
    members, swarm = {}, []
    for record, takes, roster in sessions:
        # §4: only scored sessions count, so a member on no scored session's roster is not listed.
        if record["status"] != "scored":
            continue
        scores, session_swarm = score_session(record, takes)
        swarm.append(session_swarm)
        by_member = {s["memberId"]: s for s in scores}
        # §4 "roster sessions": the receipt's counted takes' members plus its quorum.absent.
        for member_id in sorted(set(roster) | set(by_member)):
            entry = members.setdefault(member_id, {"takes": [], "ranking": []})
            take = by_member.get(member_id)
            if take is not None:
                entry["takes"].append(take)
            # §4 rankingBrier: an absence scores 0.25, the neutral forecast.
            entry["ranking"].append(take["brier"] if take is not None else 0.25)
    board = {}
    for member_id, entry in members.items():
        takes = entry["takes"]
        weight_returns = [t["weightReturn"] for t in takes if t["weightReturn"] is not None]
        eligible = len(takes) >= min_takes  # §4 "Rank": TRACK_RECORD_MIN_TAKES scored takes
        board[member_id] = {
            "memberId": member_id,
            "horizonDays": horizon,
            "scoredTakes": len(takes),
            "rosterSessions": len(entry["ranking"]),
            "participation": len(takes) / len(entry["ranking"]),
            "rankingBrier": mean(entry["ranking"]),
            "meanBrier": mean([t["brier"] for t in takes]),
            "meanLog": mean([t["log"] for t in takes]),
            "weightTakes": len(weight_returns),
            "meanReturn": mean(weight_returns),
            "meanExcessVsReference": mean([t["excessVsReference"] for t in takes]),
            "meanExcessVsConsensus": mean([t["excessVsConsensus"] for t in takes]),
            "meanWeightContribution": mean([t["weightContribution"] for t in takes]),
            "meanStanceContribution": mean([t["stanceContribution"] for t in takes]),
            "calibration": calibration(takes),
            "eligible": eligible,
            "status": "ranked" if eligible else "not_enough_history",
            "rank": None,
        }
    # §4 "Rank": rankingBrier ascending, then more scored takes, then memberId.
    ranked = sorted(
        (m for m in board.values() if m["eligible"]),
        key=lambda m: (m["rankingBrier"], -m["scoredTakes"], m["memberId"]),
    )
    for i, member in enumerate(ranked):
        member["rank"] = i + 1
    excesses = [s["excess"] for s in swarm if s["excess"] is not None]
    return {
        "members": board,
        "orders": {sort: leaderboard_order(board.values(), sort) for sort in SORTS},
        "sessions": swarm,
        "swarm": {
            "horizonDays": horizon,
            "sessions": len(swarm),
            "meanBrier": mean([s["brier"] for s in swarm]),
            "excessSessions": len(excesses),
            "meanExcess": mean(excesses),
            # §5: the share of excessSessions whose excess is above 0.
            "positiveExcessShare": mean([1.0 if e > 0 else 0.0 for e in excesses]),
            "sumExcess": left_sum(excesses) if excesses else None,
        },
        "takes": {m: list(reversed(e["takes"])) for m, e in members.items()},
    }


def leaderboard_order(members, sort):
    """§4 "The leaderboard": ranked first; `rank` orders them by rank, the rest by rankingBrier;
    within each group a null figure comes last and equal figures (or both null) go by memberId."""
    figure, direction = SORTS[sort]

    def key(m):
        group = 0 if m["eligible"] else 1
        if sort == "rank" and m["eligible"]:
            return (group, 0, m["rank"], m["memberId"])
        value = m[figure]
        if value is None:
            return (group, 1, 0, m["memberId"])
        return (group, 0, value if direction == "asc" else -value, m["memberId"])

    return [m["memberId"] for m in sorted(members, key=key)]


def calibration(takes):
    """§4 "Calibration": bin = min(9, floor(10 p)), every bin served."""
    bins = []
    for b in range(10):
        inside = [t for t in takes if min(9, math.floor(t["probability"] * 10)) == b]
        bins.append(
            {
                "from": b / 10,
                "to": (b + 1) / 10,
                "count": len(inside),
                "meanProbability": mean([t["probability"] for t in inside]),
                "observedFrequency": mean([1.0 if t["occurred"] else 0.0 for t in inside]),
            }
        )
    return bins


def compare_record(expected, served, where):
    """Every member of §2's record but `computedAt`, exactly: the doubles are computed as written."""
    for key, value in expected.items():
        if served.get(key) != value:
            disagree("%s %s" % (where, key), value, served.get(key))


def recompute(base, min_takes, now):
    scored_by_horizon, by_subject = {}, {}
    horizons = None
    labels_seen = set()
    for session in published_sessions(base):
        sid = session["id"]
        outcome = get(base, "/api/swarm/sessions/%s/outcome" % sid)
        horizons = outcome["horizons"]
        receipt = get(base, "/api/swarm/sessions/%s/consensus-receipt" % sid)
        snapshot = get(base, "/api/swarm/sessions/%s/snapshot" % sid)["snapshot"]
        payload = receipt["payload"]
        takes = []
        for submission in payload["submissions"]:
            signed = json.loads(submission["canonical_submission"])
            if signed["memberId"] != submission["memberId"]:
                disagree("session %s submission" % sid, submission["memberId"], signed["memberId"])
            takes.append(signed)
        takes.sort(key=lambda t: t["memberId"])
        roster = sorted(set([t["memberId"] for t in takes] + payload["quorum"]["absent"]))
        served = {entry["horizonDays"]: entry["record"] for entry in outcome["outcomes"]}
        for horizon in horizons:
            t0 = session["aggregatedAt"][:10]
            due = is_due(t0, horizon, now)
            if due != (horizon in served):
                disagree("session %s (t0 %s) %d-day outcome exists" % (sid, t0, horizon), due, horizon in served)
            if not due:
                coverage["notDue"] += 1
                continue
            if horizon not in served:
                continue
            record = served[horizon]
            compare_record(expected_record(base, session, snapshot, receipt, takes, horizon), record, "session %s %d days" % (sid, horizon))
            labels_seen |= set(l["label"] for l in record["labels"] if l["source"] is not None)
            if record["status"] == "scored" and not takes:
                coverage["nobodyFiled"] += 1
            entry = (record, takes, roster)
            scored_by_horizon.setdefault(horizon, []).append(entry)
            by_subject.setdefault(session["subjectId"], {}).setdefault(horizon, []).append(entry)
    if labels_seen:
        check_series_route(base, sorted(labels_seen)[0])
    return {
        "horizons": {str(h): records_of(scored_by_horizon.get(h, []), h, min_takes) for h in horizons or []},
        "subjects": {
            subject: {str(h): records_of(sessions.get(h, []), h, min_takes) for h in horizons}
            for subject, sessions in by_subject.items()
        },
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("--min-takes", type=int, default=10)
    parser.add_argument("--now", help="the service's current time (ISO 8601); default: this machine's")
    args = parser.parse_args()
    now = (
        datetime.datetime.fromisoformat(args.now.replace("Z", "+00:00"))
        if args.now
        else datetime.datetime.now(datetime.timezone.utc)
    )
    result = recompute(args.base.rstrip("/"), args.min_takes, now)
    result["disagreements"] = disagreements
    result["coverage"] = dict(coverage, precedence=sorted(coverage["precedence"]))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
