# syntax=docker/dockerfile:1
#
# satrap container image.
#
#   docker build -t satrap .
#   docker run --rm -p 50051:50051 -v satrap-data:/data satrap
#
# The build needs no protoc (build.rs uses protox, pure Rust) and no network
# access beyond crates.io and Debian's mirror.
#
# The base images are build arguments, for mirrors and for machines that
# cannot pull images at all. CI (.ci/container.sh) builds the runtime stage
# with podman on a Debian bookworm base it makes with mmdebstrap, from a
# binary built outside:
#
#   podman build --format docker --target runtime \
#     --build-arg RUNTIME_IMAGE=localhost/satrap-base \
#     --build-arg BINARY_FROM=prebuilt --build-arg BINARY=satrap -t satrap CONTEXT
#
# where CONTEXT holds this file and the binary `satrap`. See README.md
# ("Container").
ARG BUILDER_IMAGE=rust:1-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim
# Where the binary comes from: `builder` (cargo, below) or `prebuilt` (a
# binary in the build context, path BINARY).
ARG BINARY_FROM=builder

# ---- build ---------------------------------------------------------------
FROM ${BUILDER_IMAGE} AS builder
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
 && install -D -m 0755 target/release/satrap /out/satrap \
 && strip /out/satrap

# ---- or a binary built outside (stripped before it is copied in) ---------
FROM scratch AS prebuilt
ARG BINARY=target/release/satrap
COPY ${BINARY} /out/satrap

FROM ${BINARY_FROM} AS binary

# ---- runtime -------------------------------------------------------------
FROM ${RUNTIME_IMAGE} AS runtime
# ca-certificates (for postgres:// with TLS) unless the base has them
# already (CI's mmdebstrap base does: it is built without network access
# during the image build).
RUN if [ ! -s /etc/ssl/certs/ca-certificates.crt ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends ca-certificates \
      && rm -rf /var/lib/apt/lists/*; \
    fi \
 && groupadd --system --gid 10001 satrap \
 && useradd --system --uid 10001 --gid 10001 --home-dir /data --shell /usr/sbin/nologin satrap \
 && install -d -o 10001 -g 10001 -m 0750 /data
COPY --from=binary /out/satrap /usr/local/bin/satrap

USER 10001:10001
# The working directory holds the embedded database (sqlite://satrap.db) by
# default; mount a volume here, or set SATRAP_DATABASE_URL (e.g. postgres://).
WORKDIR /data
VOLUME ["/data"]

ENV SATRAP_LISTEN=0.0.0.0:50051
EXPOSE 50051

# `satrap health` asks the server's own grpc.health.v1 service (exit 0 when
# SERVING) on the port the server listens on: the `--listen` of the
# `satrap serve` running as PID 1 (so `docker run satrap serve --listen
# 0.0.0.0:7000` is probed on 7000), else SATRAP_LISTEN. In Kubernetes use the
# native gRPC probe instead:  livenessProbe/readinessProbe: { grpc: { port: 50051 } }
HEALTHCHECK --interval=10s --timeout=5s --start-period=5s --retries=3 \
  CMD ["satrap", "health"]

# satrap stops gracefully on SIGTERM (docker stop).
ENTRYPOINT ["satrap"]
CMD ["serve"]
