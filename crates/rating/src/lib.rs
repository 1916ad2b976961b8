//! TEMPORARY local placeholder (not committed): the real crate comes from the rating branch.
pub mod matching {
    #[derive(Debug, Clone, PartialEq)]
    pub struct Waiting { pub display: f64, pub waited_ms: u64, pub bot_fill_after_ms: Option<u64> }
    pub fn window(waited_ms: u64) -> f64 { 2.0 + waited_ms as f64 / 1000.0 }
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Group { pub members: Vec<usize>, pub bots: usize }
    pub fn find_groups(queue: &[Waiting], players: usize) -> Vec<Group> {
        let mut out = Vec::new();
        let mut i = 0;
        while i + players <= queue.len() { out.push(Group { members: (i..i+players).collect(), bots: 0 }); i += players; }
        for (j, w) in queue.iter().enumerate().skip(i) {
            if w.bot_fill_after_ms.is_some_and(|b| w.waited_ms >= b) { out.push(Group { members: vec![j], bots: players - 1 }); }
        }
        out
    }
}
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating { pub rating: f64, pub uncertainty: f64 }
impl Rating {
    pub const START: Rating = Rating { rating: 25.0, uncertainty: 25.0 / 3.0 };
    pub fn display(&self) -> f64 { self.rating - 3.0 * self.uncertainty }
}
impl Default for Rating { fn default() -> Self { Self::START } }
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placing { pub team: usize, pub rank: u32 }
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RateError { #[error("bad")] Bad }
pub fn rate(before: &[Rating], placings: &[Placing]) -> Result<Vec<Rating>, RateError> {
    if before.len() != placings.len() { return Err(RateError::Bad); }
    Ok(before.iter().zip(placings).map(|(r, p)| Rating { rating: r.rating + if p.rank == 1 { 1.0 } else { -1.0 }, uncertainty: r.uncertainty * 0.95 }).collect())
}
