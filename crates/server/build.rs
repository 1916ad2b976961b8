//! Generates the gRPC services of `proto/` (servers and clients) with protox
//! (pure Rust: no system `protoc`) and tonic-prost-build. The messages are
//! `satrap-proto`'s (an extern path), so only the services are generated here.

use std::{env, path::PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR")?);
    let root = manifest.join("../../proto");
    let protos = [
        root.join("satrap/v1/service.proto"),
        root.join("satrap/v1/admin.proto"),
    ];
    println!("cargo:rerun-if-changed={}", root.display());
    commit(&manifest.join("../../.git"));
    let fds = protox::compile(protos, [&root])?;
    tonic_prost_build::configure()
        .build_server(true)
        .build_client(true)
        // Every message of the package is satrap-proto's: not generated here.
        .extern_path(".satrap.v1", "::satrap_proto")
        // INVALID_ARGUMENT, not INTERNAL, for a body that does not decode.
        .codec_path("crate::codec::Codec")
        .compile_fds(fds)?;
    Ok(())
}

/// The commit the binary is built from, for `satrap_build_info` and
/// `--version`: `SATRAP_COMMIT` if set (a container build without `.git`),
/// else read from `.git` (no `git` program needed), else "unknown".
fn commit(git: &std::path::Path) {
    println!("cargo:rerun-if-env-changed=SATRAP_COMMIT");
    let commit = env::var("SATRAP_COMMIT").ok().or_else(|| {
        let head = std::fs::read_to_string(git.join("HEAD")).ok()?;
        println!("cargo:rerun-if-changed={}", git.join("HEAD").display());
        let head = head.trim();
        let hash = match head.strip_prefix("ref: ") {
            Some(reference) => {
                let path = git.join(reference);
                println!("cargo:rerun-if-changed={}", path.display());
                match std::fs::read_to_string(&path) {
                    Ok(hash) => hash,
                    // A packed ref (a fresh clone): look it up there.
                    Err(_) => {
                        let packed = git.join("packed-refs");
                        println!("cargo:rerun-if-changed={}", packed.display());
                        std::fs::read_to_string(&packed)
                            .ok()?
                            .lines()
                            .find(|l| l.ends_with(reference))?
                            .split(' ')
                            .next()?
                            .to_owned()
                    }
                }
            }
            None => head.to_owned(),
        };
        let hash = hash.trim();
        (hash.len() >= 12 && hash.chars().all(|c| c.is_ascii_hexdigit()))
            .then(|| hash[..12].to_owned())
    });
    println!(
        "cargo:rustc-env=SATRAP_COMMIT={}",
        commit.unwrap_or_else(|| "unknown".into())
    );
}
