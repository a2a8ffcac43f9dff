/** The demo's house roster and subjects (fictional, deterministic; clearly demo data). */

export interface HousePersona {
  name: string;
  lens: string;
  tagline: string;
  mandate: string;
  /** Added to the regime-driven stance score: a lens that leans one way. */
  bias: number;
  /** Chance of filing in a session (draco is the habitual no-show of prior art). */
  attendance: number;
  /** Tilt of the agent-token sleeve relative to the reference (e.g. 0.02 = two points more). */
  agentTilt: number;
  /**
   * How good its calls are, by a fixed rule (docs/methodology.md §8): `informed` sees the subject's
   * realised 7-day move and calls it right with probability `accuracy`; `contrarian` calls the
   * opposite with that probability; `noise` reads only the regime (nothing about what follows);
   * `copier` files the mean of the takes already filed.
   */
  skill: { kind: 'informed' | 'contrarian'; accuracy: number } | { kind: 'noise' | 'copier' };
}

export const HOUSE_MEMBERS: readonly HousePersona[] = [
  {
    name: 'Athena',
    lens: 'quant risk',
    tagline: 'Risk officer. Reads the composite. Looks for what breaks.',
    mandate: 'Flag drawdown risk before it is priced; never the subject.',
    bias: -0.25,
    attendance: 0.95,
    agentTilt: -0.02,
    skill: { kind: 'informed', accuracy: 0.8 },
  },
  {
    name: 'Ledger',
    lens: 'institutional treasury',
    tagline: 'Reads chain. Cites mechanism. Closes positions.',
    mandate: 'Keep the treasury solvent across regimes; prefer audited venues.',
    bias: 0,
    attendance: 0.9,
    agentTilt: 0,
    skill: { kind: 'informed', accuracy: 0.65 },
  },
  {
    name: 'Harbor',
    lens: 'machine economy participant',
    tagline: 'Agents paying agents: follows the fee flows.',
    mandate: 'Grow the agent-token sleeve where revenue is real.',
    bias: 0.3,
    attendance: 0.85,
    agentTilt: 0.03,
    skill: { kind: 'noise' },
  },
  {
    name: 'Sable',
    lens: 'macro contrarian',
    tagline: 'When the room agrees, checks the other side.',
    mandate: 'Stress the consensus against liquidity and rates.',
    bias: -0.1,
    attendance: 0.8,
    agentTilt: -0.01,
    skill: { kind: 'contrarian', accuracy: 0.75 },
  },
  {
    name: 'Draco',
    lens: 'momentum',
    tagline: 'Trend first, narrative second.',
    mandate: 'Ride persistent trends, cut fast.',
    bias: 0.15,
    attendance: 0.3,
    agentTilt: 0.02,
    skill: { kind: 'copier' },
  },
];

export const HOUSE_JUDGE = {
  name: 'Arbiter',
  lens: 'release safety',
  tagline: 'Judges whether a recommendation is safe to hand to the multisig.',
  mandate: 'File a signed release-safety judgement on each session.',
} as const;

export const DEMO_SUBJECTS = [
  {
    id: 'convene-treasury',
    name: 'Convene treasury',
    operator: 'convene',
    homepage: 'https://convene.invalid',
    x_handle: 'convene',
    thesis_blurb:
      'The protocol-owned treasury: a conservative-yield sleeve (95% target) and an agent-token sleeve (5%).',
    source: 'treasury',
    recommendation_type: 'bucket_weights' as const,
    structural_notes:
      'Targets are set by admin and swarm; execution is gated by the admin multisig.',
    schedule: '0 0 * * *',
    quorum_required: 3,
    wallets: [] as unknown[],
  },
  {
    id: 'north-harbor-fund',
    name: 'North Harbor agent fund',
    operator: 'north-harbor',
    homepage: 'https://north-harbor.invalid',
    x_handle: 'northharbor',
    thesis_blurb: 'An external agent-run portfolio of stablecoin yield and agent tokens.',
    source: 'declared',
    recommendation_type: 'position_actions' as const,
    structural_notes: 'Positions are declared by the operator; values are not read onchain.',
    schedule: '0 12 * * 2,5',
    quorum_required: 2,
    wallets: [
      {
        address: '0x4e6f7274684861726226f75722046756e6400001',
        chain: 'base',
        label: 'operating',
        positions: [
          { asset: 'usdc-aave', bucket: 'stable_yield', amount: 410_000, valueUsd: 410_000 },
          { asset: 'usdc-morpho', bucket: 'stable_yield', amount: 260_000, valueUsd: 260_000 },
          { asset: 'juno', bucket: 'agent_tokens', amount: 1_200_000, valueUsd: 96_000 },
          { asset: 'woon', bucket: 'agent_tokens', amount: 800_000, valueUsd: 54_000 },
          { asset: 'eth', bucket: 'protocol_tokens', amount: 40, valueUsd: 120_000 },
        ],
      },
    ] as unknown[],
  },
] as const;

/** Days of history the demo backfills before today. */
export const DEMO_HISTORY_DAYS = 125;
