//! Section 3: setting up a game, drawing from the seeded generator in exactly
//! the order of section 8.

use super::board::{PROVINCE_COUNT, Province, home};
use super::card::Hand;
use super::faction::{FOLLOWERS_PER_FACTION, Faction, Followers};
use super::state::{ProvinceState, SeatState, State};
use satrap_engine::{GameRng, SetupError};

/// Followers in every province once the random fill is done (3.1 step 5).
pub const FOLLOWERS_PER_PROVINCE: u8 = 4;
/// Followers of each faction placed in its home province (3.1 step 4).
pub const HOME_FOLLOWERS: u8 = 2;

/// 3.1 step 3: the three distinct starting pairs printed on the player
/// aids, in this fixed order before shuffling.
pub const AID_PAIRS: [[Faction; 2]; 3] = [
    [Faction::Rama, Faction::Lao],
    [Faction::Lao, Faction::Malay],
    [Faction::Malay, Faction::Rama],
];

/// Options of a game. The defaults are the rules; the only option is the
/// test aid of A-10.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// an explicit starting pair per seat (for tests and teaching
    /// setups). Empty: the aids are dealt at random (3.1 step 3). When set,
    /// it needs exactly one pair of two different factions per seat; the
    /// generator is still drawn from in the order of section 8 (the random aid
    /// draws are made and discarded), so the start player and the tile order
    /// of a seed do not depend on this option.
    pub starting_pairs: Vec<[Faction; 2]>,
}

/// Set up a game for `players` seats from `seed` (section 3).
pub fn new_game(options: &Options, players: usize, seed: u64) -> Result<State, SetupError> {
    if !(2..=4).contains(&players) {
        return Err(SetupError::PlayerCount {
            game: "King of Siam",
            min: 2,
            max: 4,
            got: players,
        });
    }
    if !options.starting_pairs.is_empty() {
        if options.starting_pairs.len() != players {
            return Err(SetupError::InvalidOption(format!(
                "starting_pairs has {} entries for {players} players",
                options.starting_pairs.len()
            )));
        }
        if options.starting_pairs.iter().any(|[a, b]| a == b) {
            return Err(SetupError::InvalidOption(
                "a starting pair must have two different factions (3.1 step 3)".into(),
            ));
        }
    }
    let mut rng = GameRng::from_seed(seed);

    // Section 8, draw 1 — 3.1 step 1: the start player.
    let start_player = rng.index(players);

    // Section 8, draw 2 — 3.1 step 3: shuffle the three distinct aids
    // and deal them to seats 1, 2, 3; seat 4 gets one of the three at random.
    let mut aids = AID_PAIRS;
    rng.shuffle(&mut aids);
    let mut pairs: Vec<[Faction; 2]> = aids.iter().take(players).copied().collect();
    if players == 4 {
        pairs.push(AID_PAIRS[rng.index(AID_PAIRS.len())]);
    }
    if !options.starting_pairs.is_empty() {
        pairs.clone_from(&options.starting_pairs);
    }
    let seats: Vec<SeatState> = pairs
        .iter()
        .map(|pair| {
            let mut court = Followers::EMPTY;
            for f in pair {
                court.add(*f, 1);
            }
            SeatState {
                hand: Hand::full(),
                played: Vec::new(),
                court,
                king_marker_used: false,
                takes_skipped: 0,
            }
        })
        .collect();

    // 3.1 step 4: two followers of each faction in its home province.
    let mut provinces = [ProvinceState::default(); PROVINCE_COUNT];
    for f in Faction::ALL {
        provinces[home(f).index()].followers.add(f, HOME_FOLLOWERS);
    }

    // 3.1 step 5: everything else goes into the bag.
    let mut bag = Followers([FOLLOWERS_PER_FACTION; 3]);
    for seat in &seats {
        for f in Faction::ALL {
            bag.remove(f, seat.court.get(f));
        }
    }
    for f in Faction::ALL {
        bag.remove(f, HOME_FOLLOWERS);
    }

    // Section 8, draw 3 — fill every province up to 4 followers, provinces in
    // list order, one cube per draw, uniform over the cubes in the bag (A-29:
    // the cubes are numbered Rama first, then Lao, then Malay).
    for p in Province::all() {
        while provinces[p.index()].followers.total() < u32::from(FOLLOWERS_PER_PROVINCE) {
            let f = draw_from_bag(&mut bag, &mut rng);
            provinces[p.index()].followers.add(f, 1);
        }
    }

    // Section 8, draw 4 — 3.1 step 7: shuffle the tiles onto the order track.
    let mut track: [Province; PROVINCE_COUNT] = std::array::from_fn(|i| {
        Province::from_index(i).unwrap_or_else(|| unreachable!("index below PROVINCE_COUNT"))
    });
    rng.shuffle(&mut track);

    Ok(State {
        players,
        seats,
        provinces,
        track,
        // 3.1 step 6: what is left in the bag is the pool.
        pool: bag,
        british: 0,
        last_conquest: [None; 3],
        struggle: 1,
        current: start_player,
        start_player,
        passes: 0,
        card_play: None,
        over: false,
    })
}

/// One uniform draw from the bag (3.1 step 5).
fn draw_from_bag(bag: &mut Followers, rng: &mut GameRng) -> Faction {
    let total = bag.total();
    let mut pick = rng.below(total);
    for f in Faction::ALL {
        let n = u32::from(bag.get(f));
        if pick < n {
            bag.remove(f, 1);
            return f;
        }
        pick -= n;
    }
    unreachable!("pick < total")
}
