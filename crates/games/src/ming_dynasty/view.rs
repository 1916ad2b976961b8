//! Section 7: what one seat or a spectator may see. Everything is public but
//! the order of the movement supply (only its size is shown) and the open
//! return-card choices of other seats (only whether they committed).
//! Hands are shown to everyone (AMB-22: they follow from public history).

use satrap_engine::Seat;

use super::board::Card;
use super::state::{Colour, DistrictState, Phase, SeatState, State};

/// The redacted state.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub viewer: Option<Seat>,
    pub players: usize,
    pub round: u8,
    /// The phase; in `SelectReturns` only the viewer's own commitment is kept.
    pub phase: Phase,
    pub start_player: Seat,
    pub to_act: Vec<Seat>,
    /// Per seat: committed in the open selection (MD-55).
    pub committed: Vec<bool>,
    pub seats: Vec<SeatState>,
    pub neutral: Option<Colour>,
    pub neutral_supply: u8,
    pub neutral_boxed: u8,
    pub spaces: Vec<Vec<u8>>,
    pub display: Vec<Option<Card>>,
    /// Only the size of the face-down supply.
    pub movement_supply: usize,
    pub discard: Vec<Card>,
    pub dragon_supply: u8,
    pub districts: Vec<DistrictState>,
    pub tile_supply: Vec<u8>,
}

/// The view of `viewer` (`None`: a spectator).
pub fn view(state: &State, viewer: Option<Seat>) -> View {
    let mut phase = state.phase.clone();
    let mut committed = vec![false; state.players];
    if let Phase::SelectReturns { commits, .. } = &mut phase {
        for (seat, c) in commits.iter_mut().enumerate() {
            committed[seat] = c.is_some();
            if Some(seat) != viewer {
                *c = None;
            }
        }
    }
    View {
        viewer,
        players: state.players,
        round: state.round,
        phase,
        start_player: state.start_player,
        to_act: super::seats_to_act(state).collect(),
        committed,
        seats: state.seats.clone(),
        neutral: state.neutral,
        neutral_supply: state.neutral_supply,
        neutral_boxed: state.neutral_boxed,
        spaces: state.spaces.clone(),
        display: state.display.clone(),
        movement_supply: state.movement_supply.len(),
        discard: state.discard.clone(),
        dragon_supply: state.dragon_supply,
        districts: state.districts.clone(),
        tile_supply: state.tile_supply.clone(),
    }
}
