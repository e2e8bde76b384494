"""bin/hall: the app served to a hall's own network, the address and its QR code printed, and every
table link (on the organiser's page and the printed table cards) pointing at that address."""

from __future__ import annotations

import io
import ipaddress
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import lan

from .drive_pages import TABLE_LINK, Organiser

HALL = "192.168.1.20:5000"


def test_the_command_announces_the_address_and_serves_only_there(app: Flask) -> None:
    served: list[tuple[str, int]] = []
    out = io.StringIO()
    code = lan.run(
        ["--port", "5050"],
        out=out,
        serve=lambda address, port, app: served.append((address, port)),
        find_address=lambda: "192.168.1.20",
        make_app=lambda: app,
    )
    assert code == 0
    assert served == [("192.168.1.20", 5050)]  # the hall's network only, not every interface
    said = out.getvalue()
    assert "http://192.168.1.20:5050/" in said
    assert "█" in said or "▀" in said  # the QR code, drawn with block characters
    assert "no offline copy" in said


def test_without_a_local_network_it_says_so_and_serves_nothing() -> None:
    out = io.StringIO()
    served: list[Any] = []
    assert lan.run([], out=out, serve=lambda *args: served.append(args), find_address=lambda: None) == 2
    assert not served and "no local network" in out.getvalue()


def test_the_local_address_is_never_loopback() -> None:
    address = lan.lan_address()
    assert address is None or not address.startswith("127.")


def test_every_table_link_points_at_the_hall_s_address(app: Flask, tmp_path: Path) -> None:
    app.wsgi_app = lan.FixedHost(app.wsgi_app, HALL)  # type: ignore[method-assign]
    client = app.test_client()
    organiser = Organiser(app, client)
    assert organiser.set_up(8).status_code == 303
    page = client.get(organiser.url).get_data(as_text=True)
    links = TABLE_LINK.findall(page)
    assert links and f'href="http://{HALL}/drives/' in page
    assert "127.0.0.1" not in page and "localhost" not in page
    cards = client.get(f"{organiser.url}/table-cards.pdf")
    assert cards.status_code == 200
    from .test_drive_pdfs import pdf_text

    # (printed without its scheme, as a phone's address bar shows it; the QR code holds the whole link)
    printed = "".join(pdf_text(cards.data, tmp_path, layout="-raw").split())  # a long link wraps in its box
    assert f"{HALL}/drives/{organiser.drive_id}/tables/1/" in printed


def test_with_no_route_out_the_address_is_read_from_the_interfaces() -> None:
    """A hall's router with no internet line gives no route to the probe's address: the laptop's own
    interfaces say its address on the hall's network (never loopback, private ones first)."""
    found = lan.interface_addresses()
    assert all(not ipaddress.ip_address(address).is_loopback for address in found)
    assert lan.lan_address(("256.256.256.256", 9)) == (found[0] if found else None)
