// The players' rules of a game (docs/rules/players/<name>.md: the whole game
// in players' words, a few minutes' reading), at /rules/<name>, which the
// lobby's and the how-to page's "Full rules" open. The complete engine
// specification (docs/rules/<name>.md) stays one click further, at
// /rules/<name>/spec. The files are bundled with the page: they are short.
import { useEffect } from "preact/hooks";
import { marked } from "marked";
import { link } from "./router";

const FILES = import.meta.glob("../../docs/rules/players/*.md", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

/** The players' rules of `name` ("king-of-siam"), if written. */
export function playersRules(name: string): string | undefined {
  return FILES[`../../docs/rules/players/${name}.md`];
}

export const specPage = (name: string) => `/rules/${name}/spec`;

export function PlayersRulesPage({ name }: { name: string }) {
  const text = playersRules(name) ?? "";
  // The files link the specification as a sibling file (so they read on a
  // repository host too); here it is the spec page.
  const html = marked.parse(text.replace(/\]\(\.\.\/([\w-]+)\.md\)/g, (_, n: string) => `](${specPage(n)})`), { async: false });
  useEffect(() => { document.title = "Rules · satrap"; }, []);
  return (
    <div class="page rules players-rules">
      <p><a href="/" onClick={link}>← lobby</a> · <a class="spec-link" href={specPage(name)} onClick={link}>the complete specification</a></p>
      <article dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
