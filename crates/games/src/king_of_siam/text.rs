//! A plain-text picture of the board for humans and logs. The same for every
//! viewer (section 7).

use std::fmt::Write as _;

use super::apply::step_name;
use super::board::Province;
use super::faction::{Controller, Faction};
use super::notation::format_action;
use super::resolve::majority;
use super::scoring;
use super::state::State;

/// Render the whole public state as text.
pub fn render(state: &State) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "King of Siam, {} players{} | struggle {} | British {}/4 | pool R{} L{} M{}",
        state.players,
        if state.players == 4 {
            " (teams 0+2 vs 1+3)"
        } else {
            ""
        },
        state.struggle.min(8),
        state.british,
        state.pool.get(Faction::Rama),
        state.pool.get(Faction::Lao),
        state.pool.get(Faction::Malay),
    );

    // The order track: decided tiles in brackets, the contested tile starred.
    let contested = state.contested();
    let boxes: Vec<String> = state
        .track
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let ps = state.province(*p);
            let mut cell = match ps.controller {
                Some(c) => format!("[{p}={c}]"),
                None if Some(*p) == contested => format!("*{p}*"),
                None => p.to_string(),
            };
            if let Some(k) = ps.king_marker {
                let _ = write!(cell, "(K{k})");
            }
            format!("{}:{cell}", i + 1)
        })
        .collect();
    let _ = writeln!(s, "Track: {}", boxes.join(" "));

    for p in Province::all() {
        let ps = state.province(p);
        let home = p
            .home_of()
            .map(|f| format!(", home of {}", f.id()))
            .unwrap_or_default();
        let status = match ps.controller {
            Some(c) => format!("decided: {c} (struggle {})", ps.resolved_at.unwrap_or(0)),
            None => {
                let f = ps.followers;
                // KS-17, KS-19: who would get the province if resolved now.
                let now = match majority(f) {
                    Controller::Faction(x) => format!("lead {x}"),
                    Controller::British => "tied (BRITISH)".to_string(),
                };
                let contested = if Some(p) == contested {
                    ", contested"
                } else {
                    ""
                };
                format!("R{} L{} M{}  {now}{contested}", f.0[0], f.0[1], f.0[2])
            }
        };
        let _ = writeln!(s, "  {:<12} {status}{home}", p.id());
    }

    let factions: Vec<String> = Faction::ALL
        .iter()
        .map(|f| {
            let last = state.last_conquest[f.index()]
                .map(|n| format!(" (last {n})"))
                .unwrap_or_default();
            format!("{} {}{last}", f.id(), state.faction_provinces(*f))
        })
        .collect();
    let _ = writeln!(
        s,
        "Provinces held: {}, BRITISH {}",
        factions.join(", "),
        state.british
    );

    for (seat, ss) in state.seats.iter().enumerate() {
        let marker = if !state.over && seat == state.current {
            ">"
        } else {
            " "
        };
        let team = state
            .team(seat)
            .map(|t| format!(" team {t}"))
            .unwrap_or_default();
        let hand: Vec<&str> = ss.hand.cards().iter().map(|c| c.id()).collect();
        let played: Vec<&str> = ss.played.iter().map(|c| c.id()).collect();
        let _ = writeln!(
            s,
            "{marker} seat {seat}{team}: court R{} L{} M{} | hand [{}] | played [{}] | King marker {}",
            ss.court.get(Faction::Rama),
            ss.court.get(Faction::Lao),
            ss.court.get(Faction::Malay),
            hand.join(" "),
            played.join(" "),
            if ss.king_marker_used {
                "placed"
            } else {
                "unused"
            },
        );
    }

    if let Some(cp) = &state.card_play {
        let choices: Vec<String> = cp.choices.iter().map(format_action).collect();
        let _ = writeln!(
            s,
            "Card play: seat {} plays {}{}; so far: {}; next: {}",
            cp.seat,
            cp.card.id(),
            if cp.last_card {
                " (last card, KS-15)"
            } else {
                ""
            },
            choices.join(", "),
            step_name(cp.step),
        );
    }
    if state.over {
        if let Some(o) = scoring::outcome(state) {
            let _ = writeln!(s, "Game over: {}", o.summary);
        }
    } else {
        let _ = writeln!(
            s,
            "Turn: seat {}, passes {}/{}",
            state.current, state.passes, state.players
        );
    }
    s
}
