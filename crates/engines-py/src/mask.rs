//! Legal-action masks handed to Python: one byte (0 or 1) per action id.
//!
//! Most titles have a few thousand ids, and their mask is written whole in
//! one pass. Territories has 278,545 with a few dozen set: zeroing a fresh
//! array of that width on every step was the largest cost left of a local
//! step, so its masks come from the game's [`MaskPool`], which writes a
//! mask nobody holds any more again, clearing only the entries it set.

use numpy::npyffi::{self, NPY_ARRAY_WRITEABLE};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// Masks from this many entries on (Territories' 278,545) come from the
/// game's [`MaskPool`]; smaller ones (a few thousand) are cheaper written
/// whole.
pub const LARGE_MASK: usize = 65_536;

/// A packed mask as one byte (0 or 1) per id, written straight into the
/// Python object (`new_with` hands over a zeroed buffer; only set bits
/// are written).
pub fn mask_bytes<'py>(py: Python<'py>, packed: &[u8], n: usize) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, n, |out| {
        for id in set_bits(packed, n) {
            out[id as usize] = 1;
        }
        Ok(())
    })
}

/// The ids set in a packed mask (8 ids a byte, lowest bit first), below
/// `n`, ascending.
fn set_bits(packed: &[u8], n: usize) -> Vec<u32> {
    // Territories' mask is 34,818 bytes with a few dozen bits set: blocks
    // of 64 bytes that are all zero are skipped with one vector OR, and
    // the rest read 64 ids a word. A byte at a time, the scan was most of
    // an observation.
    let mut ids = Vec::new();
    let blocks = packed.chunks_exact(64);
    let tail = blocks.remainder();
    let whole = blocks.len();
    for (b, block) in blocks.enumerate() {
        if block.iter().fold(0, |any, byte| any | byte) != 0 {
            push_set_bits(&mut ids, b * 512, block, n);
        }
    }
    push_set_bits(&mut ids, whole * 512, tail, n);
    ids
}

/// The ids set in `bytes`, a slice of a packed mask starting at id `first`.
fn push_set_bits(ids: &mut Vec<u32>, first: usize, bytes: &[u8], n: usize) {
    for (w, chunk) in bytes.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let mut rest = u64::from_le_bytes(word);
        while rest != 0 {
            let id = first + w * 64 + rest.trailing_zeros() as usize;
            if id < n {
                ids.push(u32::try_from(id).unwrap_or(u32::MAX));
            }
            rest &= rest - 1;
        }
    }
}

/// A mask of `n` entries with `ids` set, written whole: a zeroed `int8`
/// array and the ids (each below `n`).
pub fn mask_array<'py>(py: Python<'py>, ids: &[u32], n: usize) -> Bound<'py, PyArray1<i8>> {
    let mut entries = vec![0i8; n];
    set_ids(&mut entries, ids);
    read_only(PyArray1::from_vec(py, entries))
}

/// `array`, read-only to Python.
pub fn read_only<T: numpy::Element>(array: Bound<'_, PyArray1<T>>) -> Bound<'_, PyArray1<T>> {
    // SAFETY: a valid array and the GIL held; only its flags change.
    unsafe {
        (*npyffi::objects::_PyArray_GET_ITEM_DATA(array.as_array_ptr())).flags &=
            !NPY_ARRAY_WRITEABLE;
    }
    array
}

/// Masks kept per game. A loop that drops each observation before asking
/// for the next needs one; one that keeps the last while asking for the
/// next (`obs = game.observation(seat)` holds the old one until the call
/// returns) needs two.
const SLOTS: usize = 2;

/// The wide masks a game has handed out, written again once nobody else
/// holds them.
///
/// Why this is safe: a mask is written again only when the pool's
/// reference is its only one, so no Python object can see the write (the
/// array, a view or slice of it, a memoryview, a tensor made from it
/// without a copy: each holds a reference). The arrays are read-only to
/// Python, so the entries the pool set are the only ones that can be 1; a
/// mask whose holder made it writable again is let go, not reused.
#[derive(Default)]
pub struct MaskPool {
    slots: Vec<Slot>,
}

struct Slot {
    /// A zeroed `int8` array of its own (numpy's `OWNDATA`) with `set` set.
    array: Py<PyArray1<i8>>,
    /// The ids that are 1 in it.
    set: Vec<u32>,
}

impl MaskPool {
    /// A read-only `int8` mask of `n` entries with exactly `ids` set (each
    /// below `n`): a pooled array nobody else holds, or a new one.
    pub fn mask<'py>(
        &mut self,
        py: Python<'py>,
        ids: &[u32],
        n: usize,
    ) -> Bound<'py, PyArray1<i8>> {
        // SAFETY (`free`): the pool holds its arrays, and the GIL is held.
        let free_of_width = |slot: &Slot| {
            let array = slot.array.bind(py);
            array.len() == n && unsafe { free(array) }
        };
        // A free mask its holder made writable may hold anything: let it go.
        self.slots
            .retain(|slot| !(free_of_width(slot) && writeable(slot.array.bind(py))));
        let i = match self.slots.iter().position(free_of_width) {
            Some(i) => i,
            None => {
                if self.slots.len() >= SLOTS {
                    self.slots.remove(0);
                }
                self.slots.push(Slot {
                    array: read_only(PyArray1::<i8>::zeros(py, n, false)).unbind(),
                    set: Vec::new(),
                });
                self.slots.len() - 1
            }
        };
        let slot = &mut self.slots[i];
        let array = slot.array.bind(py);
        // SAFETY: only the pool holds the array (new, or `free`), so
        // nothing reads it while it is written; `data` points at its `n`
        // entries (an owned, contiguous array that numpy does not move
        // while referenced).
        let entries = unsafe { std::slice::from_raw_parts_mut(array.data(), n) };
        for &id in &slot.set {
            if let Some(e) = entries.get_mut(id as usize) {
                *e = 0;
            }
        }
        set_ids(entries, ids);
        slot.set.clear();
        slot.set
            .extend(ids.iter().copied().filter(|&id| (id as usize) < n));
        array.clone()
    }
}

/// Set `ids` (those below the length) to 1.
fn set_ids(entries: &mut [i8], ids: &[u32]) {
    for &id in ids {
        if let Some(e) = entries.get_mut(id as usize) {
            *e = 1;
        }
    }
}

/// Only the caller's reference holds `array`.
///
/// # Safety
/// The GIL is held (so no other thread changes the count).
unsafe fn free(array: &Bound<'_, PyArray1<i8>>) -> bool {
    // SAFETY: a live object (the caller holds it).
    unsafe { pyo3::ffi::Py_REFCNT(array.as_ptr()) == 1 }
}

/// Python made `array` writable again.
fn writeable(array: &Bound<'_, PyArray1<i8>>) -> bool {
    // SAFETY: a valid array and the GIL held; its flags are read.
    unsafe {
        (*npyffi::objects::_PyArray_GET_ITEM_DATA(array.as_array_ptr())).flags & NPY_ARRAY_WRITEABLE
            != 0
    }
}
