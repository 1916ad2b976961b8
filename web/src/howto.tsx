// How to play: one short page per game (the goal, a turn, scoring, the
// end), illustrated with the board's own pieces, and the full rules one
// click further. A game without a page written here yet gets the server's
// description and its board's key.
import type { ComponentChildren } from "preact";
import { create, fromJson, type JsonValue } from "@bufbuild/protobuf";
import { GameSnapshotSchema, type GameSnapshot } from "./gen/satrap/v1/service_pb";
import kingOfSiamSample from "./howto/king_of_siam.json";
import alexandrosSample from "./howto/alexandros.json";
import mingDynastySample from "./howto/ming_dynasty.json";
import territoriesSample from "./howto/territories.json";
import { UIS, LEADERBOARD } from "./games";
import { playersText, rulesPage, useGameTypes } from "./gameTypes";
import { link } from "./router";

interface HowTo { players: string; goal: ComponentChildren; turn: ComponentChildren; scoring: ComponentChildren; end: ComponentChildren; picture: string }

// A position from a real game of bots (scripts/howto-samples.mjs), drawn by
// the game's own board as the page's picture.
const SAMPLES: Record<string, unknown> = {
  king_of_siam: kingOfSiamSample, alexandros: alexandrosSample, ming_dynasty: mingDynastySample, territories: territoriesSample,
};
function sample(gameType: string): GameSnapshot | undefined {
  try {
    return fromJson(GameSnapshotSchema, SAMPLES[gameType] as JsonValue, { ignoreUnknownFields: true });
  } catch {
    return undefined;
  }
}

const PAGES: Record<string, HowTo> = {
  king_of_siam: {
    players: "2 to 4 players (4 play in two teams) · about 20 minutes",
    goal: <>Siam's eight provinces are decided one at a time. Three factions fight for them: <b>Rama</b> (yellow), <b>Lao</b> (red) and <b>Malay</b> (blue). You own no faction: you collect followers of the factions in your <b>court</b>, and win by backing the right one.</>,
    turn: (
      <ol>
        <li>Play one of your eight cards, or pass. Each card can be played once in the whole game.</li>
        <li>Faction cards put two followers into a province; Khon Thai puts one of each; 1 vs 1 and 2 vs 1 swap followers between neighbours; King changes the order in which provinces are decided.</li>
        <li>After every card you take one follower from any province into your court.</li>
        <li>When every player passes in a row, the <b>contested</b> province (dashed outline) goes to the faction with the most followers there. A tie gives it to the <b>British</b>.</li>
      </ol>
    ),
    scoring: <>If the British take a fourth province, the game ends at once and the player with the most <b>complete sets</b> (one Rama, one Lao, one Malay) in their court wins. Otherwise the faction with the most provinces rules Siam, and the player with the most followers of that faction wins.</>,
    end: <>After all eight provinces are decided, or at once when the British hold four.</>,
    picture: "A game in progress: decided provinces are tinted in their faction's colour (grey for the British); the dashed one is contested now; the discs count each faction's followers. The order track below shows the order in which provinces are decided.",
  },
  alexandros: {
    players: "2 to 4 players · about 30 minutes",
    goal: <>Alexander marches across the map and leaves <b>walls</b> behind him. The walls close off <b>provinces</b>; you occupy them with your guards and levy taxes. The player with the most points wins.</>,
    turn: (
      <ol>
        <li><b>Move Alexander</b>: take one of the two face-up cards (or discard a card from your hand); Alexander walks towards the nearest space with that card's symbol, building a wall on every side he walks.</li>
        <li>Then up to <b>two actions</b>: take a card, <b>occupy</b> a province (a guard or a matching card for each symbol space in it), take over an opponent's province, <b>levy taxes</b> (once a turn), or take a guard back.</li>
      </ol>
    ),
    scoring: <>A levy pays every player: each province where a player has exactly one guard scores its open spaces. Only levies give points.</>,
    end: <>At once when a levy brings someone to 100 points, or after the turn in which the black walls run out.</>,
    picture: "A game in progress: Alexander's walls have closed off provinces; tinted provinces are occupied, the figures are guards. Below: the two face-up cards and the draw pile.",
  },
  ming_dynasty: {
    players: "2 to 4 players (2 players add a neutral family) · about 60 minutes",
    goal: <>You are a prince of the Ming court. Travel through six provinces, place your family in their districts, win the elections that move them into the cities, and collect <b>province tiles</b>: sets of all colours are worth the most. Six rounds; the most points wins.</>,
    turn: (
      <ol>
        <li><b>Phase 1</b>: put five family members, one at a time, on the province spaces below the map.</li>
        <li><b>Phase 2</b>: take cards, one at a time: a displayed Horse, Rickshaw or Junk card (you need a family member on that province's space) or a Dragon (one of your waiting family members leaves the game).</li>
        <li><b>Phase 3</b>: travel with your prince, paying the route's card (or a Dragon) for every border, or stay; then <b>deploy</b> up to three family members from that province's space into the district, one of them into its cloister if you like.</li>
      </ol>
    ),
    scoring: <>After rounds 2, 4 and 6 every district holds an election: the strongest families move into the city and take a tile of the province's colour. A set of six colours scores 28, 24 or 20; pieces left in a city and pieces in cloisters score too; after round 6 sets of five colours score 10.</>,
    end: <>After the scoring of round 6.</>,
    picture: "The six provinces with three districts each; squares are family members (the number says how many), crowns are princes, the small houses are cloisters. Below: the province spaces where family members wait, and the cards on display.",
  },
  territories: {
    players: "2 players · about 30 minutes",
    goal: <>Build on a map of playing cards. Every card is a territory with a number and a resource (its suit). Buildings on its corners produce that resource when its number is rolled. The first player to <b>15 points</b> wins.</>,
    turn: (
      <ol>
        <li><b>Roll the dice.</b> Every building on a corner of a card with that number produces its resource. A 7 produces nothing: large hands must discard, and the roller draws a territory card.</li>
        <li><b>Build</b>: a Town costs one of each resource; upgrade a Town into a Fort, Barracks, Temple or Palace with four of one resource; crown one of those as your Capital.</li>
        <li><b>Trade</b> four of a kind with the bank, or offer your opponent a trade; use your buildings' abilities (Swap, Destroy, Convert, Expand); then end your turn.</li>
      </ol>
    ),
    scoring: <>Points are on the board: a Town is worth 1, a Fort, Barracks, Temple or Palace 2, the Capital 3.</>,
    end: <>At once when a player reaches 15 points. A player who ends two of their own turns in a row without any building loses.</>,
    picture: "A game after the opening: the territories, and the players' first Towns (white and black pawns) on their corners.",
  },
};

export function HowToPage({ gameType }: { gameType: string }) {
  const { types, error } = useGameTypes();
  const type = types?.find((t) => t.id === gameType);
  const page = PAGES[gameType];
  const ui = UIS[gameType];
  const back = <p><a href="/" onClick={link}>Back to the lobby</a></p>;
  if (error) return <main class="page"><p class="error" role="alert">{error}</p>{back}</main>;
  if (!types) return <main class="page"><p role="status">Loading…</p></main>;
  if (!type || !ui) return <main class="page"><p class="error" role="alert">No such game.</p>{back}</main>;
  const rules = rulesPage(type);
  const empty = create(GameSnapshotSchema, { gameType });
  const pic = sample(gameType);
  return (
    <main class="page howto" data-game-type={gameType}>
      <p class="crumbs"><a href="/" onClick={link}>← Lobby</a> · <a href={LEADERBOARD(gameType)} onClick={link} class="leaderboard-link">{type.name} leaderboard</a></p>
      <h1>How to play {type.name}</h1>
      <p class="players">{page?.players ?? playersText(type)}</p>
      <div class="howto-grid">
        {pic && (
          <figure class="howto-picture">
            <ui.Board snap={pic} clickable={new Set()} picked={[]} onPick={() => {}} />
            {page && <figcaption>{page.picture}</figcaption>}
          </figure>
        )}
        {page ? (
          <>
            <section><h2>The goal</h2><p>{page.goal}</p></section>
            <section><h2>A turn</h2>{page.turn}</section>
            <section><h2>Scoring</h2><p>{page.scoring}</p></section>
            <section><h2>The end</h2><p>{page.end}</p></section>
          </>
        ) : <section><h2>The game</h2><p>{type.description}</p></section>}
        <section class="howto-key"><h2>On the board</h2><ui.Legend snap={empty} /></section>
        <section>
          <h2>Playing here</h2>
          <p>When it is your turn the action bar beside the board says what to do. Click a highlighted place on the board or a button; a move that needs several choices asks for them one after the other, and "Start over" takes them back. Every event is written in the log.</p>
        </section>
      </div>
      {rules && <p class="full-rules">Every detail: <a href={rules} onClick={link}>the full rules</a>.</p>}
    </main>
  );
}
