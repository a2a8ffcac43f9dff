"""The deterministic aggregation and disagreement map (docs/protocol.md §8, §9): every sum runs in
memberId code-point order (Python's own string order) from +0.0, so the doubles match bit for bit."""

from __future__ import annotations

import math
from typing import Any, Dict, List, Mapping, Sequence

from .takes import STANCE_SCORES, STANCES


def ordered_mean(values: Sequence[float]) -> float:
    if len(values) == 0:
        return 0.0
    total = 0.0
    for value in values:
        total += value
    return total / len(values)


def _normalised(weights: Sequence[Mapping[str, Any]]) -> Dict[str, float]:
    total = 0.0
    for w in weights:
        total += float(w["weight"])
    if not (total > 0 and math.isfinite(total)):
        raise ValueError("weights must have a positive finite total")
    return {w["bucket"]: float(w["weight"]) / total for w in weights}


def _sorted(submissions: Sequence[Mapping[str, Any]]) -> List[Mapping[str, Any]]:
    ordered = sorted(submissions, key=lambda s: str(s["memberId"]))
    for before, after in zip(ordered, ordered[1:]):
        if before["memberId"] == after["memberId"]:
            raise ValueError(f"more than one submission for member {after['memberId']}")
    return ordered


def _weight_table(ordered: Sequence[Mapping[str, Any]]) -> tuple[List[str], List[Dict[str, float]]]:
    rows = [_normalised(s["weights"]) for s in ordered if s.get("weights") is not None]
    buckets = sorted({bucket for row in rows for bucket in row})
    return buckets, rows


def compute_quorum(submitters: Sequence[str], roster: Sequence[str], required: int) -> Dict[str, Any]:
    members = list(dict.fromkeys(roster))
    submitted = set(submitters)
    for member in submitted:
        if member not in members:
            raise ValueError(f"member {member} is not on the roster")
    return {
        "rosterSize": len(members),
        "submitted": len(submitted),
        "absent": sorted(m for m in members if m not in submitted),
        "participation": 0 if len(members) == 0 else len(submitted) / len(members),
        "required": required,
        "met": len(submitted) >= required,
    }


def aggregate(
    submissions: Sequence[Mapping[str, Any]], roster: Sequence[str], required: int = 1
) -> Dict[str, Any]:
    """`stances`, `score`, `weights`, `confidence` and `quorum` of one counted take per member."""
    ordered = _sorted(submissions)
    stances = {stance: 0 for stance in STANCES}
    for s in ordered:
        stances[s["stance"]] += 1
    buckets, rows = _weight_table(ordered)
    return {
        "stances": stances,
        "score": ordered_mean([STANCE_SCORES[s["stance"]] for s in ordered]),
        "weights": [
            {"bucket": b, "weight": ordered_mean([row.get(b, 0.0) for row in rows])} for b in buckets
        ],
        "confidence": ordered_mean([float(s["confidence"]) for s in ordered]),
        "quorum": compute_quorum([s["memberId"] for s in ordered], roster, required),
    }


def _stdev(values: Sequence[float]) -> float:
    mean = ordered_mean(values)
    return math.sqrt(ordered_mean([(x - mean) * (x - mean) for x in values]))


def disagreement_map(submissions: Sequence[Mapping[str, Any]]) -> Dict[str, Any]:
    ordered = _sorted(submissions)
    present = [stance for stance in STANCES if any(s["stance"] == stance for s in ordered)]
    buckets, rows = _weight_table(ordered)

    def pole(stance: str) -> Dict[str, Any]:
        return {"stance": stance, "members": [s["memberId"] for s in ordered if s["stance"] == stance]}

    def dispersion(bucket: str) -> Dict[str, Any]:
        values = [row.get(bucket, 0.0) for row in rows]
        low, high = min(values), max(values)
        return {"bucket": bucket, "min": low, "max": high, "spread": high - low, "stdev": _stdev(values)}

    return {
        "stanceSpread": 0 if not present else STANCE_SCORES[present[-1]] - STANCE_SCORES[present[0]],
        "stanceStdev": _stdev([STANCE_SCORES[s["stance"]] for s in ordered]),
        "poles": None
        if len(present) < 2
        else {"mostConstructive": pole(present[-1]), "leastConstructive": pole(present[0])},
        "buckets": [dispersion(b) for b in buckets],
    }
