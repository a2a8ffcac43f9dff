import { fail, type ServiceError } from '../errors.js';
import { addressGroup } from './address-group.js';

export interface AdmissionSettings {
  readonly maxStreams: number;
  readonly maxPerAddress: number;
  readonly connectsPerMinute: number;
  readonly retryMs: number;
}

export type RefusalReason = 'rate' | 'address' | 'total';

export type Admission =
  | { ok: true; group: string }
  | { ok: false; reason: RefusalReason; error: ServiceError; retryAfterSeconds: number };

/** Address groups whose connect rate is remembered; the least recently seen is forgotten first. */
const MAX_BUCKETS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Who may open an event stream, cheapest check first: a connect rate per address group (a token
 * bucket: a burst of twice the per-address limit, then `connectsPerMinute`), the open streams per
 * address group, the open streams of the replica. An admitted stream holds its places until
 * `release`.
 */
export class StreamAdmission {
  private readonly perGroup = new Map<string, number>();
  private readonly buckets = new Map<string, Bucket>();
  private opened = 0;
  /** Refusals since start, by reason (for /metrics and admin status). */
  readonly refused: Record<RefusalReason, number> = { rate: 0, address: 0, total: 0 };

  private readonly settings: AdmissionSettings;
  private readonly now: () => number;

  constructor(settings: AdmissionSettings, now: () => number = () => performance.now()) {
    this.settings = settings;
    this.now = now;
  }

  admit(address: string): Admission {
    const { maxStreams, maxPerAddress, retryMs } = this.settings;
    const group = addressGroup(address);
    const bucket = this.bucket(group);
    if (bucket.tokens < 1) {
      const seconds = Math.ceil((1 - bucket.tokens) / this.perMs() / 1000);
      return this.refuse('rate', fail('tooManyEventConnects'), seconds);
    }
    const retryAfter = Math.max(1, Math.ceil(retryMs / 1000));
    if ((this.perGroup.get(group) ?? 0) >= maxPerAddress)
      return this.refuse('address', fail('tooManyEventStreams'), retryAfter);
    if (this.opened >= maxStreams)
      return this.refuse('total', fail('eventStreamsFull'), retryAfter);
    bucket.tokens -= 1;
    this.perGroup.set(group, (this.perGroup.get(group) ?? 0) + 1);
    this.opened++;
    return { ok: true, group };
  }

  /** Gives back the places of a stream `admit` let in. */
  release(group: string): void {
    this.opened--;
    const left = (this.perGroup.get(group) ?? 1) - 1;
    if (left > 0) this.perGroup.set(group, left);
    else this.perGroup.delete(group);
  }

  get open(): number {
    return this.opened;
  }

  /** Address groups holding at least one open stream. */
  get groups(): number {
    return this.perGroup.size;
  }

  private refuse(reason: RefusalReason, error: ServiceError, retryAfterSeconds: number): Admission {
    this.refused[reason]++;
    return { ok: false, reason, error, retryAfterSeconds };
  }

  private perMs(): number {
    return this.settings.connectsPerMinute / 60_000;
  }

  /** The group's bucket, refilled for the time since it was last seen, and marked most recent. */
  private bucket(group: string): Bucket {
    const now = this.now();
    const capacity = 2 * this.settings.maxPerAddress;
    const seen = this.buckets.get(group);
    const bucket =
      seen === undefined
        ? { tokens: capacity, at: now }
        : { tokens: Math.min(capacity, seen.tokens + (now - seen.at) * this.perMs()), at: now };
    this.buckets.delete(group);
    this.buckets.set(group, bucket);
    if (this.buckets.size > MAX_BUCKETS) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    return bucket;
  }
}
