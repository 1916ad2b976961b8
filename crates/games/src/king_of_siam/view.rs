//! Section 7: what a viewer sees. All game information is public, so every
//! seat and every spectator gets the same view: the whole state, but never
//! the seed or the generator (which the state does not hold either).

use super::actions::Action;
use super::board::{Province, home};
use super::card::Card;
use super::decided::{Scoring, scoring};
use super::faction::{Controller, Faction, Followers};
use super::state::{State, Step};
use satrap_engine::Seat;

/// The public view of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// Number of players.
    pub players: usize,
    /// The seat to act; `None` once the game is over.
    pub current_player: Option<Seat>,
    /// The start player chosen at setup.
    pub start_player: Seat,
    /// Whether the game is over.
    pub over: bool,
    /// Number of the power struggle in progress (1-based).
    pub struggle: u8,
    /// The contested province (3.2); `None` once all are decided.
    pub contested: Option<Province>,
    /// Consecutive passes (KS-9).
    pub passes: u8,
    /// British provinces (KS-19).
    pub british: u8,
    /// The order track, box 1 first.
    pub track: Vec<BoxView>,
    /// All provinces in province-list order.
    pub provinces: Vec<ProvinceView>,
    /// The pool (2.5).
    pub pool: Followers,
    /// All seats in seat order.
    pub seats: Vec<SeatView>,
    /// The three factions in the order Rama, Lao, Malay.
    pub factions: Vec<FactionView>,
    /// The card play in progress.
    pub card_play: Option<CardPlayView>,
    /// How the game was scored, once it is over.
    pub scoring: Option<Scoring>,
}

/// One box of the order track.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoxView {
    /// Box number, 1..=8.
    pub number: u8,
    /// The tile in the box.
    pub province: Province,
    /// Face-up (undecided) or face-down (decided).
    pub face_up: bool,
    /// Whose King marker is on the tile.
    pub king_marker: Option<Seat>,
}

/// One province.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProvinceView {
    /// The province.
    pub province: Province,
    /// Its display name.
    pub name: String,
    /// The faction whose home it is.
    pub home_of: Option<Faction>,
    /// Adjacent provinces, in province-list order.
    pub adjacent: Vec<Province>,
    /// Followers in it.
    pub followers: Followers,
    /// Its control marker once decided.
    pub controller: Option<Controller>,
    /// The struggle that decided it.
    pub resolved_at: Option<u8>,
    /// Whose King marker is on its tile.
    pub king_marker: Option<Seat>,
    /// The box (1-based) holding its tile.
    pub box_number: u8,
}

/// One seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatView {
    /// Seat number.
    pub seat: Seat,
    /// Team in the 4-player game (0: seats 0+2, 1: seats 1+3).
    pub team: Option<usize>,
    /// Court.
    pub court: Followers,
    /// Cards in hand, in `DECK` order.
    pub hand: Vec<Card>,
    /// Played stack, oldest first.
    pub played: Vec<Card>,
    /// Whether the King marker is placed.
    pub king_marker_used: bool,
    /// Takes skipped because the board was empty.
    pub takes_skipped: u8,
}

/// One faction's standing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactionView {
    /// The faction.
    pub faction: Faction,
    /// Its home province.
    pub home: Province,
    /// Provinces it controls.
    pub provinces: u8,
    /// Its most recent conquest.
    pub last_conquest: Option<u8>,
}

/// The card play in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardPlayView {
    /// Who plays it.
    pub seat: Seat,
    /// The card.
    pub card: Card,
    /// The next step.
    pub step: Step,
    /// Whether the 3-player last-card rule applies.
    pub last_card: bool,
    /// The actions so far, `PLAY` first.
    pub choices: Vec<Action>,
}

/// The view of `state`; the same for every viewer (section 7).
pub fn view(state: &State) -> View {
    View {
        players: state.players,
        current_player: (!state.over).then_some(state.current),
        start_player: state.start_player,
        over: state.over,
        struggle: state.struggle,
        contested: state.contested(),
        passes: state.passes,
        british: state.british,
        track: state
            .track
            .iter()
            .enumerate()
            .map(|(i, p)| BoxView {
                number: i as u8 + 1,
                province: *p,
                face_up: state.is_undecided(*p),
                king_marker: state.province(*p).king_marker,
            })
            .collect(),
        provinces: Province::all()
            .map(|p| {
                let ps = state.province(p);
                ProvinceView {
                    province: p,
                    name: p.name().to_owned(),
                    home_of: p.home_of(),
                    adjacent: p.neighbours().collect(),
                    followers: ps.followers,
                    controller: ps.controller,
                    resolved_at: ps.resolved_at,
                    king_marker: ps.king_marker,
                    box_number: state.box_of(p) as u8 + 1,
                }
            })
            .collect(),
        pool: state.pool,
        seats: state
            .seats
            .iter()
            .enumerate()
            .map(|(seat, s)| SeatView {
                seat,
                team: state.team(seat),
                court: s.court,
                hand: s.hand.cards(),
                played: s.played.clone(),
                king_marker_used: s.king_marker_used,
                takes_skipped: s.takes_skipped,
            })
            .collect(),
        factions: Faction::ALL
            .into_iter()
            .map(|f| FactionView {
                faction: f,
                home: home(f),
                provinces: state.faction_provinces(f),
                last_conquest: state.last_conquest[f.index()],
            })
            .collect(),
        card_play: state.card_play.as_ref().map(|cp| CardPlayView {
            seat: cp.seat,
            card: cp.card,
            step: cp.step,
            last_card: cp.last_card,
            choices: cp.choices.clone(),
        }),
        scoring: scoring(state),
    }
}
