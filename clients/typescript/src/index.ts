/**
 * satrap client: `SatrapClient` over any Connect transport, the `Bot` loop,
 * typed errors, and helpers for fixed action ids and observations.
 * Transports: `@satrap/client/node` (gRPC, TLS, API keys) and
 * `@satrap/client/web` (gRPC-Web).
 */
export {
  SatrapClient,
  SeatHandle,
  MatchedSeat,
  eventKind,
  follow,
  isFinished,
  unpackMask,
  backoffMs,
  RESUMABLE,
  type SeatSpec,
  type ActionChoice,
  type CallOpts,
  type ClientOptions,
  type CreateGameOptions,
  type FindMatchOptions,
  type JoinOptions,
  type MatchOptions,
  type FollowedUpdate,
  type WatchOptions,
} from "./client.js";
export { applyDelta } from "./delta.js";
export { SatrapError, Code, hasCode, ruleIdOf } from "./errors.js";
export { Bot, RandomBot, submit, type Pick } from "./bot.js";
export { TournamentCalls, playTournament, myEntrant, openGames } from "./tournaments.js";
export * from "./gen/satrap/v1/tournament_pb.js";
export * from "./gen/satrap/v1/service_pb.js";
export * from "./gen/satrap/v1/admin_pb.js";
