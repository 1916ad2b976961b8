//! Compiles `proto/` with protox (pure Rust: no system `protoc` needed) and
//! tonic-prost-build, and writes the descriptor set served by gRPC reflection.

use std::{env, path::PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protos = [
        "proto/satrap/v1/service.proto",
        "proto/satrap/v1/admin.proto",
    ];
    println!("cargo:rerun-if-changed=proto");
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
