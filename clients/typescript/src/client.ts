/**
 * A client of satrap's GameService and AdminService over any Connect
 * transport (gRPC from Node, gRPC-Web from browsers), with the resume
 * contract built in: `watch` follows a game across dropped streams by
 * resuming at the last version seen + 1 (docs/api.md, "Following a game").
 *
 * Every call has a method named after it (`createGame`, `joinGame`,
 * `listLegalActions`, `rotateSeatToken`, `findMatch`, `abortGame`, …); the
 * short helpers (`create`, `get`, `legal`, `apply`, `seat`, `watch`) are
 * kept, and rated play has its own: `match` (queue until matched, a seat
 * ready to play), `rating`, `leaderboard` (every page) and `watchEvents`
 * (the feed, resumed after the last sequence seen). Failures reject with
 * `SatrapError` (code, message, rule id).
 */
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type CallOptions, type Client, type Transport } from "@connectrpc/connect";
import {
  AdminService,
  type AbortGameResponse,
  type DeleteChatMessageResponse,
  type DeleteGameResponse,
  type MuteChatResponse,
  type ReissueSeatTokenResponse,
} from "./gen/satrap/v1/admin_pb.js";
import {
  type Action,
  type ApplyActionResponse,
  type CreateGameResponse,
  type FeedEvent,
  type GetRatingsResponse,
  type GetServerInfoResponse,
  type ListLeaderboardResponse,
  type MatchFound,
  type MatchQueued,
  type MatchUpdate,
  type PlayerRating,
  type SeatInfo,
  type GameSnapshot,
  type GameType,
  type GameUpdate,
  type GetGameResponse,
  type GetHistoryResponse,
  type JoinGameResponse,
  type LeaveGameResponse,
  type ListGamesResponse,
  type ListLegalActionsResponse,
  type ResignResponse,
  type RotateSeatTokenResponse,
  type AnswerOfferResponse,
  type MakeOfferResponse,
  type SendChatMessageResponse,
  ChatChannel,
  OfferKind,
  ApplyActionRequestSchema,
  CreateGameRequestSchema,
  FindMatchRequestSchema,
  GameService,
  GameStatus,
  ListGamesRequestSchema,
  SeatRequestSchema,
  UpdateMode,
} from "./gen/satrap/v1/service_pb.js";
import { applyDelta } from "./delta.js";
import { SatrapError, hasCode } from "./errors.js";
import { TournamentCalls } from "./tournaments.js";

/** A seat of a new game: a program (`bot` empty), a built-in bot, or open. */
export interface SeatSpec {
  name?: string;
  bot?: string;
  open?: boolean;
  /**
   * Who plays it, for ratings: a `creator` key names its own users here; a
   * `player` key's seats are its own player; bots are "bot:NAME".
   */
  playerId?: string;
}

/** JoinGame's choices: which seat, its invite code, who plays it. */
export interface JoinOptions {
  seat?: number;
  inviteCode?: string;
  /** As `SeatSpec.playerId`. */
  playerId?: string;
}

/** One way to name an action: exactly one of the three. */
export type ActionChoice = { actionId: number } | { notation: string } | { action: Action };

/** CreateGame's request, as fields (`gameType` and `seats` aside). */
export type CreateGameOptions = Omit<Exclude<MessageInitShape<typeof CreateGameRequestSchema>, { $typeName: string }>, "gameType" | "seats" | "$typeName">;

/** FindMatch's request, as fields (`gameType` and `players` aside). */
export type FindMatchOptions = Omit<Exclude<MessageInitShape<typeof FindMatchRequestSchema>, { $typeName: string }>, "gameType" | "players" | "$typeName">;

/** `match`'s own options besides the request's fields. */
export interface MatchOptions extends FindMatchOptions {
  /** Give up after this long in the queue (DEADLINE_EXCEEDED); default: as long as it takes. */
  timeoutMs?: number;
  /** Called with each MatchQueued: place in the queue, players waiting, the rating window. */
  onQueued?: (queued: MatchQueued) => void;
  /** Queue streams cut in a row before the last error is thrown (default 5). */
  maxRetries?: number;
}

/** Options of every call: a deadline (ms) overriding the client's. */
export interface CallOpts {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ClientOptions {
  /** Each call's deadline in ms (default 10 s). */
  timeoutMs?: number;
  /** Sent as `x-api-key` on every call (a keyed server's CreateGame, ListGames, AdminService). */
  apiKey?: string;
}

/** Stream errors after which a watcher simply resumes. */
export const RESUMABLE = [Code.Unavailable, Code.DeadlineExceeded, Code.Canceled, Code.Unknown, Code.Internal];

export const isFinished = (s: GameSnapshot | undefined): boolean => s?.status === GameStatus.FINISHED;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Milliseconds to wait after `failures` failures in a row (capped, jittered). */
export const backoffMs = (failures: number) => Math.min(2000, 50 * 2 ** Math.min(failures, 6)) * (0.5 + Math.random());

export class SatrapClient {
  readonly rpc: Client<typeof GameService>;
  readonly admin: Client<typeof AdminService>;
  /** The TournamentService calls (see `tournaments.ts`). */
  readonly tournaments: TournamentCalls;
  readonly timeoutMs: number;
  readonly apiKey?: string;

  constructor(transport: Transport, options: ClientOptions | number = {}) {
    const opts = typeof options === "number" ? { timeoutMs: options } : options;
    this.rpc = createClient(GameService, transport);
    this.admin = createClient(AdminService, transport);
    this.tournaments = new TournamentCalls(this, transport);
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.apiKey = opts.apiKey;
  }

  /** Call options: deadline, the API key, and the seat's token (also used by `TournamentCalls`). */
  opts(token?: string, o: CallOpts = {}, stream = false): CallOptions {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.apiKey) headers["x-api-key"] = this.apiKey;
    return { headers, timeoutMs: stream ? o.timeoutMs : (o.timeoutMs ?? this.timeoutMs), signal: o.signal };
  }

  /** @internal A call's failure as a `SatrapError`. */
  async call<T>(p: Promise<T>): Promise<T> {
    try {
      return await p;
    } catch (e) {
      throw SatrapError.from(e);
    }
  }

  // -- GameService, one method per call ------------------------------------
  listGameTypes(o?: CallOpts) {
    return this.call(this.rpc.listGameTypes({}, this.opts(undefined, o)));
  }

  /**
   * What this server allows: who may create games (`create`: anyone, guests
   * or keys only), whether rated play and guests are on, and the limits a
   * client runs into (`limits`; 0 means unlimited). No key needed.
   */
  serverInfo(o?: CallOpts): Promise<GetServerInfoResponse> {
    return this.call(this.rpc.getServerInfo({}, this.opts(undefined, o)));
  }

  /** A new game; a string seat is a client seat of that name. Keep the seat tokens. */
  createGame(gameType: string, seats: (SeatSpec | string)[], options: CreateGameOptions = {}, o?: CallOpts): Promise<CreateGameResponse> {
    const req = create(CreateGameRequestSchema, {
      ...options,
      gameType,
      seats: seats.map((s) => create(SeatRequestSchema, typeof s === "string" ? { name: s } : s)),
    });
    return this.call(this.rpc.createGame(req, this.opts(undefined, o)));
  }

  getGame(gameId: string, token?: string, observation = false, o?: CallOpts): Promise<GetGameResponse> {
    return this.call(this.rpc.getGame({ gameId, observation }, this.opts(token, o)));
  }

  listLegalActions(gameId: string, token?: string, observation = false, o?: CallOpts): Promise<ListLegalActionsResponse> {
    return this.call(this.rpc.listLegalActions({ gameId, observation }, this.opts(token, o)));
  }

  /** One action at `expectedVersion`; `lean`: the response carries only `progress`. */
  applyAction(
    gameId: string,
    token: string,
    choice: ActionChoice,
    expectedVersion?: bigint,
    flags: { lean?: boolean; noText?: boolean } = {},
    o?: CallOpts,
  ): Promise<ApplyActionResponse> {
    const move =
      "actionId" in choice
        ? { case: "actionId" as const, value: choice.actionId }
        : "notation" in choice
          ? { case: "notation" as const, value: choice.notation }
          : { case: "action" as const, value: choice.action };
    const req = create(ApplyActionRequestSchema, { gameId, expectedVersion, move, lean: flags.lean, noText: flags.noText });
    return this.call(this.rpc.applyAction(req, this.opts(token, o)));
  }

  /** One WatchGame stream as the server sends it (no resume: see `watch`). */
  async *watchGame(
    gameId: string,
    token?: string,
    fromVersion = 0n,
    mode: { delta?: boolean; text?: boolean } = {},
    o?: CallOpts,
  ): AsyncGenerator<GameUpdate> {
    try {
      yield* this.rpc.watchGame(
        { gameId, fromVersion, mode: mode.delta ? UpdateMode.DELTA : UpdateMode.FULL, text: mode.text ?? false },
        this.opts(token, o, true),
      );
    } catch (e) {
      throw SatrapError.from(e);
    }
  }

  getHistory(gameId: string, token?: string, o?: CallOpts): Promise<GetHistoryResponse> {
    return this.call(this.rpc.getHistory({ gameId }, this.opts(token, o)));
  }

  listGames(filter: MessageInitShape<typeof ListGamesRequestSchema> = {}, o?: CallOpts): Promise<ListGamesResponse> {
    return this.call(this.rpc.listGames(create(ListGamesRequestSchema, filter), this.opts(undefined, o)));
  }

  resign(gameId: string, token: string, o?: CallOpts): Promise<ResignResponse> {
    return this.call(this.rpc.resign({ gameId }, this.opts(token, o)));
  }

  /**
   * Say `text` at the table: to everyone (the default), the seats or the
   * sender's team. Without a token the caller speaks as a spectator.
   */
  sendChatMessage(
    gameId: string,
    text: string,
    token?: string,
    channel: ChatChannel = ChatChannel.EVERYONE,
    o?: CallOpts,
  ): Promise<SendChatMessageResponse> {
    return this.call(this.rpc.sendChatMessage({ gameId, text, channel }, this.opts(token, o)));
  }

  /** Offer the other seats a takeback, a draw or an abort. */
  makeOffer(gameId: string, token: string, kind: OfferKind, o?: CallOpts): Promise<MakeOfferResponse> {
    return this.call(this.rpc.makeOffer({ gameId, kind }, this.opts(token, o)));
  }

  /** Accept or decline the pending offer `offerId` for the caller's seat. */
  answerOffer(
    gameId: string,
    token: string,
    offerId: bigint,
    accept: boolean,
    o?: CallOpts,
  ): Promise<AnswerOfferResponse> {
    return this.call(this.rpc.answerOffer({ gameId, offerId, accept }, this.opts(token, o)));
  }

  /** A new token for the caller's seat; the old one stops working. */
  rotateSeatToken(gameId: string, token: string, o?: CallOpts): Promise<RotateSeatTokenResponse> {
    return this.call(this.rpc.rotateSeatToken({ gameId }, this.opts(token, o)));
  }

  /** Take an open seat (`seat`, or the lowest open one); the response has its token. */
  joinGame(gameId: string, name: string, join: JoinOptions = {}, o?: CallOpts): Promise<JoinGameResponse> {
    const req = { gameId, name, seat: join.seat, inviteCode: join.inviteCode ?? "", playerId: join.playerId ?? "" };
    return this.call(this.rpc.joinGame(req, this.opts(undefined, o)));
  }

  /** Give a seat back before the start. */
  leaveGame(gameId: string, token: string, o?: CallOpts): Promise<LeaveGameResponse> {
    return this.call(this.rpc.leaveGame({ gameId }, this.opts(token, o)));
  }

  // -- rated play: matchmaking, ratings and the feed ---------------------------
  /**
   * One FindMatch stream as the server sends it: the player's place in the
   * queue about once a second (`update.case === "queued"`), then the game
   * and the player's seat with its token (`"found"`), and the end. Leaving
   * the loop leaves the queue. `rated` needs a player: a `player` key, or a
   * `creator` key and `playerId`. `botFillAfterSeconds`: after that long,
   * built-in `bot`s (default "mcts") take the seats still missing. `match`
   * is the helper that resolves to a seat ready to play.
   */
  async *findMatch(gameType: string, players: number, options: FindMatchOptions = {}, o?: CallOpts): AsyncGenerator<MatchUpdate> {
    const req = create(FindMatchRequestSchema, { ...options, gameType, players });
    try {
      yield* this.rpc.findMatch(req, this.opts(undefined, o, true));
    } catch (e) {
      throw SatrapError.from(e);
    }
  }

  /** The ratings of 1 to 100 players in one game type, in the order asked (no rated game yet: 25 ± 25/3, `games` 0). */
  getRatings(gameType: string, playerIds: string[], o?: CallOpts): Promise<GetRatingsResponse> {
    return this.call(this.rpc.getRatings({ gameType, playerIds }, this.opts(undefined, o)));
  }

  /** One page of a game type's players, best displayed rating first (`leaderboard` walks every page). */
  listLeaderboard(gameType: string, page: { pageSize?: number; pageToken?: string } = {}, o?: CallOpts): Promise<ListLeaderboardResponse> {
    const req = { gameType, pageSize: page.pageSize ?? 0, pageToken: page.pageToken ?? "" };
    return this.call(this.rpc.listLeaderboard(req, this.opts(undefined, o)));
  }

  /**
   * One WatchEvents stream as the server sends it (no resume: see
   * `watchEvents`): the events after `afterSequence`, then new ones as games
   * are created, start, finish, are aborted or deleted.
   */
  async *watchEventsStream(afterSequence = 0n, o?: CallOpts): AsyncGenerator<FeedEvent> {
    try {
      yield* this.rpc.watchEvents({ afterSequence }, this.opts(undefined, o, true));
    } catch (e) {
      throw SatrapError.from(e);
    }
  }

  /**
   * Queue with FindMatch until the player is matched; resolves to the seat,
   * which `Bot.play` plays like any other. A queue stream the connection cut
   * (UNAVAILABLE) is opened again, `maxRetries` times in a row at most: a
   * player's new request replaces its waiting one on the server, so it is
   * queued once. A stream a newer request of the same player replaced ends
   * with ABORTED, which is thrown. (ALREADY_EXISTS right after a cut is
   * retried too, for servers that refused a second request.) A match made
   * just as the connection failed cannot be recovered: its seat's token
   * never arrived, and the server resigns that seat (or aborts the game if
   * its replica died before delivering it).
   */
  async match(gameType: string, players: number, options: MatchOptions = {}): Promise<MatchedSeat> {
    const { timeoutMs, onQueued, maxRetries, ...request } = options;
    const deadline = timeoutMs === undefined ? Infinity : Date.now() + timeoutMs;
    const left = (): number | undefined => {
      if (deadline === Infinity) return undefined;
      const rest = deadline - Date.now();
      if (rest <= 0) throw new SatrapError(new ConnectError(`no match in ${timeoutMs} ms`, Code.DeadlineExceeded));
      return rest;
    };
    let failures = 0;
    for (;;) {
      let last: unknown = new SatrapError(new ConnectError("FindMatch ended with no match", Code.Unavailable));
      try {
        for await (const update of this.findMatch(gameType, players, request, { timeoutMs: left() })) {
          if (update.update.case === "found") return new MatchedSeat(this, update.update.value);
          if (update.update.case === "queued") {
            failures = 0;
            onQueued?.(update.update.value);
          }
        }
        // The stream ended with no match (the server shut down): queue again.
      } catch (e) {
        const afterCut = failures > 0 && hasCode(e, Code.AlreadyExists);
        if (!hasCode(e, Code.Unavailable, Code.Unknown) && !afterCut) throw e;
        last = e;
      }
      if (++failures > (maxRetries ?? 5)) throw last;
      const rest = left();
      await sleep(Math.min(backoffMs(failures), rest ?? Infinity));
    }
  }

  /** One player's rating in `gameType`. */
  async rating(gameType: string, playerId: string): Promise<PlayerRating> {
    const r = (await this.getRatings(gameType, [playerId])).ratings[0];
    if (!r) throw new Error(`GetRatings returned no rating for ${playerId.slice(0, 64)}`);
    return r;
  }

  /** Every rated player of `gameType`, best first (`place` from 1), one page of `pageSize` at a time. */
  async *leaderboard(gameType: string, pageSize = 100): AsyncGenerator<PlayerRating> {
    const seen = new Set<string>();
    for (let pageToken = ""; ; ) {
      const page = await this.listLeaderboard(gameType, { pageSize, pageToken });
      yield* page.ratings;
      pageToken = page.nextPageToken;
      if (!pageToken) return;
      if (seen.has(pageToken)) throw new Error(`ListLeaderboard returned page token ${pageToken.slice(0, 64)} twice`);
      seen.add(pageToken);
    }
  }

  /**
   * Every feed event after `afterSequence` (0: from the oldest kept), once
   * each and in order, then new ones as they happen, for as long as the
   * caller reads. A stream that drops or ends is reopened after the last
   * sequence delivered, and an event sent again is skipped: nothing is
   * missed or repeated. Keep the last `sequence` handled to go on from
   * there later. `streamTimeoutMs` cuts each stream (a planned cut,
   * reopened at once); `maxRetries`: failures in a row before the last
   * error is thrown (default: retry for ever, at most 2 s apart). Refusals
   * (UNAUTHENTICATED, PERMISSION_DENIED) are thrown at once.
   */
  async *watchEvents(afterSequence = 0n, opts: { streamTimeoutMs?: number; maxRetries?: number } = {}): AsyncGenerator<FeedEvent> {
    let last = afterSequence;
    let failures = 0;
    for (;;) {
      let error: unknown = new SatrapError(new ConnectError("WatchEvents ended", Code.Unavailable));
      try {
        for await (const event of this.watchEventsStream(last, { timeoutMs: opts.streamTimeoutMs })) {
          failures = 0;
          if (event.sequence <= last) continue; // delivered before the stream was reopened
          last = event.sequence;
          yield event;
        }
        // The server ended the stream (it shuts down): reopen it.
      } catch (e) {
        if (!hasCode(e, ...RESUMABLE)) throw e;
        if (opts.streamTimeoutMs !== undefined && hasCode(e, Code.DeadlineExceeded)) continue; // our own cut
        error = e;
      }
      if (++failures > (opts.maxRetries ?? Infinity)) throw error;
      await sleep(backoffMs(failures));
    }
  }

  // -- AdminService (an `admin` API key) -------------------------------------
  abortGame(gameId: string, o?: CallOpts): Promise<AbortGameResponse> {
    return this.call(this.admin.abortGame({ gameId }, this.opts(undefined, o)));
  }

  deleteGame(gameId: string, o?: CallOpts): Promise<DeleteGameResponse> {
    return this.call(this.admin.deleteGame({ gameId }, this.opts(undefined, o)));
  }

  reissueSeatToken(gameId: string, seat: number, o?: CallOpts): Promise<ReissueSeatTokenResponse> {
    return this.call(this.admin.reissueSeatToken({ gameId, seat }, this.opts(undefined, o)));
  }

  deleteChatMessage(gameId: string, messageId: bigint, o?: CallOpts): Promise<DeleteChatMessageResponse> {
    return this.call(this.admin.deleteChatMessage({ gameId, messageId }, this.opts(undefined, o)));
  }

  muteChat(gameId: string, seat: number, muted = true, o?: CallOpts): Promise<MuteChatResponse> {
    return this.call(this.admin.muteChat({ gameId, seat, muted }, this.opts(undefined, o)));
  }

  // -- short helpers ---------------------------------------------------------
  async gameTypes(): Promise<GameType[]> {
    return (await this.listGameTypes()).gameTypes;
  }

  create(game: string, seats: (SeatSpec | string)[], seed?: bigint, options: CreateGameOptions = {}): Promise<CreateGameResponse> {
    return this.createGame(game, seats, { ...options, seed });
  }

  get(gameId: string, token?: string, observation = false): Promise<GetGameResponse> {
    return this.getGame(gameId, token, observation);
  }

  legal(gameId: string, token?: string, observation = false): Promise<ListLegalActionsResponse> {
    return this.listLegalActions(gameId, token, observation);
  }

  apply(gameId: string, token: string, choice: ActionChoice, expectedVersion?: bigint, flags?: { lean?: boolean; noText?: boolean }) {
    return this.applyAction(gameId, token, choice, expectedVersion, flags);
  }

  /** A handle on the seat that owns `token` (from CreateGame or JoinGame). */
  async seat(gameId: string, token: string): Promise<SeatHandle> {
    const snap = (await this.get(gameId, token)).snapshot;
    if (snap?.viewer === undefined) throw new Error("the token does not belong to a seat of this game");
    return new SeatHandle(this, gameId, token, snap.viewer);
  }

  /** Older name of `seat` (it is not the JoinGame call: see `joinGame`). */
  join(gameId: string, token: string): Promise<SeatHandle> {
    return this.seat(gameId, token);
  }

  /** JoinGame, then a handle on the seat taken. */
  async takeSeat(gameId: string, name: string, join: JoinOptions = {}): Promise<SeatHandle> {
    const joined = await this.joinGame(gameId, name, join);
    if (!joined.seat) throw new Error("JoinGame returned no seat");
    return new SeatHandle(this, gameId, joined.seat.token, joined.seat.seat);
  }

  /**
   * The game's snapshot once it no longer waits for players (started, or
   * finished if it was aborted while waiting), within `timeoutMs` (none:
   * no limit), else a SatrapError with DEADLINE_EXCEEDED.
   *
   * Reads the game with GetGame, then follows WatchGame from that version:
   * the stream sends that version first and then, with `GameUpdate.cause`
   * set, each seat change and the start, which make no new version. Those
   * reach only open streams, so after a dropped stream (or one cut by
   * `streamTimeoutMs`) the game is read with GetGame again before watching
   * again: a start that happened while no stream was open is not missed.
   * After `maxRetries` failures in a row the last error is thrown. A number
   * in place of `opts` is ignored: it was the interval of the GetGame
   * polling this replaced, still accepted so older callers keep working.
   */
  async waitForStart(
    gameId: string,
    token?: string,
    timeoutMs?: number,
    opts: number | { streamTimeoutMs?: number; maxRetries?: number } = {},
  ): Promise<GameSnapshot> {
    const o = typeof opts === "number" ? {} : opts;
    const deadline = timeoutMs === undefined ? Infinity : Date.now() + timeoutMs;
    // Milliseconds for the next call: `bound`, cut to what is left of
    // `timeoutMs`; throws DEADLINE_EXCEEDED when nothing is.
    const left = (bound?: number): number | undefined => {
      if (deadline === Infinity) return bound;
      const rest = deadline - Date.now();
      if (rest <= 0) throw new SatrapError(new ConnectError(`the game did not start in ${timeoutMs} ms`, Code.DeadlineExceeded));
      return bound === undefined ? rest : Math.min(bound, rest);
    };
    let failures = 0;
    for (;;) {
      let last: unknown = new Error("WatchGame ended before the game started");
      try {
        const snap = (await this.getGame(gameId, token, false, { timeoutMs: left(this.timeoutMs) })).snapshot;
        if (!snap) throw new Error("GetGame returned no snapshot");
        if (snap.status !== GameStatus.WAITING) return snap;
        // Full snapshots: a waiting game's are small, and each update then
        // shows its status with no delta to apply.
        for await (const update of this.watchGame(gameId, token, snap.version, {}, { timeoutMs: left(o.streamTimeoutMs) })) {
          failures = 0;
          if (update.snapshot && update.snapshot.status !== GameStatus.WAITING) return update.snapshot;
        }
        // The stream ended while the game still waits: read it again.
      } catch (e) {
        // DEADLINE_EXCEEDED is resumable: a stream cut by `streamTimeoutMs`.
        // Once `timeoutMs` has passed, `left` below throws it for good.
        if (!hasCode(e, ...RESUMABLE)) throw e;
        last = e;
      }
      if (++failures > (o.maxRetries ?? 50)) throw last;
      await sleep(left(backoffMs(failures)) ?? 0);
    }
  }

  /**
   * Every version from `fromVersion` on, as `token` may see it, until the
   * game is finished. A dropped stream (or one that ends early) is resumed
   * at the last version seen + 1: nothing is missed or repeated; after
   * `maxRetries` failures in a row the last error is thrown. A version
   * comes again only as an update with `cause` set (its seats changed or
   * the game started, which make no new version), and only while a stream
   * is open: what changed while none was, GetGame tells. `signal` ends it
   * (a page leaving the game): the stream is cancelled and not resumed.
   */
  async *watch(
    gameId: string,
    token?: string,
    fromVersion = 0n,
    opts: WatchOptions = {},
  ): AsyncGenerator<GameUpdate> {
    let next = fromVersion;
    let failures = 0;
    for (;;) {
      let last: unknown = new Error("WatchGame ended before the game did");
      try {
        const mode = { delta: opts.delta, text: opts.text };
        for await (const update of this.watchGame(gameId, token, next, mode, { timeoutMs: opts.streamTimeoutMs, signal: opts.signal })) {
          failures = 0;
          next = update.version + 1n;
          yield update;
          if (isFinished(update.snapshot ?? update.delta?.values)) return;
        }
      } catch (e) {
        if (!hasCode(e, ...RESUMABLE) || opts.signal?.aborted) throw e;
        last = e;
      }
      if (++failures > (opts.maxRetries ?? 50)) throw last;
      await sleep(backoffMs(failures));
    }
  }
}

/** `watch`'s options (and `follow`'s, but `delta`). */
export interface WatchOptions {
  /** Cut each stream after this long and resume it (ms). */
  streamTimeoutMs?: number;
  /** Failures in a row before the last error is thrown (default 50). */
  maxRetries?: number;
  /** Updates as deltas (UPDATE_MODE_DELTA). */
  delta?: boolean;
  /** The text picture in every snapshot. */
  text?: boolean;
  /** Cancels the stream; an aborted watch is not resumed. */
  signal?: AbortSignal;
}

export interface FollowedUpdate {
  update: GameUpdate;
  /** The whole snapshot of `update.version`, rebuilt from the deltas. */
  snapshot: GameSnapshot;
}

/**
 * Like `watch`, but the server sends deltas (UPDATE_MODE_DELTA; the text
 * picture only with `text`): yields each update with the whole snapshot of
 * its version, rebuilt here. A resumed stream starts from a whole snapshot.
 */
export async function* follow(
  client: SatrapClient,
  gameId: string,
  token?: string,
  fromVersion = 0n,
  opts: Omit<WatchOptions, "delta"> = {},
): AsyncGenerator<FollowedUpdate> {
  let held: GameSnapshot | undefined;
  for await (const update of client.watch(gameId, token, fromVersion, { ...opts, delta: true })) {
    if (update.snapshot) held = update.snapshot;
    else if (!held || !update.delta) throw new Error(`version ${update.version}: a delta before any snapshot`);
    else held = applyDelta(held, update.delta);
    yield { update, snapshot: held };
  }
}

/** A seat of a game this program plays. */
export class SeatHandle {
  constructor(
    readonly client: SatrapClient,
    readonly gameId: string,
    public token: string,
    readonly seat: number,
  ) {}

  async snapshot(): Promise<GameSnapshot> {
    const s = (await this.client.get(this.gameId, this.token)).snapshot;
    if (!s) throw new Error("GetGame returned no snapshot");
    return s;
  }

  legal(observation = false) {
    return this.client.legal(this.gameId, this.token, observation);
  }

  apply(choice: ActionChoice, expectedVersion?: bigint, flags?: { lean?: boolean; noText?: boolean }) {
    return this.client.apply(this.gameId, this.token, choice, expectedVersion, flags);
  }

  watch(fromVersion = 0n, opts?: { streamTimeoutMs?: number; delta?: boolean; text?: boolean }) {
    return this.client.watch(this.gameId, this.token, fromVersion, opts);
  }

  /** `follow` for this seat: updates as deltas, whole snapshots rebuilt. */
  follow(fromVersion = 0n, opts?: { streamTimeoutMs?: number; text?: boolean }) {
    return follow(this.client, this.gameId, this.token, fromVersion, opts);
  }

  /** `SatrapClient.waitForStart` for this seat. */
  waitForStart(timeoutMs?: number, opts?: number | { streamTimeoutMs?: number; maxRetries?: number }) {
    return this.client.waitForStart(this.gameId, this.token, timeoutMs, opts);
  }

  resign() {
    return this.client.resign(this.gameId, this.token);
  }

  leave() {
    return this.client.leaveGame(this.gameId, this.token);
  }

  /** A new token for this seat (the old one stops working). */
  async rotateToken(): Promise<string> {
    const r = await this.client.rotateSeatToken(this.gameId, this.token);
    if (!r.credential) throw new Error("RotateSeatToken returned no credential");
    this.token = r.credential.token;
    return this.token;
  }
}

/** The seat a match gave this player: a `SeatHandle` (so `Bot.play` plays it) that keeps what FindMatch said. */
export class MatchedSeat extends SeatHandle {
  constructor(
    client: SatrapClient,
    readonly found: MatchFound,
  ) {
    if (!found.seat) throw new Error("MatchFound carries no seat");
    super(client, found.gameId, found.seat.token, found.seat.seat);
  }

  /** The game is rated: its end updates the players' ratings. */
  get rated(): boolean {
    return this.found.rated;
  }

  /** Who this seat plays as ("NAME" for a `player` key, "KEY/ID" for a creator key's user). */
  get playerId(): string {
    return this.found.snapshot?.seats[this.seat]?.playerId ?? "";
  }

  /** The other seats of the game as matched. */
  opponents(): SeatInfo[] {
    return (this.found.snapshot?.seats ?? []).filter((s) => s.seat !== this.seat);
  }
}

/** The kind of a feed event: "created", "started", "finished", "aborted" or "deleted". */
export const eventKind = (e: FeedEvent): string => e.event.case ?? "";

/** The Observation.action_mask bit set as 0/1 per action id. */
export function unpackMask(mask: Uint8Array, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (mask[i >> 3] >> (i & 7)) & 1;
  return out;
}
