export {
  ApiError,
  createConveneClient,
  unwrap,
  type ClientOptions,
  type ConveneApi,
} from './sdk/client.js';
export { applyAsMember, claimMemberToken, submitTake } from './sdk/member.js';
export {
  memberJudgements,
  memberTakes,
  type MemberJudgement,
  type MemberTake,
} from './sdk/member-reads.js';
export type { paths, components } from './sdk/openapi.js';
export { sdkLogApi } from './sdk/log-api.js';
export {
  parseEventStream,
  swarmEvents,
  type EventMessage,
  type EventsOptions,
  type ResetMessage,
} from './sdk/events.js';
/** Whether a take's memoUrl may be shown as a link: the URL when it is http(s), else null. */
export { webLink } from '@convene/protocol';
