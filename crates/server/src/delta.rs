//! Updates as deltas: the change from one [`proto::GameSnapshot`]
//! to the next as a field mask (`SnapshotDelta`), and the inverse that
//! rebuilds the next snapshot from the previous one.
//!
//! Why at the protobuf wire level: a delta must be computable and
//! applicable for every game without game-specific code, on the server and
//! in any client. Top-level fields of the snapshot and of the game's view
//! are compared by their encoded bytes (prost encodes a message
//! deterministically: the views have no maps), so a new game or a new view
//! field needs nothing here. The granularity (a changed field of the view
//! is sent whole, never merged) keeps the client's rule to one line:
//! "replace each listed field", which generic protobuf libraries already
//! offer (FieldMask merge with replace semantics).
//!
//! Paths use the field names of the descriptor set compiled into the
//! binary, as google.protobuf.FieldMask requires.

use std::collections::HashMap;
use std::sync::OnceLock;

use prost::Message;

use crate::proto;

/// Why a delta could not be applied (or a message could not be parsed).
#[derive(Debug, thiserror::Error)]
pub enum DeltaError {
    #[error("field mask path {0:?} is not a GameSnapshot field or a field of a game view")]
    UnknownPath(String),
    #[error("malformed protobuf encoding: {0}")]
    Malformed(&'static str),
    #[error("the rebuilt snapshot does not decode: {0}")]
    Decode(#[from] prost::DecodeError),
    #[error("the protocol's descriptor set does not describe GameSnapshot")]
    Descriptor,
}

/// Field names by number (and back) of GameSnapshot and of each game view
/// its `state` oneof can hold.
struct Names {
    snapshot: Fields,
    /// State oneof field number -> the view message's fields.
    views: HashMap<u32, Fields>,
}

#[derive(Default)]
struct Fields {
    by_number: HashMap<u32, String>,
    by_name: HashMap<String, u32>,
}

impl Fields {
    fn of(message: &prost_types::DescriptorProto) -> Self {
        let mut f = Fields::default();
        for field in &message.field {
            let (name, number) = (field.name().to_owned(), field.number() as u32);
            f.by_number.insert(number, name.clone());
            f.by_name.insert(name, number);
        }
        f
    }
}

/// The `state` oneof's index in GameSnapshot's `oneof_decl`.
const STATE_ONEOF: &str = "state";

fn names() -> Result<&'static Names, DeltaError> {
    static NAMES: OnceLock<Option<Names>> = OnceLock::new();
    NAMES
        .get_or_init(|| load_names().ok())
        .as_ref()
        .ok_or(DeltaError::Descriptor)
}

fn load_names() -> Result<Names, DeltaError> {
    let set = prost_types::FileDescriptorSet::decode(proto::FILE_DESCRIPTOR_SET)?;
    let mut messages: HashMap<String, &prost_types::DescriptorProto> = HashMap::new();
    for file in &set.file {
        for m in &file.message_type {
            messages.insert(format!(".{}.{}", file.package(), m.name()), m);
        }
    }
    let snapshot = messages
        .get(".satrap.v1.GameSnapshot")
        .ok_or(DeltaError::Descriptor)?;
    let state = snapshot
        .oneof_decl
        .iter()
        .position(|o| o.name() == STATE_ONEOF)
        .ok_or(DeltaError::Descriptor)? as i32;
    let mut views = HashMap::new();
    for field in snapshot
        .field
        .iter()
        .filter(|f| f.oneof_index == Some(state) && f.proto3_optional != Some(true))
    {
        let view = messages
            .get(field.type_name())
            .ok_or(DeltaError::Descriptor)?;
        views.insert(field.number() as u32, Fields::of(view));
    }
    Ok(Names {
        snapshot: Fields::of(snapshot),
        views,
    })
}

/// One message's top-level records, grouped by field number: each record's
/// whole encoding (key included), in order.
type Records<'a> = std::collections::BTreeMap<u32, Vec<&'a [u8]>>;

fn varint(buf: &[u8], at: &mut usize) -> Result<u64, DeltaError> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *buf
            .get(*at)
            .ok_or(DeltaError::Malformed("truncated varint"))?;
        *at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Ok(value);
        }
    }
    Err(DeltaError::Malformed("varint longer than 10 bytes"))
}

fn records(buf: &[u8]) -> Result<Records<'_>, DeltaError> {
    let mut out = Records::new();
    let mut at = 0;
    while at < buf.len() {
        let start = at;
        let key = varint(buf, &mut at)?;
        let number = u32::try_from(key >> 3).map_err(|_| DeltaError::Malformed("field number"))?;
        let len = match key & 7 {
            0 => {
                varint(buf, &mut at)?;
                0
            }
            1 => 8,
            2 => usize::try_from(varint(buf, &mut at)?)
                .map_err(|_| DeltaError::Malformed("length"))?,
            5 => 4,
            _ => return Err(DeltaError::Malformed("group or unknown wire type")),
        };
        at = at
            .checked_add(len)
            .filter(|end| *end <= buf.len())
            .ok_or(DeltaError::Malformed("field runs past the end"))?;
        out.entry(number).or_default().push(&buf[start..at]);
    }
    Ok(out)
}

/// The payload of a length-delimited record (after its key and length).
fn payload(record: &[u8]) -> Result<&[u8], DeltaError> {
    let mut at = 0;
    let key = varint(record, &mut at)?;
    if key & 7 != 2 {
        return Err(DeltaError::Malformed("state is not length-delimited"));
    }
    varint(record, &mut at)?;
    Ok(&record[at..])
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn put_message(out: &mut Vec<u8>, number: u32, body: &[u8]) {
    put_varint(out, (u64::from(number) << 3) | 2);
    put_varint(out, body.len() as u64);
    out.extend_from_slice(body);
}

/// The one state record of a snapshot, as (oneof field number, view bytes).
fn state_of<'a>(recs: &Records<'a>, names: &Names) -> Result<Option<(u32, &'a [u8])>, DeltaError> {
    for number in names.views.keys() {
        if let Some(r) = recs.get(number).and_then(|v| v.last()) {
            return Ok(Some((*number, payload(r)?)));
        }
    }
    Ok(None)
}

/// The delta from `prev` to `next`: every top-level field of the snapshot,
/// and of the game's view, whose encoding differs.
pub fn diff(
    prev: &proto::GameSnapshot,
    next: &proto::GameSnapshot,
) -> Result<proto::SnapshotDelta, DeltaError> {
    let names = names()?;
    let (a, b) = (prev.encode_to_vec(), next.encode_to_vec());
    let (ra, rb) = (records(&a)?, records(&b)?);
    let mut paths = Vec::new();
    let mut values = Vec::new();
    let numbers: std::collections::BTreeSet<u32> = ra.keys().chain(rb.keys()).copied().collect();
    for number in numbers {
        if names.views.contains_key(&number) {
            continue;
        }
        if ra.get(&number) != rb.get(&number) {
            let name = names
                .snapshot
                .by_number
                .get(&number)
                .ok_or(DeltaError::Malformed("unknown GameSnapshot field"))?;
            paths.push(name.clone());
            for r in rb.get(&number).into_iter().flatten() {
                values.extend_from_slice(r);
            }
        }
    }
    match (state_of(&ra, names)?, state_of(&rb, names)?) {
        (Some((na, va)), Some((nb, vb))) if na == nb => {
            let (fa, fb) = (records(va)?, records(vb)?);
            let view = &names.views[&nb];
            let state = &names.snapshot.by_number[&nb];
            let mut body = Vec::new();
            let mut view_changed = false;
            let numbers: std::collections::BTreeSet<u32> =
                fa.keys().chain(fb.keys()).copied().collect();
            for number in numbers {
                if fa.get(&number) != fb.get(&number) {
                    let name = view
                        .by_number
                        .get(&number)
                        .ok_or(DeltaError::Malformed("unknown view field"))?;
                    paths.push(format!("{state}.{name}"));
                    view_changed = true;
                    for r in fb.get(&number).into_iter().flatten() {
                        body.extend_from_slice(r);
                    }
                }
            }
            if view_changed {
                put_message(&mut values, nb, &body);
            }
        }
        (a, b) if a != b => {
            // The view appeared, vanished or changed game: replace it whole.
            for (number, _) in a.iter().chain(b.iter()) {
                paths.push(names.snapshot.by_number[number].clone());
            }
            paths.dedup();
            if let Some((nb, vb)) = b {
                put_message(&mut values, nb, vb);
            }
        }
        _ => {}
    }
    Ok(proto::SnapshotDelta {
        changed: Some(prost_types::FieldMask { paths }),
        values: Some(proto::GameSnapshot::decode(values.as_slice())?),
    })
}

/// Rebuild the next snapshot: replace each field named in `delta.changed`
/// with its value in `delta.values` (absent there: cleared). The inverse
/// of [`diff`]; a client-side helper for Rust clients and the tests.
pub fn apply(
    snapshot: &proto::GameSnapshot,
    delta: &proto::SnapshotDelta,
) -> Result<proto::GameSnapshot, DeltaError> {
    let names = names()?;
    let empty = proto::GameSnapshot::default();
    let values = delta.values.as_ref().unwrap_or(&empty);
    let (held, new) = (snapshot.encode_to_vec(), values.encode_to_vec());
    let (mut rh, rn) = (records(&held)?, records(&new)?);
    let mut view_paths: HashMap<u32, Vec<u32>> = HashMap::new();
    let paths = delta.changed.as_ref().map_or(&[][..], |m| &m.paths[..]);
    for path in paths {
        let unknown = || DeltaError::UnknownPath(path.clone());
        match path.split_once('.') {
            None => {
                let number = *names.snapshot.by_name.get(path).ok_or_else(unknown)?;
                if names.views.contains_key(&number) {
                    // The view replaced whole: drop any other game's view.
                    for n in names.views.keys() {
                        rh.remove(n);
                    }
                }
                match rn.get(&number) {
                    Some(r) => rh.insert(number, r.clone()),
                    None => rh.remove(&number),
                };
            }
            Some((state, field)) => {
                let number = *names.snapshot.by_name.get(state).ok_or_else(unknown)?;
                let view = names.views.get(&number).ok_or_else(unknown)?;
                let inner = *view.by_name.get(field).ok_or_else(unknown)?;
                view_paths.entry(number).or_default().push(inner);
            }
        }
    }
    let mut rebuilt_views = Vec::new();
    for (number, inner) in view_paths {
        let held_view = match rh.get(&number).and_then(|v| v.last()) {
            Some(r) => payload(r)?,
            None => &[][..],
        };
        let new_view = match rn.get(&number).and_then(|v| v.last()) {
            Some(r) => payload(r)?,
            None => &[][..],
        };
        let (mut fh, fnew) = (records(held_view)?, records(new_view)?);
        for i in inner {
            match fnew.get(&i) {
                Some(r) => fh.insert(i, r.clone()),
                None => fh.remove(&i),
            };
        }
        let body: Vec<u8> = fh
            .values()
            .flatten()
            .flat_map(|r| r.iter().copied())
            .collect();
        for n in names.views.keys() {
            rh.remove(n);
        }
        let mut record = Vec::new();
        put_message(&mut record, number, &body);
        rebuilt_views.push((number, record));
    }
    let mut out: Vec<u8> = rh
        .values()
        .flatten()
        .flat_map(|r| r.iter().copied())
        .collect();
    for (_, record) in rebuilt_views {
        out.extend_from_slice(&record);
    }
    Ok(proto::GameSnapshot::decode(out.as_slice())?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snap() -> proto::GameSnapshot {
        proto::GameSnapshot {
            game_id: "g".into(),
            game_type: "king_of_siam".into(),
            version: 3,
            to_act: vec![1],
            text: "board".into(),
            state: Some(proto::game_snapshot::State::KingOfSiam(
                proto::KingOfSiamView {
                    players: 3,
                    current_player: Some(1),
                    passes: 2,
                    ..Default::default()
                },
            )),
            ..Default::default()
        }
    }

    #[test]
    fn names_come_from_the_descriptor_set() -> Result<(), DeltaError> {
        let n = names()?;
        assert_eq!(n.snapshot.by_name.get("to_act"), Some(&5));
        assert_eq!(n.views.len(), 4);
        Ok(())
    }

    #[test]
    fn a_delta_lists_only_changed_fields_and_rebuilds() -> Result<(), DeltaError> {
        let a = snap();
        let mut b = snap();
        b.version = 4;
        b.to_act.clear();
        if let Some(proto::game_snapshot::State::KingOfSiam(v)) = &mut b.state {
            v.current_player = None;
            v.passes = 0;
            v.british = 1;
        }
        let d = diff(&a, &b)?;
        let paths = d
            .changed
            .as_ref()
            .map(|m| m.paths.clone())
            .unwrap_or_default();
        assert_eq!(
            paths,
            [
                "version",
                "to_act",
                "king_of_siam.current_player",
                "king_of_siam.passes",
                "king_of_siam.british"
            ]
        );
        assert_eq!(apply(&a, &d)?, b);
        // Nothing changed: an empty mask, and the same snapshot back.
        let same = diff(&b, &b)?;
        assert!(same.changed.is_some_and(|m| m.paths.is_empty()));
        Ok(())
    }

    #[test]
    fn a_view_that_appears_is_sent_whole() -> Result<(), DeltaError> {
        let mut a = snap();
        a.state = None;
        let b = snap();
        let d = diff(&a, &b)?;
        assert_eq!(apply(&a, &d)?, b);
        assert_eq!(apply(&b, &diff(&b, &a)?)?, a);
        Ok(())
    }

    #[test]
    fn unknown_paths_are_refused() {
        let d = proto::SnapshotDelta {
            changed: Some(prost_types::FieldMask {
                paths: vec!["king_of_siam.nope".into()],
            }),
            values: None,
        };
        assert!(matches!(
            apply(&snap(), &d),
            Err(DeltaError::UnknownPath(_))
        ));
    }
}
