import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import { isUuid } from '../shared/ids.js';
import {
  snapshotResource,
  subjectResource,
  type SubjectSnapshot,
  type SwarmSubject,
} from './model.js';
import {
  allSubjects,
  findSubject,
  sessionExists,
  snapshotOfSession,
  snapshotsOf,
} from './repository.js';
import { fail } from '../../errors.js';

/** The public reads of subjects and the holdings snapshots their sessions reasoned over. */
export class SubjectReads {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  /** Every subject, each with the name readers know it by. */
  async list(): Promise<Array<{ id: string; name: string; status: string }>> {
    return (await allSubjects(this.db)).map(({ id, name, status }) => ({ id, name, status }));
  }

  async subject(id: string): Promise<SwarmSubject> {
    return subjectResource(await this.requireSubject(id), this.clock.now());
  }

  /** The subject's snapshots, newest first. */
  async snapshots(subjectId: string, limit: number): Promise<SubjectSnapshot[]> {
    const subject = await this.requireSubject(subjectId);
    return (await snapshotsOf(this.db, subject.id, limit)).map(snapshotResource);
  }

  /** The snapshot taken when the session convened; null when it took none (404: no such session). */
  async ofSession(sessionId: string): Promise<SubjectSnapshot | null> {
    if (!isUuid(sessionId) || !(await sessionExists(this.db, sessionId)))
      throw fail('sessionNotFound');
    const row = await snapshotOfSession(this.db, sessionId);
    return row === undefined ? null : snapshotResource(row);
  }

  private async requireSubject(id: string) {
    const subject = await findSubject(this.db, id);
    if (subject === undefined) throw fail('subjectNotFound');
    return subject;
  }
}
