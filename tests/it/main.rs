//! The integration tests, in one binary so that `cargo test` builds and
//! links them once (see docs/development.md). Five suites stay binaries
//! of their own: `adversarial`, `durability` and `replicas` measure the
//! real server's memory, latency and crash recovery, which other tests
//! running beside them would disturb; `metrics` reads the process-wide
//! metrics recorder (other tests' calls would count in it); `otlp`
//! installs a process-wide tracing subscriber.

mod abandoned;
mod access;
mod access_postgres;
mod alexandros_service;
mod arena;
mod binary;
mod bots;
mod cancel_storm;
mod chat;
mod clocks;
mod common;
mod connect;
mod deltas;
mod every_game;
mod fuzz;
mod gateway;
mod guest_bots;
mod guests;
mod hub_reload;
mod kit_service;
mod layers;
mod lifecycle;
mod lobby;
mod ming_dynasty_service;
mod move_path;
mod offers;
mod postgres;
mod postgres_faults;
mod postgres_tls;
mod probes;
mod rated;
mod service;
mod skip_notice;
mod status_codes;
mod storage_faults;
mod territories_service;
mod tidy;
mod tls;
mod tournament;
mod web;
mod webhooks;
