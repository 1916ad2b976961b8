//! The games' rules-only suites, in one test binary beside the rules they
//! test (`cargo test -p satrap-games` runs them): golden playthroughs
//! replayed from every transcript under `tests/golden/`, property tests of
//! every game (random playouts with the engine's conformance checks), the
//! bot kit's action ids and observation tensors, and the bots' information
//! test (a bot decides the same in states that differ only in what it
//! cannot see).

mod alexandros_properties;
mod bots_information;
mod golden;
mod king_of_siam_properties;
mod kit_tensors;
mod ming_dynasty_properties;
mod territories_properties;
