//! The talk contract: entries numbered from 1 per game in commit order,
//! read back after any number, a redaction replacing an earlier body in
//! the same commit as its own entry, unknown games and entries refused,
//! and the talk gone with its game.

use super::{check, record, store_err};
use crate::{GameStore, NewTalk, StoreError};

fn talk(at_ms: u64, body: &[u8]) -> NewTalk<'_> {
    NewTalk {
        at_ms,
        body,
        redact: None,
    }
}

/// Run the talk checks; `prefix` makes the ids unique.
pub async fn check_talk(store: &dyn GameStore, prefix: &str) -> Result<(), String> {
    let (a, b) = (format!("{prefix}-talk-a"), format!("{prefix}-talk-b"));
    store
        .create(&record(&a, "t", 1_000))
        .await
        .map_err(store_err)?;
    store
        .create(&record(&b, "t", 1_000))
        .await
        .map_err(store_err)?;
    check(
        store.talk_since(&a, 0).await.map_err(store_err)?.is_empty(),
        "a new game has no talk",
    )?;
    let first = store
        .add_talk(&a, &talk(5, b"hello"))
        .await
        .map_err(store_err)?;
    let other = store
        .add_talk(&b, &talk(6, b"elsewhere"))
        .await
        .map_err(store_err)?;
    let second = store
        .add_talk(&a, &talk(7, b"again"))
        .await
        .map_err(store_err)?;
    check(
        (first, other, second) == (1, 1, 2),
        "talk is numbered from 1 per game",
    )?;
    let all = store.talk_since(&a, 0).await.map_err(store_err)?;
    let got: Vec<(u64, u64, &[u8])> = all
        .iter()
        .map(|t| (t.seq, t.at_ms, t.body.as_slice()))
        .collect();
    check(
        got == vec![(1, 5, &b"hello"[..]), (2, 7, &b"again"[..])],
        "talk reads back in order with its times and bodies",
    )?;
    let later = store.talk_since(&a, 1).await.map_err(store_err)?;
    check(
        later.len() == 1 && later[0].seq == 2,
        "talk_since skips what was read",
    )?;

    // A redaction replaces the earlier body in the same commit.
    let redacting = NewTalk {
        at_ms: 9,
        body: b"deleted 1",
        redact: Some((1, b"")),
    };
    check(
        store.add_talk(&a, &redacting).await.map_err(store_err)? == 3,
        "a redaction is an entry of its own",
    )?;
    let all = store.talk_since(&a, 0).await.map_err(store_err)?;
    check(
        all.len() == 3 && all[0].body.is_empty() && all[2].body == b"deleted 1",
        "the redacted body is gone",
    )?;
    let missing = NewTalk {
        at_ms: 9,
        body: b"x",
        redact: Some((99, b"")),
    };
    check(
        matches!(
            store.add_talk(&a, &missing).await,
            Err(StoreError::NotFound(_))
        ),
        "redacting an unknown entry is NotFound",
    )?;
    check(
        store.talk_since(&a, 0).await.map_err(store_err)?.len() == 3,
        "a refused redaction records nothing",
    )?;
    let unknown = format!("{prefix}-talk-missing");
    check(
        matches!(
            store.add_talk(&unknown, &talk(1, b"x")).await,
            Err(StoreError::NotFound(_))
        ),
        "talk for an unknown game is NotFound",
    )?;
    check(
        matches!(
            store.talk_since(&unknown, 0).await,
            Err(StoreError::NotFound(_))
        ),
        "an unknown game's talk is NotFound",
    )?;

    // Deleted with its game.
    check(store.delete(&a).await.map_err(store_err)?, "deleted")?;
    check(
        matches!(store.talk_since(&a, 0).await, Err(StoreError::NotFound(_))),
        "a deleted game's talk is gone",
    )?;
    check(
        store.talk_since(&b, 0).await.map_err(store_err)?.len() == 1,
        "another game's talk stays",
    )?;
    Ok(())
}
