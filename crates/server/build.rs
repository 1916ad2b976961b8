//! Generates the gRPC services of `proto/` (servers and clients) with protox
//! (pure Rust: no system `protoc`) and tonic-prost-build. The messages are
//! `satrap-proto`'s (an extern path), so only the services are generated here:
//! the servers into `OUT_DIR/servers`, the clients into `OUT_DIR/clients`.

use std::{env, path::PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR")?);
    let root = manifest.join("../../proto");
    let protos = [
        root.join("satrap/v1/service.proto"),
        root.join("satrap/v1/admin.proto"),
        root.join("satrap/v1/tournament.proto"),
    ];
    println!("cargo:rerun-if-changed={}", root.display());
    commit(&manifest.join("../../.git"));
    let fds = protox::compile(protos, [&root])?;
    let out = PathBuf::from(env::var("OUT_DIR")?);
    // Two generations of the same services. The servers' WatchGame streams
    // send `EncodedUpdate`s, updates encoded once per viewer and written as
    // they are to every stream of that viewer (see `codec`); the clients
    // (the CLI, the tests, the benches) read ordinary `GameUpdate`s. prost
    // resolves an extern path by its longest match, so the one message
    // path below wins over the package's.
    let servers = out.join("servers");
    let clients = out.join("clients");
    std::fs::create_dir_all(&servers)?;
    std::fs::create_dir_all(&clients)?;
    services()
        .build_server(true)
        .build_client(false)
        .extern_path(".satrap.v1.GameUpdate", "crate::codec::EncodedUpdate")
        .out_dir(&servers)
        .compile_fds(fds.clone())?;
    services()
        .build_server(false)
        .build_client(true)
        .out_dir(&clients)
        .compile_fds(fds)?;
    Ok(())
}

/// The generator both generations share: every message of the package is
/// satrap-proto's (not generated here), and the codec is this crate's
/// (INVALID_ARGUMENT, not INTERNAL, for a body that does not decode).
fn services() -> tonic_prost_build::Builder {
    tonic_prost_build::configure()
        .extern_path(".satrap.v1", "::satrap_proto")
        .codec_path("crate::codec::Codec")
}

/// The commit the binary is built from, for `satrap_build_info` and
/// `--version`: `SATRAP_COMMIT` if set (a container build without `.git`);
/// else, in a release build, read from `.git` (no `git` program needed),
/// else "unknown"; in a dev or test build "dev". Why not `.git` always:
/// watching `.git/HEAD` reran this script at every commit, and with it
/// the compilation of this crate and everything above it, for a label.
fn commit(git: &std::path::Path) {
    println!("cargo:rerun-if-env-changed=SATRAP_COMMIT");
    let release = env::var("PROFILE").is_ok_and(|p| p == "release");
    let from_env = env::var("SATRAP_COMMIT").ok();
    if from_env.is_none() && !release {
        println!("cargo:rustc-env=SATRAP_COMMIT=dev");
        return;
    }
    let commit = from_env.or_else(|| {
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
