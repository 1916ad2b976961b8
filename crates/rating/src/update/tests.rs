//! The update checked against Weng and Lin's formulas, written out here
//! independently of `skillratings`, and against numbers worked by hand.

use proptest::prelude::*;

use super::*;

/// beta, the skill-to-performance noise: 25/6 (half the starting sigma).
const BETA: f64 = 25.0 / 6.0;
/// kappa, the floor on the factor an uncertainty may shrink by in one game;
/// `WengLinConfig::new()` uses 1e-6.
const KAPPA: f64 = 1e-6;
/// How close two computations of the same formula must come.
const EPS: f64 = 1e-9;

/// Algorithm 1 of Weng and Lin (JMLR 2011), Bradley-Terry model with full
/// pairing, for teams given as (mu, sigma) per player and a rank per team
/// (lower is better). For team i against every other team q:
///
/// ```text
/// mu_i = sum_j mu_ij          sigma_i^2 = sum_j sigma_ij^2
/// c_iq = sqrt(sigma_i^2 + sigma_q^2 + 2 beta^2)
/// p_iq = 1 / (1 + exp((mu_q - mu_i) / c_iq))       P(i beats q)
/// s_iq = 1 if i ranked above q, 1/2 if equal, 0 if below
/// delta_q = sigma_i^2 / c_iq * (s_iq - p_iq)
/// eta_q   = gamma_q * (sigma_i / c_iq)^2 * p_iq * (1 - p_iq),  gamma_q = sigma_i / c_iq
/// Omega_i = sum_q delta_q     Delta_i = sum_q eta_q
/// mu_ij'      = mu_ij + sigma_ij^2 / sigma_i^2 * Omega_i
/// sigma_ij'^2 = sigma_ij^2 * max(1 - sigma_ij^2 / sigma_i^2 * Delta_i, kappa)
/// ```
fn reference(teams: &[(Vec<(f64, f64)>, u32)]) -> Vec<Vec<(f64, f64)>> {
    let mu: Vec<f64> = teams
        .iter()
        .map(|(players, _)| players.iter().map(|p| p.0).sum())
        .collect();
    let var: Vec<f64> = teams
        .iter()
        .map(|(players, _)| players.iter().map(|p| p.1 * p.1).sum())
        .collect();
    let mut out = Vec::new();
    for (i, (players, rank_i)) in teams.iter().enumerate() {
        let (mut omega, mut big_delta) = (0.0, 0.0);
        for (q, (_, rank_q)) in teams.iter().enumerate() {
            if q == i {
                continue;
            }
            let c = (var[i] + var[q] + 2.0 * BETA * BETA).sqrt();
            let p = 1.0 / (1.0 + ((mu[q] - mu[i]) / c).exp());
            let s = if rank_i < rank_q {
                1.0
            } else if rank_i == rank_q {
                0.5
            } else {
                0.0
            };
            omega += var[i] / c * (s - p);
            let gamma = var[i].sqrt() / c;
            big_delta += gamma * (var[i] / (c * c)) * p * (1.0 - p);
        }
        out.push(
            players
                .iter()
                .map(|&(m, sd)| {
                    let share = sd * sd / var[i];
                    let new_var = sd * sd * (1.0 - share * big_delta).max(KAPPA);
                    (m + share * omega, new_var.sqrt())
                })
                .collect(),
        );
    }
    out
}

/// `rate`'s answer for seats described as (mu, sigma, team, rank), checked
/// seat by seat against [`reference`] fed the same teams.
fn check_against_reference(seats: &[(f64, f64, usize, u32)]) -> Vec<Rating> {
    let before: Vec<Rating> = seats
        .iter()
        .map(|&(rating, uncertainty, _, _)| Rating {
            rating,
            uncertainty,
        })
        .collect();
    let placings: Vec<Placing> = seats
        .iter()
        .map(|&(_, _, team, rank)| Placing { team, rank })
        .collect();
    let after = rate(&before, &placings).expect("valid game");

    // Build the reference's teams independently: by sorted label.
    let mut labels: Vec<usize> = seats.iter().map(|s| s.2).collect();
    labels.sort_unstable();
    labels.dedup();
    let teams: Vec<(Vec<(f64, f64)>, u32)> = labels
        .iter()
        .map(|&label| {
            let members: Vec<&(f64, f64, usize, u32)> =
                seats.iter().filter(|s| s.2 == label).collect();
            (members.iter().map(|s| (s.0, s.1)).collect(), members[0].3)
        })
        .collect();
    let expected = reference(&teams);
    for (t, &label) in labels.iter().enumerate() {
        let seat_ids = (0..seats.len()).filter(|&s| seats[s].2 == label);
        for (k, seat) in seat_ids.enumerate() {
            let (mu, sigma) = expected[t][k];
            assert_close(after[seat].rating, mu, &format!("seat {seat} rating"));
            assert_close(
                after[seat].uncertainty,
                sigma,
                &format!("seat {seat} sigma"),
            );
        }
    }
    after
}

fn assert_close(got: f64, want: f64, what: &str) {
    assert!(
        (got - want).abs() <= EPS * want.abs().max(1.0),
        "{what}: got {got}, want {want}"
    );
}

fn start(team: usize, rank: u32) -> (f64, f64, usize, u32) {
    (25.0, 25.0 / 3.0, team, rank)
}

const SIGMA0: f64 = 25.0 / 3.0;

/// Two new players, equal skill beliefs. c^2 = 2 (25/3)^2 + 2 (25/6)^2 =
/// 6250/36, so c = 25 sqrt(10) / 6 = 13.1762; p = 1/2. The winner's
/// delta = sigma^2 / c * (1 - 1/2) = (625/9) / (25 sqrt(10) / 6) / 2
/// = 25 / (3 sqrt(10)) = 2.63523; the loser's is its negative.
/// gamma = sigma / c = 2 / sqrt(10); eta = gamma * (sigma/c)^2 * 1/4
/// = (2 / sqrt(10)) * 0.4 * 0.25 = 0.2 / sqrt(10); sigma' = sigma sqrt(1 - eta).
fn two_player_delta() -> f64 {
    25.0 / (3.0 * 10f64.sqrt())
}
fn two_player_sigma() -> f64 {
    SIGMA0 * (1.0 - 0.2 / 10f64.sqrt()).sqrt()
}

#[test]
fn two_players_win_and_loss() {
    let after = check_against_reference(&[start(0, 1), start(1, 2)]);
    assert_close(after[0].rating, 25.0 + two_player_delta(), "winner");
    assert_close(after[1].rating, 25.0 - two_player_delta(), "loser");
    // The same numbers as decimals, worked from the closed forms above.
    assert_close(after[0].rating, 27.635_231_383_473_65, "winner");
    assert_close(after[1].rating, 22.364_768_616_526_35, "loser");
    for r in &after {
        assert_close(r.uncertainty, 8.065_506_316_323_548, "sigma");
        assert_close(r.uncertainty, two_player_sigma(), "sigma");
    }
}

#[test]
fn two_players_draw() {
    // s = 1/2 = p: delta is 0, eta does not depend on the result.
    let after = check_against_reference(&[start(0, 1), start(1, 1)]);
    for r in &after {
        assert_close(r.rating, 25.0, "draw keeps mu");
        assert_close(r.uncertainty, two_player_sigma(), "sigma");
    }
}

#[test]
fn three_players_distinct_ranks() {
    // Equal starts: every pair has the two-player c and p = 1/2, so each
    // pairing adds +-delta and eta. First beats two (+2 delta), second beats
    // one and loses to one (0), third loses twice (-2 delta);
    // sigma'^2 = sigma^2 (1 - 2 eta).
    let after = check_against_reference(&[start(0, 2), start(1, 3), start(2, 1)]);
    let d = two_player_delta();
    assert_close(after[2].rating, 25.0 + 2.0 * d, "first");
    assert_close(after[0].rating, 25.0, "second");
    assert_close(after[1].rating, 25.0 - 2.0 * d, "third");
    let sigma = SIGMA0 * (1.0 - 2.0 * 0.2 / 10f64.sqrt()).sqrt();
    for r in &after {
        assert_close(r.uncertainty, sigma, "sigma");
    }
}

#[test]
fn four_players_with_a_shared_first_place() {
    // Ranks 1, 1, 3, 4: the two winners draw each other (0) and beat two
    // (+2 delta); third beats one, loses to two (-delta); fourth -3 delta.
    let after = check_against_reference(&[start(0, 1), start(1, 1), start(2, 3), start(3, 4)]);
    let d = two_player_delta();
    assert_close(after[0].rating, 25.0 + 2.0 * d, "shared first");
    assert_close(after[1].rating, 25.0 + 2.0 * d, "shared first");
    assert_close(after[2].rating, 25.0 - d, "third");
    assert_close(after[3].rating, 25.0 - 3.0 * d, "fourth");
    let sigma = SIGMA0 * (1.0 - 3.0 * 0.2 / 10f64.sqrt()).sqrt();
    for r in &after {
        assert_close(r.uncertainty, sigma, "sigma");
    }
}

/// King of Siam's four-player game: seats 0 and 2 against seats 1 and 3.
/// All new: sigma_i^2 = 2 * 625/9 = 1250/9 per team; c^2 = 2 * 1250/9 +
/// 2 (25/6)^2 = 312.5, c = 12.5 sqrt(2); p = 1/2. Omega = (1250/9) / c / 2,
/// each player's share is 1/2: 625 / (18 c) = 25 / (9 sqrt(2)) = 1.96419.
/// gamma = sigma_i / c = 2/3, (sigma_i / c)^2 = 4/9, eta = 2/3 * 4/9 * 1/4
/// = 2/27; each player's sigma'^2 = sigma^2 (1 - 1/2 * 2/27) = sigma^2 26/27.
#[test]
fn two_teams_of_two() {
    let after = check_against_reference(&[start(0, 1), start(1, 2), start(0, 1), start(1, 2)]);
    let d = 25.0 / (9.0 * 2f64.sqrt());
    for seat in [0, 2] {
        assert_close(after[seat].rating, 25.0 + d, "winning team");
        assert_close(after[seat].rating, 26.964_185_503_295_965, "winning team");
    }
    for seat in [1, 3] {
        assert_close(after[seat].rating, 25.0 - d, "losing team");
    }
    for r in &after {
        assert_close(r.uncertainty, SIGMA0 * (26.0f64 / 27.0).sqrt(), "sigma");
    }
}

#[test]
fn two_teams_draw() {
    // Equal teams drawing: s = p = 1/2, no one moves; sigma as in the win.
    let after = check_against_reference(&[start(5, 2), start(9, 2), start(5, 2), start(9, 2)]);
    for r in &after {
        assert_close(r.rating, 25.0, "draw keeps mu");
        assert_close(r.uncertainty, SIGMA0 * (26.0f64 / 27.0).sqrt(), "sigma");
    }
}

#[test]
fn team_draw_among_three_teams() {
    // Two teams share first place ahead of a third; team labels need not
    // be contiguous.
    check_against_reference(&[
        (30.0, 4.0, 7, 1),
        (22.0, 6.0, 3, 1),
        (27.0, 3.0, 7, 1),
        (25.0, 8.0, 3, 1),
        (18.0, 5.0, 1, 3),
        (26.0, 2.5, 1, 3),
    ]);
}

#[test]
fn unequal_starting_ratings() {
    // An upset: the favourite (34) finishes last, the unsure 20 wins.
    let upset = check_against_reference(&[
        (34.0, 3.0, 0, 3),
        (20.0, 7.0, 1, 1),
        (25.0, 25.0 / 3.0, 2, 2),
    ]);
    // The expected order: the favourite wins, the 20 finishes last.
    let expected = check_against_reference(&[
        (34.0, 3.0, 0, 1),
        (20.0, 7.0, 1, 3),
        (25.0, 25.0 / 3.0, 2, 2),
    ]);
    // The favourite was likely to beat both (p > 1/2 in both pairings), so
    // losing moves it by sum(p / c) and winning by sum((1 - p) / c): less.
    assert!(upset[0].rating < 34.0 && expected[0].rating > 34.0);
    assert!(34.0 - upset[0].rating > expected[0].rating - 34.0);
    // The confident favourite's sigma moves little, the unsure winner's a lot.
    assert!(3.0 - upset[0].uncertainty < 7.0 - upset[1].uncertainty);
}

#[test]
fn unequal_teams_and_team_sizes() {
    // Seats 0 and 2 play together against seats 1 and 3 with mixed ratings;
    // a lone team of one beside them.
    check_against_reference(&[
        (31.0, 2.0, 0, 2),
        (24.0, 5.0, 1, 1),
        (12.0, 8.0, 0, 2),
        (40.0, 1.5, 1, 1),
        (25.0, 25.0 / 3.0, 2, 3),
    ]);
}

#[test]
fn seat_order_does_not_change_anyones_result() {
    let seats = [(30.0, 4.0, 0, 2), (22.0, 6.0, 1, 1), (27.0, 3.0, 2, 3)];
    let a = check_against_reference(&seats);
    let b = check_against_reference(&[seats[2], seats[0], seats[1]]);
    assert_eq!(a, vec![b[1], b[2], b[0]]);
}

#[test]
fn only_the_order_of_ranks_matters() {
    let ratings = [Rating::START; 3];
    let a = rate(&ratings, &ffa(&[1, 1, 3])).expect("valid game");
    let b = rate(&ratings, &ffa(&[1, 1, 2])).expect("valid game");
    assert_eq!(a, b);
}

fn ffa(ranks: &[u32]) -> Vec<Placing> {
    ranks
        .iter()
        .enumerate()
        .map(|(team, &rank)| Placing { team, rank })
        .collect()
}

#[test]
fn lengths_must_agree() {
    assert_eq!(
        rate(&[Rating::START; 3], &ffa(&[1, 2])),
        Err(RateError::LengthMismatch {
            ratings: 3,
            placings: 2
        })
    );
}

#[test]
fn one_team_is_not_a_game() {
    assert_eq!(rate(&[], &[]), Err(RateError::TooFewTeams { teams: 0 }));
    assert_eq!(
        rate(&[Rating::START], &ffa(&[1])),
        Err(RateError::TooFewTeams { teams: 1 })
    );
    let same_team = [Placing { team: 4, rank: 1 }; 3];
    assert_eq!(
        rate(&[Rating::START; 3], &same_team),
        Err(RateError::TooFewTeams { teams: 1 })
    );
}

#[test]
fn teammates_must_share_their_rank() {
    let placings = [
        Placing { team: 0, rank: 1 },
        Placing { team: 1, rank: 2 },
        Placing { team: 0, rank: 1 },
        Placing { team: 1, rank: 1 },
    ];
    let err = rate(&[Rating::START; 4], &placings).unwrap_err();
    assert_eq!(
        err,
        RateError::TeamRanksDisagree {
            team: 1,
            first_seat: 1,
            first_rank: 2,
            seat: 3,
            rank: 1
        }
    );
    assert!(err.to_string().contains("seat 3 at rank 1"), "{err}");
}

#[test]
fn unusable_ratings_are_refused() {
    let bad = [
        (f64::NAN, 8.0),
        (f64::INFINITY, 8.0),
        (25.0, f64::NAN),
        (25.0, f64::INFINITY),
        (25.0, 0.0),
        (25.0, -1.0),
    ];
    for (rating, uncertainty) in bad {
        let before = [
            Rating::START,
            Rating {
                rating,
                uncertainty,
            },
        ];
        let err = rate(&before, &ffa(&[1, 2])).unwrap_err();
        assert!(
            matches!(err, RateError::InvalidRating { seat: 1, .. }),
            "{rating}/{uncertainty}: {err:?}"
        );
    }
}

#[test]
fn an_overflowing_update_is_an_error_not_nan() {
    let before = [
        Rating {
            rating: 1e308,
            uncertainty: 1.0,
        },
        Rating {
            rating: 1e308,
            uncertainty: 1.0,
        },
        Rating::START,
    ];
    let placings = [
        Placing { team: 0, rank: 2 },
        Placing { team: 0, rank: 2 },
        Placing { team: 1, rank: 1 },
    ];
    assert!(matches!(
        rate(&before, &placings),
        Err(RateError::NonFiniteResult { .. })
    ));
}

/// 2 to 4 seats with ratings in the range play produces (and beyond), team
/// labels 0..4 and ranks 1..4, kept only if at least two teams remain and
/// teammates agree on rank (the rank of a team is its label's).
fn game() -> impl Strategy<Value = Vec<(f64, f64, usize, u32)>> {
    (
        prop::collection::vec((-20.0f64..70.0, 0.3f64..12.0, 0usize..4), 2..=4),
        prop::collection::vec(1u32..=4, 4),
    )
        .prop_map(|(seats, team_ranks)| {
            seats
                .into_iter()
                .map(|(mu, sigma, team)| (mu, sigma, team, team_ranks[team]))
                .collect::<Vec<_>>()
        })
        .prop_filter("at least two teams", |seats| {
            seats.iter().any(|s| s.2 != seats[0].2)
        })
}

proptest! {
    #[test]
    fn matches_the_reference(seats in game()) {
        check_against_reference(&seats);
    }

    #[test]
    fn uncertainty_never_grows(seats in game()) {
        let after = check_against_reference(&seats);
        for (seat, r) in after.iter().enumerate() {
            prop_assert!(r.uncertainty <= seats[seat].1, "seat {seat}: {} > {}", r.uncertainty, seats[seat].1);
            prop_assert!(r.uncertainty > 0.0);
        }
    }

    #[test]
    fn two_teams_winners_gain_and_losers_lose(
        seats in prop::collection::vec((-20.0f64..70.0, 0.3f64..12.0, any::<bool>()), 2..=4),
    ) {
        prop_assume!(seats.iter().any(|s| s.2) && seats.iter().any(|s| !s.2));
        let before: Vec<Rating> = seats
            .iter()
            .map(|&(rating, uncertainty, _)| Rating { rating, uncertainty })
            .collect();
        let placings: Vec<Placing> = seats
            .iter()
            .map(|&(_, _, won)| Placing { team: usize::from(won), rank: if won { 1 } else { 2 } })
            .collect();
        let after = rate(&before, &placings).expect("valid game");
        for (seat, &(_, _, won)) in seats.iter().enumerate() {
            if won {
                prop_assert!(after[seat].rating >= before[seat].rating, "winner {seat} lost rating");
            } else {
                prop_assert!(after[seat].rating <= before[seat].rating, "loser {seat} gained rating");
            }
        }
    }

    /// Teams of equal total variance share one c per pairing, and what one
    /// team gains from a pairing the other loses: total mu is conserved.
    #[test]
    fn equal_uncertainty_free_for_all_conserves_total_rating(
        mus in prop::collection::vec(-20.0f64..70.0, 2..=4),
        sigma in 0.3f64..12.0,
        ranks in prop::collection::vec(1u32..=4, 4),
    ) {
        let before: Vec<Rating> = mus.iter().map(|&rating| Rating { rating, uncertainty: sigma }).collect();
        let after = rate(&before, &ffa(&ranks[..mus.len()])).expect("valid game");
        let sum_before: f64 = before.iter().map(|r| r.rating).sum();
        let sum_after: f64 = after.iter().map(|r| r.rating).sum();
        prop_assert!((sum_before - sum_after).abs() < 1e-9, "{sum_before} -> {sum_after}");
    }

    #[test]
    fn equal_uncertainty_two_against_two_conserves_total_rating(
        mus in prop::collection::vec(-20.0f64..70.0, 4),
        sigma in 0.3f64..12.0,
        first_team_wins in any::<bool>(),
        draw in any::<bool>(),
    ) {
        let before: Vec<Rating> = mus.iter().map(|&rating| Rating { rating, uncertainty: sigma }).collect();
        let (a, b) = match (draw, first_team_wins) {
            (true, _) => (1, 1),
            (false, true) => (1, 2),
            (false, false) => (2, 1),
        };
        let placings = [
            Placing { team: 0, rank: a },
            Placing { team: 1, rank: b },
            Placing { team: 0, rank: a },
            Placing { team: 1, rank: b },
        ];
        let after = rate(&before, &placings).expect("valid game");
        let sum_before: f64 = before.iter().map(|r| r.rating).sum();
        let sum_after: f64 = after.iter().map(|r| r.rating).sum();
        prop_assert!((sum_before - sum_after).abs() < 1e-9, "{sum_before} -> {sum_after}");
        // Teammates with equal sigma move by the same amount.
        prop_assert!(((after[0].rating - mus[0]) - (after[2].rating - mus[2])).abs() < 1e-9);
    }
}
