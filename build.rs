//! Compiles `proto/` with protox (pure Rust: no system `protoc` needed) and
//! tonic-prost-build, and writes the descriptor set served by gRPC reflection.

use std::{env, path::PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protos = [
        "proto/satrap/v1/service.proto",
        "proto/satrap/v1/admin.proto",
    ];
    println!("cargo:rerun-if-changed=proto");
    commit();
    let fds = protox::compile(protos, ["proto"])?;
    let out = PathBuf::from(env::var("OUT_DIR")?);
    std::fs::write(
        out.join("satrap_descriptor.bin"),
        prost::Message::encode_to_vec(&fds),
    )?;
    tonic_prost_build::configure()
        .build_server(true)
        .build_client(true)
        // INVALID_ARGUMENT, not INTERNAL, for a body that does not decode.
        .codec_path("crate::service::codec::Codec")
        .compile_fds(fds)?;
    Ok(())
}

/// The commit the binary is built from, for `satrap_build_info` and
/// `--version`: `SATRAP_COMMIT` if set (a container build without `.git`),
/// else read from `.git` (no `git` program needed), else "unknown".
fn commit() {
    println!("cargo:rerun-if-env-changed=SATRAP_COMMIT");
    let commit = env::var("SATRAP_COMMIT").ok().or_else(|| {
        let head = std::fs::read_to_string(".git/HEAD").ok()?;
        println!("cargo:rerun-if-changed=.git/HEAD");
        let head = head.trim();
        let hash = match head.strip_prefix("ref: ") {
            Some(reference) => {
                let path = format!(".git/{reference}");
                println!("cargo:rerun-if-changed={path}");
                match std::fs::read_to_string(&path) {
                    Ok(hash) => hash,
                    // A packed ref (a fresh clone): look it up there.
                    Err(_) => {
                        println!("cargo:rerun-if-changed=.git/packed-refs");
                        std::fs::read_to_string(".git/packed-refs")
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
