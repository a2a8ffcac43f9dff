#!/usr/bin/env python3
"""An independent recomputation of Convene's track records, written from docs/methodology.md alone.

Reads only the public API: the published sessions, each session's outcome records (only the
records, never the scores the service derives from them) and its consensus receipt (the counted
takes, as signed, and the absent members). Recomputes every label's return, the subject's return,
the event, the allocations' returns, each take's scores, each member's record, the ranks and the
swarm's record, and prints them as one JSON object per horizon.

    python3 track_record.py http://127.0.0.1:8080 --min-takes 10
"""
import argparse
import json
import math
import urllib.request

STANCE_SCORE = {"bearish": -1.0, "cautious": -0.5, "neutral": 0.0, "constructive": 0.5, "bullish": 1.0}


def get(base, path):
    with urllib.request.urlopen(base + path, timeout=30) as response:
        return json.loads(response.read().decode("utf-8"))


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


def mean(values):
    """Left-to-right mean of the values that exist; None when none do (§4)."""
    present = [v for v in values if v is not None]
    if not present:
        return None
    total = 0.0
    for v in present:
        total += v
    return total / len(present)


def allocation_return(weights, returns):
    """R(w) of §2: normalised by its total (summed in the given order), valued in code-point order."""
    total = 0.0
    for w in weights:
        total += w["weight"]
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


def check_record(record):
    """The record's own arithmetic (§2), recomputed; returns the label returns."""
    returns = {}
    for label in record["labels"]:
        start, end = label["start"], label["end"]
        expected = None
        if start is not None and end is not None and end["date"] > start["date"] and start["value"] > 0:
            expected = end["value"] / start["value"] - 1
        assert label["return"] == expected, ("label return", label)
        if expected is not None:
            returns[label["label"]] = expected
    if record["status"] == "scored":
        numerator, total = 0.0, 0.0
        for holding in record["holdings"]:
            numerator += holding["valueUsd"] * returns[holding["bucket"]]
            total += holding["valueUsd"]
        subject = numerator / total
        assert record["subjectReturn"] == subject, "subject return"
        assert record["event"]["occurred"] == (subject > 0), "event"
    for name in ("reference", "consensus"):
        allocation = record[name]
        if allocation is not None:
            assert allocation["return"] == allocation_return(allocation["weights"], returns), name
    return returns


def probability(stance, confidence):
    return 0.5 + 0.49 * STANCE_SCORE[stance] * confidence


def brier(p, occurred):
    return (p - (1.0 if occurred else 0.0)) ** 2


def minus(a, b):
    return None if a is None or b is None else a - b


def normalised(weights):
    total = 0.0
    for w in weights:
        total += w["weight"]
    return {w["bucket"]: w["weight"] / total for w in weights}


def score_session(record, takes):
    """§3 and §5 for one scored session; takes are the counted ones, sorted by memberId."""
    occurred = record["event"]["occurred"]
    returns = check_record(record)
    reference = record["reference"]["return"] if record["reference"] is not None else None
    consensus = record["consensus"]["return"]
    n = len(takes)
    ps = [probability(t["stance"], t["confidence"]) for t in takes]
    p_sum = 0.0
    for p in ps:
        p_sum += p
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
            without = [
                {"bucket": b, "weight": (sums[b] - row.get(b, 0.0)) / (weighted - 1)} for b in sorted(sums)
            ]
            weight_contribution = minus(consensus, allocation_return(without, returns))
        stance_contribution = None
        if n > 1:
            stance_contribution = brier((p_sum - p) / (n - 1), occurred) - pooled_brier
        scores.append(
            {
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
    swarm = {"brier": pooled_brier, "excess": minus(consensus, reference)}
    return scores, swarm


def recompute(base, min_takes):
    horizons = {}
    for session in published_sessions(base):
        outcome = get(base, "/api/swarm/sessions/%s/outcome" % session["id"])
        if not outcome["outcomes"]:
            continue
        receipt = get(base, "/api/swarm/sessions/%s/consensus-receipt" % session["id"])
        payload = receipt["payload"]
        takes = []
        for submission in payload["submissions"]:
            signed = json.loads(submission["canonical_submission"])
            assert signed["memberId"] == submission["memberId"]
            takes.append(signed)
        takes.sort(key=lambda t: t["memberId"])
        roster = sorted(set([t["memberId"] for t in takes] + payload["quorum"]["absent"]))
        for entry in outcome["outcomes"]:
            record = entry["record"]
            assert record["receiptDigest"] == receipt["digest"], "the outcome names another receipt"
            horizons.setdefault(record["horizonDays"], []).append((record, takes, roster))
    return {str(h): records_of(sessions, min_takes) for h, sessions in horizons.items()}


def records_of(sessions, min_takes):
    """§4 and §5 over one horizon's sessions, in session-date then session-id order."""
    sessions = sorted(sessions, key=lambda s: (s[0]["sessionDate"], s[0]["sessionId"]))
    members, swarm = {}, []
    for record, takes, roster in sessions:
        if record["status"] != "scored":
            continue
        scores, session_swarm = score_session(record, takes)
        swarm.append(session_swarm)
        by_member = {s["memberId"]: s for s in scores}
        for member_id in sorted(set(roster) | set(by_member)):
            entry = members.setdefault(member_id, {"takes": [], "ranking": []})
            take = by_member.get(member_id)
            if take is not None:
                entry["takes"].append(take)
            entry["ranking"].append(take["brier"] if take is not None else 0.25)
    board = {}
    for member_id, entry in members.items():
        takes = entry["takes"]
        board[member_id] = {
            "scoredTakes": len(takes),
            "rosterSessions": len(entry["ranking"]),
            "rankingBrier": mean(entry["ranking"]),
            "meanBrier": mean([t["brier"] for t in takes]),
            "meanLog": mean([t["log"] for t in takes]),
            "meanReturn": mean([t["weightReturn"] for t in takes]),
            "meanExcessVsReference": mean([t["excessVsReference"] for t in takes]),
            "meanExcessVsConsensus": mean([t["excessVsConsensus"] for t in takes]),
            "meanWeightContribution": mean([t["weightContribution"] for t in takes]),
            "meanStanceContribution": mean([t["stanceContribution"] for t in takes]),
            "calibration": calibration(takes),
            "rank": None,
        }
    eligible = [m for m, r in board.items() if r["scoredTakes"] >= min_takes and r["rankingBrier"] is not None]
    eligible.sort(key=lambda m: (board[m]["rankingBrier"], -board[m]["scoredTakes"], m))
    for i, member_id in enumerate(eligible):
        board[member_id]["rank"] = i + 1
    excesses = [s["excess"] for s in swarm if s["excess"] is not None]
    total = 0.0
    for e in excesses:
        total += e
    return {
        "members": board,
        "swarm": {
            "sessions": len(swarm),
            "meanBrier": mean([s["brier"] for s in swarm]),
            "excessSessions": len(excesses),
            "meanExcess": mean(excesses),
            "positiveExcessShare": mean([1.0 if e > 0 else 0.0 for e in excesses]),
            "sumExcess": total if excesses else None,
        },
    }


def calibration(takes):
    bins = []
    for b in range(10):
        inside = [t for t in takes if min(9, math.floor(t["probability"] * 10)) == b]
        bins.append(
            {
                "count": len(inside),
                "meanProbability": mean([t["probability"] for t in inside]),
                "observedFrequency": mean([1.0 if t["occurred"] else 0.0 for t in inside]),
            }
        )
    return bins


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("--min-takes", type=int, default=10)
    args = parser.parse_args()
    print(json.dumps(recompute(args.base.rstrip("/"), args.min_takes)))


if __name__ == "__main__":
    main()
