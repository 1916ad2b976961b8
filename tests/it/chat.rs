//! Chat at the table through a real server and client: each channel
//! reaches exactly its readers on WatchGame and in GetHistory, the limits
//! (length, rate) hold and are reported, an administrator mutes and
//! deletes, and a private game's chat is as private as the game.

use std::time::Duration;

use satrap_server::Config;
use satrap_server::access::Role;
use satrap_server::proto::{self, ChatChannel};
use tonic::{Code, Status, Streaming};

use crate::common::access::{admin, code_of, key, keys_file, status_of, with_key};
use crate::common::{Client, TestServer, authed, create, history, seats};

/// Send `text` to `channel` of game `id` as `token` (none: a spectator).
async fn say(
    c: &mut Client,
    id: &str,
    token: Option<&str>,
    channel: ChatChannel,
    text: &str,
) -> Result<proto::ChatMessage, Status> {
    c.send_chat_message(authed(
        proto::SendChatMessageRequest {
            game_id: id.into(),
            channel: channel as i32,
            text: text.into(),
        },
        token,
    ))
    .await
    .map(|r| r.into_inner().message.expect("the message"))
}

/// A watch stream of `id` as `token` sees it, from the next version.
async fn watch(c: &mut Client, id: &str, token: Option<&str>) -> Streaming<proto::GameUpdate> {
    let version = crate::common::snapshot(c, id, token).await.version;
    c.watch_game(authed(
        proto::WatchGameRequest {
            game_id: id.into(),
            from_version: version + 1,
            ..Default::default()
        },
        token,
    ))
    .await
    .expect("watch")
    .into_inner()
}

/// The chat texts a stream delivers until (and with) `last`.
async fn heard_until(stream: &mut Streaming<proto::GameUpdate>, last: &str) -> Vec<String> {
    let mut heard = Vec::new();
    let listen = async {
        while let Some(update) = stream.message().await.expect("watch stream") {
            assert_eq!(update.cause(), proto::UpdateCause::Chat, "{update:?}");
            assert!(
                update.snapshot.is_some(),
                "a full update keeps its snapshot"
            );
            for m in update.chat {
                let done = m.text == last;
                heard.push(m.text);
                if done {
                    return;
                }
            }
        }
        panic!("the stream ended");
    };
    tokio::time::timeout(Duration::from_secs(30), listen)
        .await
        .expect("heard the last message");
    heard
}

async fn history_chat(c: &mut Client, id: &str, token: Option<&str>) -> Vec<String> {
    history(c, id, token)
        .await
        .chat
        .into_iter()
        .map(|m| m.text)
        .collect()
}

#[tokio::test]
async fn every_channel_reaches_exactly_its_readers() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    // King of Siam with four players: seats 0 and 2 against 1 and 3.
    let game = create(&mut c, "king_of_siam", seats(4), Some(3)).await;
    let id = game.game_id.as_str();
    let token = |s: usize| Some(game.seats[s].token.as_str());
    let mut streams = Vec::new();
    for viewer in [None, token(1), token(2)] {
        streams.push(watch(&mut c, id, viewer).await);
    }
    say(&mut c, id, token(0), ChatChannel::Everyone, "hello all")
        .await
        .expect("public");
    say(&mut c, id, token(0), ChatChannel::Seats, "players only")
        .await
        .expect("seats");
    say(&mut c, id, token(0), ChatChannel::Team, "our plan")
        .await
        .expect("team");
    say(&mut c, id, None, ChatChannel::Everyone, "from the rail")
        .await
        .expect("a spectator");
    let expected: [&[&str]; 3] = [
        &["hello all", "from the rail"],
        &["hello all", "players only", "from the rail"],
        &["hello all", "players only", "our plan", "from the rail"],
    ];
    for (stream, want) in streams.iter_mut().zip(expected) {
        assert_eq!(heard_until(stream, "from the rail").await, want);
    }
    assert_eq!(history_chat(&mut c, id, None).await, expected[0]);
    assert_eq!(history_chat(&mut c, id, token(3)).await, expected[1]);
    assert_eq!(history_chat(&mut c, id, token(2)).await, expected[2]);

    // A spectator writes only to everyone; a game without teams has no
    // team channel.
    for channel in [ChatChannel::Seats, ChatChannel::Team] {
        assert_eq!(
            code_of(say(&mut c, id, None, channel, "psst").await),
            Code::PermissionDenied
        );
    }
    let two = create(&mut c, "king_of_siam", seats(2), Some(3)).await;
    let refused = say(
        &mut c,
        &two.game_id,
        Some(&two.seats[0].token),
        ChatChannel::Team,
        "x",
    )
    .await;
    assert_eq!(code_of(refused), Code::FailedPrecondition);
    let unknown = c
        .send_chat_message(authed(
            proto::SendChatMessageRequest {
                game_id: id.into(),
                channel: 9,
                text: "x".into(),
            },
            token(0),
        ))
        .await;
    assert_eq!(code_of(unknown), Code::InvalidArgument);
}

#[tokio::test]
async fn length_and_rate_limits_hold_and_are_reported() {
    let mut config = Config::in_memory();
    config.chat_max_chars = 10;
    config.chat_rate = 1;
    config.chat_burst = 2;
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    let limits = c
        .get_server_info(proto::GetServerInfoRequest {})
        .await
        .expect("info")
        .into_inner()
        .limits
        .expect("limits");
    assert_eq!(
        (
            limits.chat_max_chars,
            limits.chat_per_minute,
            limits.chat_burst
        ),
        (10, 1, 2)
    );
    assert_eq!(limits.offer_expiry_seconds, 60);
    assert_eq!(limits.abort_moves_per_seat, 2);
    let game = create(&mut c, "king_of_siam", seats(2), Some(3)).await;
    let (id, ann, bob) = (
        game.game_id.as_str(),
        Some(game.seats[0].token.as_str()),
        Some(game.seats[1].token.as_str()),
    );
    // Too long: refused, and the text is never echoed.
    let secret = "a secret longer than ten";
    let status = status_of(say(&mut c, id, ann, ChatChannel::Everyone, secret).await);
    assert_eq!(status.code(), Code::InvalidArgument);
    assert!(!status.message().contains("secret"), "{}", status.message());
    assert_eq!(
        code_of(say(&mut c, id, ann, ChatChannel::Everyone, "  \n ").await),
        Code::InvalidArgument
    );
    // Ten characters pass (counted as characters, not bytes).
    say(&mut c, id, ann, ChatChannel::Everyone, "éééééééééé")
        .await
        .expect("ten");
    say(&mut c, id, ann, ChatChannel::Everyone, "two")
        .await
        .expect("the burst");
    assert_eq!(
        code_of(say(&mut c, id, ann, ChatChannel::Everyone, "three").await),
        Code::ResourceExhausted
    );
    // Another seat has its own count.
    say(&mut c, id, bob, ChatChannel::Everyone, "mine")
        .await
        .expect("bob's own");
    assert_eq!(
        history_chat(&mut c, id, None).await,
        ["éééééééééé", "two", "mine"]
    );
}

#[tokio::test]
async fn an_administrator_mutes_a_seat_and_deletes_a_message() {
    let ops = key("ops", Role::Admin);
    let maker = key("maker", Role::Creator);
    let mut config = Config::in_memory();
    config.api_keys_file = Some(keys_file("chat-admin", &[&ops, &maker]));
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    let made = c
        .create_game(with_key(
            proto::CreateGameRequest {
                game_type: "king_of_siam".into(),
                seats: seats(2),
                ..Default::default()
            },
            Some(&maker.key),
            None,
        ))
        .await
        .expect("created")
        .into_inner();
    let (id, ann, bob) = (
        made.game_id.as_str(),
        Some(made.seats[0].token.as_str()),
        Some(made.seats[1].token.as_str()),
    );
    let mut a = admin(&server).await;
    let mute = |muted: bool| proto::MuteChatRequest {
        game_id: id.into(),
        seat: 1,
        muted,
    };
    // Only an admin key mutes.
    assert_eq!(
        code_of(
            a.mute_chat(with_key(mute(true), Some(&maker.key), None))
                .await
        ),
        Code::PermissionDenied
    );
    a.mute_chat(with_key(mute(true), Some(&ops.key), None))
        .await
        .expect("muted");
    assert_eq!(
        code_of(say(&mut c, id, bob, ChatChannel::Everyone, "let me talk").await),
        Code::PermissionDenied
    );
    say(&mut c, id, ann, ChatChannel::Everyone, "others still talk")
        .await
        .expect("ann");
    a.mute_chat(with_key(mute(false), Some(&ops.key), None))
        .await
        .expect("unmuted");
    let rude = say(&mut c, id, bob, ChatChannel::Everyone, "rude words")
        .await
        .expect("bob again");

    // Deleting: the watchers get the message again, deleted; the history
    // keeps its place without its text.
    let mut stream = watch(&mut c, id, ann).await;
    let delete = |message_id| proto::DeleteChatMessageRequest {
        game_id: id.into(),
        message_id,
    };
    a.delete_chat_message(with_key(delete(rude.id), Some(&ops.key), None))
        .await
        .expect("deleted");
    let update = tokio::time::timeout(Duration::from_secs(30), stream.message())
        .await
        .expect("in time")
        .expect("stream")
        .expect("an update");
    let gone = &update.chat[0];
    assert!(
        gone.deleted && gone.text.is_empty() && gone.id == rude.id,
        "{gone:?}"
    );
    let chat = history(&mut c, id, None).await.chat;
    let got: Vec<(&str, bool)> = chat.iter().map(|m| (m.text.as_str(), m.deleted)).collect();
    assert_eq!(got, [("others still talk", false), ("", true)]);
    // A message deleted or never sent cannot be deleted.
    for missing in [rude.id, 99] {
        assert_eq!(
            code_of(
                a.delete_chat_message(with_key(delete(missing), Some(&ops.key), None))
                    .await
            ),
            Code::InvalidArgument
        );
    }
}

#[tokio::test]
async fn a_private_games_chat_is_as_private_as_the_game() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let made = c
        .create_game(proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: seats(2),
            private: true,
            ..Default::default()
        })
        .await
        .expect("created")
        .into_inner();
    let id = made.game_id.as_str();
    say(
        &mut c,
        id,
        Some(&made.seats[0].token),
        ChatChannel::Everyone,
        "between us",
    )
    .await
    .expect("a seat talks");
    // A stranger: the game does not exist for it.
    assert_eq!(
        code_of(say(&mut c, id, None, ChatChannel::Everyone, "hi").await),
        Code::NotFound
    );
    let hidden = c
        .get_history(authed(
            proto::GetHistoryRequest { game_id: id.into() },
            None,
        ))
        .await;
    assert_eq!(code_of(hidden), Code::NotFound);
    // With the spectator token: the public channel, both ways.
    let spectator = Some(made.spectator_token.as_str());
    say(&mut c, id, spectator, ChatChannel::Everyone, "invited")
        .await
        .expect("an invited spectator talks");
    assert_eq!(
        history_chat(&mut c, id, spectator).await,
        ["between us", "invited"]
    );
}

#[tokio::test]
async fn a_message_and_an_offer_on_one_replica_reach_the_watchers_of_another() {
    use crate::common::external::{TestDatabase, postgres_url};
    let Some(admin_url) =
        postgres_url("a_message_and_an_offer_on_one_replica_reach_the_watchers_of_another")
    else {
        return;
    };
    let db = TestDatabase::create(&admin_url, "chatreplicas").await;
    let replica = |url: String| async move {
        let mut config = Config::in_memory();
        config.database = url;
        TestServer::start_with(config).await
    };
    let (a, b) = (replica(db.url.clone()).await, replica(db.url.clone()).await);
    let (mut on_a, mut on_b) = (a.client().await, b.client().await);
    let game = create(&mut on_a, "king_of_siam", seats(2), Some(3)).await;
    let id = game.game_id.as_str();
    let ann = Some(game.seats[0].token.as_str());
    let bob = Some(game.seats[1].token.as_str());
    // Bob watches on B; Ann talks and offers on A.
    let mut stream = watch(&mut on_b, id, bob).await;
    say(&mut on_a, id, ann, ChatChannel::Seats, "from A")
        .await
        .expect("said");
    assert_eq!(heard_until(&mut stream, "from A").await, ["from A"]);
    let made = on_a
        .make_offer(authed(
            proto::MakeOfferRequest {
                game_id: id.into(),
                kind: proto::OfferKind::Abort as i32,
            },
            ann,
        ))
        .await
        .expect("offered")
        .into_inner();
    let update = tokio::time::timeout(Duration::from_secs(30), stream.message())
        .await
        .expect("in time")
        .expect("stream")
        .expect("an update");
    let seen = update
        .snapshot
        .and_then(|s| s.offer)
        .expect("the offer on B");
    assert_eq!(Some(seen.id), made.offer.map(|o| o.id));
    // Bob answers on B: the abort lands once, for both replicas.
    on_b.answer_offer(authed(
        proto::AnswerOfferRequest {
            game_id: id.into(),
            offer_id: seen.id,
            accept: true,
        },
        bob,
    ))
    .await
    .expect("accepted on B");
    let end = crate::common::snapshot(&mut on_a, id, None).await;
    assert_eq!(end.outcome.map(|o| o.ending), Some("aborted".to_owned()));
    drop((on_a, on_b));
    a.shutdown().await;
    b.shutdown().await;
    db.drop().await;
}
