"""Every test here runs on an app that has the pseudo-locale's catalogue, and reads as its reader."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from ..conftest import Driver
from ..pseudo_pages import pseudo_app


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    yield from pseudo_app(tmp_path, monkeypatch)


@pytest.fixture
def reader(driver: Driver) -> Driver:
    """The driver of a reader who picked the pseudo-locale."""
    driver.client.set_cookie("language", "eo")
    return driver
