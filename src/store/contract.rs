//! The behaviour every [`GameStore`] must have, as one check that the tests
//! of each backend run (memory and SQLite in unit tests, PostgreSQL in
//! `tests/postgres.rs`), so that the backends cannot drift apart.

use super::{
    AccessRecord, Cursor, Expiry, GameRecord, GameStatus, GameStore, Head, ListQuery, LoggedAction,
    SeatRecord, StoreError,
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
            },
            SeatRecord {
                name: "Bot".into(),
                bot: "random".into(),
                token_hash: None,
                resigned: false,
            },
        ],
        options: vec![1, 2, 3],
        seed: u64::MAX - 5,
        created_at_ms,
        access: AccessRecord::default(),
    }
}

fn act(seat: u32, n: &str) -> LoggedAction {
    LoggedAction {
        seat,
        notation: n.into(),
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
        .append(&id("g"), 0, &[act(0, "A")], GameStatus::InProgress)
        .await
        .map_err(store_err)?;
    let conflict = StoreError::Conflict {
        id: id("g"),
        expected: 0,
        actual: 1,
    };
    check(
        store
            .append(&id("g"), 0, &[act(1, "B")], GameStatus::InProgress)
            .await
            == Err(conflict),
        "stale append is a Conflict",
    )?;
    check(
        store
            .append(&id("g"), 5, &[act(1, "B")], GameStatus::InProgress)
            .await
            .is_err(),
        "append beyond the end is refused",
    )?;
    store
        .append(
            &id("g"),
            1,
            &[act(1, "C"), act(0, "D")],
            GameStatus::InProgress,
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
                .append(&id("missing"), 0, &[], GameStatus::InProgress)
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
        .append(&id("h"), 0, &[act(0, "X")], GameStatus::Finished)
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
/// (issue 12).
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
    let listed = |hide_private| ListQuery {
        game_type: Some("acc".into()),
        limit: 100,
        hide_private,
        ..ListQuery::default()
    };
    let all = store.list(&listed(false)).await.map_err(store_err)?;
    check(
        all.iter().any(|g| g.id == id("p") && g.private)
            && all.iter().any(|g| g.id == id("o") && !g.private),
        "list shows private games when asked, marked private",
    )?;
    let public = store.list(&listed(true)).await.map_err(store_err)?;
    check(
        public.len() == 2 && !public.iter().any(|g| g.id == id("p")),
        "list hides private games",
    )?;
    check(
        store.live_bot_games("team-a").await.map_err(store_err)? == 2
            && store.live_bot_games("team-b").await.map_err(store_err)? == 0,
        "live bot games counted per owner, games without bots not counted",
    )?;
    store
        .append(&id("o"), 0, &[act(0, "x")], GameStatus::Finished)
        .await
        .map_err(store_err)?;
    check(
        store.live_bot_games("team-a").await.map_err(store_err)? == 1,
        "finished games are not live",
    )?;

    let before = store.head(&id("p")).await.map_err(store_err)?;
    store
        .set_token(&id("p"), 0, [3; 32])
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
            store.set_token(&id("p"), 7, [3; 32]).await,
            Err(StoreError::NotFound(_))
        ) && matches!(
            store.set_token(&id("none"), 0, [3; 32]).await,
            Err(StoreError::NotFound(_))
        ),
        "set_token on an unknown seat or game is NotFound",
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
