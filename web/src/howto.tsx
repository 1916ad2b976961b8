// How to play: one short page per game (the goal, a turn, scoring, the
// end, every word the board shows), illustrated with the board's own
// pieces, and the players' rules one click further. A game without a page written here yet gets the server's
// description and its board's key.
import { Fragment, type ComponentChildren } from "preact";
import { create, fromJson, type JsonValue } from "@bufbuild/protobuf";
import { GameSnapshotSchema, type GameSnapshot } from "./gen/satrap/v1/service_pb";
import kingOfSiamSample from "./howto/king_of_siam.json";
import alexandrosSample from "./howto/alexandros.json";
import mingDynastySample from "./howto/ming_dynasty.json";
import territoriesSample from "./howto/territories.json";
import { UIS, LEADERBOARD } from "./games";
import { playersText, rulesPage, useGameTypes } from "./gameTypes";
import { link } from "./router";

/** `terms`: every word the board and the log show that needs explaining. */
interface HowTo {
  players: string; goal: ComponentChildren; turn: ComponentChildren; scoring: ComponentChildren; end: ComponentChildren; picture: string;
  terms: [string, ComponentChildren][];
}

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
    terms: [
      ["Box 1 to 8", "The order track: the province tiles lie in boxes 1 to 8, and provinces are decided in that order. \"Box 3\" on a province means it is decided third, unless a King card swaps it."],
      ["Contested", "The undecided province in the lowest box: the one being fought over now. It is decided when every player has passed in a row."],
      ["Court", "Your followers, taken one after every card you play. They never leave it."],
      ["Pool", "Followers on no province and in no court. Cards put new followers on the board only from the pool."],
      ["Home province", "Each faction's own province: its cards can place followers next to it while it is undecided."],
      ["British", "A province whose top count is tied (or empty) goes to the British. Four British provinces end the game at once."],
      ["Complete set", "One Rama, one Lao and one Malay follower in a court: what counts when the British end the game."],
      ["Ruling faction", "The faction with the most provinces at the normal end (on a tie, the one whose last conquest came later). Its followers decide the winner; a tie is broken by the next faction's followers."],
      ["King marker", "Put on a tile with your King card; a tile with a King marker cannot be moved again."],
      ["Passes", "How many players passed in a row in this struggle: when it reaches the number of players, the contested province is decided."],
    ],
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
    terms: [
      ["Province", "A group of spaces that no wall or coast separates. Closed-off provinces are outlined; an occupied one is tinted in its owner's colour, a dashed outline is nobody's yet."],
      ["Guard and supply", "Each player has four guards: those not on the map are in the supply."],
      ["Tax", "What a levy would pay a player now: the open spaces of every province where they have exactly one guard. A levy pays every player at once."],
      ["Black and red walls", "65 black walls; when they run out during a move, the rest of that move gets red walls and it is the final turn."],
      ["Turn and the end", "The page counts turns and the black walls left: the game ends at 100 points or when the black walls run out."],
      ["Face-up cards and draw pile", "Take a face-up card to move Alexander; take one or the top of the draw pile as an action. Spent cards go to the discard pile, which is shuffled into a new draw pile when it runs out."],
      ["Joker", "A face-up card whose symbol has no free space left: take it and move Alexander to any symbol that still has one."],
      ["Take over", "Occupy an opponent's province by paying two matching cards for each of their guards, then occupying it; with 3 or 4 players they get half the cards."],
    ],
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
    terms: [
      ["28, 24 or 20", "A set of tiles in all six province colours, scored as soon as you complete it: 28 points in round 2's scoring, 24 in round 4's, 20 in round 6's."],
      ["Province space", "The six spaces below the map where your family members wait. You deploy from a province's space only into its own districts, and you need a piece on a space to take its displayed card."],
      ["District, open area and cloister", "Each province has three districts. Family members deployed go to the open area, where elections count them; one may go into the cloister, which scores 4 points at every scoring but never counts in elections."],
      ["City and tiles", "Election winners move into the province's city and take a tile of its colour each."],
      ["Return cards", "Your cards 0, 1, 2 and 3: at each city you secretly pick some; their sum is how many of your pieces go back to their districts. Pieces left in the city score 4 (round 2), 3 (round 4) or nothing (round 6) and leave the game."],
      ["Dragon", "A card that pays for any border. Taking one sends one of your waiting family members out of the game."],
      ["Out of the game", "Pieces spent for Dragons or scored in a city never come back."],
      ["Neutral family", "In the 2-player game: grey pieces both players place into districts; they compete in elections and never score."],
    ],
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
    terms: [
      ["Territory card", "A card of the grid: its number says when it produces, its suit which resource. Cards in your hand are territory cards too."],
      ["Cards in hand", "Territory cards you drew (on a 7, from your Capital, or from the bank). Swap and Expand play them onto the grid. They count towards the 7-card limit on a 7, and count for nothing at the end."],
      ["Price die", "Swap and Expand cost one die: after you name the card and the place, the die is rolled and you pay that many resources of your choice. If you hold fewer, you lose all your resources and nothing happens."],
      ["Opposed dice", "Destroy and Convert: you pay one of each suit, then you and your opponent roll one die each. You succeed only with the higher number; ties go to the defender."],
      ["Bank", "The resources not in anyone's hand. When it cannot pay both players a suit after a roll, neither gets that suit."],
      ["Went first", "The opening roll decides who takes the first turn."],
      ["No building", "A player who ends two of their own turns in a row with no building on the board loses."],
    ],
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
        {page && (
          <section class="howto-terms">
            <h2>Words on the board</h2>
            <dl>{page.terms.map(([t, d]) => <Fragment key={t}><dt>{t}</dt><dd>{d}</dd></Fragment>)}</dl>
          </section>
        )}
        <section>
          <h2>Playing here</h2>
          <p>When it is your turn the action bar beside the board says what to do. Click a highlighted place on the board or a button; a move that needs several choices asks for them one after the other, and "Start over" takes them back. Every event is written in the log.</p>
        </section>
      </div>
      {rules && <p class="full-rules">The whole game in a few minutes' reading: <a href={rules} onClick={link}>the full rules</a> (they link the complete specification).</p>}
    </main>
  );
}
