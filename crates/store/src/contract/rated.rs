//! The rated-play part of the contract (see [`crate::rated`]): player ids
//! on seats, ratings changed exactly once in the commit of a rated end, the
//! gapless feed, the leaderboard, the matchmaking queue and feed cursors.

use satrap_rating::{Placing, Rating};

use super::{check, record, store_err};
use crate::{
    Commit, Event, EventKind, Expiry, GameEnd, GameRecord, GameStatus, GameStore, JoinSeat, Lease,
    ListQuery, LoggedAction, MatchSeat, PlayerRating, RatedEnd, RatedSeat, SeatRecord, StoreError,
    Ticket, TicketState,
};

/// Every event after `after` (paged, so a store's limit is exercised too).
async fn events(
    store: &dyn GameStore,
    after: u64,
    owner: Option<&str>,
) -> Result<Vec<Event>, String> {
    let mut all: Vec<Event> = Vec::new();
    loop {
        let from = all.last().map_or(after, |e| e.sequence);
        let page = store
            .events_after(from, owner, 3)
            .await
            .map_err(store_err)?;
        check(page.len() <= 3, "events_after keeps to its limit")?;
        let done = page.len() < 3;
        all.extend(page);
        if done {
            return Ok(all);
        }
    }
}

/// The last sequence number handed out so far (0 for an empty feed).
async fn last_sequence(store: &dyn GameStore) -> Result<u64, String> {
    Ok(events(store, 0, None)
        .await?
        .last()
        .map_or(0, |e| e.sequence))
}

/// A kind's name, for comparing sequences of events.
fn kind_name(kind: &EventKind) -> &'static str {
    match kind {
        EventKind::Created { .. } => "created",
        EventKind::Started { .. } => "started",
        EventKind::Finished { .. } => "finished",
        EventKind::Aborted { .. } => "aborted",
        EventKind::Deleted => "deleted",
        EventKind::Tournament { .. } => "tournament",
    }
}

/// The (game, kind) pairs of `events` about games of `prefix`.
fn story(events: &[Event], prefix: &str) -> Vec<(String, &'static str)> {
    events
        .iter()
        .filter(|e| e.game_id.starts_with(prefix))
        .map(|e| (e.game_id.clone(), kind_name(&e.kind)))
        .collect()
}

/// A started game of `game_type` whose seats are these players (bots for
/// `bot:` ids), owned by `owner`.
fn players_record(
    id: &str,
    game_type: &str,
    owner: &str,
    players: &[(&str, &str)],
    rated: bool,
) -> GameRecord {
    let mut r = record(id, game_type, 1_000);
    r.access.owner = owner.to_owned();
    r.rated = rated;
    r.seats = players
        .iter()
        .enumerate()
        .map(|(i, (name, player))| match player.strip_prefix("bot:") {
            Some(bot) => SeatRecord {
                name: (*name).to_owned(),
                bot: bot.to_owned(),
                player_id: (*player).to_owned(),
                ..SeatRecord::default()
            },
            None => SeatRecord {
                name: (*name).to_owned(),
                token_hash: Some([i as u8 + 1; 32]),
                player_id: (*player).to_owned(),
                ..SeatRecord::default()
            },
        })
        .collect();
    r
}

/// A rated end: `players` (name, id, rank) in seat order, each its own
/// team; rank 1 wins.
fn rated_end(players: &[(&str, &str, u32)]) -> GameEnd {
    GameEnd::Finished {
        outcome: vec![9, 9, players.len() as u8],
        rated: Some(RatedEnd {
            seats: players
                .iter()
                .enumerate()
                .map(|(i, (name, player, rank))| RatedSeat {
                    seat: i as u32,
                    player_id: (*player).to_owned(),
                    name: (*name).to_owned(),
                    placing: Placing {
                        team: i,
                        rank: *rank,
                    },
                    won: *rank == 1,
                })
                .collect(),
        }),
    }
}

fn last_move() -> LoggedAction {
    LoggedAction {
        seat: 0,
        notation: "end".into(),
        at_ms: 8_000,
        ..LoggedAction::default()
    }
}

/// What a player's standing must be after one more rated game.
fn expect_after(before: &PlayerRating, rating: Rating, won: bool, name: &str) -> PlayerRating {
    PlayerRating {
        rating,
        games: before.games + 1,
        wins: before.wins + u64::from(won),
        last_change: rating.display() - before.rating.display(),
        name: name.to_owned(),
        ..before.clone()
    }
}

/// Standings equal but for `updated_at_ms`, which must lie in `[from, to]`.
fn same_standing(got: &PlayerRating, want: &PlayerRating, from: u64, to: u64) -> bool {
    got.updated_at_ms >= from
        && got.updated_at_ms <= to
        && PlayerRating {
            updated_at_ms: 0,
            ..got.clone()
        } == PlayerRating {
            updated_at_ms: 0,
            ..want.clone()
        }
}

fn ticket(prefix: &str, n: &str, pool: &str, player: &str, queued_at_ms: u64) -> Ticket {
    Ticket {
        id: format!("{prefix}-ticket-{n}"),
        pool: pool.to_owned(),
        player_id: player.to_owned(),
        name: format!("Name {n}"),
        token_hash: [n.len() as u8 + 40; 32],
        display: 12.5 + queued_at_ms as f64,
        owner: format!("{prefix}-owner-{n}"),
        bot_fill_after_ms: (n.len() % 2 == 0).then_some(30_000),
        bot: "mcts".into(),
        queued_at_ms,
    }
}

/// Rated play on a store whose limit leaves room for 14 more games and
/// whose feed nobody else writes while this runs (a fresh store or
/// database: expiry and the gapless check look at the whole feed).
pub async fn check_rated(store: &dyn GameStore, prefix: &str) -> Result<(), String> {
    let id = |n: &str| format!("{prefix}-rated-{n}");
    let gt = format!("{prefix}_rated");
    let (alice, bob) = (format!("{prefix}-alice"), format!("{prefix}-bob"));
    let ann = format!("{prefix}-p-ann");
    let cat = format!("{prefix}-p-cat");
    let start = last_sequence(store).await?;

    // Player ids are stored on create and returned by load, seats and list;
    // `rated` round-trips.
    let r1 = players_record(
        &id("r1"),
        &gt,
        &alice,
        &[("Ann", &ann), ("Random bot", "bot:random")],
        true,
    );
    store.create(&r1).await.map_err(store_err)?;
    let loaded = store.load(&id("r1")).await.map_err(store_err)?;
    check(
        loaded.map(|g| g.record) == Some(r1.clone()),
        "a rated record round-trips with its player ids",
    )?;
    check(
        store.seats(&id("r1")).await.map_err(store_err)? == r1.seats,
        "seats returns the player ids",
    )?;
    let listed = store
        .list(&ListQuery {
            game_type: Some(gt.clone()),
            limit: 100,
            ..ListQuery::default()
        })
        .await
        .map_err(store_err)?;
    check(
        listed.len() == 1 && listed[0].rated && listed[0].seats == r1.seats,
        "list shows rated and the player ids",
    )?;
    let casual = players_record(
        &id("casual"),
        &gt,
        &bob,
        &[("Ann", &ann), ("Cat", &cat)],
        false,
    );
    store.create(&casual).await.map_err(store_err)?;
    check(
        store
            .load(&id("casual"))
            .await
            .map_err(store_err)?
            .is_some_and(|g| !g.record.rated),
        "an unrated record stays unrated",
    )?;

    // A private game's events say so (the feed's visibility rule reads
    // it), from its creation to its deletion; a public game's do not.
    let mut hidden = super::record(&id("hidden"), &gt, 1_500);
    hidden.access.private = true;
    hidden.access.spectator_hash = Some([9; 32]);
    hidden.access.owner = bob.clone();
    store.create(&hidden).await.map_err(store_err)?;
    check(
        store.delete(&id("hidden")).await.map_err(store_err)?,
        "a private game is deleted",
    )?;
    let seen = events(store, start, None).await?;
    let privacy = |game: &str| -> Vec<bool> {
        seen.iter()
            .filter(|e| e.game_id == game)
            .map(|e| e.private)
            .collect()
    };
    check(
        privacy(&id("hidden")) == [true, true, true],
        &format!(
            "a private game's created, started and deleted events are private: {:?}",
            privacy(&id("hidden"))
        ),
    )?;
    check(
        privacy(&id("r1")).iter().all(|p| !p) && !privacy(&id("r1")).is_empty(),
        "a public game's events are not private",
    )?;

    // A lobby: a join stores its player id, bots filling seats get theirs,
    // and the last seat taken starts the game.
    let mut lobby = super::lobby_record(&id("lobby"), 2_000);
    lobby.access.owner = bob.clone();
    store.create(&lobby).await.map_err(store_err)?;
    let bea = JoinSeat {
        name: "Bea".into(),
        player_id: format!("{prefix}-p-bea"),
        token_hash: [21; 32],
        invite_hash: None,
    };
    store
        .join(&id("lobby"), Some(1), &bea, 2_100)
        .await
        .map_err(|e| e.to_string())?;
    store
        .fill_open_seats(&id("lobby"), &super::seat_bot("mcts"), 2_200)
        .await
        .map_err(store_err)?;
    let seats = store.seats(&id("lobby")).await.map_err(store_err)?;
    let ids: Vec<&str> = seats.iter().map(|s| s.player_id.as_str()).collect();
    check(
        ids == ["", bea.player_id.as_str(), "bot:mcts"],
        "join and fill_open_seats store player ids",
    )?;
    let mut duo = super::lobby_record(&id("duo"), 2_500);
    duo.seats.truncate(2);
    duo.access.owner = bob.clone();
    store.create(&duo).await.map_err(store_err)?;
    let joined = store
        .join(&id("duo"), None, &bea, 2_600)
        .await
        .map_err(|e| e.to_string())?;
    check(
        joined.started_at_ms == Some(2_600),
        "the last seat taken starts the game",
    )?;
    check(
        store
            .load(&id("duo"))
            .await
            .map_err(store_err)?
            .is_some_and(|g| g.record.seats[1].player_id == bea.player_id),
        "load returns a joined seat's player id",
    )?;

    // A rated end changes both players' ratings, once.
    let none = store
        .ratings(&gt, &[ann.clone(), "bot:random".into()])
        .await
        .map_err(store_err)?;
    check(
        none == vec![
            PlayerRating::new(&gt, &ann),
            PlayerRating::new(&gt, "bot:random"),
        ],
        "players without a rated game have the starting rating",
    )?;
    let placings = [Placing { team: 0, rank: 1 }, Placing { team: 1, rank: 2 }];
    let rated1 = satrap_rating::rate(&[Rating::START, Rating::START], &placings)
        .map_err(|e| e.to_string())?;
    let end1 = rated_end(&[("Ann", &ann, 1), ("Random bot", "bot:random", 2)]);
    let t0 = crate::now_ms();
    store
        .append(
            &id("r1"),
            0,
            &[last_move()],
            &Commit {
                end: Some(&end1),
                ..Commit::new(GameStatus::Finished, "random")
            },
        )
        .await
        .map_err(store_err)?;
    let t1 = crate::now_ms();
    let after1 = store
        .ratings(&gt, &[ann.clone(), "bot:random".into()])
        .await
        .map_err(store_err)?;
    let want_ann = expect_after(&none[0], rated1[0], true, "Ann");
    let want_bot = expect_after(&none[1], rated1[1], false, "Random bot");
    check(
        after1.len() == 2
            && same_standing(&after1[0], &want_ann, t0, t1)
            && same_standing(&after1[1], &want_bot, t0, t1),
        &format!("a rated end rates its players as satrap_rating does: {after1:?}"),
    )?;
    let seq_after_end = last_sequence(store).await?;

    // A refused append with an end changes nothing: no rating, no event.
    let refused = store
        .append(
            &id("r1"),
            0,
            &[last_move()],
            &Commit {
                end: Some(&end1),
                ..Commit::new(GameStatus::Finished, "random")
            },
        )
        .await;
    check(
        matches!(refused, Err(StoreError::Conflict { .. })),
        "a stale append with an end is a Conflict",
    )?;
    check(
        store
            .ratings(&gt, &[ann.clone(), "bot:random".into()])
            .await
            .map_err(store_err)?
            == after1,
        "a refused end changes no rating",
    )?;
    check(
        last_sequence(store).await? == seq_after_end,
        "a refused end records no event",
    )?;

    // A second rated game starts from the ratings the first left.
    let r2 = players_record(
        &id("r2"),
        &gt,
        &alice,
        &[("Annie", &ann), ("Cat", &cat)],
        true,
    );
    store.create(&r2).await.map_err(store_err)?;
    let rated2 = satrap_rating::rate(&[after1[0].rating, Rating::START], &placings)
        .map_err(|e| e.to_string())?;
    let t2 = crate::now_ms();
    store
        .append(
            &id("r2"),
            0,
            &[last_move()],
            &Commit {
                end: Some(&rated_end(&[("Annie", &ann, 1), ("Cat", &cat, 2)])),
                ..Commit::new(GameStatus::Finished, "random")
            },
        )
        .await
        .map_err(store_err)?;
    let t3 = crate::now_ms();
    let after2 = store
        .ratings(&gt, &[cat.clone(), ann.clone()])
        .await
        .map_err(store_err)?;
    check(
        after2.len() == 2
            && same_standing(
                &after2[0],
                &expect_after(&PlayerRating::new(&gt, &cat), rated2[1], false, "Cat"),
                t2,
                t3,
            )
            && same_standing(
                &after2[1],
                &expect_after(&after1[0], rated2[0], true, "Annie"),
                t2,
                t3,
            ),
        &format!("a second rated game builds on the first, in the order asked: {after2:?}"),
    )?;

    // A three-player rated game, so the leaderboard has an order to keep.
    let zed = format!("{prefix}-p-zed");
    let (yan, xia) = (format!("{prefix}-p-yan"), format!("{prefix}-p-xia"));
    let r3 = players_record(
        &id("r3"),
        &gt,
        &alice,
        &[("Zed", &zed), ("Yan", &yan), ("Xia", &xia)],
        true,
    );
    store.create(&r3).await.map_err(store_err)?;
    store
        .append(
            &id("r3"),
            0,
            &[last_move()],
            &Commit {
                end: Some(&rated_end(&[
                    ("Zed", &zed, 1),
                    ("Yan", &yan, 2),
                    ("Xia", &xia, 3),
                ])),
                ..Commit::new(GameStatus::Finished, "random")
            },
        )
        .await
        .map_err(store_err)?;

    // Unrated ends: Finished and Aborted events, no rating.
    let before_casual = store
        .ratings(&gt, &[ann.clone(), cat.clone()])
        .await
        .map_err(store_err)?;
    store
        .append(
            &id("casual"),
            0,
            &[last_move()],
            &Commit {
                end: Some(&GameEnd::Finished {
                    outcome: vec![4, 2],
                    rated: None,
                }),
                ..Commit::new(GameStatus::Finished, "random")
            },
        )
        .await
        .map_err(store_err)?;
    store
        .append(
            &id("duo"),
            0,
            &[last_move()],
            &Commit {
                end: Some(&GameEnd::Aborted {
                    by: "admin-key".into(),
                }),
                ..Commit::new(GameStatus::Finished, "random")
            },
        )
        .await
        .map_err(store_err)?;
    check(
        store
            .ratings(&gt, &[ann.clone(), cat.clone()])
            .await
            .map_err(store_err)?
            == before_casual,
        "unrated ends change no rating",
    )?;

    // The feed: gapless, in order, with the expected story.
    let feed = events(store, start, None).await?;
    let sequences: Vec<u64> = feed.iter().map(|e| e.sequence).collect();
    let gapless: Vec<u64> = (start + 1..=start + feed.len() as u64).collect();
    check(
        sequences == gapless,
        &format!("the feed is gapless: {sequences:?}"),
    )?;
    let want: Vec<(String, &str)> = [
        ("r1", "created"),
        ("r1", "started"),
        ("casual", "created"),
        ("casual", "started"),
        ("hidden", "created"),
        ("hidden", "started"),
        ("hidden", "deleted"),
        ("lobby", "created"),
        ("lobby", "started"),
        ("duo", "created"),
        ("duo", "started"),
        ("r1", "finished"),
        ("r2", "created"),
        ("r2", "started"),
        ("r2", "finished"),
        ("r3", "created"),
        ("r3", "started"),
        ("r3", "finished"),
        ("casual", "finished"),
        ("duo", "aborted"),
    ]
    .into_iter()
    .map(|(g, k)| (id(g), k))
    .collect();
    check(
        story(&feed, prefix) == want,
        &format!(
            "the feed tells the games' story in order: {:?}",
            story(&feed, prefix)
        ),
    )?;
    let find = |game: &str, kind: &str| {
        feed.iter()
            .find(|e| e.game_id == id(game) && kind_name(&e.kind) == kind)
    };
    check(
        find("r1", "created").is_some_and(|e| {
            e.owner == alice
                && e.game_type == gt
                && matches!(&e.kind, EventKind::Created { seats, rated: true }
                    if seats.iter().map(|s| s.player_id.as_str()).eq([ann.as_str(), "bot:random"]))
        }),
        "a created event carries the owner, the type, the seats and rated",
    )?;
    check(
        find("lobby", "started").is_some_and(|e| {
            e.at_ms == 2_200
                && matches!(&e.kind, EventKind::Started { seats }
                    if seats.len() == 3 && seats[2].player_id == "bot:mcts" && !seats[2].open)
        }),
        "filling the seats starts the game with its bots in the event",
    )?;
    check(
        find("duo", "started").is_some_and(|e| e.at_ms == 2_600),
        "the last join starts the game in the feed",
    )?;
    check(
        find("r1", "finished").is_some_and(|e| match &e.kind {
            EventKind::Finished {
                outcome,
                rated: true,
                changes,
            } => {
                *outcome == vec![9, 9, 2]
                    && changes.len() == 2
                    && changes[0].seat == 0
                    && changes[0].after.player_id == ann
                    && changes[0].before.rating == Rating::START
                    && changes[0].after.rating == rated1[0]
                    && changes[0].after.games == 1
                    && changes[1].after.rating == rated1[1]
                    && changes[1].after.name == "Random bot"
            }
            _ => false,
        }),
        "a rated finished event carries the outcome and the rating changes",
    )?;
    check(
        find("casual", "finished").is_some_and(|e| {
            matches!(&e.kind, EventKind::Finished { outcome, rated: false, changes }
                if *outcome == vec![4, 2] && changes.is_empty())
        }),
        "an unrated finished event has no rating changes",
    )?;
    check(
        find("duo", "aborted")
            .is_some_and(|e| matches!(&e.kind, EventKind::Aborted { by } if by == "admin-key")),
        "an aborted event names who aborted",
    )?;
    let bobs = events(store, start, Some(&bob)).await?;
    let want_bobs: Vec<Event> = feed.iter().filter(|e| e.owner == bob).cloned().collect();
    check(
        !bobs.is_empty() && bobs == want_bobs,
        "the owner filter keeps that owner's events only",
    )?;
    let two = store
        .events_after(start, None, 2)
        .await
        .map_err(store_err)?;
    check(two == feed[..2], "events_after keeps to its limit")?;
    let later = store
        .events_after(start + 5, None, 100)
        .await
        .map_err(store_err)?;
    check(
        later == feed[5..],
        "events_after starts after the given number",
    )?;

    // Two rated ends sharing a player at once: both count, one after the
    // other (neither overwrites the other's change).
    let before_race = store
        .ratings(&gt, std::slice::from_ref(&ann))
        .await
        .map_err(store_err)?;
    let r4 = players_record(
        &id("r4"),
        &gt,
        &alice,
        &[("Ann", &ann), ("Cat", &cat)],
        true,
    );
    let r5 = players_record(
        &id("r5"),
        &gt,
        &alice,
        &[("Ann", &ann), ("Zed", &zed)],
        true,
    );
    store.create(&r4).await.map_err(store_err)?;
    store.create(&r5).await.map_err(store_err)?;
    let (end4, end5) = (
        rated_end(&[("Ann", &ann, 1), ("Cat", &cat, 2)]),
        rated_end(&[("Ann", &ann, 2), ("Zed", &zed, 1)]),
    );
    let entry = [last_move()];
    let commit4 = Commit {
        end: Some(&end4),
        ..Commit::new(GameStatus::Finished, "random")
    };
    let commit5 = Commit {
        end: Some(&end5),
        ..Commit::new(GameStatus::Finished, "random")
    };
    let (a4, a5) = tokio::join!(
        store.append(&r4.id, 0, &entry, &commit4),
        store.append(&r5.id, 0, &entry, &commit5),
    );

    a4.map_err(store_err)?;
    a5.map_err(store_err)?;
    let after_race = store
        .ratings(&gt, std::slice::from_ref(&ann))
        .await
        .map_err(store_err)?;
    let race_feed = events(store, start, None).await?;
    let ann_changes: Vec<&crate::RatingChange> = race_feed
        .iter()
        .filter(|e| e.game_id == r4.id || e.game_id == r5.id)
        .filter_map(|e| match &e.kind {
            EventKind::Finished { changes, .. } => {
                changes.iter().find(|c| c.after.player_id == ann)
            }
            _ => None,
        })
        .collect();
    check(
        after_race[0].games == before_race[0].games + 2
            && after_race[0].wins == before_race[0].wins + 1
            && ann_changes.len() == 2
            && ann_changes[0].before.rating == before_race[0].rating
            && ann_changes[1].before.rating == ann_changes[0].after.rating
            && ann_changes[1].after.rating == after_race[0].rating,
        &format!("racing rated ends both count, in order: {after_race:?}"),
    )?;

    // The leaderboard: displayed rating, highest first, then player id.
    let mut board = store
        .ratings(
            &gt,
            &[
                ann.clone(),
                cat.clone(),
                "bot:random".into(),
                zed.clone(),
                yan.clone(),
                xia.clone(),
            ],
        )
        .await
        .map_err(store_err)?;
    board.sort_by(|a, b| {
        b.rating
            .display()
            .total_cmp(&a.rating.display())
            .then_with(|| a.player_id.cmp(&b.player_id))
    });
    let got = store.leaderboard(&gt, 0, 100).await.map_err(store_err)?;
    check(
        got == board,
        &format!("the leaderboard is in displayed-rating order: {got:?}"),
    )?;
    check(
        store.leaderboard(&gt, 2, 3).await.map_err(store_err)? == board[2..5],
        "the leaderboard pages",
    )?;
    check(
        store
            .leaderboard(&gt, 6, 10)
            .await
            .map_err(store_err)?
            .is_empty()
            && store
                .leaderboard(&format!("{gt}-none"), 0, 10)
                .await
                .map_err(store_err)?
                .is_empty(),
        "past its end, or of another type, the leaderboard is empty",
    )?;

    // Deletion and expiry record deleted events; expiry drops old events.
    check(
        store.delete(&id("casual")).await.map_err(store_err)?,
        "delete",
    )?;
    let after_delete = events(store, start, None).await?;
    check(
        after_delete.last().is_some_and(|e| {
            e.game_id == id("casual")
                && e.kind == EventKind::Deleted
                && e.owner == bob
                && e.game_type == gt
        }),
        "delete records a deleted event with the game's owner and type",
    )?;
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let before = crate::now_ms();
    let expired = store
        .expire(Expiry {
            finished_before_ms: Some(before),
            idle_before_ms: None,
        })
        .await
        .map_err(store_err)?;
    check(
        expired.contains(&id("r1")) && expired.contains(&id("duo")) && expired.contains(&id("r5")),
        "expiry removes finished games",
    )?;
    let kept = events(store, start, None).await?;
    check(
        kept.iter().all(|e| e.at_ms >= before),
        "expiry drops the events older than its finished limit",
    )?;
    check(
        kept.windows(2).all(|w| w[0].sequence < w[1].sequence),
        "the feed stays in order",
    )?;
    let deleted = story(&kept, prefix);
    check(
        deleted.contains(&(id("r1"), "deleted"))
            && deleted.contains(&(id("duo"), "deleted"))
            && !deleted.contains(&(id("lobby"), "deleted")),
        &format!("expiry records deleted events: {deleted:?}"),
    )?;

    check_queue(store, prefix).await?;
    check_cursors(store, prefix).await
}

/// How long the queue checks' leases last: a ticket held at `t` is held
/// until `t + TICKET_LEASE_MS`.
const TICKET_LEASE_MS: u64 = 1_000;

/// The replica holding the queue checks' tickets.
const HOLDER: &str = "replica-q";

/// A lease taken by [`HOLDER`] at `now_ms`.
fn held(now_ms: u64) -> Lease<'static> {
    Lease {
        owner: HOLDER,
        now_ms,
        until_ms: now_ms + TICKET_LEASE_MS,
    }
}

/// Renew ticket `id`'s lease at `now_ms` and say where it stands.
async fn hold(store: &dyn GameStore, id: &str, now_ms: u64) -> Result<TicketState, String> {
    let states = store
        .hold_tickets(&[id.to_owned()], &held(now_ms))
        .await
        .map_err(store_err)?;
    match states.as_slice() {
        [state] => Ok(state.clone()),
        other => Err(format!(
            "hold_tickets answered {} states for one ticket",
            other.len()
        )),
    }
}

/// The matchmaking queue: one ticket per player, positions, leases
/// renewed by their holder, lapsed tickets dropped, atomic matches.
async fn check_queue(store: &dyn GameStore, prefix: &str) -> Result<(), String> {
    let pool = format!("{prefix}-pool");
    let other = format!("{prefix}-pool-2");
    let ann = format!("{prefix}-q-ann");
    let t1 = ticket(prefix, "a", &pool, &ann, 100);
    let t2 = ticket(prefix, "bb", &pool, "", 200);
    let t3 = ticket(prefix, "c", &pool, "", 300);
    let t4 = ticket(prefix, "dd", &other, &format!("{prefix}-q-dan"), 150);
    for t in [&t1, &t2, &t3, &t4] {
        store
            .enqueue(t, &held(t.queued_at_ms))
            .await
            .map_err(|e| e.to_string())?;
    }
    check(
        store.enqueue(&t2, &held(400)).await == Err(StoreError::AlreadyExists(t2.id.clone())),
        "a ticket id is queued once",
    )?;
    // A player's new ticket replaces its waiting one (its stream ends, and
    // a player whose replica died queues again at once).
    let bea = format!("{prefix}-q-bea");
    let first = ticket(prefix, "g", &other, &bea, 410);
    let second = ticket(prefix, "h", &other, &bea, 420);
    store.enqueue(&first, &held(410)).await.map_err(store_err)?;
    store
        .enqueue(&second, &held(420))
        .await
        .map_err(store_err)?;
    check(
        hold(store, &first.id, 430).await? == TicketState::Gone,
        "a player's new ticket replaces its waiting one",
    )?;
    store.dequeue(&second.id).await.map_err(store_err)?;
    let again = ticket(prefix, "e", &other, &ann, 400);
    let anonymous = ticket(prefix, "f", &other, "", 450);
    store
        .enqueue(&anonymous, &held(450))
        .await
        .map_err(|e| e.to_string())?;
    check(
        hold(store, &t2.id, 1_000).await?
            == TicketState::Queued {
                position: 2,
                waiting: 3,
            },
        "a ticket's position counts its pool only",
    )?;
    check(
        hold(store, &t4.id, 1_000).await?
            == TicketState::Queued {
                position: 1,
                waiting: 2,
            },
        "positions are per pool",
    )?;
    // One call holds many tickets, answering in the order asked.
    let asked = [t4.id.clone(), format!("{prefix}-q-unknown"), t2.id.clone()];
    let states = store
        .hold_tickets(&asked, &held(1_000))
        .await
        .map_err(store_err)?;
    check(
        states
            == vec![
                TicketState::Queued {
                    position: 1,
                    waiting: 2,
                },
                TicketState::Gone,
                TicketState::Queued {
                    position: 2,
                    waiting: 3,
                },
            ],
        &format!("hold_tickets answers each ticket in the order asked: {states:?}"),
    )?;
    // Another replica cannot renew a ticket whose lease is live: t2 still
    // lapses at 2000 below.
    let other_replica = Lease {
        owner: "replica-other",
        now_ms: 1_500,
        until_ms: 9_000,
    };
    store
        .hold_tickets(std::slice::from_ref(&t2.id), &other_replica)
        .await
        .map_err(store_err)?;
    // Renewals: all but t2 are held until 6000; t2's lease ended at 2000.
    for t in [&t1, &t3, &t4] {
        hold(store, &t.id, 5_000).await?;
    }
    store.dequeue(&anonymous.id).await.map_err(store_err)?;
    let mine = |q: Vec<Ticket>| -> Vec<Ticket> {
        q.into_iter().filter(|t| t.id.starts_with(prefix)).collect()
    };
    let queue = mine(store.queue(3000).await.map_err(store_err)?);
    check(
        queue == vec![t1.clone(), t4.clone(), t3.clone()],
        &format!("the queue drops lapsed tickets and lists the rest oldest first: {queue:?}"),
    )?;
    check(
        hold(store, &t2.id, 6_000).await? == TicketState::Gone
            && hold(store, &anonymous.id, 6_000).await? == TicketState::Gone,
        "dropped and dequeued tickets are gone",
    )?;
    check(
        hold(store, &t1.id, 6_000).await?
            == TicketState::Queued {
                position: 1,
                waiting: 2,
            },
        "the remaining tickets move up",
    )?;

    // A match with a gone ticket, or one whose lease lapsed, does nothing.
    let game = |n: &str| {
        let mut r = record(
            &format!("{prefix}-match-{n}"),
            &format!("{prefix}_m"),
            7_000,
        );
        r.seats[0].player_id = ann.clone();
        r.rated = true;
        r
    };
    let seat = |t: &Ticket, seat| MatchSeat {
        ticket: t.id.clone(),
        seat,
    };
    check(
        !store
            .create_match(&game("gone"), &[seat(&t1, 0), seat(&t2, 1)], 3000)
            .await
            .map_err(store_err)?,
        "a match with a gone ticket is refused",
    )?;
    check(
        !store
            .create_match(&game("stale"), &[seat(&t1, 0), seat(&t3, 1)], 8000)
            .await
            .map_err(store_err)?,
        "a match with a lapsed ticket is refused",
    )?;
    for n in ["gone", "stale"] {
        check(
            store.load(&game(n).id).await.map_err(store_err)?.is_none(),
            "a refused match creates no game",
        )?;
    }
    check(
        hold(store, &t1.id, 6_500).await?
            == TicketState::Queued {
                position: 1,
                waiting: 2,
            },
        "a refused match leaves its tickets waiting",
    )?;

    // Two matches over one ticket at once: exactly one wins.
    let (gx, gy) = (game("x"), game("y"));
    let (sx, sy) = ([seat(&t1, 0), seat(&t3, 1)], [seat(&t3, 1), seat(&t4, 0)]);
    let (x, y) = tokio::join!(
        store.create_match(&gx, &sx, 3000),
        store.create_match(&gy, &sy, 3000),
    );
    let (x, y) = (x.map_err(store_err)?, y.map_err(store_err)?);
    check(x != y, "of two matches over one ticket exactly one wins")?;
    let (won, lost, left) = if x { ("x", "y", &t4) } else { ("y", "x", &t1) };
    let created = store.load(&game(won).id).await.map_err(store_err)?;
    check(
        created.is_some_and(|g| g.record == game(won)),
        "the winning match creates its game",
    )?;
    check(
        store
            .load(&game(lost).id)
            .await
            .map_err(store_err)?
            .is_none(),
        "the losing match creates nothing",
    )?;
    check(
        hold(store, &t3.id, 6_600).await?
            == TicketState::Matched {
                game_id: game(won).id,
                seat: 1,
            },
        "a matched ticket reports its game and seat",
    )?;
    check(
        matches!(
            hold(store, &left.id, 6_600).await?,
            TicketState::Queued { position: 1, .. }
        ),
        "the losing match's other ticket still waits",
    )?;
    let queue = mine(store.queue(3000).await.map_err(store_err)?);
    check(
        queue == vec![left.clone()],
        "matched tickets leave the waiting queue",
    )?;
    let feed = events(store, 0, None).await?;
    let won_id = game(won).id;
    check(
        story(&feed, &won_id) == [(won_id.clone(), "created"), (won_id.clone(), "started")],
        "a match records its game's events",
    )?;
    // Matched tickets are delivered by their stream (which dequeues them);
    // one whose lease lapsed was never delivered. The
    // queue's sweep of lapsed tickets leaves them for that.
    let other_matched = if x { &t1 } else { &t4 };
    store.queue(7700).await.map_err(store_err)?;
    let undelivered = store.undelivered(7601).await.map_err(store_err)?;
    let mut found: Vec<(String, String, u32)> = undelivered
        .into_iter()
        .filter(|u| u.ticket.starts_with(prefix))
        .map(|u| (u.ticket, u.game_id, u.seat))
        .collect();
    found.sort();
    let won_seats = if x { sx.clone() } else { sy.clone() };
    let mut expected: Vec<(String, String, u32)> = won_seats
        .iter()
        .map(|m| (m.ticket.clone(), won_id.clone(), m.seat))
        .collect();
    expected.sort();
    check(
        found == expected,
        &format!("matched tickets whose lease lapsed are undelivered: {found:?}"),
    )?;
    check(
        !store
            .undelivered(7600)
            .await
            .map_err(store_err)?
            .iter()
            .any(|u| u.ticket == t3.id),
        "a matched ticket seen since the limit is not undelivered",
    )?;
    store.dequeue(&t3.id).await.map_err(store_err)?;
    check(
        hold(store, &t3.id, 7_000).await? == TicketState::Gone,
        "a dequeued matched ticket is gone",
    )?;
    // A new ticket replaces a waiting one, never a matched one.
    store
        .enqueue(&again, &held(8_000))
        .await
        .map_err(|e| format!("a player queues again: {e}"))?;
    let t1_now = hold(store, &t1.id, 8_000).await?;
    if x {
        check(
            matches!(t1_now, TicketState::Matched { .. }),
            "a matched ticket is not replaced",
        )?;
    } else {
        check(t1_now == TicketState::Gone, "a waiting ticket is replaced")?;
    }
    for t in [&t1, other_matched, &again] {
        store.dequeue(&t.id).await.map_err(store_err)?;
    }
    Ok(())
}

/// Feed cursors: one owner at a time until its lease expires; only the
/// holder advances.
async fn check_cursors(store: &dyn GameStore, prefix: &str) -> Result<(), String> {
    let name = format!("{prefix}-feed");
    let lease = |owner, now_ms, until_ms| Lease {
        owner,
        now_ms,
        until_ms,
    };
    check(
        store
            .cursor(&name, &lease("a", 1_000, 2_000))
            .await
            .map_err(store_err)?
            == Some(0),
        "a new cursor starts at 0",
    )?;
    check(
        store
            .cursor(&name, &lease("b", 1_500, 2_500))
            .await
            .map_err(store_err)?
            .is_none(),
        "a live lease keeps another owner out",
    )?;
    check(
        !store
            .advance_cursor(&name, "b", 9)
            .await
            .map_err(store_err)?,
        "only the holder advances",
    )?;
    check(
        store
            .advance_cursor(&name, "a", 7)
            .await
            .map_err(store_err)?,
        "the holder advances",
    )?;
    check(
        store
            .cursor(&name, &lease("a", 1_900, 3_000))
            .await
            .map_err(store_err)?
            == Some(7),
        "the holder renews and sees its position",
    )?;
    check(
        store
            .cursor(&name, &lease("b", 2_900, 4_000))
            .await
            .map_err(store_err)?
            .is_none(),
        "a renewed lease keeps another owner out",
    )?;
    check(
        store
            .cursor(&name, &lease("b", 3_100, 4_000))
            .await
            .map_err(store_err)?
            == Some(7),
        "an expired lease passes to another owner, with the position",
    )?;
    check(
        !store
            .advance_cursor(&name, "a", 20)
            .await
            .map_err(store_err)?,
        "the former holder no longer advances",
    )?;
    check(
        store
            .advance_cursor(&name, "b", 9)
            .await
            .map_err(store_err)?,
        "the new holder advances",
    )?;
    check(
        store
            .cursor(&format!("{name}-2"), &lease("a", 3_200, 4_000))
            .await
            .map_err(store_err)?
            == Some(0)
            && !store
                .advance_cursor(&format!("{name}-3"), "a", 1)
                .await
                .map_err(store_err)?,
        "cursors are independent by name, and an unknown one cannot advance",
    )?;
    check(
        store
            .cursor(&name, &lease("b", 3_300, 5_000))
            .await
            .map_err(store_err)?
            == Some(9),
        "the position is kept",
    )
}
