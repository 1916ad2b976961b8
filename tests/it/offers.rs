//! Offers through a real server and client: a takeback rewinds a casual
//! game by a logged entry (the move stays in the history), rated games
//! and the game's option refuse it, a draw every seat agrees to ends the
//! game as one, an abort only early, every refusal, expiry, a move that
//! withdraws an offer and one that races its acceptance, and the bots'
//! answers.

use std::time::Duration;

use satrap_server::Config;
use satrap_server::access::Role;
use satrap_server::proto::{self, OfferKind, OfferStatus, TakebackPolicy};
use tonic::{Code, Status};

use crate::common::access::{code_of, key, keys_file, status_of, with_key};
use crate::common::{Client, TestServer, apply_notation, authed, legal, seats, snapshot};

/// Territories (placements first: moves that draw nothing and hide
/// nothing) with `players` client seats and the takeback `policy`.
fn territories(players: usize, policy: TakebackPolicy) -> proto::CreateGameRequest {
    proto::CreateGameRequest {
        game_type: "territories".into(),
        seats: seats(players),
        seed: Some(5),
        takebacks: policy as i32,
        ..Default::default()
    }
}

async fn create(c: &mut Client, req: proto::CreateGameRequest) -> proto::CreateGameResponse {
    c.create_game(req).await.expect("created").into_inner()
}

async fn offer(
    c: &mut Client,
    id: &str,
    token: Option<&str>,
    kind: OfferKind,
) -> Result<proto::MakeOfferResponse, Status> {
    c.make_offer(authed(
        proto::MakeOfferRequest {
            game_id: id.into(),
            kind: kind as i32,
        },
        token,
    ))
    .await
    .map(|r| r.into_inner())
}

async fn answer(
    c: &mut Client,
    id: &str,
    token: Option<&str>,
    offer_id: u64,
    accept: bool,
) -> Result<proto::AnswerOfferResponse, Status> {
    c.answer_offer(authed(
        proto::AnswerOfferRequest {
            game_id: id.into(),
            offer_id,
            accept,
        },
        token,
    ))
    .await
    .map(|r| r.into_inner())
}

/// The seat to act now and its token.
async fn to_act(c: &mut Client, game: &proto::CreateGameResponse) -> (usize, String) {
    let now = snapshot(c, &game.game_id, None).await;
    let seat = now.to_act[0] as usize;
    (seat, game.seats[seat].token.clone())
}

/// The seat to act plays its `pick`-th legal action; returns the seat,
/// its token and the notation.
async fn play(
    c: &mut Client,
    game: &proto::CreateGameResponse,
    pick: usize,
) -> (usize, String, String) {
    let (seat, token) = to_act(c, game).await;
    let list = legal(c, &game.game_id, &token).await;
    let notation = list.actions[pick.min(list.actions.len() - 1)]
        .notation
        .clone();
    apply_notation(
        c,
        &game.game_id,
        Some(&token),
        &notation,
        Some(list.version),
    )
    .await
    .expect("a legal move");
    (seat, token, notation)
}

fn offer_of(made: &proto::MakeOfferResponse) -> &proto::Offer {
    made.offer.as_ref().expect("the offer")
}

#[tokio::test]
async fn an_accepted_takeback_rewinds_a_casual_game_and_keeps_the_log() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let game = create(&mut c, territories(2, TakebackPolicy::Unspecified)).await;
    let id = game.game_id.as_str();
    let (seat, token) = to_act(&mut c, &game).await;
    let before = snapshot(&mut c, id, Some(&token)).await;
    let public = snapshot(&mut c, id, None).await;
    assert_eq!(before.takebacks(), TakebackPolicy::CasualOnly);
    play(&mut c, &game, 0).await;
    let other = game.seats[1 - seat].token.clone();

    // The other seat watches the offer arrive.
    let mut stream = c
        .watch_game(authed(
            proto::WatchGameRequest {
                game_id: id.into(),
                from_version: before.version + 2,
                ..Default::default()
            },
            Some(&other),
        ))
        .await
        .expect("watch")
        .into_inner();
    let made = offer(&mut c, id, Some(&token), OfferKind::Takeback)
        .await
        .expect("offered");
    let pending = offer_of(&made).clone();
    assert_eq!(pending.status(), OfferStatus::Pending);
    assert_eq!(
        (pending.moves, pending.waiting.clone()),
        (1, vec![1 - seat as u32])
    );
    let update = tokio::time::timeout(Duration::from_secs(30), stream.message())
        .await
        .expect("in time")
        .expect("stream")
        .expect("an update");
    assert_eq!(update.cause(), proto::UpdateCause::Offer);
    assert_eq!(
        update.snapshot.and_then(|s| s.offer).map(|o| o.id),
        Some(pending.id)
    );
    assert_eq!(
        snapshot(&mut c, id, None).await.offer.map(|o| o.id),
        Some(pending.id),
        "GetGame shows the pending offer"
    );

    let accepted = answer(&mut c, id, Some(&other), pending.id, true)
        .await
        .expect("accepted");
    assert_eq!(
        accepted.offer.as_ref().map(|o| o.status()),
        Some(OfferStatus::Accepted)
    );
    let after = snapshot(&mut c, id, Some(&token)).await;
    assert_eq!(
        after.version,
        before.version + 2,
        "the move and the takeback"
    );
    assert_eq!(after.state, before.state, "the position before the move");
    assert_eq!(after.to_act, before.to_act);
    assert!(after.offer.is_none());
    // The log is append-only: the move and the takeback are both there.
    let history = crate::common::history(&mut c, id, None).await;
    let notations: Vec<&str> = history
        .entries
        .iter()
        .map(|e| e.notation.as_str())
        .collect();
    assert_eq!(notations.len(), 2, "{notations:?}");
    assert_eq!(notations[1], "takeback 1");
    // The game goes on: the seat plays another move.
    let (again, _, _) = play(&mut c, &game, 1).await;
    assert_eq!(again, seat);
    // A watcher from version 0 replays through the takeback.
    let mut replay = c
        .watch_game(proto::WatchGameRequest {
            game_id: id.into(),
            from_version: 0,
            ..Default::default()
        })
        .await
        .expect("watch")
        .into_inner();
    for version in 0..=3 {
        let u = replay.message().await.expect("stream").expect("update");
        assert_eq!(u.version, version);
        if version == 2 {
            assert_eq!(u.snapshot.and_then(|s| s.state), public.state);
        }
    }
}

#[tokio::test]
async fn takebacks_follow_the_games_option_and_rated_games_refuse_them() {
    let site = key("site", Role::Creator);
    let mut config = Config::in_memory();
    config.api_keys_file = Some(keys_file("offers-rated", &[&site]));
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    let made = |req: proto::CreateGameRequest| with_key(req, Some(&site.key), None);
    let clocked = |policy| proto::CreateGameRequest {
        time_control: Some(proto::TimeControl {
            kind: Some(proto::time_control::Kind::PerMoveMs(600_000)),
        }),
        ..territories(2, policy)
    };
    for (req, allowed) in [
        (territories(2, TakebackPolicy::Never), false),
        (clocked(TakebackPolicy::CasualOnly), false),
        (clocked(TakebackPolicy::Always), true),
        (territories(2, TakebackPolicy::CasualOnly), true),
    ] {
        let game = c
            .create_game(made(req))
            .await
            .expect("created")
            .into_inner();
        let (_, token, _) = play(&mut c, &game, 0).await;
        let result = offer(&mut c, &game.game_id, Some(&token), OfferKind::Takeback).await;
        match allowed {
            true => assert_eq!(
                offer_of(&result.expect("offered")).status(),
                OfferStatus::Pending
            ),
            false => assert_eq!(code_of(result), Code::FailedPrecondition),
        }
    }
    // Rated: never, whatever the creator asked.
    let mut rated = territories(2, TakebackPolicy::Always);
    rated.seed = None;
    rated.rated = true;
    for (i, s) in rated.seats.iter_mut().enumerate() {
        s.player_id = format!("p{i}");
    }
    let game = c
        .create_game(made(rated))
        .await
        .expect("rated")
        .into_inner();
    let (_, token, _) = play(&mut c, &game, 0).await;
    assert_eq!(
        snapshot(&mut c, &game.game_id, None).await.takebacks(),
        TakebackPolicy::Never
    );
    let status = status_of(offer(&mut c, &game.game_id, Some(&token), OfferKind::Takeback).await);
    assert_eq!(status.code(), Code::FailedPrecondition);
    assert!(status.message().contains("rated"), "{}", status.message());
}

#[tokio::test]
async fn a_draw_every_seat_agrees_to_ends_the_game_as_a_draw() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let three = proto::CreateGameRequest {
        game_type: "king_of_siam".into(),
        ..territories(3, TakebackPolicy::Unspecified)
    };
    let game = create(&mut c, three).await;
    let id = game.game_id.as_str();
    play(&mut c, &game, 0).await;
    let token = |s: usize| Some(game.seats[s].token.as_str());
    let (next, next_token) = to_act(&mut c, &game).await;
    let next_move = legal(&mut c, id, &next_token).await.actions[0]
        .notation
        .clone();
    let made = offer(&mut c, id, token(0), OfferKind::Draw)
        .await
        .expect("offered");
    let o = offer_of(&made).clone();
    assert_eq!(o.waiting, vec![1, 2]);
    let first = answer(&mut c, id, token(1), o.id, true)
        .await
        .expect("one yes");
    assert_eq!(
        first.offer.as_ref().map(|o| o.status()),
        Some(OfferStatus::Pending)
    );
    assert_eq!(
        snapshot(&mut c, id, None).await.status(),
        proto::GameStatus::InProgress
    );
    answer(&mut c, id, token(2), o.id, true)
        .await
        .expect("all agree");
    let end = snapshot(&mut c, id, None).await;
    assert_eq!(end.status(), proto::GameStatus::Finished);
    let outcome = end.outcome.expect("outcome");
    assert!(
        outcome.draw && outcome.agreed && outcome.winners.is_empty(),
        "{outcome:?}"
    );
    assert_eq!(outcome.ending, "agreed_draw");
    assert!(outcome.results.iter().all(|r| r.rank == 1));
    // Nothing more to play or offer.
    let late = apply_notation(&mut c, id, token(next), &next_move, None).await;
    assert_eq!(code_of(late), Code::FailedPrecondition);
    assert_eq!(
        code_of(offer(&mut c, id, token(1), OfferKind::Draw).await),
        Code::FailedPrecondition
    );
}

#[tokio::test]
async fn an_abort_is_agreed_only_in_the_first_moves() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let game = create(&mut c, territories(2, TakebackPolicy::Unspecified)).await;
    let id = game.game_id.as_str();
    let token = |s: usize| Some(game.seats[s].token.as_str());
    let made = offer(&mut c, id, token(1), OfferKind::Abort)
        .await
        .expect("offered");
    answer(&mut c, id, token(0), offer_of(&made).id, true)
        .await
        .expect("agreed");
    let end = snapshot(&mut c, id, None).await;
    let outcome = end.outcome.expect("over");
    assert_eq!(outcome.ending, "aborted");
    assert!(!outcome.draw && outcome.agreed);

    let late = create(&mut c, territories(2, TakebackPolicy::Unspecified)).await;
    for pick in 0..4 {
        play(&mut c, &late, pick).await;
    }
    let status = status_of(
        offer(
            &mut c,
            &late.game_id,
            Some(&late.seats[0].token),
            OfferKind::Abort,
        )
        .await,
    );
    assert_eq!(status.code(), Code::FailedPrecondition);
    assert!(
        status.message().contains("2 moves per seat"),
        "{}",
        status.message()
    );
}

#[tokio::test]
async fn every_refusal_changes_nothing() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let game = create(&mut c, territories(2, TakebackPolicy::Unspecified)).await;
    let id = game.game_id.as_str();
    let token = |s: usize| Some(game.seats[s].token.as_str());
    // Nothing to take back yet; no kind; a spectator.
    assert_eq!(
        code_of(offer(&mut c, id, token(0), OfferKind::Takeback).await),
        Code::FailedPrecondition
    );
    assert_eq!(
        code_of(offer(&mut c, id, token(0), OfferKind::Unspecified).await),
        Code::InvalidArgument
    );
    assert_eq!(
        code_of(offer(&mut c, id, None, OfferKind::Draw).await),
        Code::PermissionDenied
    );
    let made = offer(&mut c, id, token(0), OfferKind::Draw)
        .await
        .expect("offered");
    let o = offer_of(&made).clone();
    // One offer at a time; the proposer does not answer its own; a wrong
    // id; a spectator.
    assert_eq!(
        code_of(offer(&mut c, id, token(1), OfferKind::Abort).await),
        Code::FailedPrecondition
    );
    assert_eq!(
        code_of(answer(&mut c, id, token(0), o.id, true).await),
        Code::FailedPrecondition
    );
    assert_eq!(
        code_of(answer(&mut c, id, token(1), o.id + 7, true).await),
        Code::FailedPrecondition
    );
    assert_eq!(
        code_of(answer(&mut c, id, None, o.id, true).await),
        Code::PermissionDenied
    );
    // Declined: the same offer again at the same version is refused, and
    // the declined one cannot be answered.
    let declined = answer(&mut c, id, token(1), o.id, false)
        .await
        .expect("declined");
    assert_eq!(
        declined.offer.map(|o| o.status()),
        Some(OfferStatus::Declined)
    );
    assert_eq!(
        code_of(offer(&mut c, id, token(0), OfferKind::Draw).await),
        Code::FailedPrecondition
    );
    assert_eq!(
        code_of(answer(&mut c, id, token(1), o.id, true).await),
        Code::FailedPrecondition
    );
    let now = snapshot(&mut c, id, None).await;
    assert_eq!(
        (now.version, now.status()),
        (0, proto::GameStatus::InProgress)
    );
    assert!(now.offer.is_none());

    // A move that drew at random (the dice) cannot be taken back.
    let mut last = String::new();
    let mut roller = 0;
    for _ in 0..20 {
        let (seat, _, notation) = play(&mut c, &game, 0).await;
        (roller, last) = (seat, notation);
        if last == "ROLL" {
            break;
        }
    }
    assert_eq!(last, "ROLL");
    let version = snapshot(&mut c, id, None).await.version;
    let status = status_of(offer(&mut c, id, token(roller), OfferKind::Takeback).await);
    assert_eq!(status.code(), Code::FailedPrecondition);
    assert!(status.message().contains("random"), "{}", status.message());
    assert_eq!(snapshot(&mut c, id, None).await.version, version);

    // A game still waiting for players.
    let mut open = seats(2);
    open[1] = proto::SeatRequest {
        open: true,
        ..Default::default()
    };
    let waiting = create(
        &mut c,
        proto::CreateGameRequest {
            seats: open,
            ..territories(2, TakebackPolicy::Unspecified)
        },
    )
    .await;
    assert_eq!(
        code_of(
            offer(
                &mut c,
                &waiting.game_id,
                Some(&waiting.seats[0].token),
                OfferKind::Draw
            )
            .await
        ),
        Code::FailedPrecondition
    );
}

#[tokio::test]
async fn an_offer_expires() {
    let mut config = Config::in_memory();
    config.offer_expiry_seconds = 1;
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    let game = create(&mut c, territories(2, TakebackPolicy::Unspecified)).await;
    let id = game.game_id.as_str();
    let token = |s: usize| Some(game.seats[s].token.as_str());
    let made = offer(&mut c, id, token(0), OfferKind::Draw)
        .await
        .expect("offered");
    let o = offer_of(&made).clone();
    let lifetime = o.expires_at_ms - satrap_store::now_ms().min(o.expires_at_ms);
    assert!(lifetime <= 1_000, "{lifetime}");
    tokio::time::sleep(Duration::from_millis(lifetime + 100)).await;
    let status = status_of(answer(&mut c, id, token(1), o.id, true).await);
    assert_eq!(status.code(), Code::FailedPrecondition);
    assert!(status.message().contains("expired"), "{}", status.message());
    assert!(snapshot(&mut c, id, None).await.offer.is_none());
    // A new offer may be made once the old one expired.
    offer(&mut c, id, token(1), OfferKind::Draw)
        .await
        .expect("a new one");
}

#[tokio::test]
async fn a_move_withdraws_an_offer_and_a_race_with_one_is_settled_once() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let game = create(&mut c, territories(2, TakebackPolicy::Unspecified)).await;
    let id = game.game_id.as_str();
    let (seat, _) = to_act(&mut c, &game).await;
    let other = Some(game.seats[1 - seat].token.as_str());
    let made = offer(&mut c, id, other, OfferKind::Draw)
        .await
        .expect("offered");
    play(&mut c, &game, 0).await;
    let status = status_of(
        answer(
            &mut c,
            id,
            Some(&game.seats[seat].token),
            offer_of(&made).id,
            true,
        )
        .await,
    );
    assert_eq!(status.code(), Code::FailedPrecondition);
    assert!(
        status.message().contains("withdrawn"),
        "{}",
        status.message()
    );

    // The acceptance and a move at once: exactly one of them lands.
    for round in 0..6 {
        let game = create(&mut c, territories(2, TakebackPolicy::Unspecified)).await;
        let id = game.game_id.as_str();
        let (mover, token) = to_act(&mut c, &game).await;
        let proposer = if round % 2 == 0 { mover } else { 1 - mover };
        let answerer = 1 - proposer;
        let made = offer(
            &mut c,
            id,
            Some(&game.seats[proposer].token),
            OfferKind::Draw,
        )
        .await
        .expect("offered");
        let list = legal(&mut c, id, &token).await;
        let (mut c1, mut c2) = (server.client().await, server.client().await);
        let notation = list.actions[0].notation.clone();
        let (accepted, moved) = tokio::join!(
            answer(
                &mut c1,
                id,
                Some(&game.seats[answerer].token),
                offer_of(&made).id,
                true
            ),
            apply_notation(&mut c2, id, Some(&token), &notation, Some(list.version)),
        );
        let end = snapshot(&mut c, id, None).await;
        match (accepted.is_ok(), moved.is_ok()) {
            (true, false) => {
                assert_eq!(end.status(), proto::GameStatus::Finished);
                assert_eq!(end.version, 1);
            }
            (false, true) => {
                assert_eq!(end.status(), proto::GameStatus::InProgress);
                assert_eq!(end.version, 1);
            }
            other => panic!("exactly one lands, got {other:?}: {accepted:?} {moved:?}"),
        }
    }
}

#[tokio::test]
async fn built_in_bots_accept_takebacks_and_aborts_and_decline_draws() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let against_a_bot = || {
        let mut req = territories(2, TakebackPolicy::Unspecified);
        req.seats[1].bot = "random".into();
        req
    };
    let game = create(&mut c, against_a_bot()).await;
    let id = game.game_id.as_str();
    let me = Some(game.seats[0].token.as_str());
    crate::common::wait_for_turn(&mut c, id, me, 0).await;
    let draw = offer(&mut c, id, me, OfferKind::Draw)
        .await
        .expect("offered");
    assert_eq!(offer_of(&draw).status(), OfferStatus::Declined);
    let abort = offer(&mut c, id, me, OfferKind::Abort)
        .await
        .expect("offered");
    assert_eq!(offer_of(&abort).status(), OfferStatus::Accepted);
    assert_eq!(
        snapshot(&mut c, id, None).await.outcome.map(|o| o.ending),
        Some("aborted".to_owned())
    );

    let game = create(&mut c, against_a_bot()).await;
    let id = game.game_id.as_str();
    let me = Some(game.seats[0].token.as_str());
    let before = crate::common::wait_for_turn(&mut c, id, me, 0).await;
    play(&mut c, &game, 0).await;
    let back = offer(&mut c, id, me, OfferKind::Takeback)
        .await
        .expect("offered");
    assert_eq!(offer_of(&back).status(), OfferStatus::Accepted);
    let after = back.snapshot.expect("snapshot");
    assert_eq!(after.state, before.state, "back before the seat's move");
}
