//! The actions (TR-37), their legality (one `check` per action, citing the
//! rule it breaks, TR-41) and the legal-action generator. The main phase's
//! actions are listed by construction, under the very conditions `check`
//! asks; the other phases' few candidates are kept when `check` accepts
//! them. `apply` runs `check`, and the conformance tests hold the two
//! together.

use super::cards::{Card, Resources, Suit};
use super::grid::{self, Cell, Point};
use super::pieces::{Ability, Kind};
use super::state::{Decision, DecisionKind, Item, OFFERS_PER_TURN, Offer, Phase, State};
use satrap_engine::{RuleError, Seat};

/// What a bank trade returns (TR-24).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BankGet {
    Resource(Suit),
    Territory,
}

/// One action (TR-37).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// SET-5: a free setup town.
    PlaceSetup(Point),
    /// TR-2.
    Roll,
    /// TR-11 / TR-38: one card of a pending discard.
    Discard(Item),
    /// TR-8 / TR-38: one free choice.
    TakeFree(Suit),
    /// TR-31 / TR-38: one resource of a die price.
    Pay(Suit),
    /// TR-23: the opponent's answer.
    RespondTrade(bool),
    /// TR-17.
    BuildTown(Point),
    /// TR-18: `Kind` is Fort, Barracks, Temple or Palace.
    Upgrade(Point, Kind),
    /// TR-19.
    BuildCapital(Point),
    /// TR-24.
    BankTrade { give: Suit, get: BankGet },
    /// TR-39 rule 1.
    TradeGive(Suit),
    /// TR-39 rule 2.
    TradeGet(Suit),
    /// TR-39 rule 3.
    ProposeTrade,
    /// TR-27.
    Swap { cell: Cell, card: Card },
    /// TR-28.
    Expand { cell: Cell, card: Card },
    /// TR-29.
    Destroy(Point),
    /// TR-30.
    Convert {
        source: Point,
        target: Point,
        to: Kind,
    },
    /// TR-33.
    EndTurn,
}

fn err(rule: &'static str, msg: impl Into<String>) -> Result<(), RuleError> {
    Err(RuleError::new(rule, msg))
}

/// TR-40 rule 1: the one seat to act, `None` once the game is over.
pub fn seat_to_act(state: &State) -> Option<Seat> {
    match &state.phase {
        Phase::Over => None,
        Phase::Deciding { decision, .. } => Some(decision.seat),
        Phase::Offered(_) => Some(State::opponent(state.active)),
        _ => Some(state.active),
    }
}

/// Whether `seat` may take `action` now; the error names the rule (TR-41).
pub fn check(state: &State, seat: Seat, action: &Action) -> Result<(), RuleError> {
    if let Some(result) = state.result {
        return err(result.ending.rule(), "the game is over");
    }
    if seat_to_act(state) != Some(seat) {
        return err("TR-34", format!("it is not seat {seat}'s turn to act"));
    }
    match (&state.phase, action) {
        (Phase::Setup(_), Action::PlaceSetup(p)) => check_setup(state, *p),
        (Phase::Setup(_), _) => err("TR-34", "during setup only PLACE is legal"),
        (Phase::Roll, Action::Roll) => Ok(()),
        (Phase::Roll, _) => err("TR-1", "the turn starts with ROLL"),
        (Phase::Deciding { decision, .. }, a) => check_decision(state, decision, a),
        (Phase::Draft(d), a) => check_draft(state, d, a),
        (Phase::Offered(_), Action::RespondTrade(_)) => Ok(()),
        (Phase::Offered(_), _) => err("TR-34", "an offer awaits the opponent's answer"),
        (Phase::Main, a) => check_main(state, seat, a),
        (Phase::Over, _) => err("END-1", "the game is over"),
    }
}

fn check_setup(state: &State, p: Point) -> Result<(), RuleError> {
    if !grid::is_intersection(&state.grid, p) {
        return err("SET-5", format!("{p} is not an intersection"));
    }
    if state.buildings.contains_key(&p) {
        return err("SET-5", format!("{p} is occupied"));
    }
    Ok(())
}

/// The stock's items not earlier than `item` (TR-38 rule 2), `item` included.
fn stock_from(state: &State, d: &Decision, item: Item) -> u32 {
    let (res, cards): (Resources, &[Card]) = match d.kind {
        DecisionKind::Discard => {
            let p = state.player(d.seat);
            (p.resources, &p.territories)
        }
        DecisionKind::Temple => (state.bank, &[]),
        DecisionKind::Pay => (state.player(d.seat).resources, &[]),
    };
    let later_cards = cards
        .iter()
        .filter(|c| Item::Territory(**c) >= item)
        .count() as u32;
    let later_res: u32 = Suit::ALL
        .iter()
        .filter(|s| Item::Resource(**s) >= item)
        .map(|s| u32::from(res.get(*s)))
        .sum();
    later_res + later_cards
}

/// Whether the decision's stock holds `item`.
fn stock_holds(state: &State, d: &Decision, item: Item) -> bool {
    match (d.kind, item) {
        (DecisionKind::Discard, Item::Resource(s)) | (DecisionKind::Pay, Item::Resource(s)) => {
            state.player(d.seat).resources.get(s) > 0
        }
        (DecisionKind::Discard, Item::Territory(c)) => {
            state.player(d.seat).territories.contains(&c)
        }
        (DecisionKind::Temple, Item::Resource(s)) => state.bank.get(s) > 0,
        _ => false,
    }
}

/// TR-38 rules 1 and 2 for one step of a pending decision.
fn check_decision(state: &State, d: &Decision, action: &Action) -> Result<(), RuleError> {
    let item = match (d.kind, action) {
        (DecisionKind::Discard, Action::Discard(item)) => *item,
        (DecisionKind::Temple, Action::TakeFree(s)) | (DecisionKind::Pay, Action::Pay(s)) => {
            Item::Resource(*s)
        }
        (DecisionKind::Discard, _) => return err("TR-34", "a DISCARD decision is pending"),
        (DecisionKind::Temple, _) => return err("TR-34", "a CHOOSE_TEMPLE decision is pending"),
        (DecisionKind::Pay, _) => return err("TR-34", "a PAY decision is pending"),
    };
    if d.last.is_some_and(|l| item < l) {
        return err("TR-38", "items must be named in canonical order");
    }
    if !stock_holds(state, d, item) {
        return err("TR-38", "the stock does not hold that item");
    }
    // After removing `item`, the items not earlier than it must cover the rest.
    if stock_from(state, d, item) < u32::from(d.remaining) {
        return err(
            "TR-38",
            "the decision could not be finished after that item",
        );
    }
    Ok(())
}

/// The highest suit on one side of an offer.
fn last_suit(side: &Resources) -> Option<Suit> {
    Suit::ALL.into_iter().rev().find(|s| side.get(*s) > 0)
}

/// TR-39 rule 1 for TRADE_GIVE (free, or draft with an empty get side).
fn check_give(state: &State, draft: &Offer, s: Suit) -> Result<(), RuleError> {
    if !draft.get.is_empty() {
        return err("TR-39", "the get side has started: no more TRADE_GIVE");
    }
    if state.offers_made >= OFFERS_PER_TURN {
        return err("TR-22", "at most 3 offers per turn");
    }
    if last_suit(&draft.give).is_some_and(|l| s < l) {
        return err("TR-39", "give suits must be named in canonical order");
    }
    let own = state.player(state.active).resources;
    if own.get(s) <= draft.give.get(s) {
        return err("TR-39", format!("not enough {s} to give"));
    }
    let opp = state.player(State::opponent(state.active)).resources;
    let mut give = draft.give;
    give.add(s, 1);
    if !Suit::ALL
        .iter()
        .any(|t| give.get(*t) == 0 && opp.get(*t) > 0)
    {
        return err(
            "TR-39",
            "the opponent holds nothing the offer could ask for",
        );
    }
    Ok(())
}

fn check_draft(state: &State, d: &Offer, action: &Action) -> Result<(), RuleError> {
    match action {
        Action::TradeGive(s) => check_give(state, d, *s),
        Action::TradeGet(s) => {
            if d.give.get(*s) > 0 {
                return err("TR-39", format!("{s} is on the give side"));
            }
            if last_suit(&d.get).is_some_and(|l| *s < l) {
                return err("TR-39", "get suits must be named in canonical order");
            }
            let opp = state.player(State::opponent(state.active)).resources;
            if opp.get(*s) <= d.get.get(*s) {
                return err("TR-39", format!("the opponent does not hold more {s}"));
            }
            Ok(())
        }
        Action::ProposeTrade if d.give.is_empty() || d.get.is_empty() => {
            err("TR-39", "both sides of the offer must be non-empty")
        }
        Action::ProposeTrade => Ok(()),
        Action::EndTurn => err("TR-33", "a trade draft is open"),
        _ => err("TR-39", "while a draft is open only draft steps are legal"),
    }
}

/// TR-25: an ability needs a granting building and must be unused this turn.
fn check_ability(state: &State, seat: Seat, ability: Ability) -> Result<(), RuleError> {
    if ability_ready(state, seat, ability) {
        Ok(())
    } else if state.abilities_used[ability.index()] {
        err("TR-25", format!("{ability} was already used this turn"))
    } else {
        err("TR-25", format!("no building granting {ability}"))
    }
}

/// TR-25: an ability is used at most once a turn, and only with a
/// building that grants it. A yes or no: the generator asks about every
/// ability on every listing and shows no message; [`check_ability`] names
/// the condition broken.
fn ability_ready(state: &State, seat: Seat, ability: Ability) -> bool {
    !state.abilities_used[ability.index()] && state.grants(seat, ability)
}

fn check_main(state: &State, seat: Seat, action: &Action) -> Result<(), RuleError> {
    let me = state.player(seat);
    let opp = State::opponent(seat);
    match *action {
        Action::BuildTown(p) => {
            if !grid::is_intersection(&state.grid, p) {
                return err("TR-17", format!("{p} is not an intersection"));
            }
            if state.buildings.contains_key(&p) {
                return err("TR-17", format!("{p} is occupied"));
            }
            if me.supply.get(Kind::Town) == 0 {
                return err("TR-17", "no pawn in supply");
            }
            if !me.resources.covers(&Kind::Town.cost()) {
                return err("TR-17", "cannot pay HSCD");
            }
            Ok(())
        }
        Action::Upgrade(p, kind) => {
            if !Kind::UPGRADES.contains(&kind) {
                return err("TR-18", format!("cannot upgrade into {kind}"));
            }
            match state.building(p) {
                Some(b) if b.owner == seat && b.kind == Kind::Town => {}
                _ => return err("TR-18", format!("no own Town at {p}")),
            }
            if me.supply.get(kind) == 0 {
                return err("TR-18", format!("no {kind} in supply"));
            }
            if !me.resources.covers(&kind.cost()) {
                return err("TR-18", format!("cannot pay {}", kind.cost().letters()));
            }
            Ok(())
        }
        Action::BuildCapital(p) => {
            match state.building(p) {
                Some(b) if b.owner == seat && b.kind.tier() == 2 => {}
                _ => return err("TR-19", format!("no own tier-2 building at {p}")),
            }
            if me.supply.get(Kind::Capital) == 0 {
                return err("TR-19", "the king is not in supply");
            }
            if !me.resources.covers(&Kind::Capital.cost()) {
                return err("TR-19", "cannot pay DDCCHHSS");
            }
            Ok(())
        }
        Action::BankTrade { give, get } => {
            if me.resources.get(give) < 4 {
                return err("TR-24", format!("fewer than 4 {give}"));
            }
            match get {
                BankGet::Resource(g) if g == give => {
                    err("TR-24", "the suit received must differ from the suit given")
                }
                BankGet::Resource(g) if state.bank.get(g) == 0 => {
                    err("TR-24", format!("the bank holds no {g}"))
                }
                BankGet::Territory
                    if state.draw_pile.is_empty() && state.discard_pile.is_empty() =>
                {
                    err("TR-24", "no territory card left to draw")
                }
                _ => Ok(()),
            }
        }
        Action::TradeGive(s) => check_give(state, &Offer::default(), s),
        Action::TradeGet(_) | Action::ProposeTrade => err("TR-39", "no trade draft is open"),
        Action::Swap { cell, card } => {
            check_ability(state, seat, Ability::Swap)?;
            if !state.grid.contains_key(&cell) {
                return err("TR-27", format!("cell {cell} is not in the grid"));
            }
            if !me.territories.contains(&card) {
                return err("TR-27", format!("{card} is not in hand"));
            }
            if me.resources.is_empty() {
                return err("TR-27", "no resource card to pay with (decision 32)");
            }
            Ok(())
        }
        Action::Expand { cell, card } => {
            check_ability(state, seat, Ability::Expand)?;
            if !grid::is_growth_cell(&state.grid, cell) {
                return err("TR-28", format!("cell {cell} is not a growth cell (GEO-6)"));
            }
            if !me.territories.contains(&card) {
                return err("TR-28", format!("{card} is not in hand"));
            }
            if me.resources.is_empty() {
                return err("TR-28", "no resource card to pay with (decision 32)");
            }
            Ok(())
        }
        Action::Destroy(p) => {
            check_ability(state, seat, Ability::Destroy)?;
            match state.building(p) {
                Some(b) if b.owner == opp && b.kind == Kind::Town => {}
                _ => return err("TR-29", format!("no opponent Town at {p}")),
            }
            if !me.resources.covers(&Resources::one_each()) {
                return err("TR-29", "cannot pay HSCD");
            }
            Ok(())
        }
        Action::Convert { source, target, to } => {
            check_ability(state, seat, Ability::Convert)?;
            match state.building(source) {
                Some(b) if b.owner == seat && b.kind.grants(Ability::Convert) => {}
                _ => return err("TR-30", format!("no own Temple or Capital at {source}")),
            }
            let Some(t) = state.building(target).filter(|b| b.owner == opp) else {
                return err("TR-30", format!("no opponent building at {target}"));
            };
            if !grid::share_a_card(&state.grid, source, target) {
                return err("TR-30", format!("{source} and {target} share no card"));
            }
            if !t.kind.convertible_to(to) {
                return err("TR-30", format!("a {} cannot become a {to}", t.kind));
            }
            if me.supply.get(to) == 0 {
                return err("TR-30", format!("no {to} in supply"));
            }
            if !me.resources.covers(&Resources::one_each()) {
                return err("TR-30", "cannot pay HSCD");
            }
            Ok(())
        }
        Action::EndTurn => Ok(()),
        Action::PlaceSetup(_) => err("SET-5", "setup is over"),
        Action::Roll => err("TR-34", "already rolled this turn"),
        Action::Discard(_) | Action::TakeFree(_) | Action::Pay(_) => {
            err("TR-34", "no decision is pending")
        }
        Action::RespondTrade(_) => err("TR-34", "no offer is pending"),
    }
}

/// Every legal action of `seat` now, in a fixed order (TR-37), written
/// into `out` (cleared first).
pub fn legal_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    if state.result.is_some() || seat_to_act(state) != Some(seat) {
        return;
    }
    match &state.phase {
        Phase::Over => {}
        Phase::Setup(_) => out.extend(
            grid::intersection_list(&state.grid)
                .into_iter()
                .map(Action::PlaceSetup),
        ),
        Phase::Roll => out.push(Action::Roll),
        Phase::Deciding { decision, .. } => {
            let suits = Suit::ALL.into_iter();
            match decision.kind {
                DecisionKind::Discard => {
                    out.extend(suits.map(|s| Action::Discard(Item::Resource(s))));
                    out.extend(
                        state
                            .player(seat)
                            .territories
                            .iter()
                            .map(|c| Action::Discard(Item::Territory(*c))),
                    );
                }
                DecisionKind::Temple => out.extend(suits.map(Action::TakeFree)),
                DecisionKind::Pay => out.extend(suits.map(Action::Pay)),
            }
        }
        Phase::Draft(draft) => {
            // TR-39: only suits with a card left to add to each side; the
            // others would fail `check`, which would format a message each.
            let own = state.player(seat).resources;
            let opp = state.player(State::opponent(seat)).resources;
            out.extend(
                Suit::ALL
                    .into_iter()
                    .filter(|s| own.get(*s) > draft.give.get(*s))
                    .map(Action::TradeGive),
            );
            out.extend(
                Suit::ALL
                    .into_iter()
                    .filter(|s| draft.give.get(*s) == 0 && opp.get(*s) > draft.get.get(*s))
                    .map(Action::TradeGet),
            );
            out.push(Action::ProposeTrade);
        }
        Phase::Offered(_) => out.extend([Action::RespondTrade(true), Action::RespondTrade(false)]),
        Phase::Main => main_actions(state, seat, out),
    }
    if !matches!(state.phase, Phase::Main) {
        out.retain(|a| check(state, seat, a).is_ok());
    }
    debug_assert!(out.iter().all(|a| check(state, seat, a).is_ok()));
}

/// The legal actions of the main phase, listed by construction: each kind
/// is generated only under exactly the conditions `check_main` asks of it
/// (TR-17 … TR-30, TR-39), from the board, the hand and the supply, so none
/// is checked again. The main phase is most of a game's listings and its
/// SWAP and EXPAND lists (one per cell × hand card) its longest part;
/// checking every candidate cost more than the rest of the turn, and a
/// refused candidate formatted a message nobody read. The conformance
/// tests (each listed action accepted, each arbitrary candidate refused
/// unless listed) and the debug assertion above hold the list to `check`.
fn main_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
    let me = state.player(seat);
    let opp = State::opponent(seat);
    if me.supply.get(Kind::Town) > 0 && me.resources.covers(&Kind::Town.cost()) {
        out.extend(
            grid::intersection_list(&state.grid)
                .iter()
                .filter(|p| !state.buildings.contains_key(p))
                .map(|p| Action::BuildTown(*p)),
        );
    }
    // Pieces the supply holds and the hand can pay for (TR-18, TR-19) only:
    // the others would fail `check`, which would format a message for each.
    let affordable = |k: Kind| me.supply.get(k) > 0 && me.resources.covers(&k.cost());
    for (p, b) in &state.buildings {
        if b.owner == seat && b.kind == Kind::Town {
            out.extend(
                Kind::UPGRADES
                    .into_iter()
                    .filter(|k| affordable(*k))
                    .map(|k| Action::Upgrade(*p, k)),
            );
        }
        if b.owner == seat && b.kind.tier() == 2 && affordable(Kind::Capital) {
            out.push(Action::BuildCapital(*p));
        }
    }
    // TR-24: four of a kind for another suit the bank holds, or for a
    // territory card while one is left to draw.
    let cards_left = !state.draw_pile.is_empty() || !state.discard_pile.is_empty();
    for give in Suit::ALL {
        if me.resources.get(give) >= 4 {
            out.extend(
                Suit::ALL
                    .into_iter()
                    .filter(|g| *g != give && state.bank.get(*g) > 0)
                    .map(|g| Action::BankTrade {
                        give,
                        get: BankGet::Resource(g),
                    }),
            );
            if cards_left {
                out.push(Action::BankTrade {
                    give,
                    get: BankGet::Territory,
                });
            }
        }
    }
    // TR-39 rule 1 (TR-22): while offers are left, a suit the player holds,
    // if the opponent then still holds a suit the offer could ask for.
    if state.offers_made < OFFERS_PER_TURN {
        let theirs = state.player(opp).resources;
        out.extend(
            Suit::ALL
                .into_iter()
                .filter(|s| {
                    me.resources.get(*s) > 0
                        && Suit::ALL.iter().any(|t| t != s && theirs.get(*t) > 0)
                })
                .map(Action::TradeGive),
        );
    }
    let pays = !me.resources.is_empty();
    if pays && ability_ready(state, seat, Ability::Swap) {
        out.reserve(state.grid.len() * me.territories.len());
        for cell in state.grid.keys() {
            out.extend(me.territories.iter().map(|c| Action::Swap {
                cell: *cell,
                card: *c,
            }));
        }
    }
    if pays && ability_ready(state, seat, Ability::Expand) {
        let cells = grid::growth_cell_list(&state.grid);
        out.reserve(cells.len() * me.territories.len());
        for cell in cells {
            out.extend(
                me.territories
                    .iter()
                    .map(|c| Action::Expand { cell, card: *c }),
            );
        }
    }
    let hscd = me.resources.covers(&Resources::one_each());
    if hscd && ability_ready(state, seat, Ability::Destroy) {
        for (p, b) in &state.buildings {
            if b.owner == opp && b.kind == Kind::Town {
                out.push(Action::Destroy(*p));
            }
        }
    }
    if hscd && ability_ready(state, seat, Ability::Convert) {
        for (source, s) in &state.buildings {
            if s.owner != seat || !s.kind.grants(Ability::Convert) {
                continue;
            }
            for (target, t) in &state.buildings {
                if t.owner == opp && grid::share_a_card(&state.grid, *source, *target) {
                    out.extend(
                        Kind::ALL
                            .into_iter()
                            .filter(|to| t.kind.convertible_to(*to) && me.supply.get(*to) > 0)
                            .map(|to| Action::Convert {
                                source: *source,
                                target: *target,
                                to,
                            }),
                    );
                }
            }
        }
    }
    out.push(Action::EndTurn);
}
