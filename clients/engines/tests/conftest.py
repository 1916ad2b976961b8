"""A real satrap server for the trajectory comparison: SATRAP_ADDRESS if
set, otherwise SATRAP_BIN (default: ../../target/release/satrap) started
on a free loopback port with an in-memory store, stopped at the end."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

# (game, players): the four games and every player count they allow.
CASES = [(g, n) for g, lo, hi in [("alexandros", 2, 4), ("king_of_siam", 2, 4),
                                    ("ming_dynasty", 2, 4), ("territories", 2, 2)]
         for n in range(lo, hi + 1)]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def address(tmp_path_factory):
    if os.environ.get("SATRAP_ADDRESS"):
        yield os.environ["SATRAP_ADDRESS"]
        return
    binary = os.environ.get("SATRAP_BIN", str(ROOT / "target" / "release" / "satrap"))
    port = _free_port()
    addr = f"127.0.0.1:{port}"
    log = open(tmp_path_factory.mktemp("server") / "satrap.log", "w")
    proc = subprocess.Popen([binary, "serve", "--listen", addr, "--database", "memory://",
                             "--web", "false"], stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"{binary} exited with {proc.returncode}; see {log.name}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not accept connections in 60 s")
                time.sleep(0.1)
        yield addr
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        log.close()
