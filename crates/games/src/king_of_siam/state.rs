//! The complete state of a game (Appendix A). All of it is public (section 7);
//! it holds neither the seed nor the generator, which are used up in setup.

use super::actions::Action;
use super::board::{PROVINCE_COUNT, Province};
use super::card::{Card, Hand};
use super::faction::{Controller, Faction, Followers};
use satrap_engine::Seat;

/// The British take the game with their 4th province (KS-21).
pub const BRITISH_LIMIT: u8 = 4;

/// One player: hand, played stack, court and King marker (3.1 step 2, 3).
#[derive(Debug, PartialEq, Eq)]
pub struct SeatState {
    /// Cards not yet played (KS-2).
    pub hand: Hand,
    /// The played-cards stack, oldest first (the last one is on top, KS-5).
    pub played: Vec<Card>,
    /// The player's collected followers (KS-7).
    pub court: Followers,
    /// Whether the King marker is on a tile (KS-14).
    pub king_marker_used: bool,
    /// Takes skipped because the board was empty (KS-7, A-19).
    pub takes_skipped: u8,
}

/// One province on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ProvinceState {
    /// Followers in the province (always empty once decided).
    pub followers: Followers,
    /// The control marker; `None` while undecided (tile face-up).
    pub controller: Option<Controller>,
    /// The seat whose King marker is on this province's tile (KS-14).
    pub king_marker: Option<Seat>,
    /// The number of the power struggle that decided it (KS-18).
    pub resolved_at: Option<u8>,
}

/// The next step of a card play in progress (KS-27).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Faction card: choose the province that receives the followers (KS-10).
    Target(Faction),
    /// Khon Thai: choose where the follower of this faction goes (KS-11).
    KhonThai(Faction),
    /// 1 vs 1: choose the exchange (KS-12).
    Exchange1v1,
    /// 2 vs 1: choose the exchange (KS-13).
    Exchange2v1,
    /// King: choose the two tiles and the marked one (KS-14).
    King,
    /// The mandatory follower take (KS-7).
    Take,
}

/// A card play in progress (KS-27).
#[derive(Debug, PartialEq, Eq)]
pub struct CardPlay {
    /// The player playing the card.
    pub seat: Seat,
    /// The card being played (already out of the hand, not yet on the stack).
    pub card: Card,
    /// What comes next.
    pub step: Step,
    /// Whether the 3-player last-card rule applies (KS-15, KS-29).
    pub last_card: bool,
    /// The actions of this card play so far, `PLAY` first.
    pub choices: Vec<Action>,
}

/// Everything about a running or finished game.
#[derive(Debug, PartialEq, Eq)]
pub struct State {
    /// Number of players, 2..=4.
    pub players: usize,
    /// One entry per seat, in clockwise order.
    pub seats: Vec<SeatState>,
    /// Per province, indexed by province-list position.
    pub provinces: [ProvinceState; PROVINCE_COUNT],
    /// The order track: `track[b]` is the tile in box `b + 1` (3.1 step 7).
    pub track: [Province; PROVINCE_COUNT],
    /// The common pool (2.5).
    pub pool: Followers,
    /// Provinces controlled by the British (KS-19).
    pub british: u8,
    /// Each faction's most recent conquest, as a struggle number (KS-18).
    pub last_conquest: [Option<u8>; 3],
    /// Number of the power struggle in progress, 1-based (KS-1).
    pub struggle: u8,
    /// The seat to act (KS-3).
    pub current: Seat,
    /// The start player chosen at setup (3.1 step 1).
    pub start_player: Seat,
    /// Consecutive passes in the current struggle (KS-9).
    pub passes: u8,
    /// The card play in progress, if any (KS-27).
    pub card_play: Option<CardPlay>,
    /// True once the game has ended (KS-21, KS-24).
    pub over: bool,
}

impl State {
    /// The state of one province.
    pub fn province(&self, p: Province) -> &ProvinceState {
        &self.provinces[p.index()]
    }

    /// Mutable state of one province.
    pub fn province_mut(&mut self, p: Province) -> &mut ProvinceState {
        &mut self.provinces[p.index()]
    }

    /// 4.3: an undecided province has its tile face-up and no control marker.
    pub fn is_undecided(&self, p: Province) -> bool {
        self.province(p).controller.is_none()
    }

    /// Undecided provinces in province-list order.
    pub fn undecided(&self) -> impl Iterator<Item = Province> + '_ {
        Province::all().filter(|p| self.is_undecided(*p))
    }

    /// 3.2: the contested province is the face-up tile in the lowest box.
    pub fn contested(&self) -> Option<Province> {
        self.track.iter().copied().find(|p| self.is_undecided(*p))
    }

    /// The box (0-based) holding the tile of `p`.
    pub fn box_of(&self, p: Province) -> usize {
        self.track
            .iter()
            .position(|t| *t == p)
            .unwrap_or(PROVINCE_COUNT)
    }

    /// Whether any follower is on the board (KS-7, A-19).
    pub fn board_has_followers(&self) -> bool {
        self.provinces.iter().any(|p| !p.followers.is_empty())
    }

    /// Provinces a faction controls (KS-25).
    pub fn faction_provinces(&self, f: Faction) -> u8 {
        self.provinces
            .iter()
            .filter(|p| p.controller == Some(Controller::Faction(f)))
            .count() as u8
    }

    /// Number of decided provinces.
    pub fn decided(&self) -> usize {
        self.provinces
            .iter()
            .filter(|p| p.controller.is_some())
            .count()
    }

    /// 3.5: the team of a seat in the 4-player game (0: seats 0+2, 1: seats 1+3).
    pub fn team(&self, seat: Seat) -> Option<usize> {
        (self.players == 4).then_some(seat % 2)
    }
}

// `Clone` by hand for the three types holding vectors, only to give them a
// `clone_from` that reuses the vectors' buffers: the last-card search
// (KS-29) copies positions into spare states many times per decision. Each
// impl names every field, so a new field cannot be forgotten.

impl Clone for SeatState {
    fn clone(&self) -> Self {
        let SeatState {
            hand,
            played,
            court,
            king_marker_used,
            takes_skipped,
        } = self;
        SeatState {
            hand: *hand,
            played: played.clone(),
            court: *court,
            king_marker_used: *king_marker_used,
            takes_skipped: *takes_skipped,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let SeatState {
            hand,
            played,
            court,
            king_marker_used,
            takes_skipped,
        } = source;
        self.hand = *hand;
        self.played.clone_from(played);
        self.court = *court;
        self.king_marker_used = *king_marker_used;
        self.takes_skipped = *takes_skipped;
    }
}

impl Clone for CardPlay {
    fn clone(&self) -> Self {
        let CardPlay {
            seat,
            card,
            step,
            last_card,
            choices,
        } = self;
        CardPlay {
            seat: *seat,
            card: *card,
            step: *step,
            last_card: *last_card,
            choices: choices.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let CardPlay {
            seat,
            card,
            step,
            last_card,
            choices,
        } = source;
        self.seat = *seat;
        self.card = *card;
        self.step = *step;
        self.last_card = *last_card;
        self.choices.clone_from(choices);
    }
}

impl Clone for State {
    fn clone(&self) -> Self {
        let State {
            players,
            seats,
            provinces,
            track,
            pool,
            british,
            last_conquest,
            struggle,
            current,
            start_player,
            passes,
            card_play,
            over,
        } = self;
        State {
            players: *players,
            seats: seats.clone(),
            provinces: *provinces,
            track: *track,
            pool: *pool,
            british: *british,
            last_conquest: *last_conquest,
            struggle: *struggle,
            current: *current,
            start_player: *start_player,
            passes: *passes,
            card_play: card_play.clone(),
            over: *over,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let State {
            players,
            seats,
            provinces,
            track,
            pool,
            british,
            last_conquest,
            struggle,
            current,
            start_player,
            passes,
            card_play,
            over,
        } = source;
        self.players = *players;
        self.seats.clone_from(seats);
        self.provinces = *provinces;
        self.track = *track;
        self.pool = *pool;
        self.british = *british;
        self.last_conquest = *last_conquest;
        self.struggle = *struggle;
        self.current = *current;
        self.start_player = *start_player;
        self.passes = *passes;
        self.card_play.clone_from(card_play);
        self.over = *over;
    }
}
