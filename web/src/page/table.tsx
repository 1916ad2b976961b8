// Talk at the table: the game's chat (to everyone, the players only, or
// one's team) and the offers players make each other (take back a move,
// a draw, cancelling the game), in players' words. The messages come from
// the game's history and its watch stream (useGame); what is pending is
// the snapshot's `offer`. A spectator reads and writes only the chat to
// everyone and sees the offers.
import { useEffect, useState } from "preact/hooks";
import { client, asSeat, explain } from "../api";
import {
  ChatChannel, GameStatus, OfferKind, OfferStatus, TakebackPolicy,
  type ChatMessage, type GameSnapshot, type Offer,
} from "../gen/satrap/v1/service_pb";
import { listWords } from "../boards/common";
import { namer } from "./words";

/** Moves per seat before which cancelling the game may be offered
 *  (ServerLimits.abort_moves_per_seat). */
const CANCEL_BEFORE_MOVES_PER_SEAT = 2n;

const CHANNEL_WORDS: Record<number, string> = {
  [ChatChannel.EVERYONE]: "everyone",
  [ChatChannel.SEATS]: "the players",
  [ChatChannel.TEAM]: "the team",
};

/** The game's teams: King of Siam with four players plays in pairs. */
function hasTeams(snap: GameSnapshot): boolean {
  return snap.gameType === "king_of_siam" && snap.seats.length === 4;
}

/** An offer in a sentence: who proposes what ("Ann offers a draw", "You
 *  asked to take back your last move"); `past` once it was answered. */
function offerWords(o: Offer, who: string, mine: boolean, past = mine): string {
  const whose = mine ? "your" : "their";
  switch (o.kind) {
    case OfferKind.TAKEBACK:
      return `${who} ${past ? "asked" : "asks"} to take back ${whose} last move`;
    case OfferKind.DRAW:
      return `${who} ${past ? "offered" : "offers"} a draw`;
    default:
      return `${who} ${past ? "offered" : "offers"} to cancel the game (no result)`;
  }
}

/** Why this seat cannot ask for a takeback here, or "" if it can. */
function takebackNote(snap: GameSnapshot): string {
  if (snap.rated) return "Rated game: moves cannot be taken back.";
  if (snap.takebacks === TakebackPolicy.NEVER) return "Moves cannot be taken back in this game.";
  if (snap.takebacks !== TakebackPolicy.ALWAYS && snap.clocks) return "Moves cannot be taken back in a game with a clock.";
  return "";
}

export interface TableProps {
  gameId: string;
  snap: GameSnapshot;
  token: string | undefined;
  chat: ChatMessage[];
  /** Show the game as an answer returned it (an offer that took effect). */
  onSnapshot: (s: GameSnapshot | undefined) => void;
}

export function TablePanel({ gameId, snap, token, chat, onSnapshot }: TableProps) {
  const [text, setText] = useState("");
  const [channel, setChannel] = useState<ChatChannel>(ChatChannel.EVERYONE);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const name = namer(snap);
  const me = snap.viewer;
  const seated = me !== undefined;
  const running = snap.status === GameStatus.IN_PROGRESS;

  async function act(call: () => Promise<{ snapshot?: GameSnapshot }>) {
    setBusy(true);
    setError("");
    try {
      onSnapshot((await call()).snapshot);
    } catch (e) {
      setError(explain(e));
    } finally {
      setBusy(false);
    }
  }

  async function send(e: Event) {
    e.preventDefault();
    if (!text.trim()) return;
    // The box empties as the message leaves, so what the player types
    // meanwhile is theirs: it comes back only if sending failed and the
    // box is still empty.
    const said = text;
    setText("");
    setBusy(true);
    setError("");
    try {
      await client.sendChatMessage({ gameId, text: said, channel }, asSeat(token));
    } catch (err) {
      setText((now) => now || said);
      setError(explain(err));
    } finally {
      setBusy(false);
    }
  }

  // A pending offer expires at its time (the server says nothing then):
  // the panel looks again when it does.
  const [, setTick] = useState(0);
  const expiresAt = snap.offer?.status === OfferStatus.PENDING ? Number(snap.offer.expiresAtMs) : 0;
  useEffect(() => {
    if (!expiresAt) return;
    const t = setTimeout(() => setTick((n) => n + 1), Math.max(0, expiresAt - Date.now()) + 50);
    return () => clearTimeout(t);
  }, [expiresAt]);
  const expired = !!expiresAt && Date.now() >= expiresAt;
  const offer = expired ? undefined : snap.offer;
  const offerBy = offer ? (offer.seat === me ? "You" : name(offer.seat)) : "";
  const mustAnswer = !!offer && offer.status === OfferStatus.PENDING && seated && offer.waiting.includes(me!);
  const cancelOpen = snap.version < CANCEL_BEFORE_MOVES_PER_SEAT * BigInt(snap.seats.length);
  const noTakeback = takebackNote(snap);
  const canOffer = seated && running && !snap.seats[me!]?.resigned && (!offer || offer.status !== OfferStatus.PENDING);
  const channels = seated
    ? [ChatChannel.EVERYONE, ChatChannel.SEATS, ...(hasTeams(snap) ? [ChatChannel.TEAM] : [])]
    : [ChatChannel.EVERYONE];

  return (
    <section class="table-talk" aria-label="Chat and offers">
      <h2>Table talk</h2>
      {offer && (
        <div class={`offer offer-${OfferStatus[offer.status].toLowerCase()}`} role="status">
          {offer.status === OfferStatus.PENDING && (
            <p>
              {offerWords(offer, offerBy, offer.seat === me)}.
              {offer.waiting.length > 0 && !mustAnswer && <> Waiting for {listWords(offer.waiting.map(name))} to answer.</>}
            </p>
          )}
          {offer.status === OfferStatus.DECLINED && <p>{offerWords(offer, offerBy, offer.seat === me, true)}: declined.</p>}
          {offer.status === OfferStatus.ACCEPTED && <p>{offerWords(offer, offerBy, offer.seat === me, true)}: agreed.</p>}
          {mustAnswer && (
            <p class="answer">
              <button type="button" class="answer-yes" disabled={busy}
                onClick={() => act(() => client.answerOffer({ gameId, offerId: offer.id, accept: true }, asSeat(token)))}>Accept</button>
              <button type="button" class="answer-no" disabled={busy}
                onClick={() => act(() => client.answerOffer({ gameId, offerId: offer.id, accept: false }, asSeat(token)))}>Decline</button>
            </p>
          )}
        </div>
      )}
      {canOffer && (
        <p class="offers">
          {!noTakeback && (
            <button type="button" class="offer-takeback" disabled={busy}
              onClick={() => act(() => client.makeOffer({ gameId, kind: OfferKind.TAKEBACK }, asSeat(token)))}>Ask to take back my move</button>
          )}
          <button type="button" class="offer-draw" disabled={busy}
            onClick={() => act(() => client.makeOffer({ gameId, kind: OfferKind.DRAW }, asSeat(token)))}>Offer a draw</button>
          {cancelOpen && (
            <button type="button" class="offer-cancel" disabled={busy}
              onClick={() => act(() => client.makeOffer({ gameId, kind: OfferKind.ABORT }, asSeat(token)))}>Offer to cancel the game</button>
          )}
        </p>
      )}
      {canOffer && noTakeback && <p class="takeback-note waiting">{noTakeback}</p>}
      {error && <p class="error" role="alert">{error}</p>}
      <ol class="chat-log" aria-live="polite">
        {chat.length === 0 && <li class="waiting">Nobody has said anything yet.</li>}
        {chat.map((m) => (
          <li key={String(m.id)} class={`chat chat-${ChatChannel[m.channel].toLowerCase()}`}>
            <b>{m.seat === undefined ? m.name || "Spectator" : m.seat === me ? "You" : name(m.seat)}</b>
            {m.channel !== ChatChannel.EVERYONE && <span class="to"> (to {CHANNEL_WORDS[m.channel]})</span>}
            {": "}
            {m.deleted ? <i>message removed by a moderator</i> : m.text}
          </li>
        ))}
      </ol>
      <form class="chat-form" onSubmit={send}>
        <label>
          Say
          <input name="chat-text" value={text} maxLength={500} autocomplete="off"
            onInput={(e) => setText((e.target as HTMLInputElement).value)} />
        </label>
        {channels.length > 1 && (
          <label>
            to
            <select name="chat-channel" value={String(channel)}
              onChange={(e) => setChannel(Number((e.target as HTMLSelectElement).value) as ChatChannel)}>
              {channels.map((c) => <option key={c} value={String(c)}>{CHANNEL_WORDS[c]}</option>)}
            </select>
          </label>
        )}
        <button type="submit" class="send-chat" disabled={busy || !text.trim()}>Send</button>
      </form>
    </section>
  );
}
