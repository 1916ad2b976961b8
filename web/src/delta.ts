// Rebuilding snapshots from a WatchGame stream in UPDATE_MODE_DELTA: the
// stream's first update carries a whole snapshot, every later one a
// SnapshotDelta, a field mask over GameSnapshot ("to_act", "clocks") or over
// a top-level field of the game's view ("king_of_siam.provinces"). Each
// listed field of the held snapshot is replaced by the same field of
// `values`, or cleared when unset there (service.proto, SnapshotDelta; the
// Python client's satrap/delta.py does the same). Generic: the descriptors
// say which field a name is, so no game-specific code is needed.
import { create, type DescField, type DescMessage } from "@bufbuild/protobuf";
import { GameSnapshotSchema, type GameSnapshot, type SnapshotDelta } from "./gen/satrap/v1/service_pb";

type Obj = Record<string, unknown>;

function field(desc: DescMessage, name: string): DescField {
  const f = desc.fields.find((x) => x.name === name);
  if (!f) throw new Error(`${desc.typeName} has no field ${name}`);
  return f;
}

function get(obj: Obj, f: DescField): unknown {
  if (f.oneof) {
    const o = obj[f.oneof.localName] as { case?: string; value?: unknown } | undefined;
    return o?.case === f.localName ? o.value : undefined;
  }
  return obj[f.localName];
}

function set(obj: Obj, desc: DescMessage, f: DescField, v: unknown) {
  if (f.oneof) {
    const o = obj[f.oneof.localName] as { case?: string } | undefined;
    if (v !== undefined) obj[f.oneof.localName] = { case: f.localName, value: v };
    else if (o?.case === f.localName) obj[f.oneof.localName] = { case: undefined };
    return;
  }
  // Unset in `values`: the field's default (an empty list, zero, unset).
  obj[f.localName] = v === undefined ? (create(desc) as unknown as Obj)[f.localName] : v;
}

/** The snapshot after `delta`, from the snapshot held before it (left unchanged). */
export function applyDelta(held: GameSnapshot, delta: SnapshotDelta): GameSnapshot {
  const out = { ...held } as unknown as Obj;
  const values = (delta.values ?? create(GameSnapshotSchema)) as unknown as Obj;
  // Nested messages already copied in `out` (copy once, then write freely).
  const copied = new Set<unknown>();
  for (const path of delta.changed?.paths ?? []) {
    const names = path.split(".");
    let dst = out, src: Obj | undefined = values, desc: DescMessage = GameSnapshotSchema;
    for (const name of names.slice(0, -1)) {
      const f = field(desc, name);
      if (f.fieldKind !== "message") throw new Error(`${path}: ${name} is not a message`);
      let inner = get(dst, f) as Obj | undefined;
      if (!inner) inner = create(f.message) as unknown as Obj;
      else if (!copied.has(inner)) inner = { ...inner };
      copied.add(inner);
      set(dst, desc, f, inner);
      dst = inner;
      src = src ? (get(src, f) as Obj | undefined) : undefined;
      desc = f.message;
    }
    const leaf = field(desc, names[names.length - 1]);
    set(dst, desc, leaf, src ? get(src, leaf) : undefined);
  }
  return out as unknown as GameSnapshot;
}
