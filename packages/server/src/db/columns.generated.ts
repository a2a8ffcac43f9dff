// The columns of every table as the database reads them back: generated from a freshly migrated
// database by `npm run schema:dump` (src/db/schema-dump.ts). Do not edit; a test fails when it
// is out of date, and test/db-types.test.ts holds the hand-written `DB` types to it.

/** A json or jsonb column: its shape is the domain’s to type (only its nullness is checked). */
export interface Jsonb {
  readonly jsonb: true;
}

export interface DatabaseColumns {
  allocation_target: {
    version: number;
    set_at: Date;
    set_by_kind: string;
    session_id: string | null;
    note: string | null;
    weights: Jsonb;
  };
  analytics_activity: {
    id: string;
    occurred_at: Date;
    kind: string;
    agent_id: string | null;
    project_slug: string | null;
    summary: string;
    amount_usd: number | null;
    tx_hash: string | null;
    imported_at: Date;
  };
  analytics_agent: {
    id: string;
    name: string;
    protocol: string | null;
    project_slug: string | null;
    description: string | null;
    site: string | null;
    twitter: string | null;
    wallet_address: string | null;
    coin_id: string | null;
    source_confidence: string | null;
    x402_score: number | null;
    x402_volume_30d_usd: number;
    x402_transactions_30d: number;
    x402_resources: number;
    revenue_30d_usd: number;
    revenue_182d_usd: number;
    revenue_cumulative_usd: number;
    token_tax_30d_usd: number;
    inflow_30d_usd: number;
    wallet_balance_usd: number;
    productivity_frequency: number | null;
    productivity_success_rate: number | null;
    trust_operator_verified: boolean;
    trust_code_public: boolean;
    trust_audited: boolean;
    trust_incidents: number;
    why_included: Jsonb;
    listed_at: Date;
    last_seen_at: Date | null;
    refreshed_at: Date;
    imported_at: Date;
  };
  analytics_agent_daily: {
    agent_id: string;
    date: string;
    revenue_usd: number;
    x402_volume_usd: number;
    x402_transactions: number;
    wallet_balance_usd: number | null;
  };
  analytics_coin: {
    id: string;
    symbol: string;
    name: string;
    chain: string;
    contract_address: string | null;
    agent_id: string | null;
    project_slug: string | null;
    price_usd: number | null;
    market_cap_usd: number | null;
    fdv_usd: number | null;
    volume_24h_usd: number | null;
    change_24h_pct: number | null;
    holders: number | null;
    circulating_supply: number | null;
    total_supply: number | null;
    launched_at: Date | null;
    refreshed_at: Date;
    imported_at: Date;
  };
  analytics_coin_daily: {
    coin_id: string;
    date: string;
    price_usd: number;
    market_cap_usd: number | null;
    volume_usd: number | null;
  };
  analytics_comment: {
    id: string;
    created_at: Date;
    author: string;
    body: string;
    target_type: string | null;
    target_id: string | null;
    imported_at: Date;
  };
  analytics_project: {
    slug: string;
    name: string;
    category: string;
    chain: string | null;
    tagline: string | null;
    description: string | null;
    site: string | null;
    twitter: string | null;
    logo_url: string | null;
    tags: Jsonb;
    coin_id: string | null;
    listed_at: Date;
    refreshed_at: Date;
    imported_at: Date;
  };
  analytics_project_daily: {
    project_slug: string;
    date: string;
    revenue_usd: number;
    volume_usd: number | null;
    transactions: number | null;
    active_users: number | null;
    tvl_usd: number | null;
  };
  analytics_vault: {
    id: string;
    name: string;
    is_own: boolean;
    status: string;
    chain: string;
    address: string | null;
    platform: string | null;
    asset_symbol: string;
    strategy: string | null;
    manager_agent_id: string | null;
    tvl_usd: number;
    apy_pct: number | null;
    share_price: number | null;
    deposit_cap_usd: number | null;
    change_24h_pct: number | null;
    inception_at: Date | null;
    refreshed_at: Date;
    imported_at: Date;
  };
  analytics_vault_daily: {
    vault_id: string;
    date: string;
    tvl_usd: number;
    apy_pct: number | null;
    share_price: number | null;
  };
  analytics_wallet: {
    id: string;
    address: string;
    chain: string;
    label: string;
    agent_id: string | null;
    project_slug: string | null;
    balance_usd: number;
    change_24h_pct: number | null;
    holdings: Jsonb;
    tx_count_30d: number;
    inflow_30d_usd: number;
    outflow_30d_usd: number;
    first_seen_at: Date | null;
    last_active_at: Date | null;
    refreshed_at: Date;
    imported_at: Date;
  };
  analytics_wallet_daily: {
    wallet_id: string;
    date: string;
    balance_usd: number;
    inflow_usd: number | null;
    outflow_usd: number | null;
  };
  app_setting: {
    key: string;
    value: string;
    updated_at: Date;
  };
  application: {
    id: string;
    name: string;
    contact: string;
    lens: string | null;
    public_key: string;
    canonical: string;
    signature: string;
    state: string;
    applied_at: Date;
    reviewed_at: Date | null;
    claimed_at: Date | null;
  };
  brief: {
    id: number;
    session_id: string | null;
    subject_id: string;
    date: string;
    created_at: Date;
    body: Jsonb | null;
  };
  buyback: {
    tx_hash: string;
    date: string;
    block_number: number | null;
    spent_asset: string;
    amount_spent: number;
    tokens_acquired: number;
    value_usd: number | null;
    provenance: string;
  };
  consensus_receipt: {
    session_id: string;
    subject_id: string;
    payload: Jsonb;
    canonical_bytes: string;
    digest: string;
    signature: Jsonb;
    key_id: string;
    created_at: Date;
    chain_index: number | null;
  };
  data_version: {
    name: string;
    version: number;
    updated_at: Date;
  };
  email_outbox: {
    id: number;
    to_address: string;
    subject: string;
    text_body: string;
    created_at: Date;
    attempts: number;
    next_attempt_at: Date;
    sent_at: Date | null;
    last_error: string | null;
  };
  indexer_state: {
    name: string;
    source: string;
    indexed_through: Date | null;
    last_success_at: Date | null;
    last_attempt_at: Date | null;
    last_error: string | null;
  };
  job_run: {
    id: number;
    job: string;
    started_at: Date;
    finished_at: Date | null;
    outcome: string | null;
    detail: string | null;
  };
  judgement: {
    id: string;
    session_id: string;
    judged_by: string;
    member_id: string | null;
    mode: string;
    release_safety: string;
    rationale: string;
    disagreements: Jsonb;
    model: string;
    prompt_hash: string;
    inputs_digest: string;
    canonical: string | null;
    signature: string | null;
    key_id: number | null;
    created_at: Date;
  };
  member: {
    id: string;
    handle: string;
    display_name: string;
    status: string;
    role: string;
    lens: string | null;
    mandate: string | null;
    tagline: string | null;
    biases: Jsonb;
    operator: string | null;
    mode: string | null;
    house: boolean;
    contact: string | null;
    applied_at: Date;
    activated_at: Date | null;
    created_at: Date;
    name_key: string | null;
  };
  member_key: {
    id: number;
    member_id: string;
    public_key: string;
    state: string;
    created_at: Date;
    activated_at: Date | null;
    retired_at: Date | null;
  };
  member_name: {
    name: string;
    member_id: string;
    kind: string;
  };
  member_token: {
    id: number;
    member_id: string;
    token_sha256: string;
    created_at: Date;
    revoked_at: Date | null;
  };
  memo: {
    id: string;
    member_id: string;
    session_id: string | null;
    title: string;
    body: string;
    published: boolean;
    created_at: Date;
  };
  nonce_ledger: {
    member_id: string;
    nonce: string;
    take_id: string;
    used_at: Date;
  };
  onchain_checkpoint: {
    name: string;
    block_number: number;
    block_hash: string;
  };
  onchain_cursor: {
    name: string;
    block_number: number;
    block_hash: string;
    block_time: Date;
    updated_at: Date;
  };
  onchain_token_burn: {
    tx_hash: string;
    log_index: number;
    block_number: number;
    date: string;
    from_address: string;
    amount: number;
  };
  regime_observation: {
    series_key: string;
    date: string;
    value: number;
  };
  regime_run: {
    id: number;
    computed_at: Date;
    latest_date: string;
    version: string;
    source: string;
    duration_ms: number;
    detail: Jsonb;
  };
  regime_series: {
    key: string;
    source: string;
    provenance: string;
    last_attempt_at: Date | null;
    last_success_at: Date | null;
    last_error: string | null;
    stale: boolean;
  };
  regime_snapshot: {
    date: string;
    version: string;
    source: string;
    composite: number | null;
    composite_percentile: number | null;
    regime: string | null;
    panels: Jsonb;
    panel_weights: Jsonb;
  };
  research_signal: {
    signal_key: string;
    date: string;
    computed_at: Date;
    source: string;
    payload: Jsonb;
  };
  schema_migration: {
    name: string;
    applied_at: Date;
  };
  service_key: {
    key_id: string;
    public_key: string;
    seed: string | null;
    created_at: Date;
  };
  session_outcome: {
    session_id: string;
    horizon_days: number;
    subject_id: string;
    status: string;
    reason: string | null;
    record: string;
    digest: string;
    computed_at: Date;
  };
  session_roster: {
    session_id: string;
    member_id: string;
    excused: boolean;
    added_at: Date;
  };
  subject: {
    id: string;
    name: string;
    status: string;
    operator: string | null;
    homepage: string | null;
    x_handle: string | null;
    thesis_blurb: string | null;
    wallets: Jsonb;
    nft_contracts: Jsonb;
    source: string | null;
    recommendation_type: string;
    linked_member_id: string | null;
    structural_notes: string | null;
    last_reviewed: string | null;
    schedule: string | null;
    schedule_enabled: boolean;
    quorum_required: number;
    created_at: Date;
  };
  subject_snapshot: {
    id: string;
    subject_id: string;
    session_id: string | null;
    taken_at: Date;
    total_usd: number | null;
    holdings: Jsonb;
    notable: Jsonb;
  };
  swarm_session: {
    id: string;
    seq: number;
    subject_id: string;
    date: string;
    state: string;
    convened_at: Date;
    window_closes_at: Date | null;
    closed_at: Date | null;
    aggregated_at: Date | null;
    published_at: Date | null;
    fire_at: Date | null;
    roster_frozen: boolean;
    aggregate: Jsonb | null;
    rationale: string | null;
    synthesis: string | null;
    regime_summary: Jsonb | null;
    reference_allocation: Jsonb | null;
    created_at: Date;
    allocation_effect: Jsonb | null;
    additional: boolean;
  };
  swarm_session_event: {
    seq: number;
    session_id: string;
    kind: string;
    at: Date;
    log_next: number;
  };
  take: {
    id: string;
    recommendation_id: number;
    session_id: string;
    member_id: string;
    revision: number;
    key_id: number;
    nonce: string;
    stance: string;
    confidence: number;
    body: string;
    memo_url: string;
    weights: Jsonb | null;
    canonical: string;
    signature: string;
    received_at: Date;
    log_index: number | null;
    leaf_hash: Uint8Array | null;
  };
  tlog_checkpoint: {
    size: number;
    root_hash: Uint8Array;
    note: string;
    created_at: Date;
  };
  tlog_cosignature: {
    checkpoint_size: number;
    key_name: string;
    key_id: string;
    vkey: string;
    signed_at: number;
    line: string;
    created_at: Date;
  };
  tlog_entry: {
    idx: number;
    leaf_hash: Uint8Array;
    kind: string;
    take_id: string | null;
    receipt_session_id: string | null;
    entry: string;
    sequenced_at: Date;
    key_member_id: string | null;
    outcome_session_id: string | null;
    outcome_horizon_days: number | null;
  };
  tlog_head: {
    id: number;
    size: number;
  };
  tlog_node: {
    level: number;
    idx: number;
    hash: Uint8Array;
  };
  tlog_refused: {
    subject: string;
    kind: string;
    reason: string;
    found_at: Date;
  };
  tlog_witness_failure: {
    vkey: string;
    message: string;
    failed_at: Date;
  };
  token_claim_challenge: {
    member_id: string;
    challenge: string;
    expires_at: Date;
    created_at: Date;
  };
  token_reading: {
    id: number;
    read_at: Date;
    source: string;
    provenance: string;
    price_usd: number | null;
    total_supply: number | null;
    market_cap_usd: number | null;
  };
  treasury_wallet: {
    address: string;
    name: string;
    kind: string;
    tracked_since: string;
  };
  vault_adapter_reading: {
    reading_id: number;
    position: number;
    name: string;
    protocol: string;
    address: string;
    balance_usd: number;
    provenance: string;
  };
  vault_reading: {
    id: number;
    read_at: Date;
    source: string;
    provenance: string;
    vault_address: string;
    tvl_usd: number;
    share_price: number;
    total_shares: number;
    deposit_cap_usd: number | null;
    idle_usd: number;
  };
  wallet_holding: {
    wallet_address: string;
    asset: string;
    asset_address: string | null;
    bucket: string | null;
    amount: number;
    price_usd: number | null;
    value_usd: number | null;
    provenance: string;
    as_of: Date;
  };
  wallet_value_snapshot: {
    wallet_address: string;
    date: string;
    total_usd: number;
    provenance: string;
  };
}
