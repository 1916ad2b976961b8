/**
 * Updates as deltas (WatchGame with UPDATE_MODE_DELTA): rebuild each
 * version's snapshot from the stream's first, whole snapshot and the
 * SnapshotDelta of every later update. Generic: no game-specific code.
 *
 * The rule (service.proto, SnapshotDelta): every path in `delta.changed`
 * names a field of GameSnapshot ("to_act") or a field of the game's view
 * ("king_of_siam.provinces"); that field of the snapshot held is replaced
 * by the same field of `delta.values`, or cleared when it is unset there.
 */
import { clone, create, type DescField } from "@bufbuild/protobuf";
import { reflect, type ReflectMessage } from "@bufbuild/protobuf/reflect";
import { GameSnapshotSchema, type GameSnapshot, type SnapshotDelta } from "./gen/satrap/v1/service_pb.js";

function field(m: ReflectMessage, name: string): DescField {
  const f = m.fields.find((x) => x.name === name);
  if (!f) throw new Error(`${m.desc.typeName} has no field ${name.slice(0, 64)}`);
  return f;
}

/** The snapshot after `delta`, from the snapshot `held` before it (left unchanged). */
export function applyDelta(held: GameSnapshot, delta: SnapshotDelta): GameSnapshot {
  const out = clone(GameSnapshotSchema, held);
  const values = delta.values ?? create(GameSnapshotSchema);
  for (const path of delta.changed?.paths ?? []) {
    const names = path.split(".");
    let dest = reflect(GameSnapshotSchema, out);
    let src = reflect(GameSnapshotSchema, values);
    for (const name of names.slice(0, -1)) {
      const f = field(dest, name);
      if (f.fieldKind !== "message") throw new Error(`${path.slice(0, 64)}: ${name} is not a message`);
      if (!dest.isSet(f)) dest.set(f, reflect(f.message, create(f.message)));
      dest = dest.get(f) as ReflectMessage;
      const s = field(src, name);
      src = (src.isSet(s) ? src.get(s) : reflect(s.message!, create(s.message!))) as ReflectMessage;
    }
    const leaf = names[names.length - 1];
    const d = field(dest, leaf);
    const s = field(src, leaf);
    if (src.isSet(s)) dest.set(d, src.get(s));
    else dest.clear(d);
  }
  return out;
}
