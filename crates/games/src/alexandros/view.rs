//! Section 7: what a viewer sees. The board, scores, supplies, display,
//! discard pile and the move in progress are public; a hand is shown only to
//! its owner (others see its size); the draw pile only by its size. The seed
//! and the generator are never part of a view.

use super::board::{Point, Side, Space};
use super::card::{Cards, Symbol};
use super::events::{Event, TakeFrom};
use super::scoring::{Ending, taxes};
use super::state::{Colour, Stage, State, WallColour};
use satrap_engine::Seat;

/// One seat as a viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatView {
    pub seat: Seat,
    pub colour: Colour,
    pub score: u32,
    pub supply: u8,
    /// Number of cards in the hand (public).
    pub hand_count: u32,
    /// The hand itself, only in the owner's view.
    pub hand: Option<Cards>,
    /// What a levy would pay this seat now (AX-29).
    pub tax: u32,
}

/// One province.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProvinceView {
    /// The anchor: the province's first space in board order.
    pub anchor: Space,
    /// Its spaces in board order.
    pub spaces: Vec<Space>,
    /// Open spaces (the tax it pays to a single guard).
    pub open_spaces: u32,
    /// Symbol spaces per symbol.
    pub symbols: Cards,
    pub owner: Option<Seat>,
    pub guards: u32,
}

/// What one viewer sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    pub players: usize,
    /// The viewing seat (`None`: spectator).
    pub viewer: Option<Seat>,
    /// The active player while the game runs.
    pub current: Option<Seat>,
    pub start_player: Seat,
    /// Completed turns.
    pub turn: u32,
    pub turn_limit: u32,
    /// The turn stage and the move in progress (public, section 7).
    pub stage: Stage,
    pub actions_used: u8,
    pub levied: bool,
    pub final_turn: bool,
    pub seats: Vec<SeatView>,
    pub alexander: Point,
    pub walls: Vec<(Side, WallColour)>,
    pub black_left: u8,
    pub red_left: u8,
    pub guards: Vec<(Space, Seat)>,
    pub provinces: Vec<ProvinceView>,
    pub display: [Option<Symbol>; 2],
    pub draw_count: u32,
    /// The discard pile, oldest first.
    pub discard: Vec<Symbol>,
    pub ending: Option<Ending>,
    pub winners: Vec<Seat>,
}

/// The view of `viewer`.
/// The provinces (AX-11), by anchor in board order, each with its spaces
/// in board order, from one pass over the board (one scan per province
/// made the view of a late position cost more than a turn).
fn provinces(state: &State) -> Vec<ProvinceView> {
    // Position in the list of each anchor's entry.
    let mut entry = [usize::MAX; 256];
    let mut out: Vec<ProvinceView> = Vec::new();
    for anchor in Space::all().filter(|s| state.is_anchor(*s)) {
        entry[anchor.index()] = out.len();
        out.push(ProvinceView {
            anchor,
            owner: None,
            spaces: Vec::new(),
            open_spaces: 0,
            symbols: Cards::EMPTY,
            guards: 0,
        });
    }
    for s in Space::all() {
        let anchor = state.province_of(s);
        // A province's spaces never come before its anchor in board order
        // (`province_spaces` looks no earlier).
        if s < anchor {
            continue;
        }
        let Some(p) = entry.get(anchor.index()).and_then(|i| out.get_mut(*i)) else {
            continue;
        };
        p.spaces.push(s);
        match s.symbol() {
            Some(sym) => p.symbols.add(sym, 1),
            None => p.open_spaces += 1,
        }
        if let Some(g) = state.guard(s) {
            p.guards += 1;
            // The owner: the first guard in board order (`State::owner`).
            p.owner.get_or_insert(g);
        }
    }
    out
}

/// [`provinces`] with one scan of the board per province: the plain
/// version the tests compare it with.
#[cfg(test)]
pub(crate) fn provinces_plain(state: &State) -> Vec<ProvinceView> {
    state
        .anchors()
        .into_iter()
        .map(|anchor| {
            let spaces: Vec<Space> = state.province_spaces(anchor).collect();
            let mut symbols = Cards::EMPTY;
            let mut open = 0;
            for s in &spaces {
                match s.symbol() {
                    Some(sym) => symbols.add(sym, 1),
                    None => open += 1,
                }
            }
            let guards = spaces.iter().filter(|s| state.guard(**s).is_some()).count() as u32;
            ProvinceView {
                anchor,
                owner: state.owner(anchor),
                spaces,
                open_spaces: open,
                symbols,
                guards,
            }
        })
        .collect()
}

pub fn view(state: &State, viewer: Option<Seat>) -> View {
    let tax = taxes(state);
    let seats = state
        .seats
        .iter()
        .enumerate()
        .map(|(seat, s)| SeatView {
            seat,
            colour: s.colour,
            score: s.score,
            supply: s.supply,
            hand_count: s.hand.total(),
            hand: (viewer == Some(seat)).then_some(s.hand),
            tax: tax[seat],
        })
        .collect();
    let provinces = provinces(state);
    View {
        players: state.players,
        viewer,
        current: (!state.over()).then_some(state.current),
        start_player: state.start_player,
        turn: state.turn,
        turn_limit: state.turn_limit,
        stage: state.stage.clone(),
        actions_used: state.actions_used,
        levied: state.levied,
        final_turn: state.final_turn,
        seats,
        alexander: state.alexander,
        walls: Side::all()
            .filter_map(|s| state.wall(s).map(|w| (s, w)))
            .collect(),
        black_left: state.black_left,
        red_left: state.red_left,
        guards: Space::all()
            .filter_map(|s| state.guard(s).map(|g| (s, g)))
            .collect(),
        provinces,
        display: state.display,
        draw_count: state.draw.len() as u32,
        discard: state.discard.clone(),
        ending: state.ending,
        winners: if state.over() {
            super::scoring::leaders(state)
        } else {
            Vec::new()
        },
    }
}

/// Section 7: a card drawn from the draw pile is seen only by the drawer.
pub fn event_for(event: &Event, viewer: Option<Seat>) -> Option<Event> {
    match event {
        Event::CardTaken {
            seat,
            from: TakeFrom::Deck,
            ..
        } if viewer != Some(*seat) => Some(Event::CardTaken {
            seat: *seat,
            from: TakeFrom::Deck,
            symbol: None,
        }),
        e => Some(e.clone()),
    }
}
