//! Abandoned games through the server: an unfinished game with no move for
//! `--abandoned-after` leaves ListGames (the lobby's running list) unless
//! the request asks for abandoned games, is marked when it does, and comes
//! back with its next move; finished games are never left out.

use crate::common;

use std::time::Duration;

use common::{Client, TestServer, create, seats, snapshot};
use satrap_server::Config;
use satrap_server::proto;

const KS: &str = "king_of_siam";
const AFTER: Duration = Duration::from_millis(600);

async fn listed(c: &mut Client, include_abandoned: bool) -> Vec<(String, bool)> {
    c.list_games(proto::ListGamesRequest {
        page_size: 100,
        include_abandoned,
        ..Default::default()
    })
    .await
    .expect("list games")
    .into_inner()
    .games
    .into_iter()
    .map(|g| (g.game_id, g.abandoned))
    .collect()
}

#[tokio::test]
async fn a_game_nobody_plays_leaves_the_list_until_its_next_move() {
    let mut config = Config::in_memory();
    config.abandoned_after = AFTER;
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    let info = c
        .get_server_info(proto::GetServerInfoRequest {})
        .await
        .expect("server info")
        .into_inner();
    assert_eq!(info.abandoned_after_ms, AFTER.as_millis() as u64);

    let mut bots = seats(2);
    for s in &mut bots {
        s.bot = "random".into();
    }
    let finished = create(&mut c, KS, bots, Some(2)).await.game_id;
    common::wait_for_end(&mut c, &finished).await;
    let idle = create(&mut c, KS, seats(2), Some(1)).await;
    assert_eq!(
        listed(&mut c, false).await,
        vec![(idle.game_id.clone(), false), (finished.clone(), false)],
        "a fresh game is listed"
    );

    tokio::time::sleep(AFTER + Duration::from_millis(200)).await;
    assert_eq!(
        listed(&mut c, false).await,
        vec![(finished.clone(), false)],
        "the idle game is left out; the finished one stays"
    );
    assert_eq!(
        listed(&mut c, true).await,
        vec![(idle.game_id.clone(), true), (finished.clone(), false)],
        "asked for, it is listed and marked"
    );

    // Still playable: a move brings it back.
    let snap = snapshot(&mut c, &idle.game_id, None).await;
    let token = &idle.seats[snap.to_act[0] as usize].token;
    let legal = common::legal(&mut c, &idle.game_id, token).await;
    common::apply_notation(
        &mut c,
        &idle.game_id,
        Some(token),
        &legal.actions[0].notation,
        Some(snap.version),
    )
    .await
    .expect("a move on an abandoned game");
    assert_eq!(
        listed(&mut c, false).await,
        vec![(idle.game_id, false), (finished, false)],
        "its move lists it again"
    );
}

#[tokio::test]
async fn zero_lists_every_game_and_the_default_is_a_day() {
    assert_eq!(
        Config::in_memory().abandoned_after,
        Duration::from_secs(24 * 3600)
    );
    let mut config = Config::in_memory();
    config.abandoned_after = Duration::ZERO;
    let server = TestServer::start_with(config).await;
    let mut c = server.client().await;
    let id = create(&mut c, KS, seats(2), Some(3)).await.game_id;
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(listed(&mut c, false).await, vec![(id, false)]);
}
