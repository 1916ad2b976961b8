// King of Siam: the eight provinces with their followers, control markers and
// King markers, the order track, the pool, and each seat's court and hand.
// The board's adjacency comes from the view (ProvinceState.adjacent); only
// the positions on screen are chosen here, after the map of Siam (north at
// the top: Chiang Mai and Nan, Bangkok in the middle, Pattani in the south).
import type { GameSnapshot, LegalAction } from "../gen/satrap/v1/service_pb";
import {
  KingOfSiamCard, KingOfSiamController, KingOfSiamFaction, KingOfSiamProvince, KingOfSiamStep,
  type KingOfSiamView, type KingOfSiamFollowers,
} from "../gen/satrap/v1/king_of_siam_pb";
import { type BoardProps, type GameUI, PALETTE, pickable, titleCase } from "./common";

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
const CARD_LABEL: Record<number, string> = {
  [KingOfSiamCard.RAMA]: "Rama", [KingOfSiamCard.LAO]: "Lao", [KingOfSiamCard.MALAY]: "Malay",
  [KingOfSiamCard.KHON_THAI]: "Khon Thai", [KingOfSiamCard.ONE_VS_ONE]: "1 vs 1",
  [KingOfSiamCard.TWO_VS_ONE]: "2 vs 1", [KingOfSiamCard.KING]: "King",
};

function view(snap: GameSnapshot): KingOfSiamView | undefined {
  return snap.state.case === "kingOfSiam" ? snap.state.value : undefined;
}

function Followers({ x, y, f }: { x: number; y: number; f?: KingOfSiamFollowers }) {
  const counts = [f?.rama ?? 0, f?.lao ?? 0, f?.malay ?? 0];
  const colours = [FACTION_COLOUR[1], FACTION_COLOUR[2], FACTION_COLOUR[3]];
  return (
    <g>
      {counts.map((n, i) => (
        <g key={i}>
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
    <svg viewBox="0 0 560 700" class="board ks" role="img" aria-label="King of Siam board">
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
          <g key={pr.id} {...pickable(p, `prov:${pr.id}`, "province")}>
            <rect x={cx - W / 2} y={cy - H / 2} width={W} height={H} rx={12} fill={fill}
              stroke={pr.province === contested ? "#c08a00" : "#4b5a44"} stroke-width={pr.province === contested ? 4 : 1.5}
              stroke-dasharray={pr.province === contested ? "8 4" : undefined} />
            {home && <rect x={cx - W / 2} y={cy - H / 2} width={8} height={H} rx={3} fill={FACTION_COLOUR[pr.homeOf]} />}
            <text x={cx} y={cy - 18} font-size={pr.name.length > 14 ? 12.5 : 14} text-anchor="middle" font-weight="bold" fill="#222">{pr.name}</text>
            <text x={cx + W / 2 - 6} y={cy + H / 2 - 5} font-size={10} text-anchor="end" fill="#555">box {pr.boxNumber}</text>
            {decided ? (
              <text x={cx} y={cy + 12} font-size={13} text-anchor="middle" fill={pr.controller === KingOfSiamController.BRITISH ? "#fff" : "#222"}>
                {pr.controller === KingOfSiamController.BRITISH ? "British" : titleCase(KingOfSiamController[pr.controller])} control
                {pr.resolvedAt !== undefined ? ` (#${pr.resolvedAt})` : ""}
              </text>
            ) : (
              <Followers x={cx - 30} y={cy + 10} f={pr.followers} />
            )}
            {pr.kingMarker !== undefined && (
              <text x={cx - W / 2 + 14} y={cy + H / 2 - 6} font-size={20} fill={PALETTE[pr.kingMarker]} stroke="#222" stroke-width={0.6}>♚</text>
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
              {b.kingMarker !== undefined && <text x={52} y={14} font-size={13} fill={PALETTE[b.kingMarker]} stroke="#222" stroke-width={0.4}>♚</text>}
            </g>
          );
        })}
      </g>
      <g transform="translate(400,470)">
        <text x={0} y={0} font-size={13} font-weight="bold">Pool</text>
        <Followers x={12} y={20} f={v.pool} />
        <text x={0} y={56} font-size={13}>British provinces: {v.british} / 4</text>
        <text x={0} y={74} font-size={13}>Struggle {v.struggle}, passes {v.passes}</text>
      </g>
    </svg>
  );
}

function Info(p: BoardProps) {
  const v = view(p.snap);
  if (!v) return null;
  const me = p.snap.viewer;
  const cp = v.cardPlay;
  return (
    <div class="info">
      {cp && (
        <p class="card-play">
          Seat {cp.seat} plays <b>{CARD_LABEL[cp.card]}</b>{cp.lastCard ? " (last card)" : ""}: next{" "}
          <b>{titleCase(KingOfSiamStep[cp.nextStep])}</b>
          {cp.stepFaction ? ` (${titleCase(KingOfSiamFaction[cp.stepFaction])})` : ""}
          {cp.choiceNotation.length > 0 && <> — so far <code>{cp.choiceNotation.join(" · ")}</code></>}
        </p>
      )}
      <p>Factions: {v.factions.map((f) => `${titleCase(KingOfSiamFaction[f.faction])} ${f.provinces}`).join(", ")}</p>
      <div class="hands">
        {v.seats.map((s) => (
          <div key={s.seat} class={`hand${s.seat === me ? " own" : ""}`}>
            <b style={{ color: PALETTE[s.seat] }}>Seat {s.seat}{s.team !== undefined ? ` (team ${s.team})` : ""}</b>{" "}
            court R{s.court?.rama ?? 0}/L{s.court?.lao ?? 0}/M{s.court?.malay ?? 0}
            <div class="cards">
              {s.hand.map((c, i) => (
                <span key={i} {...cardProps(p, s.seat === me, c)}>{CARD_LABEL[c]}</span>
              ))}
              {s.played.length > 0 && <span class="played">played: {s.played.map((c) => CARD_LABEL[c]).join(", ")}</span>}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function cardProps(p: BoardProps, own: boolean, c: KingOfSiamCard) {
  const key = `card:${KingOfSiamCard[c]}`;
  return own ? pickable(p, key, "card") : { class: "card" };
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
  return <>court {(c?.rama ?? 0) + (c?.lao ?? 0) + (c?.malay ?? 0)} · {s.hand.length} cards</>;
}

export const kingOfSiam: GameUI = { Board, Info, keysOf, seatLine, seatColour: (_s, seat) => PALETTE[seat] };
