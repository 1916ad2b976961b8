"""The client against the server's own TLS (no proxy): a CA file, and for
mTLS (`--tls-client-ca`) a client certificate and key; a client without a
certificate is refused. The certificates are made here with the `openssl`
command (a CA, a server certificate for 127.0.0.1, a client certificate)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import grpc
import pytest

from satrap import Client

from conftest import _serve, _stop

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")


def _openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def _issue(name: str, cn: str, ext: str, cwd: Path) -> None:
    """`name`.pem and `name`.key signed by ca.pem, with extensions `ext`."""
    _openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
             "-keyout", f"{name}.key", "-out", f"{name}.csr", "-subj", f"/CN={cn}", cwd=cwd)
    (cwd / f"{name}.ext").write_text(ext)
    _openssl("x509", "-req", "-in", f"{name}.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
             "-CAcreateserial", "-days", "2", "-out", f"{name}.pem",
             "-extfile", f"{name}.ext", cwd=cwd)


@pytest.fixture(scope="module")
def certs(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("tls")
    _openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
             "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=satrap test CA",
             "-addext", "basicConstraints=critical,CA:TRUE",
             "-addext", "keyUsage=critical,keyCertSign,cRLSign", cwd=d)
    _issue("server", "localhost",
           "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n", d)
    _issue("client", "bot-1", "extendedKeyUsage=clientAuth\n", d)
    return d


@pytest.fixture(scope="module")
def mtls_server(certs, tmp_path_factory):
    proc, addr, log = _serve(["--tls-cert", str(certs / "server.pem"),
                              "--tls-key", str(certs / "server.key"),
                              "--tls-client-ca", str(certs / "ca.pem")],
                             tmp_path_factory.mktemp("mtls-server"))
    try:
        yield addr
    finally:
        _stop(proc, log)


def test_a_client_certificate_reaches_an_mtls_server(certs, mtls_server):
    client = Client(f"https://{mtls_server}", ca_file=str(certs / "ca.pem"),
                    cert_file=str(certs / "client.pem"), key_file=str(certs / "client.key"),
                    timeout=10)
    try:
        assert len(client.game_types()) == 4
    finally:
        client.close()


def test_a_client_without_a_certificate_is_refused(certs, mtls_server):
    client = Client(f"https://{mtls_server}", ca_file=str(certs / "ca.pem"), timeout=5)
    try:
        with pytest.raises(grpc.RpcError) as refused:
            client.game_types()
        assert refused.value.code() == grpc.StatusCode.UNAVAILABLE
    finally:
        client.close()


def test_cert_and_key_go_together(certs):
    with pytest.raises(ValueError):
        Client("127.0.0.1:1", cert_file=str(certs / "client.pem"))
