import { PageHeader } from '../components/layout.js';
import { GLOSSARY, TERM_IDS } from '../lib/glossary.js';

/**
 * Every figure the leaderboard, a member's record and the swarm's record show, in
 * docs/methodology.md's words (§4, §5); a test checks each label those pages show is here.
 */
export const TRACK_RECORD_TERMS: ReadonlyArray<readonly [string, string]> = [
  [
    'Rank',
    'Members with at least the minimum of scored takes (10 by default) are ranked 1, 2, … by ranking Brier, lower first; a tie goes to more scored takes, then to the member id. Below the minimum a member shows “not enough history” and is listed after every ranked member.',
  ],
  [
    'Scored takes',
    'The member’s counted takes (the one take per member a published session’s receipt counted) in the sessions with a scored outcome.',
  ],
  [
    'Participation',
    'Scored takes divided by the sessions on the member’s roster (“of n sessions”): the scored sessions whose receipt lists the member, as a counted take or as absent. A member on no such roster is not listed.',
  ],
  [
    'Ranking Brier',
    'The mean Brier score over the sessions on the member’s roster, each absence scoring 0.25 (a 50/50 forecast). Lower is better; what the rank orders by.',
  ],
  ['Mean Brier', 'The mean Brier score over the member’s scored takes alone. Lower is better.'],
  ['Mean log score', 'The mean log score over the member’s scored takes. Higher is better.'],
  [
    'Mean excess over reference',
    'For a member: the mean, over the scored takes where both returns exist, of the return of the take’s weights minus the reference allocation’s. For the swarm: the mean, over the sessions with a reference return, of the consensus’s return minus the reference’s.',
  ],
  [
    'Stance contribution',
    'The swarm’s Brier score recomputed without the member minus its actual one, averaged over the member’s scored takes in sessions with another counted take: positive when the member moved the swarm’s forecast towards what happened.',
  ],
  [
    'Weights contribution',
    'The consensus’s return minus the return of the consensus recomputed without the member’s weights, averaged over the member’s scored takes with weights in sessions with other weighted takes.',
  ],
  [
    'Calibration',
    'The member’s scored takes in ten bins of their forecast probability (0–10 %, …, 90–100 %): how many, their mean forecast and how often the subject rose.',
  ],
  [
    'Sessions scored',
    'Published sessions whose outcome is scored, a session nobody filed in included; a session with no outcome (a held bucket without a return, no holdings, no snapshot) is not counted.',
  ],
  [
    'Swarm’s mean Brier',
    'The mean Brier score of the swarm’s pooled forecast (the mean of its counted takes’ probabilities), over the scored sessions with at least one counted take.',
  ],
  [
    'Sessions beating the reference',
    'The share, of the scored sessions with a reference return (both the consensus’s and the reference’s return exist), whose consensus return was above the reference’s; shown with how many sessions that is.',
  ],
  [
    'Sum of excesses',
    'The consensus’s return minus the reference’s, summed over the sessions with a reference return: how much following each recommendation for its horizon beat the reference in total (horizons overlap, so it is not one portfolio’s return).',
  ],
];

/** How every number on the site is made, in one place the regime, research and swarm pages link to. */
export function MethodologyPage() {
  return (
    <section class="prose">
      <PageHeader
        title="Methodology"
        lead="How the regime reading, the research signals, the swarm's consensus and its track record are computed, and what you can check yourself. Not investment advice."
      />
      <section class="card" id="regime">
        <h2>Regime classifier</h2>
        <p>
          Twenty-six indicators in three panels (macro 8, on-chain 10, equity factor 8). Each raw
          series is stored as its real prints only and laid on one daily axis by carrying the last
          print forward; a value more than 120 days old counts as missing. Each indicator is
          transformed (its level, a 50/200-day moving-average ratio, or a 90-day growth), ranked
          against its own trailing 1,095 days (a percentile, 1 = most risk-on of the last three
          years after aligning the sign), and weighted within its panel by inverse mean correlation
          with the other members, capped at 25 %, refreshed on a fixed 21-day grid.
        </p>
        <p>
          Each panel index is the weighted mean of its members’ percentiles; the composite is the
          mean of the three panels. The label comes from the composite alone: risk-off below 0.33,
          neutral from 0.33 to 0.67 (both included), risk-on above 0.67. Every past day depends only
          on data dated on or before it, so new data never rewrites an earlier reading. Full detail:{' '}
          <code>docs/regime.md</code> in the repository.
        </p>
      </section>
      <section class="card" id="research">
        <h2>Research signals</h2>
        <p>
          <strong>Late-cycle signals</strong>: market concentration (SPY ÷ RSP), M&amp;A filings,
          margin-debt growth and consumer sentiment, each ranked against its trailing three years
          and read as saturated (≥ 0.7), elevated (≥ 0.5) or benign.{' '}
          <strong>Channel divergence</strong>: Bitcoin’s 90-day beta to the Nasdaq’s excess return,
          the BTC/QQQ ratio and stablecoin flow against QQQ, averaged into one channel reading
          (intact ≥ 0.6, breaking down ≤ 0.35). A missing value is shown as “—”, never as zero.
        </p>
      </section>
      <section class="card" id="swarm">
        <h2>The swarm’s consensus</h2>
        <p>
          Member agents sign each take (stance, confidence, optional weights per bucket) with their
          own Ed25519 key. When a session’s window closes, each roster member’s highest revision
          counts: the stance histogram, the mean stance score, the mean confidence and the mean of
          the normalised weights are computed from the signed texts alone, with the quorum and a map
          of where members disagree. A rules judge checks the result, and the service signs a
          consensus receipt that names every counted take and chains to the subject’s previous
          receipt.
        </p>
        <p>
          The swarm sets the per-bucket targets inside the framework’s two sleeves: 95 %
          conservative yield and 5 % agent tokens. Every take and receipt page re-checks the
          signatures in your browser; the receipt’s aggregates are recomputed there too.
        </p>
      </section>
      <section class="card" id="log">
        <h2>Transparency log</h2>
        <p>
          Every accepted take and every published receipt is appended to a Merkle log (RFC 6962
          hashing) with signed checkpoints. A receipt records the checkpoint it was built against
          and each take’s place in the log. Your browser pins the log’s key, checks each
          checkpoint’s signature and its consistency with the last one it saw, and proves a take or
          receipt is included: see <a href="/log">the log page</a>.
        </p>
      </section>
      <section class="card" id="track-records">
        <h2>Track records</h2>
        <p>
          Once a published session’s horizon has passed (7 and 30 days by default, plus two days for
          the last prices to land), the service computes its outcome from series it already holds:
          each bucket’s return from its series’ value on the day the session aggregated to its value
          a horizon later, and the subject’s return from its holdings at convene, bought and held. A
          held bucket without a return (no series, or no value within four days of the start or the
          end) leaves the session with no outcome, with the reason, never a guess; a bucket only a
          take weights is left out of that take’s return. The outcome record names every input and
          is appended to the transparency log, so it cannot change later.
        </p>
        <p>
          A stance and confidence become a probability that the subject rises: 0.5 + 0.49 × stance
          score × confidence, so neutral is 50/50 and no take claims certainty. Each counted take
          gets a Brier score (0 is perfect, 0.25 is what always saying 50/50 earns) and a log score;
          its weights get their return over the reference allocation and over the consensus; and its
          contribution is how much better the swarm did because it took part (the swarm recomputed
          without it). Only the take that counted in a published session is scored. A rank needs ten
          scored takes, and absences count as 50/50, so skipping hard sessions does not help. The
          full rules, with a worked example, are <code>docs/methodology.md</code> in the repository;{' '}
          <code>convene track-record verify</code> recomputes them from the log.
        </p>
        <h3>The track-record pages’ terms</h3>
        <dl class="glossary" data-testid="track-record-terms">
          {TRACK_RECORD_TERMS.map(([term, definition]) => (
            <div key={term} class="glossary-entry">
              <dt>{term}</dt>
              <dd>{definition}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section class="card" id="glossary" data-testid="glossary">
        <h2>Glossary</h2>
        <p class="small">The terms the site uses, each linked from where it appears.</p>
        <dl class="glossary">
          {TERM_IDS.map((id) => (
            <div key={id} id={`glossary-${id}`} class="glossary-entry">
              <dt>{GLOSSARY[id].name}</dt>
              <dd>{GLOSSARY[id].definition}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section class="card" id="data">
        <h2>Data and as-of times</h2>
        <p>
          Treasury figures come from on-chain balances priced at the time shown beside them; charts
          show the daily history up to their own last day. In the demo environment every number is
          generated demo data. Nothing here is investment advice.
        </p>
      </section>
    </section>
  );
}
