import type { Clock } from '../../clock.js';
import { isUuid } from '../shared/ids.js';
import {
  snapshotResource,
  subjectResource,
  type SubjectSnapshot,
  type SwarmSubject,
} from './model.js';
import type { SubjectRepository } from './repository.js';
import { fail } from '../../errors.js';

/** The public reads of subjects and the holdings snapshots their sessions reasoned over. */
export class SubjectReads {
  private readonly subjects: SubjectRepository;
  private readonly clock: Clock;

  constructor(uses: { subjects: SubjectRepository; clock: Clock }) {
    this.subjects = uses.subjects;
    this.clock = uses.clock;
  }

  /** Whether any subject exists (the first start of an empty database says how to add one). */
  anySubject(): Promise<boolean> {
    return this.subjects.anySubject();
  }

  /** Every subject, each with the name readers know it by. */
  async list(): Promise<Array<{ id: string; name: string; status: string }>> {
    return (await this.subjects.allSubjects()).map(({ id, name, status }) => ({
      id,
      name,
      status,
    }));
  }

  async subject(id: string): Promise<SwarmSubject> {
    return subjectResource(await this.requireSubject(id), this.clock.now());
  }

  /** The subject's snapshots, newest first. */
  async snapshots(subjectId: string, limit: number): Promise<SubjectSnapshot[]> {
    const subject = await this.requireSubject(subjectId);
    return (await this.subjects.snapshotsOf(subject.id, limit)).map(snapshotResource);
  }

  /** The snapshot taken when the session convened; null when it took none (404: no such session). */
  async ofSession(sessionId: string): Promise<SubjectSnapshot | null> {
    if (!isUuid(sessionId) || !(await this.subjects.sessionExists(sessionId)))
      throw fail('sessionNotFound');
    const row = await this.subjects.snapshotOfSession(sessionId);
    return row === undefined ? null : snapshotResource(row);
  }

  private async requireSubject(id: string) {
    const subject = await this.subjects.findSubject(id);
    if (subject === undefined) throw fail('subjectNotFound');
    return subject;
  }
}
