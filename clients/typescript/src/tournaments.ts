/**
 * Tournaments: a method for every TournamentService call
 * (`client.tournaments.createTournament`, …), and `playTournament`, a loop
 * that enters a tournament and plays each of its games with a `Bot`.
 *
 * A player follows its tournament (WatchTournament); when a table of its
 * entrant shows a game, it takes its seat (TakeTournamentSeat) and plays it
 * as any game. Every tournament game has a clock: a seat never taken
 * forfeits on time, so a bot that stops only loses its own games
 * (docs/api.md, "Tournaments").
 */
import { createClient, type Client, type Transport } from "@connectrpc/connect";
import type { MessageInitShape } from "@bufbuild/protobuf";
import {
  TournamentService,
  TournamentStatus,
  type ListTournamentsRequestSchema,
  type ListTournamentsResponse,
  type Tournament,
  type TournamentEntrant,
  type TournamentSettingsSchema,
  type TournamentUpdate,
} from "./gen/satrap/v1/tournament_pb.js";
import type { SeatCredential } from "./gen/satrap/v1/service_pb.js";
import { RESUMABLE, type CallOpts, type SatrapClient } from "./client.js";
import { SatrapError, hasCode } from "./errors.js";
import type { Bot } from "./bot.js";

/** The TournamentService calls, one method each (`SatrapClient.tournaments`). */
export class TournamentCalls {
  readonly rpc: Client<typeof TournamentService>;

  constructor(
    readonly client: SatrapClient,
    transport: Transport,
  ) {
    this.rpc = createClient(TournamentService, transport);
  }

  /** A new tournament taking entries until `settings.startAtMs` (a `creator` or `admin` key). */
  async createTournament(settings: MessageInitShape<typeof TournamentSettingsSchema>, o?: CallOpts): Promise<Tournament> {
    const r = await this.client.call(this.rpc.createTournament({ settings }, this.client.opts(undefined, o)));
    return r.tournament!;
  }

  /** Enter: a `player` key itself (no `playerId`), a creator key's user, or a built-in level (`bot:NAME`). */
  async joinTournament(tournamentId: string, playerId = "", partnerId = "", o?: CallOpts): Promise<TournamentEntrant> {
    const r = await this.client.call(this.rpc.joinTournament({ tournamentId, playerId, partnerId }, this.client.opts(undefined, o)));
    return r.entrant!;
  }

  /** Leave before the start, or withdraw after it (later games forfeited). */
  async leaveTournament(tournamentId: string, playerId = "", o?: CallOpts): Promise<TournamentEntrant> {
    const r = await this.client.call(this.rpc.leaveTournament({ tournamentId, playerId }, this.client.opts(undefined, o)));
    return r.entrant!;
  }

  /** Entrants, rounds, tables with their games, standings. */
  async getTournament(tournamentId: string, o?: CallOpts): Promise<Tournament> {
    const r = await this.client.call(this.rpc.getTournament({ tournamentId }, this.client.opts(undefined, o)));
    return r.tournament!;
  }

  /** One page of tournaments, newest first. */
  listTournaments(filter: MessageInitShape<typeof ListTournamentsRequestSchema> = {}, o?: CallOpts): Promise<ListTournamentsResponse> {
    return this.client.call(this.rpc.listTournaments(filter, this.client.opts(undefined, o)));
  }

  /** A new token for the seat this player's entrant holds in `gameId`. */
  async takeTournamentSeat(tournamentId: string, gameId: string, playerId = "", o?: CallOpts): Promise<SeatCredential> {
    const r = await this.client.call(this.rpc.takeTournamentSeat({ tournamentId, gameId, playerId }, this.client.opts(undefined, o)));
    return r.seat!;
  }

  /** One WatchTournament stream: the tournament now (if newer than `afterVersion`), then after every change. */
  async *watchTournamentStream(tournamentId: string, afterVersion = 0n, o?: CallOpts): AsyncGenerator<TournamentUpdate> {
    try {
      yield* this.rpc.watchTournament({ tournamentId, afterVersion }, this.client.opts(undefined, o, true));
    } catch (e) {
      throw SatrapError.from(e);
    }
  }
}

/** The entrant `playerId` plays for (not withdrawn), if any. */
export function myEntrant(t: Tournament, playerId: string): number | undefined {
  return t.entrants.find((e) => !e.withdrawn && e.playerIds.includes(playerId))?.entrant;
}

/** The games of `entrant`'s tables not yet decided, in round order. */
export function openGames(t: Tournament, entrant: number): string[] {
  return t.rounds.flatMap((r) => r.tables.filter((x) => x.entrants.includes(entrant) && x.gameId && x.places.length === 0).map((x) => x.gameId));
}

const OVER = [TournamentStatus.FINISHED, TournamentStatus.CANCELLED];

/**
 * Enter tournament `tournamentId` (unless `join` is false: already entered,
 * and `playerId` is the id as the tournament lists it) and play each of its
 * games with `bot` until it is over; resolves to the final tournament.
 * `playerId`: a creator key's user (empty for a `player` key, which plays
 * as itself). `timeoutMs`: for the whole tournament (default none).
 */
export async function playTournament(
  client: SatrapClient,
  tournamentId: string,
  bot: Bot,
  opts: { playerId?: string; join?: boolean; timeoutMs?: number } = {},
): Promise<Tournament> {
  const calls = client.tournaments;
  const deadline = opts.timeoutMs === undefined ? undefined : Date.now() + opts.timeoutMs;
  let me = opts.playerId ?? "";
  if (opts.join ?? true) me = (await calls.joinTournament(tournamentId, opts.playerId ?? "")).playerIds[0] ?? "";
  if (!me) throw new Error("playerId: name the player this bot plays (join: false)");
  const played = new Set<string>();
  for (;;) {
    const t = await calls.getTournament(tournamentId);
    if (OVER.includes(t.status)) return t;
    const entrant = myEntrant(t, me);
    const todo = entrant === undefined ? [] : openGames(t, entrant).filter((g) => !played.has(g));
    for (const gameId of todo) {
      const seat = await calls.takeTournamentSeat(tournamentId, gameId, opts.playerId ?? "");
      await bot.play(await client.seat(gameId, seat.token));
      played.add(gameId);
    }
    if (todo.length > 0) continue;
    // Nothing to play now: wait for the tournament's next change.
    const left = deadline === undefined ? undefined : deadline - Date.now();
    if (left !== undefined && left <= 0) throw new Error(`tournament ${tournamentId} did not end in time`);
    try {
      for await (const _ of calls.watchTournamentStream(tournamentId, t.version, { timeoutMs: left })) break;
    } catch (e) {
      if (!hasCode(e, ...RESUMABLE)) throw e;
    }
  }
}
