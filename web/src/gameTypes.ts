// The hosted games as the server describes them (ListGameTypes: id, name,
// description, rules file, bots), asked once and kept for the page's life.
// The page keeps no list of games of its own: names, descriptions and rules
// links all come from here, so a new game needs only its board module
// (games.ts).
import { useEffect, useState } from "preact/hooks";
import { client, explain } from "./api";
import type { GameType } from "./gen/satrap/v1/service_pb";

let asked: Promise<GameType[]> | undefined;
/** The answer once it has come, so pages opened later render at once. */
let known: GameType[] | undefined;

/** The game types, asked of the server once; a failed ask is forgotten, so
 *  the next page to need them asks again. */
export function gameTypes(): Promise<GameType[]> {
  asked ??= client.listGameTypes({}).then(
    (r) => (known = r.gameTypes),
    (e: unknown) => { asked = undefined; throw e; },
  );
  return asked;
}

/** The game types for a component: `types` is undefined until they have
 *  come, `error` says in words why they did not. */
export function useGameTypes(): { types: GameType[] | undefined; error: string } {
  const [types, setTypes] = useState(known);
  const [error, setError] = useState("");
  useEffect(() => {
    if (types) return;
    let live = true;
    gameTypes().then((t) => { if (live) setTypes(t); }, (e) => { if (live) setError(explain(e)); });
    return () => { live = false; };
  }, []);
  return { types, error };
}

/** One game type for a component: undefined while the types are loading
 *  or when the server does not host it. */
export function useGameType(gameType: string | undefined): GameType | undefined {
  const { types } = useGameTypes();
  return types?.find((t) => t.id === gameType);
}

/** How many players a game takes, in words: "2 to 4 players". */
export function playersText(t: GameType): string {
  return `${t.minPlayers === t.maxPlayers ? t.minPlayers : `${t.minPlayers} to ${t.maxPlayers}`} players`;
}

/** Where satrap serves the rules files (crates/server/src/web.rs): the
 *  repository folder of `GameType.rules`, which is also its URL path. */
const RULES_DIR = "docs/rules/";

/** The page's route for a game's full rules: `GameType.rules`
 *  (`docs/rules/<name>.md`) becomes `/rules/<name>`, which rules.tsx renders.
 *  The route drops the ".md" so that a reload gets the page, not the file.
 *  Undefined for a rules file satrap does not serve. */
export function rulesPage(t: GameType | undefined): string | undefined {
  if (!t?.rules.startsWith(RULES_DIR) || !t.rules.endsWith(".md")) return undefined;
  const name = t.rules.slice(RULES_DIR.length, -".md".length);
  return /^[\w.-]+$/.test(name) ? `/rules/${name}` : undefined;
}

/** The end of the first sentence: a full stop (or ! or ?) before a space or
 *  the end, but not the one after an initial ("Robert F. Watson") or in
 *  "e.g." and "i.e.". */
const FIRST_SENTENCE = /^[\s\S]*?(?<!\b[A-Z]|\be\.g|\bi\.e)[.!?](?=\s|$)/;

/** The lobby's short description of a game: the first sentence of the
 *  server's description (the rest tells program authors how moves are
 *  encoded, which is not for players). */
export function blurb(t: GameType): string {
  const text = t.description.trim();
  return FIRST_SENTENCE.exec(text)?.[0] ?? text;
}
