use super::*;
use crate::engine::conformance::fast_playout;

#[test]
fn smoke_playouts() {
    for p in 2..=4 {
        for seed in 0..5 {
            let n = fast_playout::<Alexandros>(&Options::default(), p, seed);
            eprintln!("{p}p seed {seed}: {n} actions");
        }
    }
}
