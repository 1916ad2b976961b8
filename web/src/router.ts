// Path routing with the History API: "/" the lobby, "/game/<id>" a game
// ("/game/<id>/replay" its replay), "/how-to-play/<type>" a short guide
// (a seat's token rides in the fragment, "#token=..."), "/rules/<name>" a
// game's players' rules ("/rules/<name>/spec" its full specification),
// "/leaderboard/<type>" a game's leaderboard, "/tournament/<id>" a
// tournament. satrap answers every such path with index.html.
import { useEffect, useState } from "preact/hooks";

export function navigate(to: string) {
  history.pushState(null, "", to);
  window.dispatchEvent(new Event("popstate"));
}

/** onClick for internal links: navigate without reloading the page. */
export function link(e: MouseEvent) {
  const a = e.currentTarget as HTMLAnchorElement;
  if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  navigate(a.getAttribute("href") ?? "/");
}

export function useLocation(): string {
  const [loc, setLoc] = useState(window.location.pathname + window.location.hash);
  useEffect(() => {
    const on = () => setLoc(window.location.pathname + window.location.hash);
    window.addEventListener("popstate", on);
    window.addEventListener("hashchange", on);
    return () => { window.removeEventListener("popstate", on); window.removeEventListener("hashchange", on); };
  }, []);
  return loc;
}
