//! Section 6: district majorities and tiles (4.1), returns and city points
//! (4.2), cloisters (4.3), the final tile scoring (MD-59) and the winner.

use satrap_engine::{Outcome, Seat, SeatResult};

use super::board::{District, Province};
use super::events::{Event, Family, ScoreReason};
use super::flow;
use super::state::{Phase, ReturnCards, State};

/// 6.6: (six-colour set, city piece) values of a scoring round.
pub fn round_values(round: u8) -> (u32, u32) {
    match round {
        2 => (28, 4),
        4 => (24, 3),
        _ => (20, 0),
    }
}

/// MD-58: points per cloister piece.
pub const CLOISTER_POINTS: u32 = 4;
/// MD-59: points per set of five colours.
pub const FIVE_SET_POINTS: u32 = 10;

/// MD-51: how many pieces each competitor moves into the houses, given the
/// open-area counts per competitor.
pub fn majority_moves(open: &[u8]) -> Vec<u8> {
    let mut moves = vec![0u8; open.len()];
    let top = open.iter().copied().max().unwrap_or(0);
    if top == 0 {
        return moves; // nobody has a piece
    }
    let leaders: Vec<usize> = (0..open.len()).filter(|c| open[*c] == top).collect();
    match leaders.len() {
        1 => {
            let l = leaders[0];
            moves[l] = top.min(2);
            let second = (0..open.len())
                .filter(|c| *c != l)
                .map(|c| open[c])
                .max()
                .unwrap_or(0);
            if second > 0 {
                let seconds: Vec<usize> = (0..open.len())
                    .filter(|c| *c != l && open[*c] == second)
                    .collect();
                // AMB-31: tied seconds move none.
                if seconds.len() == 1 {
                    moves[seconds[0]] = 1;
                }
            }
        }
        2 | 3 => {
            for l in leaders {
                moves[l] = 1;
            }
        }
        _ => {} // all four tie: nobody moves
    }
    moves
}

fn family(state: &State, c: usize) -> Family {
    if c < state.players {
        Family::Seat(c)
    } else {
        Family::Neutral
    }
}

/// MD-53, MD-54: one tile of `p`'s colour to `seat`, then the set check.
pub fn give_tile(state: &mut State, seat: Seat, p: Province, events: &mut Vec<Event>) {
    let c = p.index();
    let available = state.tile_supply.get(c).is_some_and(|n| *n > 0);
    if available {
        state.tile_supply[c] -= 1;
        state.seats[seat].tiles[c] += 1;
    }
    events.push(Event::TileTaken {
        seat,
        province: p,
        taken: available,
    });
    let (set_value, _) = round_values(state.round);
    while state.seats[seat].tiles.iter().all(|n| *n > 0) {
        for (i, n) in state.seats[seat].tiles.iter_mut().enumerate() {
            *n -= 1;
            state.tile_supply[i] += 1;
        }
        events.push(Event::SetExchanged { seat });
        score(state, seat, set_value, ScoreReason::SixColourSet, events);
    }
}

fn score(state: &mut State, seat: Seat, points: u32, reason: ScoreReason, events: &mut Vec<Event>) {
    if points == 0 {
        return;
    }
    state.seats[seat].score += points;
    events.push(Event::Scored {
        seat,
        points,
        reason,
    });
}

/// MD-50 … MD-54 for one district.
pub fn score_district(state: &mut State, d: District, events: &mut Vec<Event>) {
    let moves = majority_moves(&state.districts[d.index()].open);
    for (c, k) in moves.iter().enumerate() {
        if *k > 0 {
            let ds = &mut state.districts[d.index()];
            ds.open[c] -= k;
            ds.houses[c] += k;
            events.push(Event::MovedToCity {
                family: family(state, c),
                district: d,
                count: *k,
            });
        }
    }
    // MD-53: clockwise from the start player; the neutral family takes none.
    let order: Vec<Seat> = state.turn_order().collect();
    for seat in order {
        for _ in 0..moves[seat] {
            give_tile(state, seat, d.province(), events);
        }
    }
}

/// MD-46: step 4.1 for every district, then step 4.2 city by city.
pub fn begin(state: &mut State, events: &mut Vec<Event>) {
    for d in District::all() {
        score_district(state, d, events);
    }
    next_city(state, 0, events);
}

/// MD-55: the first city from `from` on that needs a return selection;
/// cities without player pieces are settled at once. After the last city,
/// step 4.3 and the round end.
pub fn next_city(state: &mut State, from: usize, events: &mut Vec<Event>) {
    for p in Province::all().skip(from) {
        let involved: Vec<bool> = (0..state.players)
            .map(|s| state.city_pieces(p, s) > 0)
            .collect();
        if involved.iter().any(|x| *x) {
            state.phase = Phase::SelectReturns {
                province: p,
                commits: vec![None; state.players],
                involved,
            };
            return;
        }
        finish_city(state, p, events);
    }
    score_cloisters(state, events);
    if state.round >= super::state::ROUNDS {
        final_tiles(state, events);
    }
    flow::end_round(state, events);
}

/// MD-55: every involved seat committed: reveal, cap (AMB-14), return.
pub fn reveal(state: &mut State, events: &mut Vec<Event>) {
    let Phase::SelectReturns {
        province, commits, ..
    } = &state.phase
    else {
        return;
    };
    let province = *province;
    let commits = commits.clone();
    let mut returns = vec![0u8; state.players];
    let mut choices = Vec::new();
    for (seat, c) in commits.iter().enumerate() {
        if let Some(cards) = c {
            let n = cards.sum().min(state.city_pieces(province, seat));
            returns[seat] = n;
            choices.push((seat, *cards, n));
        }
    }
    events.push(Event::ReturnsRevealed { province, choices });
    process_returns(state, province, returns, 0, events);
}

/// MD-56: carry out the returns in turn order from the start player, from
/// the `next`-th seat on, stopping where a seat must choose (AMB-30).
pub fn process_returns(
    state: &mut State,
    p: Province,
    returns: Vec<u8>,
    next: usize,
    events: &mut Vec<Event>,
) {
    for i in next..state.players {
        let seat = (state.start_player + i) % state.players;
        let n = returns[seat];
        let total = state.city_pieces(p, seat);
        if n == 0 {
            continue;
        }
        let origins: Vec<District> = p
            .districts()
            .iter()
            .copied()
            .filter(|d| state.districts[d.index()].houses[seat] > 0)
            .collect();
        if n < total && origins.len() >= 2 {
            state.phase = Phase::ChooseReturns {
                province: p,
                returns,
                next: i,
            };
            state.turn = seat;
            return;
        }
        // No choice matters: all of them, or n from the single district.
        let mut left = n;
        for d in origins {
            let k = state.districts[d.index()].houses[seat].min(left);
            return_pieces(state, seat, d, k, events);
            left -= k;
        }
    }
    finish_city(state, p, events);
    next_city(state, p.index() + 1, events);
}

/// MD-56: `k` pieces from `d`'s houses back to `d`'s open area.
pub fn return_pieces(state: &mut State, seat: Seat, d: District, k: u8, events: &mut Vec<Event>) {
    if k == 0 {
        return;
    }
    let ds = &mut state.districts[d.index()];
    ds.houses[seat] -= k;
    ds.open[seat] += k;
    events.push(Event::PiecesReturned {
        seat,
        district: d,
        count: k,
    });
}

/// MD-57, MD-85: city points, then every piece left goes to the box.
pub fn finish_city(state: &mut State, p: Province, events: &mut Vec<Event>) {
    let (_, value) = round_values(state.round);
    for c in 0..state.competitors() {
        let n = state.city_pieces(p, c);
        if n == 0 {
            continue;
        }
        for d in p.districts() {
            state.districts[d.index()].houses[c] = 0;
        }
        if c < state.players {
            score(
                state,
                c,
                value * u32::from(n),
                ScoreReason::CityPieces,
                events,
            );
            state.seats[c].boxed += n;
        } else {
            state.neutral_boxed += n;
        }
        events.push(Event::PiecesBoxed {
            family: family(state, c),
            province: p,
            count: n,
        });
    }
}

/// MD-58: 4 points per cloister piece, in turn order.
pub fn score_cloisters(state: &mut State, events: &mut Vec<Event>) {
    let order: Vec<Seat> = state.turn_order().collect();
    for seat in order {
        let n = state
            .districts
            .iter()
            .filter(|d| d.cloister == Some(seat))
            .count() as u32;
        score(
            state,
            seat,
            CLOISTER_POINTS * n,
            ScoreReason::Cloisters,
            events,
        );
    }
}

/// MD-59 step 1: the most sets of five different colours.
pub fn five_colour_sets(tiles: &[u8]) -> u32 {
    let total: u32 = tiles.iter().map(|n| u32::from(*n)).sum();
    let mut k = total / 5;
    while k > 0 {
        let covered: u32 = tiles.iter().map(|n| u32::from(*n).min(k)).sum();
        if covered >= 5 * k {
            return k;
        }
        k -= 1;
    }
    0
}

/// MD-59: sets of five (10 each) and 1 per leftover tile.
pub fn final_tiles(state: &mut State, events: &mut Vec<Event>) {
    let order: Vec<Seat> = state.turn_order().collect();
    for seat in order {
        let tiles = &state.seats[seat].tiles;
        let total: u32 = tiles.iter().map(|n| u32::from(*n)).sum();
        let sets = five_colour_sets(tiles);
        score(
            state,
            seat,
            FIVE_SET_POINTS * sets,
            ScoreReason::FiveColourSets,
            events,
        );
        score(
            state,
            seat,
            total - 5 * sets,
            ScoreReason::LeftoverTiles,
            events,
        );
    }
}

/// MD-70, MD-71: the game is over; the highest score wins, ties share.
pub fn end_game(state: &mut State, events: &mut Vec<Event>) {
    state.phase = Phase::Over;
    if let Some(o) = outcome(state) {
        events.push(Event::GameEnded {
            winners: o.winners,
            summary: o.summary,
        });
    }
}

/// MD-70, MD-71 (AMB-20), MD-72: winners and ranks by score.
pub fn outcome(state: &State) -> Option<Outcome> {
    if !state.over() {
        return None;
    }
    let scores: Vec<u32> = state.seats.iter().map(|s| s.score).collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    let winners: Vec<Seat> = (0..state.players).filter(|s| scores[*s] == best).collect();
    let results = (0..state.players)
        .map(|seat| SeatResult {
            seat,
            rank: 1 + scores.iter().filter(|x| **x > scores[seat]).count() as u32,
            score: i64::from(scores[seat]),
        })
        .collect();
    let names: Vec<String> = winners
        .iter()
        .map(|s| format!("seat {s} ({})", state.seats[*s].colour.name()))
        .collect();
    let summary = if winners.len() == 1 {
        format!("{} wins with {best} points", names.join(""))
    } else {
        format!(
            "{} share the victory with {best} points",
            names.join(" and ")
        )
    };
    Some(Outcome {
        winners,
        draw: false,
        results,
        ending: "final_scoring".into(),
        summary,
    })
}

/// The committed choice of `seat` in the open selection, if any.
pub fn commitment(state: &State, seat: Seat) -> Option<ReturnCards> {
    match &state.phase {
        Phase::SelectReturns { commits, .. } => commits.get(seat).copied().flatten(),
        _ => None,
    }
}
