//! Rated play: matchmaking ([`matchmaker`], its tickets held under this
//! replica's leases by [`tickets`]), ratings and the leaderboard
//! ([`ratings`]), and the feed of game events for backends ([`feed`]:
//! WatchEvents, and [`webhooks`]).
//!
//! The store keeps what must survive and be exact across replicas (the
//! ratings, changed in the commit that ends a game; the queue, matched
//! atomically; the feed, numbered in commit order); this module turns it
//! into calls and streams.

pub mod feed;
pub mod matchmaker;
pub mod ratings;
pub mod tickets;
pub mod webhooks;
