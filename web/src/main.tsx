import { render } from "preact";
import { Lobby } from "./lobby";
import { GamePage } from "./game";
import { ReplayPage } from "./replay";
import { HowToPage } from "./howto";
import { RulesPage } from "./rules";
import { PlayersRulesPage, playersRules } from "./playersRules";
import { LeaderboardPage } from "./leaderboard";
import { TournamentPage } from "./tournaments";
import { useLocation } from "./router";
import "./style.css";

function App() {
  const loc = useLocation();
  const path = loc.split("#")[0];
  const replay = /^\/game\/([^/]+)\/replay$/.exec(path);
  if (replay) return <ReplayPage gameId={decodeURIComponent(replay[1])} />;
  const game = /^\/game\/([^/]+)$/.exec(path);
  if (game) return <GamePage gameId={decodeURIComponent(game[1])} />;
  const howto = /^\/how-to-play\/([\w-]+)$/.exec(path);
  if (howto) return <HowToPage gameType={howto[1]} />;
  const board = /^\/leaderboard\/([\w-]+)$/.exec(path);
  // A page of its own per game: another game's board starts at its first page.
  if (board) return <LeaderboardPage key={board[1]} gameType={board[1]} />;
  const tournament = /^\/tournament\/([^/]+)$/.exec(path);
  if (tournament) return <TournamentPage key={tournament[1]} id={decodeURIComponent(tournament[1])} />;
  const rules = /^\/rules\/([\w.-]+)$/.exec(path);
  if (rules) return playersRules(rules[1]) ? <PlayersRulesPage name={rules[1]} /> : <RulesPage name={rules[1]} />;
  const spec = /^\/rules\/([\w.-]+)\/spec$/.exec(path);
  if (spec) return <RulesPage name={spec[1]} />;
  return <Lobby />;
}

render(<App />, document.getElementById("app")!);
