import type { Migration } from './migration.js';

/**
 * The swarm's data model. Rules that must hold under concurrency live here, not only in code:
 * the handle namespace, one live key/token/challenge per member, the 5-revision cap, the revision
 * race, nonce uniqueness forever, the submission window and amendment closure at insert, and the
 * append-only guard on everything signed or published.
 */
export const swarm: Migration = {
  name: '0002-swarm',
  sql: /* sql */ `
create table member (
  id uuid primary key,
  handle text not null check (handle ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$'),
  display_name text not null check (length(display_name) between 1 and 200),
  status text not null check (status in ('active', 'inactive', 'applied')),
  role text not null default 'member' check (role in ('member', 'judge')),
  lens text check (length(lens) <= 500),
  mandate text,
  tagline text,
  biases jsonb not null default '[]',
  operator text,
  mode text,
  house boolean not null default false,
  contact text,
  applied_at timestamptz not null,
  activated_at timestamptz,
  created_at timestamptz not null default now()
);

-- Handles and ids share one case-insensitive namespace: each member owns its id and its handle here.
create table member_name (
  name text primary key,
  member_id uuid not null references member (id),
  kind text not null check (kind in ('id', 'handle'))
);

create function convene_member_names() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.id is distinct from old.id then
    raise exception 'convene: member id is immutable' using errcode = 'CVN01';
  end if;
  if tg_op = 'INSERT' then
    insert into member_name (name, member_id, kind) values (lower(new.id::text), new.id, 'id');
    insert into member_name (name, member_id, kind) values (lower(new.handle), new.id, 'handle');
  elsif new.handle is distinct from old.handle then
    delete from member_name where member_id = old.id and kind = 'handle';
    insert into member_name (name, member_id, kind) values (lower(new.handle), new.id, 'handle');
  end if;
  return new;
end
$$;
create trigger member_names after insert or update of id, handle on member
  for each row execute function convene_member_names();

create table member_key (
  id bigserial primary key,
  member_id uuid not null references member (id),
  public_key text not null check (length(public_key) = 44),
  state text not null check (state in ('pending', 'active', 'retired')),
  created_at timestamptz not null,
  activated_at timestamptz,
  retired_at timestamptz
);
create unique index member_key_one_active on member_key (member_id) where state = 'active';
create unique index member_key_one_pending on member_key (member_id) where state = 'pending';
create unique index member_key_live_public_key on member_key (public_key) where state <> 'retired';

create table application (
  id uuid primary key references member (id),
  name text not null,
  contact text not null,
  lens text,
  public_key text not null,
  canonical text not null,
  signature text not null,
  state text not null check (state in ('applied', 'approved', 'claimed', 'rejected', 'inactive')),
  applied_at timestamptz not null,
  reviewed_at timestamptz,
  claimed_at timestamptz
);

-- One live challenge per member: issuing a new one replaces the row.
create table token_claim_challenge (
  member_id uuid primary key references member (id),
  challenge text not null unique,
  expires_at timestamptz not null,
  created_at timestamptz not null
);

create table member_token (
  id bigserial primary key,
  member_id uuid not null references member (id),
  token_sha256 text not null unique,
  created_at timestamptz not null,
  revoked_at timestamptz
);
create unique index member_token_one_live on member_token (member_id) where revoked_at is null;

create table subject (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  name text not null,
  status text not null default 'active',
  operator text,
  homepage text,
  x_handle text,
  thesis_blurb text,
  wallets jsonb not null default '[]',
  nft_contracts jsonb not null default '[]',
  source text,
  recommendation_type text not null check (recommendation_type in ('bucket_weights', 'position_actions')),
  linked_member_id uuid references member (id),
  structural_notes text,
  last_reviewed date,
  schedule text,
  schedule_enabled boolean not null default false,
  quorum_required integer not null default 1 check (quorum_required >= 1),
  created_at timestamptz not null default now()
);

create table swarm_session (
  id uuid primary key,
  seq bigserial unique,
  subject_id text not null references subject (id),
  date date not null,
  state text not null check (state in ('scheduled', 'collecting', 'window_closed', 'aggregated', 'published', 'cancelled')),
  convened_at timestamptz not null,
  window_closes_at timestamptz,
  closed_at timestamptz,
  aggregated_at timestamptz,
  published_at timestamptz,
  -- The schedule fire that convened this session; unique per subject, so replicas convene it once.
  fire_at timestamptz,
  roster_frozen boolean not null default true,
  aggregate jsonb,
  rationale text,
  synthesis text,
  regime_summary jsonb,
  reference_allocation jsonb,
  created_at timestamptz not null default now(),
  unique (subject_id, fire_at)
);
create index swarm_session_routing on swarm_session (subject_id, date, convened_at desc, seq desc);
create index swarm_session_newest on swarm_session (convened_at desc, seq desc);
create index swarm_session_collecting on swarm_session (state) where state = 'collecting';

create table session_roster (
  session_id uuid not null references swarm_session (id),
  member_id uuid not null references member (id),
  excused boolean not null default false,
  added_at timestamptz not null,
  primary key (session_id, member_id)
);

create table subject_snapshot (
  id uuid primary key,
  subject_id text not null references subject (id),
  session_id uuid unique references swarm_session (id),
  taken_at timestamptz not null,
  total_usd double precision,
  holdings jsonb not null,
  notable jsonb not null default '[]'
);
create index subject_snapshot_by_subject on subject_snapshot (subject_id, taken_at desc);

create table brief (
  id bigserial primary key,
  session_id uuid unique references swarm_session (id),
  subject_id text not null references subject (id),
  date date not null,
  created_at timestamptz not null,
  body jsonb
);
create index brief_by_day on brief (subject_id, date);

create table take (
  id uuid primary key,
  recommendation_id bigserial unique,
  session_id uuid not null references swarm_session (id),
  member_id uuid not null references member (id),
  revision integer not null,
  key_id bigint not null references member_key (id),
  nonce text not null,
  stance text not null check (stance in ('bearish', 'cautious', 'neutral', 'constructive', 'bullish')),
  confidence double precision not null check (confidence >= 0 and confidence <= 1),
  body text not null default '',
  memo_url text not null default '',
  weights jsonb,
  canonical text not null,
  signature text not null,
  received_at timestamptz not null,
  constraint take_revision_cap check (revision between 1 and 5),
  constraint take_revision_unique unique (session_id, member_id, revision)
);
create index take_by_member on take (member_id, received_at desc);

-- The window and amendment closure are settled at insert, against the session row locked for share,
-- so an admin closing the window or an aggregation running concurrently cannot be raced past.
create function convene_take_admission() returns trigger language plpgsql as $$
declare
  target record;
begin
  select window_closes_at, state into target from swarm_session where id = new.session_id for share;
  if not found then
    raise exception 'convene: no session %', new.session_id using errcode = 'CVS01';
  end if;
  if target.window_closes_at is not null and new.received_at >= target.window_closes_at then
    raise exception 'convene: submission window closed' using errcode = 'CVW01';
  end if;
  if new.revision > 1 and target.state in ('aggregated', 'published') then
    raise exception 'convene: amendment window closed' using errcode = 'CVA01';
  end if;
  return new;
end
$$;
create trigger take_admission before insert on take
  for each row execute function convene_take_admission();

create table nonce_ledger (
  member_id uuid not null references member (id),
  nonce text not null,
  take_id uuid not null references take (id),
  used_at timestamptz not null,
  primary key (member_id, nonce)
);

create table consensus_receipt (
  session_id uuid primary key references swarm_session (id),
  subject_id text not null references subject (id),
  payload jsonb not null,
  canonical_bytes text not null,
  digest text not null unique,
  signature jsonb not null,
  key_id text not null,
  created_at timestamptz not null
);
create index consensus_receipt_chain on consensus_receipt (subject_id, created_at desc);

create table judgement (
  id uuid primary key,
  session_id uuid not null references swarm_session (id),
  judged_by text not null,
  member_id uuid references member (id),
  mode text not null check (mode in ('enforce', 'shadow')),
  release_safety text not null,
  rationale text not null,
  disagreements jsonb not null default '[]',
  model text not null,
  prompt_hash text not null,
  inputs_digest text not null,
  canonical text,
  signature text,
  key_id bigint references member_key (id),
  created_at timestamptz not null,
  unique (session_id, judged_by)
);
create index judgement_by_member on judgement (member_id, created_at desc);

create table memo (
  id uuid primary key,
  member_id uuid not null references member (id),
  session_id uuid references swarm_session (id),
  title text not null,
  body text not null,
  published boolean not null default true,
  created_at timestamptz not null
);

create trigger take_append_only before update or delete or truncate on take
  for each statement execute function convene_refuse_change();
create trigger nonce_ledger_append_only before update or delete or truncate on nonce_ledger
  for each statement execute function convene_refuse_change();
create trigger consensus_receipt_append_only before update or delete or truncate on consensus_receipt
  for each statement execute function convene_refuse_change();
create trigger judgement_append_only before update or delete or truncate on judgement
  for each statement execute function convene_refuse_change();
`,
};
