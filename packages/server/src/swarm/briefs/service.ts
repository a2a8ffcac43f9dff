import { DATE_RE } from '@convene/protocol';
import type { DataVersions } from '../../db/data-versions.js';
import { isCalendarDate } from '../shared/dates.js';
import { isUuid } from '../shared/ids.js';
import { SWARM_DATASET } from '../shared/constants.js';
import type { BriefBody } from '../tables.js';
import { REGIME_DATASETS } from '../../regime/datasets.js';
import { bodyWithSignalsAsOf } from './builder.js';
import type { RegimeAsOf } from '../../regime/service.js';
import type { BriefRepository, BriefRow } from './repository.js';
import { briefResource } from './view.js';
import { fail } from '../../errors.js';

export interface BriefQuery {
  session?: string | undefined;
  date?: string | undefined;
  subject?: string | undefined;
  include?: string | undefined;
}

/**
 * GET /api/swarm/brief, rules 1–5 of the spec: `session` is the unambiguous handle; `date` +
 * `subject` give the most recent session of that day that has published a brief; a malformed date
 * or a missing subject is a 400; no match is a 404; `include=researchSignals` embeds the payloads.
 */
export class BriefService {
  private readonly briefs: BriefRepository;
  private readonly versions: DataVersions;
  private readonly regime: RegimeAsOf;

  constructor(uses: { briefs: BriefRepository; versions: DataVersions; regime: RegimeAsOf }) {
    this.briefs = uses.briefs;
    this.versions = uses.versions;
    this.regime = uses.regime;
  }

  /** The brief a query finds (400 or 404 otherwise), and whether it asks for the signals embedded. */
  async find(query: BriefQuery): Promise<{ brief: BriefRow; embed: boolean }> {
    const brief = await this.findRow(query);
    if (brief === undefined) throw fail('briefNotFound');
    return { brief, embed: (query.include ?? '').split(',').includes('researchSignals') };
  }

  /** Signal references resolve as of the brief's date on read, so they follow signal history. */
  version(): number {
    return (
      this.versions.current(SWARM_DATASET) * 1_000_003 +
      this.versions.current(REGIME_DATASETS.research)
    );
  }

  async resource({ brief, embed }: { brief: BriefRow; embed: boolean }) {
    const body = await bodyWithSignalsAsOf(this.regime, brief);
    return briefResource(brief, embed ? await this.withEmbeddedSignals(body) : body);
  }

  private async findRow(query: BriefQuery): Promise<BriefRow | undefined> {
    if (query.session !== undefined && query.session !== '') {
      if (!isUuid(query.session)) throw fail('briefSessionNotUuid');
      return this.briefs.briefOfSession(query.session);
    }
    if (query.date === undefined || !DATE_RE.test(query.date)) throw fail('briefDateInvalid');
    if (query.subject === undefined || query.subject === '') throw fail('briefSubjectRequired');
    if (!isCalendarDate(query.date)) return undefined;
    return this.briefs.latestBriefOfDay(query.date, query.subject);
  }

  /** The legacy shape: `researchSignals` as `{ signal_key, date, payload }` with the full payloads. */
  private async withEmbeddedSignals(body: BriefBody | null): Promise<unknown> {
    if (body === null) return null;
    const researchSignals = await Promise.all(
      body.researchSignals.map(async (ref) => ({
        signal_key: ref.signalKey,
        date: ref.date,
        payload: await this.regime.researchSignalPayload(ref.signalKey, ref.date),
      })),
    );
    return { ...body, researchSignals };
  }
}
