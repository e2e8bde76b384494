"""WeasyPrint rendering of the pages the screen uses, with the print stylesheet.

Everything WeasyPrint touches is imported here. A rendering never reaches the
network: the only resources it may load are the app's own static files, read
from disk; any other address is refused.

WeasyPrint is used the way a long score sheet renders fastest (each measured
with benchmarks/pdf.py):

- The app's stylesheets a page links to are parsed once per process and kept
  (WeasyPrint would otherwise parse app.css and print.css again for every PDF).
- Each thread keeps one font configuration, so fonts are looked up once.
- ``id`` attributes are dropped before layout. WeasyPrint makes each element
  with an id a named destination and gives it a style of its own, so a grid
  whose rows carry ids (the screen's ``#deal-7`` anchors) could not share
  computed styles between rows. The PDFs have no internal links to them.
"""

from __future__ import annotations

import mimetypes
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from urllib.parse import unquote, urljoin, urlsplit
from urllib.request import DataHandler, Request

from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

PaperName = Literal["a4", "letter"]
Orientation = Literal["portrait", "landscape"]

# Where Letter is the paper in the shops: the United States, Canada, Mexico and
# most of Central and South America's Letter users, and the Philippines.
LETTER_REGIONS = frozenset(
    {"US", "CA", "MX", "PH", "CL", "CO", "VE", "CR", "GT", "PA", "PR", "DO", "SV", "NI"}
)


@dataclass(frozen=True, kw_only=True)
class Paper:
    """A sheet of paper: its name for CSS ``@page { size }`` and its size in millimetres."""

    name: PaperName
    css: str
    width_mm: float
    height_mm: float


PAPERS: dict[PaperName, Paper] = {
    "a4": Paper(name="a4", css="A4", width_mm=210, height_mm=297),
    "letter": Paper(name="letter", css="letter", width_mm=215.9, height_mm=279.4),
}

# The page margin print.css gives every side of a sheet; layouts are sized against it.
PAGE_MARGIN_MM = 12


def paper_for(explicit: str | None, languages: list[str]) -> Paper:
    """The paper asked for (``a4``/``letter``), else the one the reader's first language's region uses.

    ``languages`` are Accept-Language tags, the preferred first ("en-US", "fr").
    A tag without a region, or no tag at all, gives A4: most of the world's paper.
    """
    if explicit is not None and explicit.lower() in PAPERS:
        return PAPERS[explicit.lower()]  # type: ignore[index]
    if languages:
        parts = languages[0].replace("_", "-").split("-")
        if len(parts) > 1 and parts[-1].upper() in LETTER_REGIONS:
            return PAPERS["letter"]
    return PAPERS["a4"]


def orientation_for(paper: Paper, needed_width_mm: float) -> Orientation:
    """Portrait when a layout ``needed_width_mm`` wide fits between the margins, else landscape."""
    portrait_room = paper.width_mm - 2 * PAGE_MARGIN_MM
    return "portrait" if needed_width_mm <= portrait_room else "landscape"


class StaticOnlyFetcher(URLFetcher):  # type: ignore[misc]  # WeasyPrint ships no type hints
    """Serves the app's static files from disk, and ``data:`` URLs, and refuses every other address.

    WeasyPrint calls ``fetch`` for each stylesheet, image or font a page names;
    a refused address is left out of the PDF (WeasyPrint logs it), so a page
    can never make the server fetch from the network, nor read a file outside
    ``static_folder``. A ``data:`` URL (a drawing the page made itself, such as
    the tally cards' grid) is decoded in place and reads nothing.
    """

    def __init__(self, static_folder: Path, static_url: str) -> None:
        super().__init__(allowed_protocols=())
        self._folder = static_folder.resolve()
        self._static_url = static_url

    def static_file(self, url: str) -> Path | None:
        """The file under the static folder that ``url`` names; None for any other address."""
        if not url.startswith(self._static_url):
            return None
        relative = unquote(urlsplit(url).path.removeprefix(urlsplit(self._static_url).path))
        file = (self._folder / relative).resolve()
        if not file.is_relative_to(self._folder) or not file.is_file():
            return None
        return file

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> URLFetcherResponse:
        """The static file at ``url``, or the ``data:`` URL's content; ValueError for anything else."""
        if url.startswith("data:"):
            with DataHandler().data_open(Request(url)) as response:
                content = response.read()
                return URLFetcherResponse(url, content, {"Content-Type": response.headers["Content-Type"]})
        file = self.static_file(url)
        if file is None:
            raise ValueError(f"Only the app's static files are loaded, not {url}")
        mimetype = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, file.read_bytes(), {"Content-Type": mimetype})


class KeptStylesheets:
    """The app's static stylesheets, parsed by WeasyPrint once and kept while the file is unchanged.

    A parsed stylesheet is only read while documents are laid out, so one copy
    serves every thread.
    """

    def __init__(self) -> None:
        self._parsed: dict[Path, tuple[int, Any]] = {}
        self._lock = threading.Lock()

    def get(self, file: Path, url: str, fetcher: URLFetcher) -> Any:
        """The parsed stylesheet of ``file`` at ``url``; what it imports comes through ``fetcher``."""
        changed = file.stat().st_mtime_ns
        kept = self._parsed.get(file)
        if kept is not None and kept[0] == changed:
            return kept[1]
        with self._lock:
            parsed = CSS(
                string=file.read_text(encoding="utf-8"), base_url=url, url_fetcher=fetcher, media_type="print"
            )
            self._parsed[file] = (changed, parsed)
        return parsed


STYLESHEETS = KeptStylesheets()
_THREAD = threading.local()


def _font_config() -> FontConfiguration:
    """This thread's font configuration (Pango's font maps are not shared between threads)."""
    config: FontConfiguration | None = getattr(_THREAD, "font_config", None)
    if config is None:
        config = _THREAD.font_config = FontConfiguration()
    return config


def render_pdf(html: str, *, base_url: str, static_folder: Path, static_url: str) -> bytes:
    """The PDF of a rendered page; its links under ``static_url`` are read from ``static_folder``.

    Relative links resolve against ``base_url``, the app's own address.
    """
    fetcher = StaticOnlyFetcher(static_folder, static_url)
    document = HTML(string=html, base_url=base_url, url_fetcher=fetcher)
    stylesheets = _prepare(document.etree_element, base_url, fetcher)
    pdf = document.write_pdf(stylesheets=stylesheets, font_config=_font_config())
    assert isinstance(pdf, bytes)  # write_pdf returns the bytes when given no target
    return pdf


def _prepare(root: Any, base_url: str, fetcher: StaticOnlyFetcher) -> list[Any]:
    """Drop the ids, and take out the links to the app's stylesheets: their kept parses, in order.

    The kept parses are given to WeasyPrint as the reader's stylesheets, which
    the page's own ``<style>`` outranks (the paper size): as it would in a
    browser, where that style comes after the links. A link for another medium
    than print, or to anything but a static stylesheet, stays for WeasyPrint,
    which skips the one and whose fetcher refuses the other.
    """
    stylesheets = []
    parents = {child: parent for parent in root.iter() for child in parent}
    for element in list(root.iter()):
        element.attrib.pop("id", None)
        if element.tag != "link" or "stylesheet" not in element.get("rel", "").split():
            continue
        if element.get("media", "all").strip().lower() not in ("all", "print"):
            continue
        url = urljoin(base_url, element.get("href", ""))
        file = fetcher.static_file(url)
        if file is not None and file.suffix == ".css":
            stylesheets.append(STYLESHEETS.get(file, url, fetcher))
            parents[element].remove(element)
    return stylesheets
