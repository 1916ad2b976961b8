// How a finished game was decided, in sentences for the end screen: what
// the scores count, the tie-break used (King of Siam's 5–5 tie for first
// broken by the next faction), the ruling faction, what is left in hand.
// It reads what the server says (the Outcome and the game's final view,
// e.g. King of Siam's `scoring`); it never scores a game itself.
import type { GameSnapshot, Outcome } from "../gen/satrap/v1/service_pb";
import type { KingOfSiamView, KingOfSiamView_Scoring as Scoring } from "../gen/satrap/v1/king_of_siam_pb";
import { type Namer, listWords, plural } from "../boards/common";
import { FACTION_NAME } from "../boards/kingOfSiamWords";

/** What the final scores count, where the game says more than the ending
 *  does: King of Siam's ruling faction ("Lao follower"). */
export function scoreUnit(snap: GameSnapshot): string | undefined {
  const v = snap.state.case === "kingOfSiam" ? snap.state.value : undefined;
  return v?.scoring?.ruling && snap.outcome?.ending === "normal" ? `${faction(v.scoring.ruling)} follower` : undefined;
}

/** Sentences saying how `snap`'s finished game was decided. */
export function decidedText(snap: GameSnapshot, name: Namer): string[] {
  const o = snap.outcome;
  if (!o) return [];
  if (o.ending === "timeout" || o.ending === "aborted") return [];
  switch (snap.state.case) {
    case "kingOfSiam": return kingOfSiam(snap.state.value, o, name);
    case "alexandros": return [
      "Points come only from levies; the most points wins, and cards left in hand count for nothing.",
      ...shared(o, name, "point"),
    ];
    case "mingDynasty": return [
      "After the sixth round's scoring the highest score wins; the cards left in hand count for nothing.",
      ...shared(o, name, "point"),
    ];
    case "territories": return territories(o);
    default: return [];
  }
}

/** "Ann and Bob share the victory with 57 points each." */
function shared(o: Outcome, name: Namer, unit: string): string[] {
  if (o.winners.length < 2) return [];
  const score = Number(o.results.find((r) => r.seat === o.winners[0])?.score ?? 0);
  return [`${listWords(o.winners.map(name))} share the victory with ${plural(score, unit)} each: the rules break no tie.`];
}

function territories(o: Outcome): string[] {
  const lines = [
    "Points count only the buildings on the board: a town 1, a fort, barracks, temple or palace 2, the capital 3. Resources and the territory cards left in hand count for nothing.",
  ];
  if (o.ending === "homeless") lines.push("A player with no building on the board at the end of two of their own turns in a row loses, whatever the points.");
  if (o.ending === "turn_limit") lines.push(o.draw ? "At the turn limit the points were equal: a draw." : "At the turn limit the player with more points wins.");
  return lines;
}

const faction = (f: number) => FACTION_NAME[f] ?? "a faction";
const factions = (fs: number[]) => listWords(fs.map(faction));

function kingOfSiam(v: KingOfSiamView, o: Outcome, name: Namer): string[] {
  const s = v.scoring;
  if (!s) return [];
  const lines: string[] = [];
  const teams = v.players === 4;
  const side = (seats: number[]) => (teams ? `the team of ${listWords(seats.map(name))}` : listWords(seats.map(name)));
  if (!s.ruling && s.ranking.length === 0 && o.ending === "normal") {
    return ["No faction held a province, so nobody wins."];
  }
  if (o.ending === "british") {
    lines.push(`The British took their fourth province, so ${teams ? "each team's pooled" : "each player's"} complete sets (one follower of each faction) count.`);
  } else {
    lines.push(rulingText(v, s, teams));
  }
  const unit = o.ending === "british" ? "set" : `${faction(s.ruling)} follower`;
  const key = (seat: number) => s.keys[seat]?.values ?? [];
  const rest = o.results.map((r) => r.seat).filter((seat) => !o.winners.includes(seat));
  const best = rest.sort((a, b) => cmp(key(b), key(a)))[0];
  if (o.draw) {
    lines.push(`The teams were equal on every count: a draw.`);
  } else if (o.winners.length > 1 && !teams) {
    lines.push(`${listWords(o.winners.map(name))} were equal on every count and share the victory.`);
  } else if (s.decidedBy !== undefined && best !== undefined) {
    const w = key(o.winners[0]), r = key(best);
    const by = s.decidedBy;
    if (by === 0) {
      const court = teams && o.ending !== "british" ? " in one court" : "";
      lines.push(`${cap(side(o.winners))} won with ${plural(w[0], unit)}${court}, against ${r[0]}.`);
    } else {
      const tied = `${w[0]}–${r[0]} tie on ${unit}s`;
      const group = s.ranking[by]?.factions ?? [];
      const next = group.length > 1 ? `${factions(group)} followers together` : `${factions(group)} followers`;
      lines.push(`A ${tied} between ${side(o.winners)} and ${teams ? "the other team" : name(best)}, broken by the next faction in the ranking: ${cap(side(o.winners))} had more ${next} (${w[by]} to ${r[by]}).`);
    }
  }
  return lines;
}

/** "Lao rules Siam with 3 provinces (Rama also held 3; Lao's last conquest came later)." */
function rulingText(v: KingOfSiamView, s: Scoring, teams: boolean): string {
  const ruling = v.factions.find((f) => f.faction === s.ruling);
  if (!ruling) return "";
  const level = v.factions.filter((f) => f.faction !== s.ruling && f.provinces === ruling.provinces);
  const why = level.length
    ? ` (${factions(level.map((f) => f.faction))} also held ${ruling.provinces}; ${faction(s.ruling)}'s last conquest came later)`
    : "";
  const counted = teams ? "count, each team by its better court" : "in each court count";
  return `${faction(s.ruling)} rules Siam with ${plural(ruling.provinces, "province")}${why}, so the ${faction(s.ruling)} followers ${counted}.`;
}

function cmp(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
