//! Observation tensors: a flat `f32` vector per viewer with a
//! fixed length per game and player count, for learning bots.
//!
//! A game fills a [`Tensor`] from its *view* (`Game::observe`), never from the
//! state, so an observation holds exactly what the viewer may see: the view
//! is already the information boundary the service enforces. The tensor is
//! written in named sections, which is how the layout in
//! `docs/observations.md` is generated (a test keeps the two equal).

use std::borrow::Cow;

use super::{Game, Seat};

/// The observation of `viewer` (`None`: a spectator) in a game of `players`:
/// a generic `viewer` slice (one-hot over the seats, all zero for a
/// spectator), then the game's own sections, all from `viewer`'s view.
pub fn observation<G: Game>(state: &G::State, viewer: Option<Seat>, players: usize) -> Tensor {
    let mut t = Tensor::new();
    t.section(
        "viewer",
        "one-hot: the viewing seat (all zero for a spectator)",
        |t| t.one_hot(viewer, players),
    );
    G::observe(&G::view(state, viewer), players, &mut t);
    t
}

/// One named slice of the tensor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// Most names are literals; only the per-seat ones are formatted, so a
    /// tensor costs no allocation per section.
    pub name: Cow<'static, str>,
    pub meaning: &'static str,
    pub start: usize,
    pub len: usize,
}

/// A flat observation under construction.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tensor {
    values: Vec<f32>,
    sections: Vec<Section>,
}

impl Tensor {
    pub fn new() -> Self {
        Self::default()
    }

    /// Write one named slice with `fill`.
    #[inline]
    pub fn section(
        &mut self,
        name: impl Into<Cow<'static, str>>,
        meaning: &'static str,
        fill: impl FnOnce(&mut Self),
    ) {
        let start = self.values.len();
        fill(self);
        self.sections.push(Section {
            name: name.into(),
            meaning,
            start,
            len: self.values.len() - start,
        });
    }

    /// A number, divided by `scale` so typical values fall in `[0, 1]`.
    #[inline]
    pub fn scaled(&mut self, value: impl Into<f64>, scale: f64) {
        self.values.push((value.into() / scale) as f32);
    }

    /// 1 or 0.
    #[inline]
    pub fn flag(&mut self, on: bool) {
        self.values.push(if on { 1.0 } else { 0.0 });
    }

    /// `n` entries, 1 at `index` (none for `None` or an index past `n`).
    #[inline]
    pub fn one_hot(&mut self, index: Option<usize>, n: usize) {
        let start = self.values.len();
        self.values.resize(start + n, 0.0);
        if let Some(i) = index.filter(|i| *i < n) {
            self.values[start + i] = 1.0;
        }
    }

    /// Counts, each divided by `scale` (the values of [`Self::scaled`],
    /// written in one go: planes of thousands of cells are common).
    #[inline]
    pub fn counts<T: Copy + Into<f64>>(&mut self, values: &[T], scale: f64) {
        self.values
            .extend(values.iter().map(|v| ((*v).into() / scale) as f32));
    }

    /// `len` zeros that `fill` then sets where something is: a board of
    /// thousands of cells per feature, written in place (no buffer of its
    /// own to zero and convert).
    #[inline]
    pub fn planes(&mut self, len: usize, fill: impl FnOnce(&mut [f32])) {
        let start = self.values.len();
        self.values.resize(start + len, 0.0);
        fill(&mut self.values[start..]);
    }

    /// Room for `additional` more values: a game whose tensor is large
    /// says so first, and the vector grows once instead of doubling its way
    /// there.
    pub fn reserve(&mut self, additional: usize) {
        self.values.reserve(additional);
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    pub fn values(&self) -> &[f32] {
        &self.values
    }

    pub fn into_values(self) -> Vec<f32> {
        self.values
    }

    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// The layout as a Markdown table (what `docs/observations.md` shows).
    /// Consecutive sections of one meaning and length (one per seat, one per
    /// province) share a row.
    pub fn markdown(&self) -> String {
        let mut out = String::from("| slice | section | meaning |\n|---|---|---|\n");
        let mut i = 0;
        while i < self.sections.len() {
            let first = &self.sections[i];
            let run = self.sections[i..]
                .iter()
                .take_while(|s| s.meaning == first.meaning && s.len == first.len)
                .count();
            let last = &self.sections[i + run - 1];
            let end = last.start + last.len.max(1) - 1;
            let name = if run == 1 {
                format!("`{}`", first.name)
            } else {
                format!("`{}` … `{}` ({run} × {})", first.name, last.name, first.len)
            };
            out.push_str(&format!(
                "| {}–{end} | {name} | {} |\n",
                first.start, first.meaning
            ));
            i += run;
        }
        out.push_str(&format!("\nshape = [{}]\n", self.len()));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_record_their_slices() {
        let mut t = Tensor::new();
        t.section("a", "two flags", |t| {
            t.flag(true);
            t.flag(false);
        });
        t.section("b", "a one-hot of 3", |t| t.one_hot(Some(2), 3));
        t.section("c", "a count", |t| t.scaled(3u8, 6.0));
        assert_eq!(t.values(), &[1.0, 0.0, 0.0, 0.0, 1.0, 0.5]);
        assert_eq!(t.sections()[1].start, 2);
        assert_eq!(t.sections()[1].len, 3);
        assert!(t.markdown().contains("| 2–4 | `b` |"));
        let mut per_seat = Tensor::new();
        for seat in 0..3 {
            per_seat.section(format!("seat[{seat}]"), "per seat", |t| t.flag(true));
        }
        assert!(
            per_seat
                .markdown()
                .contains("| 0–2 | `seat[0]` … `seat[2]` (3 × 1) | per seat |")
        );
    }

    #[test]
    fn one_hot_of_nothing_is_all_zero() {
        let mut t = Tensor::new();
        t.one_hot(None, 4);
        t.one_hot(Some(9), 2);
        assert_eq!(t.values(), &[0.0; 6]);
    }
}
