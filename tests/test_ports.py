"""The test helper that hands out ports for servers started as processes (tests/ports.py)."""

from __future__ import annotations

import socket
import subprocess
import sys

from tests.conftest import REPO
from tests.ports import _ephemeral_low, free_port, free_ports


def test_ports_are_distinct_free_and_never_what_a_port_0_bind_gets() -> None:
    ports = free_ports(5)
    assert len(set(ports)) == 5
    assert all(p < _ephemeral_low() for p in ports)
    for p in ports:
        with socket.socket() as s:
            s.bind(("127.0.0.1", p))


def test_a_reserved_port_is_not_handed_to_another_process() -> None:
    mine = set(free_ports(20))
    code = "from tests.ports import free_ports; print(*free_ports(200))"
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    theirs = {int(p) for p in out.stdout.split()}
    assert len(theirs) == 200 and not mine & theirs
    assert free_port() not in mine
