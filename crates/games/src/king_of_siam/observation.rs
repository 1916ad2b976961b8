//! Observation tensor, written from the public view (section 7:
//! King of Siam hides nothing, so every viewer gets the same numbers apart
//! from the generic `viewer` slice). Layout in `docs/observations.md`.

use super::board::PROVINCE_COUNT;
use super::card::{CARD_TYPES, DECK};
use super::faction::{Controller, FOLLOWERS_PER_FACTION};
use super::state::Step;
use super::view::View;
use satrap_engine::tensor::Tensor;

const FOLLOWERS: f64 = FOLLOWERS_PER_FACTION as f64;
const P: usize = PROVINCE_COUNT;

/// Copies of each card type in one player's set (Khon Thai twice).
fn copies(card: usize) -> f64 {
    DECK.iter().filter(|c| c.index() == card).count() as f64
}

fn card_counts(cards: &[super::card::Card]) -> [f64; CARD_TYPES] {
    let mut out = [0.0; CARD_TYPES];
    for c in cards {
        out[c.index()] += 1.0;
    }
    for (i, x) in out.iter_mut().enumerate() {
        *x /= copies(i);
    }
    out
}

fn step_index(step: &Step) -> (usize, Option<usize>) {
    match step {
        Step::Target(f) => (0, Some(f.index())),
        Step::KhonThai(f) => (1, Some(f.index())),
        Step::Exchange1v1 => (2, None),
        Step::Exchange2v1 => (3, None),
        Step::King => (4, None),
        Step::Take => (5, None),
    }
}

/// Write `view` for a table of `players`.
pub fn observe(view: &View, players: usize, t: &mut Tensor) {
    t.section("to_act", "one-hot: the seat to act (none once over)", |t| {
        t.one_hot(view.current_player, players)
    });
    t.section("start_player", "one-hot: the start player", |t| {
        t.one_hot(Some(view.start_player), players)
    });
    t.section(
        "status",
        "over; struggle / 8; passes / players; British provinces / 4",
        |t| {
            t.flag(view.over);
            t.scaled(view.struggle, P as f64);
            t.scaled(view.passes, players as f64);
            t.scaled(view.british, 4.0);
        },
    );
    t.section(
        "pool",
        "followers in the pool per faction (Rama, Lao, Malay) / 18",
        |t| t.counts(&view.pool.0, FOLLOWERS),
    );
    for p in &view.provinces {
        t.section(
            format!("province[{}]", p.province.index()),
            "per province in list order: followers per faction / 18 (3); controller one-hot Rama, Lao, Malay, British (4); contested; king marker one-hot per seat (players); box number one-hot (8)",
            |t| {
                t.counts(&p.followers.0, FOLLOWERS);
                t.one_hot(
                    p.controller.map(|c| match c {
                        Controller::Faction(f) => f.index(),
                        Controller::British => 3,
                    }),
                    4,
                );
                t.flag(view.contested == Some(p.province));
                t.one_hot(p.king_marker, players);
                t.one_hot(usize::from(p.box_number).checked_sub(1), P);
            },
        );
    }
    for s in view.seats.iter().take(players) {
        t.section(
            format!("seat[{}]", s.seat),
            "per seat: court per faction / 18 (3); hand per card type / copies (7); played per card type / copies (7); king marker used; takes skipped / 8",
            |t| {
                t.counts(&s.court.0, FOLLOWERS);
                for x in card_counts(&s.hand) {
                    t.scaled(x, 1.0);
                }
                for x in card_counts(&s.played) {
                    t.scaled(x, 1.0);
                }
                t.flag(s.king_marker_used);
                t.scaled(s.takes_skipped, 8.0);
            },
        );
    }
    t.section("factions", "per faction: provinces controlled / 8", |t| {
        for f in &view.factions {
            t.scaled(f.provinces, P as f64);
        }
    });
    let play = view.card_play.as_ref();
    t.section(
        "card_play",
        "card play in progress: present; seat one-hot (players); card one-hot (7); step one-hot Target, KhonThai, 1v1, 2v1, King, Take (6); the step's faction one-hot (3); last-card rule; choices so far / 4",
        |t| {
            t.flag(play.is_some());
            t.one_hot(play.map(|c| c.seat), players);
            t.one_hot(play.map(|c| c.card.index()), CARD_TYPES);
            let (step, faction) = play.map_or((None, None), |c| {
                let (s, f) = step_index(&c.step);
                (Some(s), f)
            });
            t.one_hot(step, 6);
            t.one_hot(faction, 3);
            t.flag(play.is_some_and(|c| c.last_card));
            t.scaled(play.map_or(0, |c| c.choices.len()) as f64, 4.0);
        },
    );
}
