"""Serving the app to a hall's own network: a laptop on the hall's Wi-Fi (or a phone's hotspot), no internet.

``bin/hall`` (``python -m scorekeeper.lan``) finds the laptop's address on the
local network, listens there and only there (never on every interface unless
``--address 0.0.0.0`` asks for it), and prints the address with its QR code in
the terminal for the organiser's phone to scan. Every request is answered as
if it had asked for that address, so every link and QR code the app draws —
the tables' links on the organiser's page and on the printed table cards
above all — points at the laptop's address on the hall's network, whatever
name the browser used to reach it, and never at 127.0.0.1, which on a
player's phone would be the phone itself.

A plain-HTTP address on a local network is not a "secure context" for a
browser: the phones get no service worker (no offline copy, no install as an
app) and no screen wake lock; the README says what still works.
"""

from __future__ import annotations

import argparse
import ipaddress
import socket
import struct
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TextIO

import segno

DEFAULT_PORT = 5000
# A private address no packet is sent to: "connecting" a UDP socket only asks the system which of
# its interfaces would carry the packet, which is the one on the hall's network.
PROBE = ("10.255.255.255", 9)
SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
WsgiApp = Callable[[Environ, StartResponse], Iterable[bytes]]


def lan_address(probe: tuple[str, int] = PROBE) -> str | None:
    """This machine's address on its local network (IPv4), or None when it has none but loopback.

    A hall's network often has no way out at all (a router with no internet line, a phone's hotspot
    with no data): with no route to the probe's address, the interfaces' own addresses are read.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probing:
            probing.connect(probe)
            address = str(probing.getsockname()[0])
    except OSError:
        return next(iter(interface_addresses()), None)
    return None if ipaddress.ip_address(address).is_loopback or address == "0.0.0.0" else address


def interface_addresses() -> list[str]:
    """The IPv4 addresses of this machine's network interfaces but loopback, private ones first
    (Linux: asked of the kernel, interface by interface; elsewhere none)."""
    try:
        import fcntl
    except ImportError:  # not Linux, nor any Unix: the probe alone decides
        return []
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as asking:
        for _index, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(asking.fileno(), SIOCGIFADDR, request)
            except OSError:
                continue  # no IPv4 address on it
            address = socket.inet_ntoa(answer[20:24])
            if not ipaddress.ip_address(address).is_loopback:
                found.append(address)
    return sorted(found, key=lambda address: not ipaddress.ip_address(address).is_private)


def hall_url(address: str, port: int) -> str:
    """ "http://192.168.1.20:5000/"."""
    return f"http://{address}:{port}/"


class FixedHost:
    """WSGI middleware: every request is answered as if addressed to ``host`` ("192.168.1.20:5000"),
    so the links the app builds (url_for with _external) carry the hall's address."""

    def __init__(self, app: WsgiApp, host: str) -> None:
        self.app = app
        self.host = host

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        environ["HTTP_HOST"] = self.host
        return self.app(environ, start_response)


def announce(url: str, out: TextIO) -> None:
    """The address and its QR code in the terminal, for the organiser's phone to scan."""
    out.write(f"\nScorekeeper is served on this network at:\n\n    {url}\n\n")
    out.write("Scan this with the organiser's phone (on the same Wi-Fi), or type the address:\n")
    segno.make(url, micro=False).terminal(out=out, compact=True)
    out.write(
        "\nOpen the drive from that address on this laptop too: the table cards and their QR codes "
        "then point at it.\nPhones on plain HTTP get no offline copy and no 'keep the screen on'; "
        "everything else works.\nStop with Ctrl+C.\n\n"
    )
    out.flush()


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bin/hall",
        description="Serve Scorekeeper to the phones on this local network (a hall's Wi-Fi or a phone's "
        "hotspot), without the internet.",
    )
    parser.add_argument(
        "--address",
        help="the address to listen on (default: this machine's address on its local network; "
        "0.0.0.0 listens on every interface)",
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})")
    return parser.parse_args(argv)


def run(
    argv: Sequence[str] | None = None,
    *,
    out: TextIO = sys.stdout,
    serve: Callable[[str, int, WsgiApp], None] | None = None,
    find_address: Callable[[], str | None] = lan_address,
    make_app: Callable[[], Any] | None = None,
) -> int:
    """Find the address, announce it, and serve the app there until stopped; 2 when there is no network."""
    arguments = parse_arguments(argv)
    listen = arguments.address or find_address()
    if listen is None:
        out.write(
            "This machine is on no local network: join the hall's Wi-Fi (or a phone's hotspot) and run "
            "this again, or give --address.\n"
        )
        return 2
    shown = listen
    if listen in ("0.0.0.0", "::"):
        shown = find_address() or "127.0.0.1"
    if make_app is None:
        from . import create_app  # the app (and its database) only once there is somewhere to serve it

        make_app = create_app
    app = make_app()
    app.wsgi_app = FixedHost(app.wsgi_app, f"{shown}:{arguments.port}")  # type: ignore[method-assign]
    announce(hall_url(shown, arguments.port), out)
    (serve or _serve)(listen, arguments.port, app)
    return 0


def _serve(address: str, port: int, app: WsgiApp) -> None:
    """Werkzeug's threaded server: enough for a hall of phones polling every few seconds."""
    from werkzeug.serving import run_simple

    run_simple(address, port, app, threaded=True, use_reloader=False, use_debugger=False)


if __name__ == "__main__":
    sys.exit(run())
