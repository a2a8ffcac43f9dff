import type { MemberRepository } from './repository.js';
import { type MemberRow } from './repository.js';
import { fail } from '../../errors.js';

/** Ever admitted (activated at least once): what makes a member's profile and history public. */
export const isPublicMember = (member: Pick<MemberRow, 'activated_at'>): boolean =>
  member.activated_at !== null;

/** The public member reads: never the contact, the application or anything about tokens. */
export class MemberReads {
  private readonly members: MemberRepository;

  constructor(uses: { members: MemberRepository }) {
    this.members = uses.members;
  }

  async list() {
    const rows = await this.members.activeMembers();
    const keys = await this.activeKeys(rows.map((row) => row.id));
    return { members: rows.map((row) => memberView(row, keys.get(row.id) ?? null)) };
  }

  async one(idOrHandle: string) {
    const member = await this.publicMember(idOrHandle);
    const keys = await this.activeKeys([member.id]);
    return memberView(member, keys.get(member.id) ?? null);
  }

  /**
   * A public member: one that was ever admitted. A pending (or rejected) applicant answers exactly
   * as an unknown id does: its name, lens, mandate, handle and key are not public (spec §2).
   */
  async publicMember(idOrHandle: string): Promise<MemberRow> {
    const member = await this.members.findByIdOrHandle(idOrHandle);
    if (member === undefined || !isPublicMember(member)) throw fail('memberNotFound');
    return member;
  }

  private async activeKeys(memberIds: string[]): Promise<Map<string, string>> {
    if (memberIds.length === 0) return new Map();
    return this.members.activeKeysOf(memberIds);
  }
}

/** SwarmMember: the public profile and the key takes are verified with. */
export function memberView(row: MemberRow, publicKey: string | null) {
  return {
    id: row.id,
    handle: row.handle,
    displayName: row.display_name,
    status: row.status,
    role: row.role,
    lens: row.lens,
    mandate: row.mandate,
    tagline: row.tagline,
    biases: row.biases,
    operator: row.operator,
    mode: row.mode,
    house: row.house,
    publicKey,
    appliedAt: row.applied_at.toISOString(),
    activatedAt: row.activated_at?.toISOString() ?? null,
  };
}
