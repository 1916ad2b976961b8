# syntax=docker/dockerfile:1
#
# satrap container image.
#
#   docker build -t satrap .
#   docker run --rm -p 50051:50051 -v satrap-data:/data satrap
#
# (Written without a Docker engine at hand: it was checked by reading, not by
# building. `cargo build --release --locked --bin satrap` is what it runs.)
#
# The build needs no protoc (build.rs uses protox, pure Rust) and no network
# access beyond crates.io.

# ---- build ---------------------------------------------------------------
FROM rust:1-bookworm AS builder
WORKDIR /src
# The whole context minus .dockerignore: Cargo.toml, Cargo.lock, build.rs,
# proto/, src/, and benches/ and tests/ (Cargo checks every target it
# declares, even when building only the binary).
COPY . .
# BuildKit cache mounts keep the registry and target/ between builds; the
# binary is copied out of the cached target/ in the same step.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/usr/local/cargo/git \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --bin satrap \
 && install -D -m 0755 target/release/satrap /out/satrap

# ---- runtime -------------------------------------------------------------
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 satrap \
 && useradd --system --uid 10001 --gid 10001 --home-dir /data --shell /usr/sbin/nologin satrap \
 && install -d -o 10001 -g 10001 -m 0750 /data
COPY --from=builder /out/satrap /usr/local/bin/satrap

USER 10001:10001
# The working directory holds the embedded database (sqlite://satrap.db) by
# default; mount a volume here, or set SATRAP_DATABASE_URL (e.g. postgres://).
WORKDIR /data
VOLUME ["/data"]

ENV SATRAP_LISTEN=0.0.0.0:50051
EXPOSE 50051

# `satrap health` asks the server's own grpc.health.v1 service (exit 0 when
# SERVING), on the port of SATRAP_LISTEN. In Kubernetes use the native gRPC
# probe instead:  livenessProbe/readinessProbe: { grpc: { port: 50051 } }
HEALTHCHECK --interval=10s --timeout=5s --start-period=5s --retries=3 \
  CMD ["satrap", "health"]

# satrap stops gracefully on SIGTERM (docker stop).
ENTRYPOINT ["satrap"]
CMD ["serve"]
