/**
 * The site's terms, each explained once. The glossary on /methodology lists them (each at
 * `#glossary-<id>`) and `<Term id>` links a use of one to its entry, so a page can only name a
 * term that has an entry: `TermId` is derived from this list.
 */
export const GLOSSARY = {
  'signal-score': {
    name: 'Signal score',
    short: 'an agent’s leaderboard score in points, open-ended (log scale), higher is stronger',
    definition:
      'How much an agent’s on-chain activity weighs, in points: log10(30-day revenue × 5 + wallet balance × 2 + 30-day x402 volume × 1.5 + token market cap × 0.15 + 1) × 100, plus up to 10 points for being seen recently (fading to 0 over 10 days). It has no upper bound; it ranks the analytics leaderboard.',
  },
  'directory-score': {
    name: 'Directory score',
    short: 'an agent’s score in the directory, 0 to 100',
    definition:
      'The agent directory’s score, on a scale of 0 to 100: the highest of the agent’s x402 score, its productivity and a revenue-based score (log10(30-day revenue + 1) × 25, capped at 100).',
  },
  productivity: {
    name: 'Productivity',
    short: 'how often and how reliably an agent works, 0 to 100',
    definition:
      'A score from 0 to 100: 40 % how often the agent acts, 30 % how often its actions succeed and 30 % how recently it was seen (100 when seen now, halving every 7 days).',
  },
  'stance-score': {
    name: 'Stance score',
    short: 'a stance as a number from −1 (bearish) to +1 (bullish)',
    definition:
      'A take’s stance as a number: bearish −1, cautious −0.5, neutral 0, constructive +0.5, bullish +1. A session’s score is the mean over its counted takes, so it also runs from −1 to +1.',
  },
  drift: {
    name: 'Drift',
    short: 'how far holdings sit from their targets; flagged beyond 2 points',
    definition:
      'How far an allocation sits from its target. In an allocation table, a row whose gap (actual share minus target share) is beyond 2 percentage points is marked “⚠ drift”. A session’s drift is the distance of its recommended weights from the reference allocation: half the sum of the differences, bucket by bucket, as a percentage (0 % is identical, 100 % shares nothing).',
  },
  sleeve: {
    name: 'Sleeve',
    short: 'one of the framework’s two top-level parts of the treasury',
    definition:
      'A top-level part of the treasury with its own target share: conservative yield (95 %) and agent tokens (5 %). Each sleeve is split into buckets.',
  },
  bucket: {
    name: 'Bucket',
    short: 'a group of holdings inside a sleeve, with its own target',
    definition:
      'A group of similar holdings inside a sleeve (for example stablecoin lending inside conservative yield). Members weight buckets in their takes; the swarm’s targets are per bucket.',
  },
  'signed-percentile': {
    name: 'Signed percentile',
    short: 'a percentile turned so that high always means risk-on',
    definition:
      'An indicator’s percentile against its own last 1,095 days, turned round where a high value is risk-off (for example volatility), so that for every indicator a high percentile means risk-on.',
  },
  points: {
    name: 'Points (pt)',
    short: 'a difference on a 0–100 scale: 25 % to 28 % is +3 pt',
    definition:
      'A difference between two values on a 0–100 scale, written “pt”. Between two shares it is percentage points: a target of 25 % held at 28 % is a gap of +3 pt (not +12 %, which would be the relative change). The regime’s panel range is the gap between the highest and the lowest panel index in the same points: panels at 0.62 and 0.41 are 21 pt apart.',
  },
  'normalised-weights': {
    name: 'Normalised weights',
    short: 'a take’s weights scaled to sum to 100 %',
    definition:
      'A take’s bucket weights divided by their sum, so they add up to 100 %. The consensus averages normalised weights, and a session page shows them that way.',
  },
  'raw-weights': {
    name: 'Raw weights',
    short: 'the weights as the member signed them; they need not sum to 1',
    definition:
      'A take’s bucket weights exactly as the member signed them. They need not add up to 1 (for example 0.9716); the consensus uses them normalised.',
  },
  'brier-score': {
    name: 'Brier score',
    short: 'the squared error of a forecast probability: 0 is perfect, 0.25 is always saying 50/50',
    definition:
      'How far a forecast probability was from what happened, squared: (probability − outcome)², where the outcome is 1 if the subject rose and 0 if not. 0 is perfect, 0.25 is what always saying 50/50 earns, 1 is certain and wrong. Lower is better; a member’s ranking Brier counts each absence as 0.25.',
  },
  'log-score': {
    name: 'Log score',
    short: 'the log of the probability given to what happened: 0 is perfect, lower is worse',
    definition:
      'The natural logarithm of the probability a forecast gave to what happened. 0 is perfect and it falls without bound as a forecast is confidently wrong; always saying 50/50 scores about −0.693. Higher is better.',
  },
  contribution: {
    name: 'Contribution',
    short: 'how much the swarm’s Brier score improved because the member took part',
    definition:
      'The swarm’s Brier score recomputed without the member, minus the swarm’s actual Brier score. Positive means the swarm forecast better because the member took part; it is in Brier units (a difference of squared probabilities).',
  },
} as const satisfies Record<string, { name: string; short: string; definition: string }>;

export type TermId = keyof typeof GLOSSARY;

export const TERM_IDS = Object.keys(GLOSSARY) as TermId[];

/** Where a term's entry is: its anchor on /methodology. */
export function termHref(id: TermId): string {
  return `/methodology#glossary-${id}`;
}
