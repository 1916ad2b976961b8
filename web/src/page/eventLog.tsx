// The event log: every event as a sentence with the players' names.
import type { GameEvent, GameSnapshot } from "../gen/satrap/v1/service_pb";
import type { GameUI } from "../boards/common";
import { eventText } from "./words";

export function EventLog({ events, snap, ui, title = "What happened" }: { events: GameEvent[]; snap: GameSnapshot; ui: GameUI; title?: string }) {
  const lines = events
    .map((e, i) => ({ key: `${e.version}-${i}`, text: eventText(ui, e, snap) }))
    .filter((l): l is { key: string; text: string } => !!l.text);
  return (
    <section class="events" aria-label={title}>
      <h2>{title}</h2>
      <ol tabIndex={0}>
        {lines.slice().reverse().map((l) => <li key={l.key}>{l.text}</li>)}
        {!lines.length && <li class="empty">Nothing yet.</li>}
      </ol>
    </section>
  );
}
