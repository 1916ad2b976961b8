// King of Siam: the eight provinces with their followers, control markers and
// King markers, the order track, the pool, and each seat's court and hand.
// The board's adjacency comes from the view (ProvinceState.adjacent); only
// the positions on screen are chosen here, after the map of Siam (north at
// the top: Chiang Mai and Nan, Bangkok in the middle, Pattani in the south).
import type { GameSnapshot, LegalAction } from "../gen/satrap/v1/service_pb";
import {
  KingOfSiamCard, KingOfSiamController, KingOfSiamFaction, KingOfSiamProvince,
  type KingOfSiamView, type KingOfSiamFollowers,
} from "../gen/satrap/v1/king_of_siam_pb";
import { type BoardProps, type GameUI, Key, PALETTE, pickable, plural } from "./common";
import { CARD_HELP, CARD_NAME, FACTION_NAME, kingOfSiamWords } from "./kingOfSiamWords";

const POS: Record<string, [number, number]> = {
  CHIANG_MAI: [110, 70], NAN: [330, 60], SUKOTHAI: [180, 180], KORAT: [400, 200],
  BANGKOK: [215, 300], CHANTHABURI: [420, 330], NAKHON: [150, 420], PATTANI: [300, 510],
};
const W = 168, H = 74;

const FACTION_COLOUR: Record<number, string> = {
  [KingOfSiamFaction.RAMA]: "#e8c228", [KingOfSiamFaction.LAO]: "#d23a2a", [KingOfSiamFaction.MALAY]: "#2d6cc0",
};
const CONTROL_FILL: Record<number, string> = {
  [KingOfSiamController.RAMA]: "#f6e7a6", [KingOfSiamController.LAO]: "#f3b7ae",
  [KingOfSiamController.MALAY]: "#b4cdf0", [KingOfSiamController.BRITISH]: "#8a8f98",
};

function view(snap: GameSnapshot): KingOfSiamView | undefined {
  return snap.state.case === "kingOfSiam" ? snap.state.value : undefined;
}

function Followers({ x, y, f, where }: { x: number; y: number; f?: KingOfSiamFollowers; where: string }) {
  const counts = [f?.rama ?? 0, f?.lao ?? 0, f?.malay ?? 0];
  const colours = [FACTION_COLOUR[1], FACTION_COLOUR[2], FACTION_COLOUR[3]];
  return (
    <g>
      {counts.map((n, i) => (
        <g key={i}>
          <title>{`${plural(n, `${FACTION_NAME[i + 1]} follower`)} ${where}`}</title>
          <circle cx={x + i * 30} cy={y} r={11} fill={colours[i]} stroke="#222" stroke-width={0.8} opacity={n ? 1 : 0.35} />
          <text x={x + i * 30} y={y + 4.5} font-size={13} text-anchor="middle" font-weight="bold" fill={i === 0 ? "#222" : "#fff"}>{n}</text>
        </g>
      ))}
    </g>
  );
}

function Board(p: BoardProps) {
  const v = view(p.snap);
  if (!v) return null;
  const byId = new Map(v.provinces.map((pr) => [pr.province, pr]));
  const contested = v.contested;
  const lines: [number, number][] = [];
  for (const pr of v.provinces) for (const a of pr.adjacent) if (pr.province < a) lines.push([pr.province, a]);
  return (
    <svg viewBox="0 0 560 700" class="board ks" role="group" aria-label="King of Siam board">
      <rect x={0} y={0} width={560} height={700} fill="#eaf3e4" />
      {lines.map(([a, b]) => {
        const pa = POS[KingOfSiamProvince[a]], pb = POS[KingOfSiamProvince[b]];
        return <line key={`${a}-${b}`} x1={pa[0]} y1={pa[1]} x2={pb[0]} y2={pb[1]} stroke="#8aa57c" stroke-width={6} stroke-linecap="round" />;
      })}
      {v.provinces.map((pr) => {
        const [cx, cy] = POS[pr.id] ?? [0, 0];
        const decided = pr.controller !== KingOfSiamController.UNSPECIFIED;
        const fill = decided ? CONTROL_FILL[pr.controller] : "#fffdf5";
        const home = pr.homeOf !== KingOfSiamFaction.UNSPECIFIED;
        return (
          <g key={pr.id} {...pickable(p, `prov:${pr.id}`, "province", pr.name)}>
            <title>{`${pr.name}${home ? `, home of the ${FACTION_NAME[pr.homeOf]}` : ""}; its tile is in box ${pr.boxNumber} of the order track`}</title>
            <rect x={cx - W / 2} y={cy - H / 2} width={W} height={H} rx={12} fill={fill}
              stroke={pr.province === contested ? "#c08a00" : "#4b5a44"} stroke-width={pr.province === contested ? 4 : 1.5}
              stroke-dasharray={pr.province === contested ? "8 4" : undefined} />
            {home && <rect x={cx - W / 2} y={cy - H / 2} width={8} height={H} rx={3} fill={FACTION_COLOUR[pr.homeOf]} />}
            <text x={cx} y={cy - 18} font-size={pr.name.length > 14 ? 12.5 : 14} text-anchor="middle" font-weight="bold" fill="#222">{pr.name}</text>
            <text x={cx + W / 2 - 6} y={cy + H / 2 - 5} font-size={10} text-anchor="end" fill="#555">box {pr.boxNumber}</text>
            {decided ? (
              <text x={cx} y={cy + 12} font-size={13} text-anchor="middle" fill={pr.controller === KingOfSiamController.BRITISH ? "#fff" : "#222"}>
                {pr.controller === KingOfSiamController.BRITISH ? "British" : FACTION_NAME[pr.controller]} control
                {pr.resolvedAt !== undefined ? ` (${ordinal(pr.resolvedAt)})` : ""}
              </text>
            ) : (
              <Followers x={cx - 30} y={cy + 10} f={pr.followers} where={`in ${pr.name}`} />
            )}
            {pr.kingMarker !== undefined && (
              <text x={cx - W / 2 + 14} y={cy + H / 2 - 6} font-size={20} fill={PALETTE[pr.kingMarker]} stroke="#222" stroke-width={0.6}><title>{`${name(p.snap, pr.kingMarker)}'s King marker`}</title>♚</text>
            )}
            {pr.province === contested && <text x={cx} y={cy + H / 2 + 14} font-size={11} text-anchor="middle" fill="#8a6300" font-weight="bold">contested</text>}
          </g>
        );
      })}
      <g transform="translate(10,590)">
        <text x={0} y={0} font-size={13} font-weight="bold">Order track</text>
        {v.track.map((b, i) => {
          const pr = byId.get(b.province);
          const fill = b.faceUp ? "#fffdf5" : (pr ? CONTROL_FILL[pr.controller] ?? "#ccc" : "#ccc");
          return (
            <g key={i} transform={`translate(${i * 67},8)`}>
              <rect width={63} height={58} rx={6} fill={fill} stroke={b.province === contested ? "#c08a00" : "#555"} stroke-width={b.province === contested ? 3 : 1} />
              <text x={31} y={14} font-size={11} text-anchor="middle" fill="#555">{b.number}</text>
              <text x={31} y={32} font-size={(pr?.name ?? "").split(" ")[0].length > 9 ? 8.5 : 10} text-anchor="middle" font-weight="bold">{(pr?.name ?? "").split(" ")[0]}</text>
              <text x={31} y={48} font-size={9} text-anchor="middle" fill="#444">{b.faceUp ? "undecided" : "decided"}</text>
              <title>{`Box ${b.number}: ${pr?.name ?? ""}, ${b.faceUp ? "still to be decided" : "decided"}`}</title>
              {b.kingMarker !== undefined && <text x={52} y={14} font-size={13} fill={PALETTE[b.kingMarker]} stroke="#222" stroke-width={0.4}>♚</text>}
            </g>
          );
        })}
      </g>
      <g transform="translate(400,470)">
        <text x={0} y={0} font-size={13} font-weight="bold">Pool</text>
        <Followers x={12} y={20} f={v.pool} where="in the pool" />
        <text x={0} y={56} font-size={13}>British provinces: {v.british} / 4</text>
        <text x={0} y={74} font-size={13}>Passes in a row: {v.passes} of {v.players}</text>
      </g>
    </svg>
  );
}

const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;
const name = (snap: GameSnapshot, seat: number) => snap.seats[seat]?.name ?? "a player";

function court(c: KingOfSiamFollowers | undefined) {
  return (
    <span class="court" title="Followers in the court: Rama, Lao, Malay">
      {[c?.rama ?? 0, c?.lao ?? 0, c?.malay ?? 0].map((n, i) => (
        <span key={i} class="pip" style={{ background: FACTION_COLOUR[i + 1], color: i === 0 ? "#222" : "#fff" }} aria-label={`${n} ${FACTION_NAME[i + 1]}`}>{n}</span>
      ))}
    </span>
  );
}

function Hand(p: BoardProps) {
  const v = view(p.snap);
  const me = p.snap.viewer;
  const s = me !== undefined ? v?.seats[me] : undefined;
  if (!v || !s) return null;
  return (
    <div class="hand own">
      <b>Your cards</b> · court {court(s.court)}
      <div class="cards">
        {s.hand.map((c, i) => <span key={i} {...cardProps(p, true, c)} title={CARD_HELP[c]}>{CARD_NAME[c]}</span>)}
        {!s.hand.length && <span class="played">no cards left</span>}
      </div>
    </div>
  );
}

function Info(p: BoardProps) {
  const v = view(p.snap);
  if (!v) return null;
  const cp = v.cardPlay;
  return (
    <div class="info">
      {cp && <p class="card-play">{name(p.snap, cp.seat)} is playing the <b>{CARD_NAME[cp.card]}</b> card{cp.lastCard ? " (their last card)" : ""}.</p>}
      <p>Provinces controlled: {v.factions.map((f) => `${FACTION_NAME[f.faction]} ${f.provinces}`).join(", ")}, British {v.british}.</p>
      <div class="hands">
        {v.seats.map((s) => (
          <div key={s.seat} class="hand">
            <b style={{ color: PALETTE[s.seat] }}>{name(p.snap, s.seat)}</b>{s.team !== undefined ? ` (team ${s.team + 1})` : ""} · court {court(s.court)}
            <div class="cards">
              {s.hand.map((c, i) => <span key={i} class="card" title={CARD_HELP[c]}>{CARD_NAME[c]}</span>)}
              {s.played.length > 0 && <span class="played">played: {s.played.map((c) => CARD_NAME[c]).join(", ")}</span>}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function Legend() {
  return (
    <ul class="legend-list">
      {[1, 2, 3].map((f) => (
        <Key key={f} label={`${FACTION_NAME[f]} followers (${["yellow", "red", "blue"][f - 1]} discs); the number is how many`}>
          <circle cx={12} cy={12} r={9} fill={FACTION_COLOUR[f]} stroke="#222" />
        </Key>
      ))}
      <Key label="A faction's home province (the stripe's colour)"><rect x={2} y={4} width={20} height={16} rx={3} fill="#fffdf5" stroke="#4b5a44" /><rect x={2} y={4} width={5} height={16} fill={FACTION_COLOUR[1]} /></Key>
      <Key label="The contested province: the next one to be decided"><rect x={2} y={4} width={20} height={16} rx={3} fill="#fffdf5" stroke="#c08a00" stroke-width={2.5} stroke-dasharray="4 2" /></Key>
      <Key label="A decided province, tinted in its controller's colour (grey: British)"><rect x={2} y={4} width={20} height={16} rx={3} fill={CONTROL_FILL[2]} stroke="#4b5a44" /></Key>
      <Key label="A player's King marker, in the player's colour (purple, teal, magenta, brown)"><text x={3} y={20} font-size={20} fill={PALETTE[0]} stroke="#222" stroke-width={0.6}>♚</text></Key>
      <Key label="Highlighted: you can click it now"><rect x={2} y={4} width={20} height={16} rx={3} fill="#fff" stroke="#e0a800" stroke-width={3} /></Key>
    </ul>
  );
}

function cardProps(p: BoardProps, own: boolean, c: KingOfSiamCard) {
  const key = `card:${KingOfSiamCard[c]}`;
  return own ? pickable(p, key, "card", CARD_NAME[c]) : { class: "card" };
}

function keysOf(a: LegalAction): string[] {
  if (a.action?.game.case !== "kingOfSiam") return [];
  const k = a.action.game.value.kind;
  const prov = (x: KingOfSiamProvince) => `prov:${KingOfSiamProvince[x]}`;
  switch (k.case) {
    case "play": return [`card:${KingOfSiamCard[k.value.card]}`];
    case "place": return [prov(k.value.province)];
    case "exchange1v1": return [prov(k.value.provinceA), prov(k.value.provinceB)];
    case "exchange2v1": return [prov(k.value.twoSide), prov(k.value.oneSide)];
    case "king": return [prov(k.value.tileLow), prov(k.value.tileHigh)];
    case "take": return [prov(k.value.province)];
    default: return [];
  }
}

function seatLine(snap: GameSnapshot, seat: number) {
  const s = view(snap)?.seats[seat];
  if (!s) return null;
  const c = s.court;
  return <>{plural((c?.rama ?? 0) + (c?.lao ?? 0) + (c?.malay ?? 0), "follower")} in court · {plural(s.hand.length, "card")}</>;
}

export const kingOfSiam: GameUI = { Board, Info, Hand, Legend, keysOf, seatLine, seatColour: (_s, seat) => PALETTE[seat], words: kingOfSiamWords };
