"""Real satrap servers for the tests: SATRAP_ADDRESS if set, otherwise
SATRAP_BIN (default: ../../target/release/satrap) started on a free
loopback port with an in-memory store, stopped at the end. `keyed` is a
second server with an API keys file (an admin and a creator key), `rated`
a third with two `player` keys as well, for rated play."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _binary() -> str:
    return os.environ.get("SATRAP_BIN", str(ROOT / "target" / "release" / "satrap"))


def _serve(extra, tmp: Path):
    """Start the server with `extra` flags; returns (process, address, log)."""
    port = _free_port()
    addr = f"127.0.0.1:{port}"
    log = open(tmp / f"satrap-pytest-{port}.log", "w")
    proc = subprocess.Popen([_binary(), "serve", "--listen", addr, "--database", "memory://",
                             "--web", "false", *extra], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"{_binary()} exited with {proc.returncode}; see {log.name}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, addr, log
        except OSError:
            if time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("the server did not accept connections in 60 s")
            time.sleep(0.1)


def _stop(proc, log) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)
    log.close()


@pytest.fixture(scope="session")
def address(tmp_path_factory):
    if os.environ.get("SATRAP_ADDRESS"):
        yield os.environ["SATRAP_ADDRESS"]
        return
    proc, addr, log = _serve([], tmp_path_factory.mktemp("server"))
    try:
        yield addr
    finally:
        _stop(proc, log)


def make_key(name: str, role: str):
    """(key, keys-file line) from `satrap api-key NAME ROLE`."""
    out = subprocess.run([_binary(), "api-key", name, role], check=True, capture_output=True,
                         text=True, timeout=30).stdout.splitlines()
    return out[1].strip(), out[3].strip()


@pytest.fixture(scope="session")
def keyed(tmp_path_factory):
    """A server with API keys: yields (address, admin key, creator key)."""
    tmp = tmp_path_factory.mktemp("keyed")
    admin, admin_line = make_key("ops", "admin")
    creator, creator_line = make_key("backend", "creator")
    keys = tmp / "keys"
    keys.write_text(f"{admin_line}\n{creator_line}\n")
    proc, addr, log = _serve(["--api-keys-file", str(keys)], tmp)
    try:
        yield addr, admin, creator
    finally:
        _stop(proc, log)


@dataclass(frozen=True)
class RatedServer:
    """A server for rated play: its address and its keys, by name."""

    address: str
    ann: str  # player key "ann"
    bob: str  # player key "bob"
    ops: str  # admin key "ops"
    backend: str  # creator key "backend"


@pytest.fixture(scope="session")
def rated(tmp_path_factory):
    """A keyed server with the players ann and bob, an admin and a creator."""
    tmp = tmp_path_factory.mktemp("rated")
    made = {name: make_key(name, role) for name, role in
            [("ann", "player"), ("bob", "player"), ("ops", "admin"), ("backend", "creator")]}
    keys = tmp / "keys"
    keys.write_text("".join(line + "\n" for _, line in made.values()))
    proc, addr, log = _serve(["--api-keys-file", str(keys)], tmp)
    try:
        yield RatedServer(addr, **{name: key for name, (key, _) in made.items()})
    finally:
        _stop(proc, log)


@pytest.fixture(scope="session")
def game_counts(address):
    """(game id, player count) for every game type the server lists."""
    import satrap

    with satrap.Client(address) as c:
        return [(t.id, n) for t in c.game_types() for n in range(t.min_players, t.max_players + 1)]
