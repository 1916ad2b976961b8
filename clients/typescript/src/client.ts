/**
 * A client of satrap's GameService over any Connect transport (gRPC from
 * Node, gRPC-Web from browsers), with the resume contract built in: `watch`
 * follows a game across dropped streams by resuming at the last version
 * seen + 1 (README, "Following a game").
 */
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type Client, type Transport } from "@connectrpc/connect";
import {
  type Action,
  type ApplyActionResponse,
  type CreateGameResponse,
  type GameSnapshot,
  type GameType,
  type GameUpdate,
  type GetGameResponse,
  type ListLegalActionsResponse,
  ApplyActionRequestSchema,
  CreateGameRequestSchema,
  GameService,
  GameStatus,
  SeatRequestSchema,
} from "./gen/satrap/v1/service_pb.js";

/** A seat of a new game: a program (`bot` empty) or a built-in bot. */
export interface SeatSpec {
  name: string;
  bot?: string;
}

/** One way to name an action: exactly one of the three. */
export type ActionChoice =
  | { actionId: number }
  | { notation: string }
  | { action: Action };

/** Stream errors after which a watcher simply resumes. */
const RESUMABLE = new Set([Code.Unavailable, Code.DeadlineExceeded, Code.Canceled, Code.Unknown]);

export const isFinished = (s: GameSnapshot | undefined): boolean =>
  s?.status === GameStatus.FINISHED;

function auth(token?: string): HeadersInit | undefined {
  return token ? { authorization: `Bearer ${token}` } : undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class SatrapClient {
  readonly rpc: Client<typeof GameService>;

  constructor(transport: Transport, readonly timeoutMs = 10_000) {
    this.rpc = createClient(GameService, transport);
  }

  async gameTypes(): Promise<GameType[]> {
    return (await this.rpc.listGameTypes({}, { timeoutMs: this.timeoutMs })).gameTypes;
  }

  async create(game: string, seats: (SeatSpec | string)[], seed?: bigint): Promise<CreateGameResponse> {
    const req = create(CreateGameRequestSchema, {
      gameType: game,
      seats: seats.map((s) =>
        create(SeatRequestSchema, typeof s === "string" ? { name: s } : { name: s.name, bot: s.bot ?? "" }),
      ),
      seed,
    });
    return this.rpc.createGame(req, { timeoutMs: this.timeoutMs });
  }

  get(gameId: string, token?: string, observation = false): Promise<GetGameResponse> {
    return this.rpc.getGame({ gameId, observation }, { headers: auth(token), timeoutMs: this.timeoutMs });
  }

  legal(gameId: string, token?: string, observation = false): Promise<ListLegalActionsResponse> {
    return this.rpc.listLegalActions(
      { gameId, observation },
      { headers: auth(token), timeoutMs: this.timeoutMs },
    );
  }

  apply(gameId: string, token: string, choice: ActionChoice, expectedVersion?: bigint): Promise<ApplyActionResponse> {
    const move =
      "actionId" in choice
        ? { case: "actionId" as const, value: choice.actionId }
        : "notation" in choice
          ? { case: "notation" as const, value: choice.notation }
          : { case: "action" as const, value: choice.action };
    return this.rpc.applyAction(create(ApplyActionRequestSchema, { gameId, expectedVersion, move }), {
      headers: auth(token),
      timeoutMs: this.timeoutMs,
    });
  }

  /** Play the seat that owns `token`. */
  async join(gameId: string, token: string): Promise<SeatHandle> {
    const snap = (await this.get(gameId, token)).snapshot;
    if (snap?.viewer === undefined) throw new Error("the token does not belong to a seat of this game");
    return new SeatHandle(this, gameId, token, snap.viewer);
  }

  /**
   * Every version from `fromVersion` on, as `token` may see it, until the
   * game is finished. A dropped stream is resumed at the last version seen
   * + 1: nothing is missed or repeated.
   */
  async *watch(
    gameId: string,
    token?: string,
    fromVersion = 0n,
    opts: { streamTimeoutMs?: number; maxRetries?: number } = {},
  ): AsyncGenerator<GameUpdate> {
    let next = fromVersion;
    let failures = 0;
    for (;;) {
      try {
        const stream = this.rpc.watchGame(
          { gameId, fromVersion: next },
          { headers: auth(token), timeoutMs: opts.streamTimeoutMs },
        );
        for await (const update of stream) {
          failures = 0;
          next = update.version + 1n;
          yield update;
          if (isFinished(update.snapshot)) return;
        }
      } catch (e) {
        const err = ConnectError.from(e);
        if (!RESUMABLE.has(err.code) || ++failures > (opts.maxRetries ?? 50)) throw err;
        await sleep(Math.min(2000, 50 * 2 ** Math.min(failures, 6)) * (0.5 + Math.random()));
      }
    }
  }
}

/** A seat of a game this program plays. */
export class SeatHandle {
  constructor(
    readonly client: SatrapClient,
    readonly gameId: string,
    readonly token: string,
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

  apply(choice: ActionChoice, expectedVersion?: bigint) {
    return this.client.apply(this.gameId, this.token, choice, expectedVersion);
  }

  watch(fromVersion = 0n, opts?: { streamTimeoutMs?: number }) {
    return this.client.watch(this.gameId, this.token, fromVersion, opts);
  }
}

/** The Observation.action_mask bit set as 0/1 per action id. */
export function unpackMask(mask: Uint8Array, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (mask[i >> 3] >> (i & 7)) & 1;
  return out;
}
