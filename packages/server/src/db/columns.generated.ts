// Every table of the database as Kysely sees it, before a domain narrows a column: generated
// from a freshly migrated database by `npm run schema:dump` (src/db/schema-dump.ts). Do not edit;
// test/db/schema-dump.test.ts fails when it is out of date. Narrowings (a text column as a union
// of words, a jsonb column's shape) are in each domain's tables.ts, applied by db/table-types.ts.

import type { Generated, Json, Timestamp, UntypedJson } from './column-types.js';

export interface GeneratedTables {
  allocation_target: {
    version: Generated<number>;
    set_at: Timestamp;
    set_by_kind: string;
    session_id: string | null;
    note: string | null;
    weights: Json<UntypedJson>;
  };
  analytics_activity: {
    id: string;
    occurred_at: Timestamp;
    kind: string;
    agent_id: string | null;
    project_slug: string | null;
    summary: string;
    amount_usd: number | null;
    tx_hash: string | null;
    imported_at: Timestamp;
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
    why_included: Json<UntypedJson>;
    listed_at: Timestamp;
    last_seen_at: Timestamp | null;
    refreshed_at: Timestamp;
    imported_at: Timestamp;
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
    launched_at: Timestamp | null;
    refreshed_at: Timestamp;
    imported_at: Timestamp;
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
    created_at: Timestamp;
    author: string;
    body: string;
    target_type: string | null;
    target_id: string | null;
    imported_at: Timestamp;
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
    tags: Json<UntypedJson>;
    coin_id: string | null;
    listed_at: Timestamp;
    refreshed_at: Timestamp;
    imported_at: Timestamp;
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
    inception_at: Timestamp | null;
    refreshed_at: Timestamp;
    imported_at: Timestamp;
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
    holdings: Json<UntypedJson>;
    tx_count_30d: number;
    inflow_30d_usd: number;
    outflow_30d_usd: number;
    first_seen_at: Timestamp | null;
    last_active_at: Timestamp | null;
    refreshed_at: Timestamp;
    imported_at: Timestamp;
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
    updated_at: Generated<Timestamp>;
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
    applied_at: Timestamp;
    reviewed_at: Timestamp | null;
    claimed_at: Timestamp | null;
  };
  brief: {
    id: Generated<number>;
    session_id: string | null;
    subject_id: string;
    date: string;
    created_at: Timestamp;
    body: Json<UntypedJson> | null;
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
    payload: Json<UntypedJson>;
    canonical_bytes: string;
    digest: string;
    signature: Json<UntypedJson>;
    key_id: string;
    created_at: Timestamp;
    chain_index: number | null;
  };
  data_version: {
    name: string;
    version: Generated<number>;
    updated_at: Generated<Timestamp>;
  };
  email_outbox: {
    id: Generated<number>;
    to_address: string;
    subject: string;
    text_body: string;
    created_at: Generated<Timestamp>;
    attempts: Generated<number>;
    next_attempt_at: Generated<Timestamp>;
    sent_at: Timestamp | null;
    last_error: string | null;
  };
  indexer_state: {
    name: string;
    source: string;
    indexed_through: Timestamp | null;
    last_success_at: Timestamp | null;
    last_attempt_at: Timestamp | null;
    last_error: string | null;
  };
  job_run: {
    id: Generated<number>;
    job: string;
    started_at: Timestamp;
    finished_at: Timestamp | null;
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
    disagreements: Generated<Json<UntypedJson>>;
    model: string;
    prompt_hash: string;
    inputs_digest: string;
    canonical: string | null;
    signature: string | null;
    key_id: number | null;
    created_at: Timestamp;
  };
  member: {
    id: string;
    handle: string;
    display_name: string;
    status: string;
    role: Generated<string>;
    lens: string | null;
    mandate: string | null;
    tagline: string | null;
    biases: Generated<Json<UntypedJson>>;
    operator: string | null;
    mode: string | null;
    house: Generated<boolean>;
    contact: string | null;
    applied_at: Timestamp;
    activated_at: Timestamp | null;
    created_at: Generated<Timestamp>;
    name_key: string | null;
  };
  member_key: {
    id: Generated<number>;
    member_id: string;
    public_key: string;
    state: string;
    created_at: Timestamp;
    activated_at: Timestamp | null;
    retired_at: Timestamp | null;
  };
  member_name: {
    name: string;
    member_id: string;
    kind: string;
  };
  member_token: {
    id: Generated<number>;
    member_id: string;
    token_sha256: string;
    created_at: Timestamp;
    revoked_at: Timestamp | null;
  };
  memo: {
    id: string;
    member_id: string;
    session_id: string | null;
    title: string;
    body: string;
    published: Generated<boolean>;
    created_at: Timestamp;
  };
  nonce_ledger: {
    member_id: string;
    nonce: string;
    take_id: string;
    used_at: Timestamp;
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
    block_time: Timestamp;
    updated_at: Timestamp;
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
    id: Generated<number>;
    computed_at: Timestamp;
    latest_date: string;
    version: string;
    source: string;
    duration_ms: number;
    detail: Json<UntypedJson>;
  };
  regime_series: {
    key: string;
    source: string;
    provenance: string;
    last_attempt_at: Timestamp | null;
    last_success_at: Timestamp | null;
    last_error: string | null;
    stale: Generated<boolean>;
  };
  regime_snapshot: {
    date: string;
    version: string;
    source: string;
    composite: number | null;
    composite_percentile: number | null;
    regime: string | null;
    panels: Json<UntypedJson>;
    panel_weights: Json<UntypedJson>;
  };
  research_signal: {
    signal_key: string;
    date: string;
    computed_at: Timestamp;
    source: string;
    payload: Json<UntypedJson>;
  };
  schema_migration: {
    name: string;
    applied_at: Generated<Timestamp>;
  };
  service_key: {
    key_id: string;
    public_key: string;
    seed: string | null;
    created_at: Generated<Timestamp>;
  };
  session_outcome: {
    session_id: string;
    horizon_days: number;
    subject_id: string;
    status: string;
    reason: string | null;
    record: string;
    digest: string;
    computed_at: Timestamp;
  };
  session_roster: {
    session_id: string;
    member_id: string;
    excused: Generated<boolean>;
    added_at: Timestamp;
  };
  subject: {
    id: string;
    name: string;
    status: Generated<string>;
    operator: string | null;
    homepage: string | null;
    x_handle: string | null;
    thesis_blurb: string | null;
    wallets: Generated<Json<UntypedJson>>;
    nft_contracts: Generated<Json<UntypedJson>>;
    source: string | null;
    recommendation_type: string;
    linked_member_id: string | null;
    structural_notes: string | null;
    last_reviewed: string | null;
    schedule: string | null;
    schedule_enabled: Generated<boolean>;
    quorum_required: Generated<number>;
    created_at: Generated<Timestamp>;
  };
  subject_snapshot: {
    id: string;
    subject_id: string;
    session_id: string | null;
    taken_at: Timestamp;
    total_usd: number | null;
    holdings: Json<UntypedJson>;
    notable: Generated<Json<UntypedJson>>;
  };
  swarm_session: {
    id: string;
    seq: Generated<number>;
    subject_id: string;
    date: string;
    state: string;
    convened_at: Timestamp;
    window_closes_at: Timestamp | null;
    closed_at: Timestamp | null;
    aggregated_at: Timestamp | null;
    published_at: Timestamp | null;
    fire_at: Timestamp | null;
    roster_frozen: Generated<boolean>;
    aggregate: Json<UntypedJson> | null;
    rationale: string | null;
    synthesis: string | null;
    regime_summary: Json<UntypedJson> | null;
    reference_allocation: Json<UntypedJson> | null;
    created_at: Generated<Timestamp>;
    allocation_effect: Json<UntypedJson> | null;
    additional: Generated<boolean>;
  };
  swarm_session_event: {
    seq: number;
    session_id: string;
    kind: string;
    at: Generated<Timestamp>;
    log_next: number;
  };
  take: {
    id: string;
    recommendation_id: Generated<number>;
    session_id: string;
    member_id: string;
    revision: number;
    key_id: number;
    nonce: string;
    stance: string;
    confidence: number;
    body: Generated<string>;
    memo_url: Generated<string>;
    weights: Json<UntypedJson> | null;
    canonical: string;
    signature: string;
    received_at: Timestamp;
    log_index: number | null;
    leaf_hash: Uint8Array | null;
  };
  tlog_checkpoint: {
    size: number;
    root_hash: Uint8Array;
    note: string;
    created_at: Generated<Timestamp>;
  };
  tlog_cosignature: {
    checkpoint_size: number;
    key_name: string;
    key_id: string;
    vkey: string;
    signed_at: number;
    line: string;
    created_at: Generated<Timestamp>;
  };
  tlog_entry: {
    idx: number;
    leaf_hash: Uint8Array;
    kind: string;
    take_id: string | null;
    receipt_session_id: string | null;
    entry: string;
    sequenced_at: Generated<Timestamp>;
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
    found_at: Generated<Timestamp>;
  };
  tlog_witness_failure: {
    vkey: string;
    message: string;
    failed_at: Timestamp;
  };
  token_claim_challenge: {
    member_id: string;
    challenge: string;
    expires_at: Timestamp;
    created_at: Timestamp;
  };
  token_reading: {
    id: Generated<number>;
    read_at: Timestamp;
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
    id: Generated<number>;
    read_at: Timestamp;
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
    as_of: Timestamp;
  };
  wallet_value_snapshot: {
    wallet_address: string;
    date: string;
    total_usd: number;
    provenance: string;
  };
}
