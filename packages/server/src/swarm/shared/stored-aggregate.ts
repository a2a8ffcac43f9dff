import type { Aggregate, DisagreementMap } from '@convene/protocol';

/** What `swarm_session.aggregate` holds: the protocol's aggregate plus what the judge and reads use. */
export interface StoredAggregate extends Aggregate {
  disagreement: DisagreementMap;
  /** The take counted per roster member: its highest revision. */
  counted: Array<{ memberId: string; takeId: string; revision: number }>;
  /** Distance of `weights` from the reference over the buckets it knows (0..1), null without. */
  drift: number | null;
}
