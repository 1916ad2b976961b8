// The action bar: what the seat is asked to do, in words, and a button per
// next phrase of the legal moves (or a click on the highlighted board).
import type { Choice, Move, Next } from "../moves";

export interface ActionBarProps {
  prompt: string;
  /** Moves are loaded and it is this seat's turn. */
  ready: boolean;
  waitingFor: string;
  choice: Choice;
  /** Board elements picked so far, in words. */
  pickedWords: string[];
  next: Next[];
  moves: Move[];
  busy: boolean;
  onWord: (word: string) => void;
  onReset: () => void;
  onPreview: (keys: string[]) => void;
  onResign: () => void;
}

export function ActionBar(p: ActionBarProps) {
  return (
    <section class="actionbar" aria-label="Your move" data-busy={p.busy ? "1" : "0"}>
      {!p.ready ? (
        <p class="prompt waiting" role="status">{p.waitingFor}</p>
      ) : (
        <>
          <p class="prompt" role="status"><b>Your turn.</b> {p.prompt}</p>
          {(p.choice.words.length > 0 || p.pickedWords.length > 0) && (
            <p class="chosen">
              <span class="sr">Chosen so far: </span>
              {[...p.pickedWords, ...p.choice.words].map((w, i) => <span key={i} class="chip">{w}</span>)}
              <button type="button" class="link cancel" onClick={p.onReset}>Start over</button>
            </p>
          )}
          <div class="choices">
            {p.next.map((n) => (
              <button
                key={n.word}
                type="button"
                class={`choice${n.complete ? " complete" : ""}`}
                disabled={p.busy}
                title={n.complete ? "Make this move" : `Then choose among ${n.count} options`}
                onMouseEnter={() => p.onPreview(n.keys)}
                onMouseLeave={() => p.onPreview([])}
                onFocus={() => p.onPreview(n.keys)}
                onBlur={() => p.onPreview([])}
                onClick={() => p.onWord(n.word)}
              >
                {n.word}{!n.complete && <span aria-hidden="true"> ›</span>}
              </button>
            ))}
          </div>
          {p.next.length === 0 && <p class="hint">Click one of the highlighted places on the board.</p>}
        </>
      )}
      <p class="resign-row"><button type="button" class="link resign" onClick={p.onResign}>Resign</button></p>
    </section>
  );
}
