// The position as JSON (the GameSnapshot's protobuf JSON), on request: for
// bug reports and bot writers, and how the how-to-play pages' sample boards
// were taken (scripts/howto-samples.mjs).
import { useState } from "preact/hooks";
import { toJsonString } from "@bufbuild/protobuf";
import { GameSnapshotSchema, type GameSnapshot } from "../gen/satrap/v1/service_pb";

export function SnapshotJson({ snap }: { snap: GameSnapshot }) {
  const [text, setText] = useState("");
  return (
    <div class="snapshot-json">
      <button type="button" class="link show-json" onClick={() => setText(text ? "" : toJsonString(GameSnapshotSchema, snap))}>
        {text ? "Hide the position as JSON" : "Show this position as JSON"}
      </button>
      {text && <pre tabIndex={0}>{text}</pre>}
    </div>
  );
}
