export {
  ApiError,
  createConveneClient,
  unwrap,
  type ClientOptions,
  type ConveneApi,
} from './sdk/client.js';
export { applyAsMember, claimMemberToken, submitTake } from './sdk/member.js';
export type { paths, components } from './sdk/openapi.js';
