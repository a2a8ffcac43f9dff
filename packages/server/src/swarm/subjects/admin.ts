import { fail } from '../../errors.js';
import type { DataVersions } from '../../db/data-versions.js';
import type { Transactor } from '../../db/transactor.js';
import type { MemberRepository } from '../members/repository.js';
import { SESSION_SUBROUTES, SWARM_DATASET } from '../shared/constants.js';
import { parseSubjectBody } from './bodies.js';
import type { SubjectRepository } from './repository.js';
import { subjectRecord, type SubjectRecord } from './model.js';

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** Operators create and edit subjects: identity fields, the convene schedule and the quorum. */
export class SubjectAdmin {
  private readonly transactor: Transactor;
  private readonly subjects: SubjectRepository;
  private readonly members: MemberRepository;
  private readonly versions: DataVersions;

  constructor(uses: {
    transactor: Transactor;
    subjects: SubjectRepository;
    members: MemberRepository;
    versions: DataVersions;
  }) {
    this.transactor = uses.transactor;
    this.subjects = uses.subjects;
    this.members = uses.members;
    this.versions = uses.versions;
  }

  /** Creates the subject or replaces the given fields; answers the stored record. */
  async put(
    id: string,
    body: unknown,
  ): Promise<{
    created: boolean;
    subject: SubjectRecord & {
      schedule: string | null;
      scheduleEnabled: boolean;
      quorumRequired: number;
    };
  }> {
    if (!SLUG.test(id)) throw fail('invalidSubjectSlug');
    if ((SESSION_SUBROUTES as readonly string[]).includes(id))
      throw fail('reservedSubjectSlug', id);
    const settings = parseSubjectBody(body);
    let linkedMemberId = settings.linkedMemberId;
    if (typeof linkedMemberId === 'string') {
      const member = await this.members.findByIdOrHandle(linkedMemberId);
      if (member === undefined) throw fail('linkedMemberNotFound');
      linkedMemberId = member.id;
    }
    const values = {
      name: settings.name,
      recommendation_type: settings.recommendationType,
      ...(settings.status === undefined ? {} : { status: settings.status }),
      ...optional('operator', settings.operator),
      ...optional('homepage', settings.homepage),
      ...optional('x_handle', settings.xHandle),
      ...optional('thesis_blurb', settings.thesisBlurb),
      ...(settings.wallets === undefined ? {} : { wallets: JSON.stringify(settings.wallets) }),
      ...(settings.nftContracts === undefined
        ? {}
        : { nft_contracts: JSON.stringify(settings.nftContracts) }),
      ...optional('source', settings.source),
      ...optional('linked_member_id', linkedMemberId),
      ...optional('structural_notes', settings.structuralNotes),
      ...optional('last_reviewed', settings.lastReviewed),
      ...optional('schedule', settings.schedule),
      ...(settings.scheduleEnabled === undefined
        ? {}
        : { schedule_enabled: settings.scheduleEnabled }),
      ...(settings.quorumRequired === undefined
        ? {}
        : { quorum_required: settings.quorumRequired }),
    };
    const created = await this.transactor.transaction(async (trx) => {
      const existing = await this.subjects.lockSubject(id, trx);
      if (existing === undefined) await this.subjects.insertSubject({ id, ...values }, {}, trx);
      else await this.subjects.updateSubject(id, values, trx);
      const stored = await this.subjects.findSubject(id, trx);
      if (stored?.schedule_enabled === true && stored.schedule === null) {
        throw fail('scheduleNeedsCron');
      }
      await this.versions.bump(SWARM_DATASET, trx);
      return existing === undefined;
    });
    const row = await this.subjects.findSubject(id);
    if (row === undefined) throw new Error('subject vanished after write');
    return {
      created,
      subject: {
        ...subjectRecord(row),
        schedule: row.schedule,
        scheduleEnabled: row.schedule_enabled,
        quorumRequired: row.quorum_required,
      },
    };
  }
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
