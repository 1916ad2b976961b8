//! A guest's cap on games with built-in bots (`--guest-max-live-bot-games`)
//! holds at every moment one of its games would get a bot, not only at
//! CreateGame: a later bot fill of its waiting game answers to the guests'
//! cap, not to `--max-live-bot-games`.

use std::time::Duration;

use satrap_server::Config;
use satrap_server::access::Role;
use satrap_server::proto;

use crate::common::access::{create_with, key, keys_file};
use crate::common::{Client, TestServer, seats, snapshot};

/// King of Siam: a client in seat 0; seat 1 open, filled with a bot after
/// 50 ms.
fn waiting_for_a_fill() -> proto::CreateGameRequest {
    let mut s = seats(2);
    s[1] = proto::SeatRequest {
        open: true,
        ..Default::default()
    };
    proto::CreateGameRequest {
        game_type: "king_of_siam".into(),
        seats: s,
        bot_fill: Some(proto::BotFill {
            after_ms: 50,
            bot: "random".into(),
        }),
        ..Default::default()
    }
}

/// Whether the game's open seat has been filled within `within`.
async fn filled_within(c: &mut Client, id: &str, within: Duration) -> bool {
    let until = tokio::time::Instant::now() + within;
    loop {
        if snapshot(c, id, None).await.status() != proto::GameStatus::Waiting {
            return true;
        }
        if tokio::time::Instant::now() >= until {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_guests_bot_fill_answers_to_the_guests_cap() {
    let site = key("site", Role::Creator);
    let mut config = Config::in_memory();
    config.api_keys_file = Some(keys_file("guest-fill-cap", &[&site]));
    config.guests = true;
    config.guest_max_live_bot_games = 1;
    config.max_live_bot_games = None;
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    // The guest's one game with a bot.
    let mut against_a_bot = seats(2);
    against_a_bot[1].bot = "random".into();
    create_with(
        &mut c,
        None,
        proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: against_a_bot,
            ..Default::default()
        },
    )
    .await
    .expect("the guest's bot game");
    // Its waiting game is created (no bot yet), and its fill is refused.
    let guests = create_with(&mut c, None, waiting_for_a_fill())
        .await
        .expect("a waiting game");
    // The same game by a key with no cap is filled: the fill runs.
    let keyed = create_with(&mut c, Some(&site.key), waiting_for_a_fill())
        .await
        .expect("a keyed waiting game");
    assert!(filled_within(&mut c, &keyed.game_id, Duration::from_secs(20)).await);
    assert!(
        !filled_within(&mut c, &guests.game_id, Duration::from_millis(500)).await,
        "the guest is at its cap: the seat stays open for a player"
    );
    let seat = &snapshot(&mut c, &guests.game_id, None).await.seats[1];
    assert!(seat.open && seat.bot.is_empty(), "{seat:?}");
}
