//! The tournaments' part of the contract: a tournament round-trips, lists
//! newest first with the privacy rule and paging, and a save is guarded by
//! the version, so of two saves over one version exactly one is kept; and
//! each creation and kept save is announced (`tournament_notices`).

use super::{check, store_err};
use crate::{
    Cursor, EventKind, GameStore, NewEvent, PrivateGames, StoreError, TournamentChange,
    TournamentNotice, TournamentQuery, TournamentRecord, TournamentSave, TournamentStatus,
};

/// A tournament as a test makes it.
pub fn tournament(id: &str, owner: &str, private: bool, created_at_ms: u64) -> TournamentRecord {
    TournamentRecord {
        id: id.to_owned(),
        game_type: "tt".to_owned(),
        owner: owner.to_owned(),
        private,
        created_at_ms,
        status: TournamentStatus::Registration,
        settings: vec![1, 2, 3],
        state: "{\"round\":0}".to_owned(),
        version: 1,
    }
}

/// `prefix` makes the ids unique and is the game type listed (so a shared
/// database can be reused).
pub async fn check_tournaments(store: &dyn GameStore, prefix: &str) -> Result<(), String> {
    let id = |n: &str| format!("{prefix}-tour-{n}");
    let mut notices = store
        .tournament_notices()
        .ok_or("the store announces no tournaments")?;
    let mut made = Vec::new();
    for (n, owner, private, at) in [
        ("a", "ann", false, 1_000),
        ("b", "bob", true, 2_000),
        ("c", "ann", true, 3_000),
        ("d", "bob", false, 3_000),
    ] {
        let mut t = tournament(&id(n), owner, private, at);
        t.game_type = prefix.to_owned();
        store.create_tournament(&t).await.map_err(store_err)?;
        made.push(t);
    }
    check(
        store.create_tournament(&made[0]).await == Err(StoreError::AlreadyExists(id("a"))),
        "a tournament id is taken once",
    )?;
    check(
        store.load_tournament(&id("b")).await.map_err(store_err)? == Some(made[1].clone()),
        "a tournament round-trips",
    )?;
    check(
        store
            .load_tournament(&id("none"))
            .await
            .map_err(store_err)?
            .is_none(),
        "an unknown tournament is none",
    )?;

    let listed = |private: PrivateGames, after: Option<Cursor>, limit: usize| TournamentQuery {
        game_type: Some(prefix.to_owned()),
        after,
        limit,
        private,
        ..TournamentQuery::default()
    };
    let ids = |ts: Vec<TournamentRecord>| ts.into_iter().map(|t| t.id).collect::<Vec<_>>();
    let all = store
        .list_tournaments(&listed(PrivateGames::All, None, 10))
        .await
        .map_err(store_err)?;
    check(
        ids(all) == [id("d"), id("c"), id("b"), id("a")],
        "tournaments are listed newest first, then by id",
    )?;
    let anns = store
        .list_tournaments(&listed(PrivateGames::OwnedBy("ann".into()), None, 10))
        .await
        .map_err(store_err)?;
    check(
        ids(anns) == [id("d"), id("c"), id("a")],
        "private tournaments are listed to their owner only",
    )?;
    let public = store
        .list_tournaments(&listed(PrivateGames::Hidden, None, 10))
        .await
        .map_err(store_err)?;
    check(
        ids(public) == [id("d"), id("a")],
        "hidden private tournaments",
    )?;
    let page = store
        .list_tournaments(&listed(PrivateGames::All, None, 2))
        .await
        .map_err(store_err)?;
    let last = page.last().map(|t| Cursor {
        created_at_ms: t.created_at_ms,
        id: t.id.clone(),
    });
    let next = store
        .list_tournaments(&listed(PrivateGames::All, last, 2))
        .await
        .map_err(store_err)?;
    check(
        ids(page) == [id("d"), id("c")] && ids(next) == [id("b"), id("a")],
        "pages follow each other without gaps or repeats",
    )?;

    // Saves are guarded by the version, and their events kept with them.
    let event = |change: TournamentChange| NewEvent {
        at_ms: 5_000,
        game_id: String::new(),
        game_type: prefix.to_owned(),
        owner: "ann".to_owned(),
        private: false,
        kind: EventKind::Tournament {
            tournament_id: id("a"),
            change,
        },
    };
    let started = [event(TournamentChange::Started { entrants: 4 })];
    let paired = [event(TournamentChange::RoundPaired { round: 1 })];
    let running = TournamentSave {
        status: TournamentStatus::Running,
        state: "{\"round\":1}",
        events: &started,
    };
    store
        .save_tournament(&id("a"), 1, &running)
        .await
        .map_err(store_err)?;
    let again = TournamentSave {
        status: TournamentStatus::Running,
        state: "{\"round\":1,\"twice\":true}",
        events: &paired,
    };
    check(
        store.save_tournament(&id("a"), 1, &again).await
            == Err(StoreError::Conflict {
                id: id("a"),
                expected: 1,
                actual: 2,
            }),
        "a save over a version already replaced is a conflict",
    )?;
    let stored = store.load_tournament(&id("a")).await.map_err(store_err)?;
    check(
        stored
            .as_ref()
            .map(|t| (t.version, t.status, t.state.as_str()))
            == Some((2, TournamentStatus::Running, "{\"round\":1}")),
        "the conflicting save changed nothing",
    )?;
    check(
        matches!(
            store.save_tournament(&id("none"), 1, &running).await,
            Err(StoreError::NotFound(_))
        ),
        "saving an unknown tournament is not found",
    )?;
    // Two saves racing over one version: exactly one is kept.
    let a = id("a");
    let (x, y) = tokio::join!(
        store.save_tournament(&a, 2, &running),
        store.save_tournament(&a, 2, &again)
    );
    check(
        [&x, &y].iter().filter(|r| r.is_ok()).count() == 1,
        "of two saves over one version exactly one is kept",
    )?;
    let feed = store
        .events_after(0, Some("ann"), 100_000)
        .await
        .map_err(store_err)?;
    let of_a: Vec<&EventKind> = feed
        .iter()
        .map(|e| &e.kind)
        .filter(|k| matches!(k, EventKind::Tournament { tournament_id, .. } if *tournament_id == id("a")))
        .collect();
    check(
        of_a.len() == 2 && *of_a[0] == started[0].kind,
        "a kept save's events are recorded (and round-trip), a conflicting one's are not",
    )?;

    // Status filters: by status, and the live ones (not over).
    let finished = TournamentSave {
        status: TournamentStatus::Finished,
        state: "{}",
        events: &[],
    };
    store
        .save_tournament(&id("b"), 1, &finished)
        .await
        .map_err(store_err)?;
    let running_only = store
        .list_tournaments(&TournamentQuery {
            status: Some(TournamentStatus::Running),
            ..listed(PrivateGames::All, None, 10)
        })
        .await
        .map_err(store_err)?;
    check(
        ids(running_only) == [id("a")],
        "a status filter lists that status only",
    )?;
    let live = store
        .list_tournaments(&TournamentQuery {
            live: true,
            ..listed(PrivateGames::All, None, 10)
        })
        .await
        .map_err(store_err)?;
    check(
        ids(live) == [id("d"), id("c"), id("a")],
        "live tournaments leave out the finished",
    )?;

    // Every creation and kept save was announced with its version (a
    // shared database delivers them a moment after the commit).
    let mut wanted = vec![(id("a"), 1), (id("a"), 2), (id("a"), 3), (id("b"), 2)];
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    while !wanted.is_empty() {
        match tokio::time::timeout_at(deadline, notices.recv()).await {
            Ok(Ok(TournamentNotice::Saved { id, version })) => {
                wanted.retain(|w| *w != (id.clone(), version));
            }
            Ok(Ok(TournamentNotice::Resync)) => {}
            Ok(Err(e)) => return Err(format!("tournament notices: {e}")),
            Err(_) => return Err(format!("tournament saves not announced: {wanted:?}")),
        }
    }
    Ok(())
}
