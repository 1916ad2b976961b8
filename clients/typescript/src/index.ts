/**
 * satrap client: `SatrapClient` over any Connect transport, the `Bot` loop,
 * and helpers for fixed action ids and observations. Transports:
 * `@satrap/client/node` (gRPC) and `@satrap/client/web` (gRPC-Web).
 */
export { SatrapClient, SeatHandle, isFinished, unpackMask, type SeatSpec, type ActionChoice } from "./client.js";
export { Bot, RandomBot, type Pick } from "./bot.js";
export * from "./gen/satrap/v1/service_pb.js";
