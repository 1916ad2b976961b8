//! What a viewer may see (section 7). Public to everyone (HID-1): the grid,
//! buildings, supplies, bank, both resource hands, the number of territory
//! cards per hand and the publicly known ones (HID-3), the pile sizes, the
//! discard pile, dice, drafts and offers. A seat additionally sees its own
//! territory cards (HID-2); the draw order, seed and generator never appear.

use super::actions::seat_to_act;
use super::cards::{Card, Resources};
use super::grid::{self, Cell, Point};
use super::pieces::{Ability, Building, Supply};
use super::state::{Decision, GameResult, Offer, Phase, State};
use satrap_engine::Seat;

/// The step the game is waiting for (TR-34).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Setup,
    Roll,
    Main,
    Discard,
    ChooseTemple,
    Pay,
    Draft,
    Respond,
    Over,
}

/// One player as the viewer may see them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerView {
    pub seat: Seat,
    pub resources: Resources,
    /// Number of territory cards held (public).
    pub territory_count: u32,
    /// Cards of the hand whose identity is public (HID-3).
    pub known_cards: Vec<Card>,
    /// The whole hand: only in the viewer's own entry.
    pub hand: Option<Vec<Card>>,
    pub supply: Supply,
    pub homeless: u8,
    pub points: u32,
}

/// The typed view of the state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    pub viewer: Option<Seat>,
    pub grid: Vec<(Cell, Card)>,
    pub intersections: Vec<Point>,
    pub growth_cells: Vec<Cell>,
    pub buildings: Vec<(Point, Building)>,
    pub bank: Resources,
    pub draw_pile_size: u32,
    pub discard_pile: Vec<Card>,
    pub players: Vec<PlayerView>,
    pub p1: Seat,
    pub turn: u32,
    pub active: Seat,
    pub step: Step,
    pub to_act: Option<Seat>,
    /// Placement step 1..=4 during setup.
    pub setup_step: Option<u8>,
    pub decision: Option<Decision>,
    /// The open draft or the proposed offer (public, HID-3).
    pub offer: Option<Offer>,
    pub offers_made: u8,
    pub abilities_used: Vec<Ability>,
    pub last_roll: Option<(u8, u8)>,
    pub opening_rolls: Vec<[u8; 4]>,
    pub result: Option<GameResult>,
}

pub fn step_of(phase: &Phase) -> Step {
    match phase {
        Phase::Setup(_) => Step::Setup,
        Phase::Roll => Step::Roll,
        Phase::Main => Step::Main,
        Phase::Deciding { decision, .. } => match decision.kind {
            super::state::DecisionKind::Discard => Step::Discard,
            super::state::DecisionKind::Temple => Step::ChooseTemple,
            super::state::DecisionKind::Pay => Step::Pay,
        },
        Phase::Draft(_) => Step::Draft,
        Phase::Offered(_) => Step::Respond,
        Phase::Over => Step::Over,
    }
}

/// The view of `viewer` (`None`: a spectator).
pub fn view(state: &State, viewer: Option<Seat>) -> View {
    let players = (0..2)
        .map(|seat| {
            let p = state.player(seat);
            PlayerView {
                seat,
                resources: p.resources,
                territory_count: p.territories.len() as u32,
                known_cards: p.known.clone(),
                hand: (viewer == Some(seat)).then(|| p.territories.clone()),
                supply: p.supply,
                homeless: p.homeless,
                points: state.points(seat),
            }
        })
        .collect();
    View {
        viewer,
        grid: state.grid.iter().map(|(c, k)| (*c, *k)).collect(),
        intersections: grid::intersection_list(&state.grid),
        growth_cells: grid::growth_cell_list(&state.grid),
        buildings: state.buildings.iter().map(|(p, b)| (*p, *b)).collect(),
        bank: state.bank,
        draw_pile_size: state.draw_pile.len() as u32,
        discard_pile: state.discard_pile.clone(),
        players,
        p1: state.p1,
        turn: state.turn,
        active: state.active,
        step: step_of(&state.phase),
        to_act: seat_to_act(state),
        setup_step: match state.phase {
            Phase::Setup(s) => Some(s + 1),
            _ => None,
        },
        decision: match &state.phase {
            Phase::Deciding { decision, .. } => Some(decision.clone()),
            _ => None,
        },
        offer: match state.phase {
            Phase::Draft(o) | Phase::Offered(o) => Some(o),
            _ => None,
        },
        offers_made: state.offers_made,
        abilities_used: Ability::ALL
            .into_iter()
            .filter(|a| state.abilities_used[a.index()])
            .collect(),
        last_roll: state.last_roll,
        opening_rolls: state.opening_rolls.clone(),
        result: state.result,
    }
}
