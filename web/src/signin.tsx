// Signing in for rated play: on a server with keys, the queue rates only
// players with a player key (the server's operator makes them). The key is
// kept in this browser (player.ts) and sent only to this server, with
// FindMatch; nothing else needs it, so signing out just forgets it.
import { useState } from "preact/hooks";

export function SignIn({ playerKey, onChange }: { playerKey: string; onChange: (key: string) => void }) {
  const [typed, setTyped] = useState("");
  if (playerKey) {
    return (
      <p class="sign-in signed-in">
        Signed in with your player key: rated games are open to you.{" "}
        <button type="button" class="sign-out" onClick={() => onChange("")}>Sign out</button>
      </p>
    );
  }
  return (
    <form class="sign-in" onSubmit={(e) => { e.preventDefault(); if (typed.trim()) onChange(typed.trim()); }}>
      <label for="sign-in-key">Player key</label>{" "}
      <input id="sign-in-key" name="sign-in-key" type="password" autoComplete="off" spellcheck={false} value={typed}
        aria-describedby="sign-in-hint" onInput={(e) => setTyped((e.target as HTMLInputElement).value)} />{" "}
      <button type="submit" class="sign-in-button">Sign in</button>
      <span id="sign-in-hint" class="hint">Rated games need a player key from this server's operator; it stays in this browser.</span>
    </form>
  );
}
