//! Guests on a keyed server (`serve --guests`) and GetServerInfo, through
//! a real server and client: a guest plays casual games, never rated ones,
//! within its address's limits; without `--guests` a keyed server is as it
//! was.

use crate::common;

use common::access::{Key, code_of, create_with as create, key, keys_file, status_of, with_key};
use common::{Client, Lcg, TestServer, play_to_end, seats};
use satrap_server::Config;
use satrap_server::access::Role;
use satrap_server::proto;
use tonic::Code;

struct Keyed {
    server: TestServer,
    creator: Key,
    player: Key,
}

/// A keyed server (a creator key and a player key) with `config`'s changes.
async fn keyed(test: &str, config: impl FnOnce(&mut Config)) -> Keyed {
    let creator = key("site", Role::Creator);
    let player = key("ann", Role::Player);
    let mut c = Config::in_memory();
    c.api_keys_file = Some(keys_file(test, &[&creator, &player]));
    config(&mut c);
    Keyed {
        server: TestServer::start_with(c).await,
        creator,
        player,
    }
}

/// King of Siam: the caller in seat 0, `bot` (or a second client seat when
/// empty) in seat 1.
fn casual(bot: &str) -> proto::CreateGameRequest {
    let mut seats = seats(2);
    seats[1].bot = bot.into();
    proto::CreateGameRequest {
        game_type: "king_of_siam".into(),
        seats,
        ..Default::default()
    }
}

async fn info(c: &mut Client) -> proto::GetServerInfoResponse {
    c.get_server_info(proto::GetServerInfoRequest {})
        .await
        .expect("GetServerInfo")
        .into_inner()
}

#[tokio::test]
async fn a_guest_creates_and_plays_a_casual_game_on_a_keyed_server() {
    let k = keyed("guest-plays", |c| c.guests = true).await;
    let mut c = k.server.client().await;
    let said = info(&mut c).await;
    assert_eq!(said.create(), proto::CreatePolicy::Guests);
    assert!(said.guests && said.rated_play, "{said:?}");

    // No key at all: a game against a built-in bot, played to its end.
    let created = create(&mut c, None, casual("random"))
        .await
        .expect("a guest creates");
    let played = play_to_end(&mut c, &created, &mut Lcg(42)).await;
    assert!(!played.is_empty());
    // A player key is a guest for CreateGame too; its seats stay anonymous.
    let mine = create(&mut c, Some(&k.player.key), casual(""))
        .await
        .expect("a player key creates as a guest");
    assert!(
        mine.snapshot
            .expect("snapshot")
            .seats
            .iter()
            .all(|s| s.player_id.is_empty())
    );
    // An invalid key is still refused, not taken for a guest.
    assert_eq!(
        code_of(create(&mut c, Some("satrap_nope"), casual("")).await),
        Code::Unauthenticated
    );
    // A creator key creates as before.
    create(&mut c, Some(&k.creator.key), casual("random"))
        .await
        .expect("a creator key creates");
}

#[tokio::test]
async fn a_guest_cannot_play_rated() {
    let k = keyed("guest-rated", |c| c.guests = true).await;
    let mut c = k.server.client().await;
    let mut rated = casual("");
    rated.rated = true;
    let refused = status_of(create(&mut c, None, rated.clone()).await);
    assert_eq!(refused.code(), Code::PermissionDenied);
    assert!(refused.message().contains("casual"), "{refused:?}");
    // Naming a player is for keys only.
    let mut named = casual("");
    named.seats[0].player_id = "ann".into();
    assert_eq!(
        code_of(create(&mut c, None, named).await),
        Code::PermissionDenied
    );
    // The queue for rated games needs a key, guests or not.
    let queued = c
        .find_match(proto::FindMatchRequest {
            game_type: "king_of_siam".into(),
            players: 2,
            rated: true,
            ..Default::default()
        })
        .await;
    assert_eq!(code_of(queued.map(|_| ())), Code::Unauthenticated);
    // Nothing was created by the refusals: the creator's list has no game.
    let listed = c
        .list_games(with_key(
            proto::ListGamesRequest {
                page_size: 100,
                ..Default::default()
            },
            Some(&k.creator.key),
            None,
        ))
        .await
        .expect("ListGames")
        .into_inner();
    assert!(listed.games.is_empty(), "{listed:?}");
}

#[tokio::test]
async fn a_guest_address_is_held_to_its_limits() {
    let k = keyed("guest-limits", |c| {
        c.guests = true;
        c.guest_create_rate = 3;
        c.guest_max_live_bot_games = 1;
    })
    .await;
    let mut c = k.server.client().await;
    let limits = info(&mut c).await.limits.expect("limits");
    assert_eq!(
        (
            limits.guest_create_per_minute,
            limits.guest_create_burst,
            limits.guest_max_live_bot_games
        ),
        (3, 3, 1)
    );
    // One game in progress with a bot; a second one is refused, naming
    // the flag.
    create(&mut c, None, casual("random"))
        .await
        .expect("the first bot game");
    let capped = status_of(create(&mut c, None, casual("random")).await);
    assert_eq!(capped.code(), Code::ResourceExhausted);
    assert!(
        capped.message().contains("--guest-max-live-bot-games"),
        "{capped:?}"
    );
    // A game without bots is still allowed, until the rate is spent (the
    // refused call above counted: three calls a minute).
    create(&mut c, None, casual(""))
        .await
        .expect("a game between people");
    let rate = status_of(create(&mut c, None, casual("")).await);
    assert_eq!(rate.code(), Code::ResourceExhausted);
    assert!(rate.message().contains("--guest-create-rate"), "{rate:?}");
    // A creator key has its own budget.
    for _ in 0..3 {
        create(&mut c, Some(&k.creator.key), casual("random"))
            .await
            .expect("the creator is not a guest");
    }
}

#[tokio::test]
async fn without_guests_a_keyed_server_is_unchanged() {
    let k = keyed("no-guests", |_| {}).await;
    let mut c = k.server.client().await;
    let said = info(&mut c).await;
    assert_eq!(said.create(), proto::CreatePolicy::KeysOnly);
    assert!(said.rated_play && !said.guests, "{said:?}");
    let anonymous = status_of(create(&mut c, None, casual("")).await);
    assert_eq!(anonymous.code(), Code::Unauthenticated);
    assert!(anonymous.message().contains("x-api-key"), "{anonymous:?}");
    assert_eq!(
        code_of(create(&mut c, Some(&k.player.key), casual("")).await),
        Code::PermissionDenied
    );

    // An open server: anyone creates, nothing is rated, and --guests
    // changes nothing there.
    let mut config = Config::in_memory();
    config.guests = true;
    config.max_message_bytes = 1 << 20;
    let open = TestServer::start_with(config).await;
    let mut c = open.client().await;
    let said = info(&mut c).await;
    assert_eq!(said.create(), proto::CreatePolicy::Anyone);
    assert!(!said.rated_play && !said.guests, "{said:?}");
    assert_eq!(said.limits.expect("limits").max_message_bytes, 1 << 20);
    create(&mut c, None, casual("random"))
        .await
        .expect("an open server creates");
}
