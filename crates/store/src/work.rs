//! Work that survives its replica. On a store several replicas share,
//! every game records when it next needs the server (`due_at`: a bot's
//! turn, a turn clock's deadline, the bot fill of a waiting game) and which
//! replica drives it (a lease: owner and expiry). Any replica claims work
//! that is due and unleased or whose lease expired ([`GameStore::claim_due`](crate::GameStore::claim_due),
//! `FOR UPDATE SKIP LOCKED` on PostgreSQL), renews the lease while it drives
//! the game ([`GameStore::lease`](crate::GameStore::lease)) and gives it up with the next due time
//! when done ([`GameStore::settle`](crate::GameStore::settle)). So while a lease is live nobody else
//! drives the game, and a dead replica's games are picked up once its
//! leases expire, whether or not anyone has them loaded.
//!
//! Who records a due time: a commit of moves records the exact one (the
//! caller computes it from the state after the moves, [`GameStore::append`](crate::GameStore::append));
//! any other change (creation, a seat taken, left, resigned or filled)
//! records "due now" (0), and the game's task, looking at it, settles the
//! exact time. A crash between the two leaves the game due, never lost.

/// A lease request: `owner` (a replica's id) wants the game until
/// `until_ms`, as of `now_ms` (expired leases are those with an expiry
/// before it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lease<'a> {
    pub owner: &'a str,
    pub now_ms: u64,
    pub until_ms: u64,
}
