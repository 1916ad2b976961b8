#!/usr/bin/env bash
# The container image, built and run with podman, on a machine that cannot
# pull images (no registry is reachable from CI):
#
#  1. a Debian bookworm base made from Debian's packages (mmdebstrap
#     --variant=minbase from the mirror apt uses here, then podman import;
#     cached between runs on one machine as localhost/satrap-base:bookworm);
#  2. the Dockerfile's runtime stage built on it from the release binary CI
#     built (stripped first: the image carries no debug line tables);
#  3. the image run with a named volume for its database and its port
#     published on 127.0.0.1, started as `serve --listen 0.0.0.0:7000` so the
#     HEALTHCHECK must find the server's --listen (the image's SATRAP_LISTEN
#     says 50051); wait until podman reports it healthy;
#  4. a game played through it from the host (examples/python/random_bot.py:
#     seat 0 from the host, the others the server's random bots);
#  5. SIGTERM (podman stop): it must exit with code 0;
#  6. a new container on the same volume, with the image's default command
#     (SATRAP_LISTEN): healthy again, and it still has the game.
#
#   bash .ci/container.sh                   # after cargo build --release
#   SATRAP_BIN=path/to/satrap bash .ci/container.sh
#   SATRAP_FRESH_BASE=1 bash .ci/container.sh   # rebuild the cached base
#
# Installs what it needs with apt-get (podman, mmdebstrap, runc, iptables,
# uidmap, binutils, python3-venv). Prints the image size and the time of
# each part.
set -euo pipefail
cd "$(dirname "$0")/.."
# mmdebstrap and rootful podman need root (CI runs as root).
if [[ $(id -u) -ne 0 ]]; then
  exec sudo --preserve-env=SATRAP_BIN,SATRAP_FRESH_BASE bash "$0" "$@"
fi

BIN="${SATRAP_BIN:-target/release/satrap}"
BASE="localhost/satrap-base:bookworm"
IMAGE="localhost/satrap:ci"
NAME="satrap-ci-$$"
VOLUME="satrap-ci-data-$$"
if [[ ! -x $BIN ]]; then
  echo "no satrap binary at $BIN (cargo build --release, or set SATRAP_BIN)" >&2
  exit 1
fi

work="$(mktemp -d -t satrap-container.XXXXXX)"
cleanup() {
  local rc=$?
  if [[ $rc -ne 0 ]]; then
    for c in "$NAME" "$NAME-2"; do
      if podman container exists "$c" 2>/dev/null; then
        echo "--- podman logs $c (tail) ---" >&2
        podman logs --tail 30 "$c" >&2 2>&1 || true
      fi
    done
  fi
  podman rm -f -t 0 "$NAME" "$NAME-2" >/dev/null 2>&1 || true
  podman volume rm -f "$VOLUME" >/dev/null 2>&1 || true
  rm -rf "$work"
  exit "$rc"
}
trap cleanup EXIT

T0=$SECONDS
lap() { echo "== [$(( SECONDS - T0 ))s] $*" >&2; }

# ---- tools ------------------------------------------------------------------
need=()
for tool in podman:podman mmdebstrap:mmdebstrap runc:runc iptables:iptables \
  newuidmap:uidmap strip:binutils; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || need+=("${tool#*:}")
done
python3 -c 'import ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
if [[ ${#need[@]} -gt 0 ]]; then
  lap "apt-get install ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -q && apt-get install -y -q --no-install-recommends "${need[@]}"; } \
    </dev/null >"$work/apt.log" 2>&1 || { tail -n 40 "$work/apt.log" >&2; exit 1; }
fi
echo "   $(podman --version)" >&2

# ---- 1. the base --------------------------------------------------------------
# The Debian mirror apt uses on this machine (deb822 or one-line sources).
mirror="$(
  { grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}'
    grep -hE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk '{print $2}'
  } | grep -v -- '-security' | grep -m1 -E '/debian/?$' || true
)"
mirror="${mirror:-http://deb.debian.org/debian}"
if [[ -n ${SATRAP_FRESH_BASE:-} ]]; then
  podman rmi -f "$BASE" >/dev/null 2>&1 || true
fi
if podman image exists "$BASE"; then
  lap "base $BASE: cached"
else
  lap "base: mmdebstrap --variant=minbase bookworm from $mirror"
  start=$SECONDS
  # mmdebstrap writes the root filesystem as a tarball for podman import,
  # with apt's lists and caches already cleaned; dpkg leaves out what a
  # server image never reads (manuals, documentation, translations), and
  # its merged-usr hook makes the /usr merge as debootstrap does (without
  # it, bookworm's usrmerge package brings perl in). The same 96 packages
  # as debootstrap's, in about 28 s of CPU against 36 s for debootstrap
  # alone. ca-certificates in the base: the image build then needs no
  # network.
  mmdebstrap --variant=minbase --include=ca-certificates \
    --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    bookworm "$work/rootfs.tar" "$mirror" \
    >"$work/mmdebstrap.log" 2>&1 || { tail -n 40 "$work/mmdebstrap.log" >&2; exit 1; }
  podman import \
    --change 'CMD ["/bin/bash"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    "$work/rootfs.tar" "$BASE" >/dev/null
  rm -f "$work/rootfs.tar"
  echo "   base built in $(( SECONDS - start ))s" >&2
fi

# ---- how containers can run here -----------------------------------------------
# podman's defaults, if they work; else the workarounds a sandbox needs (no
# CAP_SYS_RESOURCE: podman's default rlimits cannot be set; cgroup v1 with a
# hybrid v2 mount: crun refuses it, runc copes).
RUN_OPTS=()
if ! podman run --rm "$BASE" true >"$work/probe.log" 2>&1; then
  echo "   podman run with defaults fails: $(tail -n 1 "$work/probe.log")" >&2
  nofile="$(ulimit -Hn)"
  if [[ $nofile == unlimited || $nofile -gt 65536 ]]; then nofile=65536; fi
  RUN_OPTS=(--runtime runc --ulimit "nofile=$((nofile / 2)):$((nofile / 2))" --ulimit nproc=4096:4096)
  if ! podman run --rm "${RUN_OPTS[@]}" "$BASE" true >"$work/probe.log" 2>&1; then
    echo "!! podman cannot run a container here, even with ${RUN_OPTS[*]}:" >&2
    cat "$work/probe.log" >&2
    exit 1
  fi
  echo "   running containers with ${RUN_OPTS[*]}" >&2
fi

# ---- 2. the image ----------------------------------------------------------------
lap "image: the Dockerfile's runtime stage on $BASE, with $BIN stripped"
mkdir -p "$work/context"
cp Dockerfile "$work/context/Dockerfile"
strip -o "$work/context/satrap" "$BIN"
echo "   binary $(( $(stat -c %s "$BIN") / 1048576 )) MiB, stripped $(( $(stat -c %s "$work/context/satrap") / 1048576 )) MiB" >&2
# --format docker keeps the HEALTHCHECK (the OCI format has none).
podman build --format docker --target runtime \
  "${RUN_OPTS[@]}" \
  --build-arg RUNTIME_IMAGE="$BASE" \
  --build-arg BINARY_FROM=prebuilt --build-arg BINARY=satrap \
  -t "$IMAGE" "$work/context" >"$work/build.log" 2>&1 ||
  { tail -n 40 "$work/build.log" >&2; exit 1; }
size="$(podman image inspect --format '{{.Size}}' "$IMAGE")"
base_size="$(podman image inspect --format '{{.Size}}' "$BASE")"
echo "   image $IMAGE: $(( size / 1048576 )) MiB ($(( (size - base_size) / 1048576 )) MiB over the base)" >&2
healthcheck="$(podman image inspect --format '{{json .HealthCheck}}' "$IMAGE" 2>/dev/null || true)"
if [[ $healthcheck != *satrap* ]]; then
  echo "!! the image has no HEALTHCHECK calling satrap: $healthcheck" >&2
  exit 1
fi

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Wait until podman reports the container healthy. Without systemd podman
# has no timer to run the HEALTHCHECK, so run it as its timer would.
wait_healthy() {
  local name=$1 status=""
  for _ in $(seq 1 60); do
    if [[ $(podman inspect --format '{{.State.Running}}' "$name") != true ]]; then
      echo "!! $name stopped before it was healthy" >&2
      return 1
    fi
    podman healthcheck run "$name" >/dev/null 2>&1 || true
    status="$(podman inspect --format '{{.State.Health.Status}}' "$name" 2>/dev/null ||
      podman inspect --format '{{.State.Healthcheck.Status}}' "$name")"
    if [[ $status == healthy ]]; then
      echo "   $name is healthy" >&2
      return 0
    fi
    sleep 1
  done
  echo "!! $name not healthy after 60 s (status: $status)" >&2
  return 1
}

# Stop with SIGTERM and require a clean exit.
stop_cleanly() {
  local name=$1
  podman stop --time 30 "$name" >/dev/null 2>>"$work/stop.log"
  local code
  code="$(podman inspect --format '{{.State.ExitCode}}' "$name")"
  if [[ $code != 0 ]]; then
    echo "!! $name exited with code $code after SIGTERM" >&2
    return 1
  fi
  # The drain's two log lines: it began, and the leases went back. The logs
  # are read whole first: `podman logs | grep -q` fails under pipefail when
  # grep stops reading early and podman dies of SIGPIPE.
  local logs
  logs="$(podman logs "$name" 2>&1)"
  if [[ $logs != *'draining: not ready'* || $logs != *' drained '* ]]; then
    echo "!! $name did not log its graceful drain (draining ... drained)" >&2
    return 1
  fi
  echo "   $name stopped by SIGTERM, exit code 0" >&2
}

# ---- 3. run it ---------------------------------------------------------------------
port="$(free_port)"
lap "run $IMAGE serve --listen 0.0.0.0:7000 (127.0.0.1:$port), volume $VOLUME"
podman volume create "$VOLUME" >/dev/null
# (Without systemd podman logs that it cannot set up a healthcheck timer:
# that is why wait_healthy runs the check itself; its stderr goes to a file.)
podman run -d --name "$NAME" "${RUN_OPTS[@]}" \
  -v "$VOLUME:/data" -p "127.0.0.1:$port:7000" \
  "$IMAGE" serve --listen 0.0.0.0:7000 >/dev/null 2>"$work/run.log" ||
  { cat "$work/run.log" >&2; exit 1; }
wait_healthy "$NAME"

# ---- 4. play a game from the host ------------------------------------------------
lap "play a game through it (examples/python/random_bot.py)"
mkdir -p "$work/client/examples"
cp -r examples/python "$work/client/examples/python"
cp -r proto "$work/client/proto"
rm -rf "$work/client/examples/python/satrap_pb"
python3 -m venv "$work/venv"
VPY="$work/venv/bin/python"
"$VPY" -m pip install -q --disable-pip-version-check -r examples/python/requirements.txt >&2
(cd "$work/client/examples/python" && PYTHON="$VPY" ./generate.sh >/dev/null)
(cd "$work/client/examples/python" &&
  "$VPY" random_bot.py --server "127.0.0.1:$port" --game territories --players 2 --seed 7 --quiet) >&2

# The games the server lists, as "id status" lines.
list_games() {
  (cd "$work/client/examples/python" && "$VPY" - "$1" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.getcwd(), "satrap_pb"))
import grpc
from satrap.v1 import service_pb2 as pb, service_pb2_grpc as pb_grpc
with grpc.insecure_channel(sys.argv[1]) as ch:
    games = pb_grpc.GameServiceStub(ch).ListGames(pb.ListGamesRequest(), timeout=10).games
for g in games:
    print(g.game_id, pb.GameStatus.Name(g.status))
PY
  )
}
before="$(list_games "127.0.0.1:$port")"
echo "   games: $before" >&2
if [[ -z $before ]] || ! grep -q FINISHED <<<"$before"; then
  echo "!! no finished game listed after the game: $before" >&2
  exit 1
fi

# ---- 5. SIGTERM ---------------------------------------------------------------------
lap "podman stop (SIGTERM)"
stop_cleanly "$NAME"

# ---- 6. again, on the same volume --------------------------------------------------
port2="$(free_port)"
lap "a new container on $VOLUME, default command (SATRAP_LISTEN) on 127.0.0.1:$port2"
podman run -d --name "$NAME-2" "${RUN_OPTS[@]}" \
  -v "$VOLUME:/data" -p "127.0.0.1:$port2:50051" "$IMAGE" >/dev/null 2>"$work/run.log" ||
  { cat "$work/run.log" >&2; exit 1; }
wait_healthy "$NAME-2"
after="$(list_games "127.0.0.1:$port2")"
if [[ $after != "$before" ]]; then
  echo "!! the games changed across the restart:" >&2
  echo "   before: $before" >&2
  echo "   after:  $after" >&2
  exit 1
fi
echo "   the volume kept the games: $after" >&2
stop_cleanly "$NAME-2"

lap "container checks passed (image $(( size / 1048576 )) MiB)"
