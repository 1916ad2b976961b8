//! Fixed action ids: one block per action of KS-27, parameters
//! numbered by province-list, faction (Rama, Lao, Malay) and card-type order.
//! Blocks cover every combination of parameters, legal or not, so an id
//! never depends on the state. Documented in `docs/action-ids.md`.

use std::sync::LazyLock;

use super::actions::Action;
use super::board::PROVINCE_COUNT;
use super::card::CARD_TYPES;
use super::faction::Faction;
use satrap_engine::action_space::{ActionSpace, Block, mixed};

const P: usize = PROVINCE_COUNT;
const F: usize = 3;
/// The followers a 2 vs 1 sends: one faction (3) or a sorted pair (6).
const SENT: usize = F + F * (F + 1) / 2;

static SPACE: LazyLock<ActionSpace> = LazyLock::new(|| {
    ActionSpace::new(vec![
        Block::new("PASS", 1, "—"),
        Block::new(
            "PLAY",
            CARD_TYPES,
            "card (RAMA, LAO, MALAY, KHON_THAI, 1V1, 2V1, KING)",
        ),
        Block::new("PLACE", P, "province"),
        Block::new("X1", P * F * P * F, "((p × 3 + f) × 8 + q) × 3 + g"),
        Block::new(
            "X2",
            P * SENT * P * F,
            "((p × 9 + sent) × 8 + q) × 3 + g; sent: R, L, M, RR, RL, RM, LL, LM, MM",
        ),
        Block::new("KING", P * P * 2, "(t1 × 8 + t2) × 2 + (marker = t2)"),
        Block::new("TAKE", P * F, "province × 3 + faction"),
    ])
});

/// The action space (the same for 2, 3 and 4 players).
pub fn space() -> &'static ActionSpace {
    &SPACE
}

/// Position of a sorted one- or two-faction multiset among the 9 of `SENT`.
fn sent_index(sent: &[Faction]) -> usize {
    match sent {
        [a] => a.index(),
        [a, b] => {
            let (a, b) = (a.index().min(b.index()), a.index().max(b.index()));
            F + a * F - a * a.saturating_sub(1) / 2 + (b - a)
        }
        // KS-13 sends one or two followers; the generator never makes more.
        _ => {
            debug_assert!(false, "2V1 sends one or two followers");
            0
        }
    }
}

/// The fixed id of `action`.
pub fn action_id(action: &Action) -> usize {
    let s = space();
    match action {
        Action::Pass => s.id(0, 0),
        Action::Play(card) => s.id(1, card.index()),
        Action::Place(p) => s.id(2, p.index()),
        Action::Exchange1v1 { p, f, q, g } => s.id(
            3,
            mixed(&[
                (p.index(), P),
                (f.index(), F),
                (q.index(), P),
                (g.index(), F),
            ]),
        ),
        Action::Exchange2v1 { p, sent, q, g } => s.id(
            4,
            mixed(&[
                (p.index(), P),
                (sent_index(sent), SENT),
                (q.index(), P),
                (g.index(), F),
            ]),
        ),
        Action::King { t1, t2, marker } => s.id(
            5,
            mixed(&[
                (t1.index(), P),
                (t2.index(), P),
                (usize::from(marker == t2), 2),
            ]),
        ),
        Action::Take { province, faction } => {
            s.id(6, mixed(&[(province.index(), P), (faction.index(), F)]))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sent_multisets_get_distinct_positions() {
        use Faction::*;
        let all = [
            vec![Rama],
            vec![Lao],
            vec![Malay],
            vec![Rama, Rama],
            vec![Rama, Lao],
            vec![Rama, Malay],
            vec![Lao, Lao],
            vec![Lao, Malay],
            vec![Malay, Malay],
        ];
        let got: Vec<usize> = all.iter().map(|s| sent_index(s)).collect();
        assert_eq!(got, (0..SENT).collect::<Vec<_>>());
    }
}
