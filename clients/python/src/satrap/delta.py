"""Updates as deltas (WatchGame with UPDATE_MODE_DELTA): rebuild each
version's snapshot from the stream's first, whole snapshot and the
SnapshotDelta of every later update. Generic: no game-specific code.

The rule (service.proto, SnapshotDelta): every path in `delta.changed`
names a field of GameSnapshot ("to_act") or a field of the game's view
("king_of_siam.provinces"); that field of the snapshot held is replaced by
the same field of `delta.values`, or cleared when it is unset there.
"""

from __future__ import annotations

from google.protobuf.descriptor import FieldDescriptor

from satrap.v1 import service_pb2 as pb


def apply_delta(held: pb.GameSnapshot, delta: pb.SnapshotDelta) -> pb.GameSnapshot:
    """The snapshot after `delta`, from the snapshot `held` before it (which
    is left unchanged)."""
    out = pb.GameSnapshot()
    out.CopyFrom(held)
    for path in delta.changed.paths:
        *parents, leaf = path.split(".")
        dest, src = out, delta.values
        for name in parents:
            dest, src = getattr(dest, name), getattr(src, name)
        _replace(dest, src, leaf)
    return out


def _repeated(field: FieldDescriptor) -> bool:
    # `is_repeated` in protobuf >= 5.28 (`label` is gone in 7), `label` before.
    flag = getattr(field, "is_repeated", None)
    if flag is not None:
        return bool(flag)
    return field.label == FieldDescriptor.LABEL_REPEATED


def _replace(dest, src, name: str) -> None:
    field = dest.DESCRIPTOR.fields_by_name.get(name)
    if field is None:
        raise ValueError(f"{dest.DESCRIPTOR.full_name} has no field {name!r}")
    dest.ClearField(name)
    if _repeated(field):
        getattr(dest, name).extend(getattr(src, name))
    elif field.message_type is not None:
        if src.HasField(name):
            getattr(dest, name).CopyFrom(getattr(src, name))
    elif field.containing_oneof is not None:
        # An `optional` scalar or a oneof member: set only if present.
        if src.HasField(name):
            setattr(dest, name, getattr(src, name))
    else:
        setattr(dest, name, getattr(src, name))
