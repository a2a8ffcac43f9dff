import type { SessionScore, TakeScore } from '@convene/protocol';
import type { MemberRow } from '../members/repository.js';
import type { Computed } from './growing-records.js';
import type { TrackRecordSettings } from './settings.js';

export const sessionScoreView = (score: SessionScore) => ({ ...score });

/** A scored take with where to check it: the take, its log entry, the session and its outcome. */
export function scoredTakeView(
  take: TakeScore,
  computed: Pick<Computed, 'handles' | 'takeLogIndex' | 'outcomeLogIndex'>,
) {
  return {
    ...take,
    handle: computed.handles.get(take.memberId) ?? null,
    takeLogIndex: computed.takeLogIndex.get(take.takeId) ?? null,
    outcomeLogIndex: computed.outcomeLogIndex.get(`${take.sessionId}/${take.horizonDays}`) ?? null,
    links: {
      take: `/api/swarm/takes/${take.takeId}`,
      takeLogEntry: `/api/log/takes/${take.takeId}`,
      session: `/api/swarm/sessions/${take.sessionId}`,
      outcome: `/api/swarm/sessions/${take.sessionId}/outcome`,
    },
  };
}

/** A member's record per horizon and its scored takes, newest first. */
export function memberTrackRecordView(
  member: Pick<MemberRow, 'id' | 'handle'>,
  computed: Computed,
  settings: TrackRecordSettings,
) {
  const all = computed.records.get('')!;
  return {
    memberId: member.id,
    handle: member.handle,
    minScoredTakes: settings.minScoredTakes,
    horizons: settings.horizons.map((horizonDays) => {
      const records = all.get(horizonDays);
      const record = records?.members.find((m) => m.memberId === member.id) ?? null;
      return {
        horizonDays,
        status:
          record === null || !record.eligible
            ? ('not_enough_history' as const)
            : ('ranked' as const),
        record,
        takes: [...(computed.takesByMember.get(horizonDays)?.get(member.id) ?? [])]
          .reverse()
          .map((t) => scoredTakeView(t, computed)),
      };
    }),
  };
}
