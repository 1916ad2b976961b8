//! The behaviour every [`GameStore`] must have, as one check that the tests
//! of each backend run (memory and SQLite in unit tests, PostgreSQL in
//! `tests/postgres.rs`), so that the backends cannot drift apart.

mod rated;
mod talk;
mod tournaments;

pub use rated::check_rated;
pub use talk::check_talk;
pub use tournaments::{check_tournaments, tournament};

use super::{
    AccessRecord, Commit, Cursor, EntryKind, Expiry, GameRecord, GameStatus, GameStore, Head,
    JoinSeat, Joined, ListQuery, LobbyError, LoggedAction, PrivateGames, SeatBot, SeatRecord,
    StoreError,
};

/// A record with two client seats, created at `created_at_ms`.
pub fn record(id: &str, game_type: &str, created_at_ms: u64) -> GameRecord {
    GameRecord {
        id: id.into(),
        game_type: game_type.into(),
        seats: vec![
            SeatRecord {
                name: "Ann".into(),
                bot: String::new(),
                token_hash: Some([7; 32]),
                resigned: false,
                ..SeatRecord::default()
            },
            SeatRecord {
                name: "Bot".into(),
                bot: "random".into(),
                token_hash: None,
                resigned: false,
                ..SeatRecord::default()
            },
        ],
        options: vec![1, 2, 3],
        seed: u64::MAX - 5,
        created_at_ms,
        access: AccessRecord::default(),
        settings: vec![4, 5],
        started_at_ms: Some(created_at_ms),
        rated: false,
    }
}

fn act(seat: u32, n: &str) -> LoggedAction {
    LoggedAction {
        seat,
        notation: n.into(),
        at_ms: 7_000,
        kind: EntryKind::Move,
    }
}

fn check(ok: bool, what: &str) -> Result<(), String> {
    if ok { Ok(()) } else { Err(what.to_owned()) }
}

fn store_err(e: StoreError) -> String {
    e.to_string()
}

/// Run every check against an empty store whose game limit is at least 10.
/// `prefix` makes the ids unique, so a shared database can be reused.
pub async fn check_store(store: &dyn GameStore, prefix: &str) -> Result<(), String> {
    let id = |n: &str| format!("{prefix}-{n}");
    let ks = format!("{prefix}_ks");
    let other = format!("{prefix}_other");

    // create / load round trip, duplicates refused.
    let g = record(&id("g"), &ks, 1_000);
    store.create(&g).await.map_err(store_err)?;
    check(
        store.create(&g).await == Err(StoreError::AlreadyExists(id("g"))),
        "duplicate create is AlreadyExists",
    )?;
    let loaded = store.load(&id("g")).await.map_err(store_err)?;
    check(
        loaded.as_ref().map(|l| &l.record) == Some(&g),
        "record round-trips (u64 seed, token hashes, bots)",
    )?;
    check(
        loaded.is_some_and(|l| l.actions.is_empty()),
        "new game has an empty log",
    )?;
    check(
        store
            .load(&id("missing"))
            .await
            .map_err(store_err)?
            .is_none(),
        "unknown game loads as None",
    )?;

    // append is guarded by the version.
    store
        .append(
            &id("g"),
            0,
            &[act(0, "A")],
            &Commit::new(GameStatus::InProgress, "random"),
        )
        .await
        .map_err(store_err)?;
    let conflict = StoreError::Conflict {
        id: id("g"),
        expected: 0,
        actual: 1,
    };
    check(
        store
            .append(
                &id("g"),
                0,
                &[act(1, "B")],
                &Commit::new(GameStatus::InProgress, "random"),
            )
            .await
            == Err(conflict),
        "stale append is a Conflict",
    )?;
    check(
        store
            .append(
                &id("g"),
                5,
                &[act(1, "B")],
                &Commit::new(GameStatus::InProgress, "random"),
            )
            .await
            .is_err(),
        "append beyond the end is refused",
    )?;
    store
        .append(
            &id("g"),
            1,
            &[act(1, "C"), act(0, "D")],
            &Commit::new(GameStatus::InProgress, "random"),
        )
        .await
        .map_err(store_err)?;
    let log = store
        .load(&id("g"))
        .await
        .map_err(store_err)?
        .map(|l| l.actions);
    check(
        log == Some(vec![act(0, "A"), act(1, "C"), act(0, "D")]),
        "log keeps the order and the seats",
    )?;
    check(
        store.actions_since(&id("g"), 1).await.map_err(store_err)?
            == vec![act(1, "C"), act(0, "D")],
        "actions_since returns the tail",
    )?;
    check(
        store
            .actions_since(&id("g"), 3)
            .await
            .map_err(store_err)?
            .is_empty(),
        "actions_since at the head is empty",
    )?;
    check(
        matches!(
            store
                .append(
                    &id("missing"),
                    0,
                    &[],
                    &Commit::new(GameStatus::InProgress, "random")
                )
                .await,
            Err(StoreError::NotFound(_))
        ),
        "append to an unknown game is NotFound",
    )?;

    // head and resignation.
    let head = store.head(&id("g")).await.map_err(store_err)?;
    check(
        head == Some(Head {
            version: 3,
            seat_revision: 0,
        }),
        "head counts the log",
    )?;
    store
        .resign(&id("g"), 0, "random")
        .await
        .map_err(store_err)?;
    let seats = store.seats(&id("g")).await.map_err(store_err)?;
    check(
        seats[0].bot == "random" && seats[0].resigned && seats[0].token_hash == Some([7; 32]),
        "resigned seat is played by the bot and keeps its token",
    )?;
    let head = store.head(&id("g")).await.map_err(store_err)?;
    check(
        head.map(|h| h.seat_revision) == Some(1),
        "resigning bumps the seat revision",
    )?;
    check(
        store
            .head(&id("missing"))
            .await
            .map_err(store_err)?
            .is_none(),
        "head of an unknown game is None",
    )?;

    // listing: newest first, filtered, paged.
    store
        .create(&record(&id("h"), &ks, 2_000))
        .await
        .map_err(store_err)?;
    store
        .create(&record(&id("i"), &other, 3_000))
        .await
        .map_err(store_err)?;
    store
        .append(
            &id("h"),
            0,
            &[act(0, "X")],
            &Commit::new(GameStatus::Finished, "random"),
        )
        .await
        .map_err(store_err)?;
    let mine = |games: Vec<super::GameSummary>| -> Vec<String> {
        games
            .into_iter()
            .filter(|g| g.id.starts_with(prefix))
            .map(|g| g.id)
            .collect()
    };
    let all = store
        .list(&ListQuery {
            limit: 1000,
            ..ListQuery::default()
        })
        .await
        .map_err(store_err)?;
    check(
        mine(all.clone()) == vec![id("i"), id("h"), id("g")],
        "list is newest first",
    )?;
    let h = all.iter().find(|s| s.id == id("h"));
    check(
        h.is_some_and(|h| h.status == GameStatus::Finished && h.version == 1 && h.seats.len() == 2),
        "summary carries status, version and seats",
    )?;
    let of_type = store
        .list(&ListQuery {
            game_type: Some(ks.clone()),
            limit: 1000,
            ..ListQuery::default()
        })
        .await
        .map_err(store_err)?;
    check(
        mine(of_type) == vec![id("h"), id("g")],
        "list filters by type",
    )?;
    let running = store
        .list(&ListQuery {
            game_type: Some(ks.clone()),
            status: Some(GameStatus::InProgress),
            limit: 1000,
            ..ListQuery::default()
        })
        .await
        .map_err(store_err)?;
    check(mine(running) == vec![id("g")], "list filters by status")?;
    let page = store
        .list(&ListQuery {
            game_type: Some(ks.clone()),
            after: Some(Cursor {
                created_at_ms: 2_000,
                id: id("h"),
            }),
            limit: 1000,
            ..ListQuery::default()
        })
        .await
        .map_err(store_err)?;
    check(mine(page) == vec![id("g")], "list pages after a cursor")?;
    for (since, expected, what) in [
        (
            u64::MAX,
            vec![id("h")],
            "list leaves out unfinished games idle since",
        ),
        (0, vec![id("h"), id("g")], "list keeps games active since"),
    ] {
        let active = store
            .list(&ListQuery {
                game_type: Some(ks.clone()),
                active_since_ms: Some(since),
                limit: 1000,
                ..ListQuery::default()
            })
            .await
            .map_err(store_err)?;
        check(mine(active) == expected, what)?;
    }

    // retention.
    let now = super::now_ms();
    let expired = store
        .expire(Expiry {
            finished_before_ms: Some(now + 60_000),
            idle_before_ms: None,
        })
        .await
        .map_err(store_err)?;
    check(
        expired.iter().any(|e| *e == id("h")) && !expired.iter().any(|e| *e == id("g")),
        "finished retention removes finished games only",
    )?;
    check(
        store.load(&id("h")).await.map_err(store_err)?.is_none(),
        "an expired game is gone",
    )?;
    let expired = store
        .expire(Expiry {
            finished_before_ms: None,
            idle_before_ms: Some(now.saturating_sub(3_600_000)),
        })
        .await
        .map_err(store_err)?;
    check(
        !expired.iter().any(|e| *e == id("g")),
        "a recently active game is not abandoned",
    )?;
    check(
        expired.iter().any(|e| *e == id("i")),
        "a game idle since its creation long ago is abandoned",
    )?;
    let expired = store
        .expire(Expiry {
            finished_before_ms: None,
            idle_before_ms: Some(now + 60_000),
        })
        .await
        .map_err(store_err)?;
    check(
        expired.iter().any(|e| *e == id("g")),
        "idle retention removes every game idle for longer",
    )?;
    check(
        store.load(&id("g")).await.map_err(store_err)?.is_none()
            && store.actions_since(&id("g"), 0).await.is_err(),
        "an abandoned game and its log are gone",
    )?;
    check_access(store, prefix).await
}

/// Private games, token replacement, deletion and the live-bot-game count
///.
async fn check_access(store: &dyn GameStore, prefix: &str) -> Result<(), String> {
    let id = |n: &str| format!("{prefix}-access-{n}");
    let mut secret = record(&id("p"), "acc", 5_000);
    secret.access = AccessRecord {
        private: true,
        spectator_hash: Some([9; 32]),
        owner: "team-a".into(),
    };
    store.create(&secret).await.map_err(store_err)?;
    let mut open = record(&id("o"), "acc", 5_001);
    open.access.owner = "team-a".into();
    store.create(&open).await.map_err(store_err)?;
    let mut humans = record(&id("h"), "acc", 5_002);
    humans.access.owner = "team-a".into();
    humans.seats[1].bot.clear();
    store.create(&humans).await.map_err(store_err)?;
    check(
        store
            .load(&id("p"))
            .await
            .map_err(store_err)?
            .map(|g| g.record)
            == Some(secret.clone()),
        "access (private, spectator hash, owner) round-trips",
    )?;
    let listed = |private| ListQuery {
        game_type: Some("acc".into()),
        limit: 100,
        private,
        ..ListQuery::default()
    };
    let all = store
        .list(&listed(PrivateGames::All))
        .await
        .map_err(store_err)?;
    check(
        all.iter().any(|g| g.id == id("p") && g.private)
            && all.iter().any(|g| g.id == id("o") && !g.private),
        "list shows private games when asked, marked private",
    )?;
    let public = store
        .list(&listed(PrivateGames::Hidden))
        .await
        .map_err(store_err)?;
    check(
        public.len() == 2 && !public.iter().any(|g| g.id == id("p")),
        "list hides private games",
    )?;
    let own = store
        .list(&listed(PrivateGames::OwnedBy("team-a".into())))
        .await
        .map_err(store_err)?;
    check(
        own.len() == 3 && own.iter().any(|g| g.id == id("p")),
        "list shows its owner's private games beside the public ones",
    )?;
    let stranger = store
        .list(&listed(PrivateGames::OwnedBy("team-b".into())))
        .await
        .map_err(store_err)?;
    check(
        stranger.len() == 2 && !stranger.iter().any(|g| g.id == id("p")),
        "list hides others' private games",
    )?;
    check(
        store.live_bot_games("team-a").await.map_err(store_err)? == 2
            && store.live_bot_games("team-b").await.map_err(store_err)? == 0,
        "live bot games counted per owner, games without bots not counted",
    )?;
    store
        .append(
            &id("o"),
            0,
            &[act(0, "x")],
            &Commit::new(GameStatus::Finished, "random"),
        )
        .await
        .map_err(store_err)?;
    check(
        store.live_bot_games("team-a").await.map_err(store_err)? == 1,
        "finished games are not live",
    )?;

    let before = store.head(&id("p")).await.map_err(store_err)?;
    store
        .set_token(&id("p"), 0, [3; 32], None)
        .await
        .map_err(store_err)?;
    let after = store.head(&id("p")).await.map_err(store_err)?;
    check(
        store.seats(&id("p")).await.map_err(store_err)?[0].token_hash == Some([3; 32]),
        "set_token replaces the hash",
    )?;
    check(
        matches!((before, after), (Some(b), Some(a)) if a.seat_revision > b.seat_revision && a.version == b.version),
        "set_token bumps the seat revision only",
    )?;
    check(
        matches!(
            store.set_token(&id("p"), 7, [3; 32], None).await,
            Err(StoreError::NotFound(_))
        ) && matches!(
            store.set_token(&id("none"), 0, [3; 32], None).await,
            Err(StoreError::NotFound(_))
        ),
        "set_token on an unknown seat or game is NotFound",
    )?;
    check(
        matches!(
            store.set_token(&id("p"), 0, [4; 32], Some([99; 32])).await,
            Err(StoreError::TokenChanged { seat: 0, .. })
        ) && store.seats(&id("p")).await.map_err(store_err)?[0].token_hash == Some([3; 32]),
        "set_token replacing a hash the seat no longer has changes nothing",
    )?;
    store
        .set_token(&id("p"), 0, [4; 32], Some([3; 32]))
        .await
        .map_err(store_err)?;
    check(
        store.seats(&id("p")).await.map_err(store_err)?[0].token_hash == Some([4; 32]),
        "set_token replacing the seat's current hash replaces it",
    )?;

    check(
        store.delete(&id("p")).await.map_err(store_err)?,
        "delete reports a deleted game",
    )?;
    check(
        store.load(&id("p")).await.map_err(store_err)?.is_none()
            && store.head(&id("p")).await.map_err(store_err)?.is_none(),
        "a deleted game is gone",
    )?;
    check(
        !store.delete(&id("p")).await.map_err(store_err)?,
        "deleting again reports nothing deleted",
    )?;
    for n in ["o", "h"] {
        store.delete(&id(n)).await.map_err(store_err)?;
    }
    Ok(())
}

/// A store with `max` games refuses the next one.
pub async fn check_limit(store: &dyn GameStore, prefix: &str, max: usize) -> Result<(), String> {
    for i in 0..max {
        store
            .create(&record(&format!("{prefix}-{i}"), "t", i as u64))
            .await
            .map_err(store_err)?;
    }
    check(
        store.create(&record(&format!("{prefix}-x"), "t", 0)).await == Err(StoreError::Full(max)),
        "store refuses games beyond its limit",
    )
}

/// A waiting game: seat 0 taken by Ann, seat 1 open to anyone, seat 2 open
/// with an invite (hash `[9; 32]`).
pub fn lobby_record(id: &str, created_at_ms: u64) -> GameRecord {
    let mut r = record(id, "lobby", created_at_ms);
    r.seats[1] = SeatRecord {
        open: true,
        ..SeatRecord::default()
    };
    r.seats.push(SeatRecord {
        open: true,
        invite_hash: Some([9; 32]),
        ..SeatRecord::default()
    });
    r.started_at_ms = None;
    r
}

fn taker(name: &str, token: u8, invite: Option<[u8; 32]>) -> JoinSeat {
    JoinSeat {
        name: name.into(),
        player_id: String::new(),
        token_hash: [token; 32],
        invite_hash: invite,
    }
}

/// Open seats, joining, leaving, filling with bots, timeouts that give a
/// seat to the bot, and entry times and kinds. Needs a store whose limit is
/// at least 10 more games than `check_store` made.
pub async fn check_lobby(store: &dyn GameStore, prefix: &str) -> Result<(), String> {
    let id = |n: &str| format!("{prefix}-lobby-{n}");

    // Entries keep their time and kind; a seat-taking timeout moves the
    // seat to the bot in the same commit.
    store
        .create(&record(&id("t"), "t", 1_000))
        .await
        .map_err(store_err)?;
    let timeout = LoggedAction {
        seat: 0,
        notation: "bot".into(),
        at_ms: 9_000,
        kind: EntryKind::TimeoutBotTakesSeat,
    };
    store
        .append(
            &id("t"),
            0,
            &[act(0, "A"), timeout.clone()],
            &Commit::new(GameStatus::InProgress, "mcts-easy"),
        )
        .await
        .map_err(store_err)?;
    let stored = store.load(&id("t")).await.map_err(store_err)?;
    check(
        stored.as_ref().map(|g| g.actions.clone()) == Some(vec![act(0, "A"), timeout]),
        "entries keep their time and kind",
    )?;
    let seats = store.seats(&id("t")).await.map_err(store_err)?;
    check(
        seats[0].bot == "mcts-easy" && seats[0].resigned,
        "a seat-taking timeout gives the seat to the commit's bot",
    )?;
    check(
        store
            .head(&id("t"))
            .await
            .map_err(store_err)?
            .map(|h| h.seat_revision)
            == Some(1),
        "a seat-taking timeout bumps the seat revision",
    )?;

    // A waiting game round-trips and is listed as waiting with open seats.
    let g = lobby_record(&id("g"), 2_000);
    store.create(&g).await.map_err(store_err)?;
    check(
        store
            .load(&id("g"))
            .await
            .map_err(store_err)?
            .map(|l| l.record)
            == Some(g.clone()),
        "a waiting game round-trips (open seats, invites, no start)",
    )?;
    let open = store
        .list(&ListQuery {
            open_seats: true,
            limit: 1000,
            ..ListQuery::default()
        })
        .await
        .map_err(store_err)?;
    check(
        open.iter()
            .any(|s| s.id == id("g") && s.status == GameStatus::Waiting)
            && !open.iter().any(|s| s.id == id("t")),
        "open_seats lists waiting games only",
    )?;

    // Joining: the invite seat needs its code; the code is used up.
    check(
        store
            .join(&id("g"), Some(2), &taker("Eve", 3, None), 2_100)
            .await
            == Err(LobbyError::BadInvite(2)),
        "an invite seat refuses a join without its code",
    )?;
    check(
        store
            .join(&id("g"), Some(0), &taker("Eve", 3, None), 2_100)
            .await
            == Err(LobbyError::SeatTaken(0)),
        "a taken seat cannot be joined",
    )?;
    let joined = store
        .join(&id("g"), None, &taker("Bob", 4, None), 2_200)
        .await
        .map_err(|e| e.to_string())?;
    check(
        joined
            == Joined {
                seat: 1,
                started_at_ms: None,
            },
        "a join without a seat takes the first seat open to anyone",
    )?;
    check(
        matches!(
            store.leave(&id("g"), 1, [99; 32]).await,
            Err(LobbyError::Store(StoreError::TokenChanged { seat: 1, .. }))
        ),
        "leaving with a token the seat no longer has changes nothing",
    )?;
    store
        .leave(&id("g"), 1, [4; 32])
        .await
        .map_err(|e| e.to_string())?;
    let seats = store.seats(&id("g")).await.map_err(store_err)?;
    check(
        seats[1].open && seats[1].token_hash.is_none(),
        "leaving opens the seat again",
    )?;
    store
        .join(&id("g"), Some(1), &taker("Bob", 4, None), 2_300)
        .await
        .map_err(|e| e.to_string())?;
    let joined = store
        .join(&id("g"), None, &taker("Cy", 5, Some([9; 32])), 2_400)
        .await
        .map_err(|e| e.to_string())?;
    check(
        joined
            == Joined {
                seat: 2,
                started_at_ms: Some(2_400),
            },
        "the last seat taken with its code starts the game",
    )?;
    check(
        store.started_at(&id("g")).await.map_err(store_err)? == Some(2_400),
        "the start time is stored",
    )?;
    check(
        store.leave(&id("g"), 1, [4; 32]).await == Err(LobbyError::Started),
        "no leaving once started",
    )?;
    check(
        store
            .join(&id("g"), None, &taker("Dee", 6, Some([9; 32])), 2_500)
            .await
            == Err(LobbyError::Started),
        "no joining once started (the invite is used)",
    )?;
    let seats = store.seats(&id("g")).await.map_err(store_err)?;
    check(
        seats[2].name == "Cy" && seats[2].token_hash == Some([5; 32]) && !seats[2].open,
        "the joined seat has its name and token",
    )?;

    // Filling with bots starts the game once.
    store
        .create(&lobby_record(&id("f"), 3_000))
        .await
        .map_err(store_err)?;
    check(
        store
            .fill_open_seats(&id("f"), &seat_bot("random"), 3_500)
            .await
            .map_err(store_err)?,
        "filling a waiting game starts it",
    )?;
    check(
        !store
            .fill_open_seats(&id("f"), &seat_bot("random"), 3_600)
            .await
            .map_err(store_err)?,
        "a started game is not filled again",
    )?;
    let seats = store.seats(&id("f")).await.map_err(store_err)?;
    check(
        seats.iter().skip(1).all(|s| s.bot == "random" && !s.open),
        "open seats are filled with the bot",
    )?;
    check(
        seats
            .iter()
            .enumerate()
            .skip(1)
            .all(|(i, s)| s.name == format!("random bot {}", i + 1) && s.player_id == "bot:random"),
        "each filled seat has the name and player the server chose for it",
    )?;
    check(
        store.started_at(&id("f")).await.map_err(store_err)? == Some(3_500),
        "filling records the start",
    )?;
    Ok(())
}

/// Two joins racing for the last open seat: exactly one wins.
pub async fn check_join_race(
    a: &dyn GameStore,
    b: &dyn GameStore,
    prefix: &str,
) -> Result<(), String> {
    for round in 0..5 {
        let id = format!("{prefix}-race-{round}");
        let mut r = lobby_record(&id, 4_000);
        r.seats[2].invite_hash = None;
        r.seats[1] = r.seats[0].clone();
        a.create(&r).await.map_err(store_err)?;
        let (tx, ty) = (taker("X", 10, None), taker("Y", 11, None));
        let (x, y) = tokio::join!(a.join(&id, None, &tx, 4_100), b.join(&id, None, &ty, 4_100));
        let wins = [&x, &y].iter().filter(|r| r.is_ok()).count();
        check(wins == 1, "exactly one of two racing joins wins")?;
        check(
            [&x, &y].iter().any(|r| **r == Err(LobbyError::Started)),
            "the loser learns the game has started",
        )?;
    }
    Ok(())
}

/// Leases of work (see [`crate::work`]), for a store several processes
/// share: due games are claimed once, a live lease keeps others out and an
/// expired one does not, a settle is refused once the game moved, and a
/// commit records its due time. `prefix` makes the ids unique; the store
/// holds no other due game with that prefix.
pub async fn check_leases(store: &dyn GameStore, prefix: &str) -> Result<(), String> {
    use crate::Lease;
    let id = |n: &str| format!("{prefix}-{n}");
    let mine = |now, until| Lease {
        owner: "replica-a",
        now_ms: now,
        until_ms: until,
    };
    let theirs = |now, until| Lease {
        owner: "replica-b",
        now_ms: now,
        until_ms: until,
    };
    let ours = |ids: Vec<String>| -> Vec<String> {
        let mut ids: Vec<String> = ids.into_iter().filter(|g| g.starts_with(prefix)).collect();
        ids.sort();
        ids
    };
    store
        .create(&record(&id("a"), "t", 1))
        .await
        .map_err(store_err)?;
    store
        .create(&record(&id("b"), "t", 2))
        .await
        .map_err(store_err)?;
    // New games are due at once; one claim takes both, the next none.
    let claimed = ours(
        store
            .claim_due(&mine(100, 1_100), 100)
            .await
            .map_err(store_err)?,
    );
    check(
        claimed == [id("a"), id("b")],
        "new games are due and claimed",
    )?;
    let again = ours(
        store
            .claim_due(&theirs(200, 1_200), 100)
            .await
            .map_err(store_err)?,
    );
    check(again.is_empty(), "a live lease keeps other replicas out")?;
    check(
        !store
            .lease(&id("a"), &theirs(300, 1_300))
            .await
            .map_err(store_err)?,
        "another replica cannot take a live lease",
    )?;
    check(
        store
            .lease(&id("a"), &mine(300, 1_300))
            .await
            .map_err(store_err)?,
        "the holder renews its lease",
    )?;
    // Settled with nothing due: nobody claims it, even after expiry.
    let head = Head {
        version: 0,
        seat_revision: 0,
    };
    check(
        store
            .settle(&id("a"), &mine(400, 400), head, None)
            .await
            .map_err(store_err)?,
        "the holder settles",
    )?;
    let none = ours(
        store
            .claim_due(&theirs(5_000, 6_000), 100)
            .await
            .map_err(store_err)?,
    );
    check(
        none == [id("b")],
        "a settled game is not due; an expired lease is claimable",
    )?;
    // A commit records its due time; the game is claimable when it comes.
    store
        .append(
            &id("a"),
            0,
            &[act(0, "A")],
            &Commit {
                due_at_ms: Some(9_000),
                ..Commit::new(GameStatus::InProgress, "random")
            },
        )
        .await
        .map_err(store_err)?;
    let early = ours(
        store
            .claim_due(&mine(8_000, 9_000), 100)
            .await
            .map_err(store_err)?,
    );
    check(!early.contains(&id("a")), "not due before its time")?;
    let due = ours(
        store
            .claim_due(&mine(9_000, 10_000), 100)
            .await
            .map_err(store_err)?,
    );
    check(due.contains(&id("a")), "due at its time")?;
    // A settle against an older version is refused and changes nothing.
    check(
        !store
            .settle(&id("a"), &mine(9_100, 9_100), head, None)
            .await
            .map_err(store_err)?,
        "a settle of an old version is refused",
    )?;
    let at = Head {
        version: 1,
        seat_revision: 0,
    };
    check(
        !store
            .settle(&id("a"), &theirs(9_100, 9_100), at, None)
            .await
            .map_err(store_err)?,
        "a settle by another replica while the lease is live is refused",
    )?;
    check(
        store
            .settle(&id("a"), &mine(9_100, 9_100), at, Some(20_000))
            .await
            .map_err(store_err)?,
        "the holder settles the next due time",
    )?;
    // A seat change makes the game due at once.
    store
        .resign(&id("a"), 0, "random")
        .await
        .map_err(store_err)?;
    let changed = ours(
        store
            .claim_due(&theirs(9_200, 10_200), 100)
            .await
            .map_err(store_err)?,
    );
    check(changed.contains(&id("a")), "a seat change is due at once")?;
    // A draining replica hands back every lease it holds: its due game is
    // claimable at once, long before the lease would have expired.
    let released = store.release_leases("replica-b").await.map_err(store_err)?;
    check(released >= 1, "the draining replica's leases are released")?;
    let taken = ours(
        store
            .claim_due(&mine(9_300, 10_300), 100)
            .await
            .map_err(store_err)?,
    );
    check(
        taken.contains(&id("a")),
        "a released lease is claimable before it would expire",
    )?;
    Ok(())
}

/// A store only one process writes has no leases: nothing to claim, every
/// lease and settle granted.
pub async fn check_no_leases(store: &dyn GameStore, prefix: &str) -> Result<(), String> {
    use crate::Lease;
    let lease = Lease {
        owner: "only",
        now_ms: 1,
        until_ms: 2,
    };
    let game = format!("{prefix}-lone");
    store
        .create(&record(&game, "t", 1))
        .await
        .map_err(store_err)?;
    check(
        store
            .claim_due(&lease, 10)
            .await
            .map_err(store_err)?
            .is_empty(),
        "nothing to claim",
    )?;
    check(
        store.lease(&game, &lease).await.map_err(store_err)?,
        "lease granted",
    )?;
    let head = Head {
        version: 0,
        seat_revision: 0,
    };
    check(
        store
            .settle(&game, &lease, head, None)
            .await
            .map_err(store_err)?,
        "settle granted",
    )
}

/// A built-in bot as the server names it (the store takes the names as
/// given).
pub(crate) fn seat_bot(bot: &str) -> SeatBot {
    SeatBot {
        bot: bot.to_owned(),
        player_id: format!("bot:{bot}"),
        names: (1..=4).map(|seat| format!("{bot} bot {seat}")).collect(),
    }
}
