"""A model of two phones keeping one game, for Hypothesis's stateful testing (test_offline_model.py runs
a small budget in CI, benchmarks/offline_soak.py a long one).

Phone A starts a short game of Custom Oh Hell for four (six fixed deals of three cards) and hands the
scoring to phone B. Random steps then go offline and online, close and reopen a phone, move between
the game's pages by a tap or by the address, enter deals on the deal screen (drawn offline or the
server's), record table events (an arrival, a sit-out: offline in the sheet over the deal screen,
online as a page's form), correct deal 1, choose where a merge stops, and play again once the game is
over. The model counts what each phone entered — the deals it entered as new, the events — less what
the scorer dropped by choice. After every step:

* nothing acknowledged is lost or doubled: the server never holds more deals or events than the
  phones entered, and once both phones are online and nothing waits, exactly as many;
* no screen offers a deal the server already holds as if it were new: a deal screen online shows the
  deal due (within the window the pages take to follow);
* within the window of both phones being online, a sheet shows what the server holds.

The window is 2 s on an idle machine (benchmarks/offline.py measures it); the checks allow three
times that, so that a busy machine does not fail them.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .watched_requests import WatchedRequests

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
OPTIONS = {"shape": "fixed", "start_cards": "3", "deals": "6"}
WINDOW_MS = 6_000
"""How long a page may take to show another phone's change: the 2 s it takes when idle, three times."""
SETTLE_MS = 30_000
"""How long a phone back online may take to send its queue and come back online (a busy machine)."""
TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
# "Deal 3 of 19", or "Deal 3" alone once an event kept on the phone leaves the number of deals to the server.
TITLE = re.compile(r"Deal (\d+)\b")
WHERE = ("sheet", "deal", "live", "home", "games")
CONTROLLED = "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null"


@dataclass
class PhoneInModel:
    """One phone: its browser context, its page, and whether it is offline."""

    name: str
    context: BrowserContext
    page: Page
    offline: bool = False


@dataclass
class Model:
    """What the phones entered: each deal entered as new (with who entered it), the events, less what the
    scorer dropped."""

    deals: dict[int, set[str]] = field(default_factory=dict)
    events: list[str] = field(default_factory=list)  # who entered each event


Args = ParamSpec("Args")
Result = TypeVar("Result")


def _noted(step: Callable[Args, Result]) -> Callable[Args, Result]:
    """A step or invariant that logs how it failed before failing: Hypothesis may report a failure met in a
    sequence it had begun before as "inconsistent data generation" (two browsers do not replay a sequence
    exactly), and the soak run should still show what went wrong, after the steps that led there."""

    @functools.wraps(step)
    def noted(*args: Args.args, **kwargs: Args.kwargs) -> Result:
        try:
            return step(*args, **kwargs)
        except Exception as failure:
            machine = args[0]
            assert isinstance(machine, TwoPhones)
            machine.log(f"  FAILED in {step.__name__}: {failure!r}"[:1500])
            raise

    return noted


def _token(page: Page, url: str) -> str:
    found = TOKEN.search(page.request.get(url).text())
    assert found is not None, url
    return found.group(1)


def _post(page: Page, url: str, fields: dict[str, str]) -> int:
    """A form sent as a browser without scripts sends it (the token from the page it comes from)."""
    response = page.request.post(url, form={"csrf_token": _token(page, url), **fields}, max_redirects=0)
    return response.status


class TwoPhones(RuleBasedStateMachine):
    """Two phones on one game, stepped at random; see the module's docstring."""

    def __init__(
        self, browser: Browser, playwright: Playwright, base_url: str, log: Callable[[str], None]
    ) -> None:
        super().__init__()
        self.browser, self.playwright, self.base_url, self.log = browser, playwright, base_url, log
        self.model = Model()
        self.phones: dict[str, PhoneInModel] = {}
        self.game_url = ""
        self._start_game()

    # --- the game and the phones --------------------------------------------------------------------------

    def _context(self) -> BrowserContext:
        profile = dict(self.playwright.devices["Pixel 7"])
        profile.pop("default_browser_type", None)
        profile.update(viewport={"width": 390, "height": 844}, screen={"width": 390, "height": 844})
        context = self.browser.new_context(**profile, base_url=self.base_url)
        context.set_default_timeout(SETTLE_MS)
        return context

    def _start_game(self, again_from: PhoneInModel | None = None) -> None:
        """A new game on phone A (played again from the last, or from the new-game form), handed over to B."""
        if again_from is None:
            context = self._context()
            a = PhoneInModel("A", context, context.new_page())
            query = "&".join(
                [f"players-{seat}={name}" for seat, name in enumerate(PLAYERS)]
                + [f"option_{name}={value}" for name, value in OPTIONS.items()]
            )
            a.page.goto(f"/games/new/custom-oh-hell?{query}")
        else:
            a = again_from
            a.page.goto(f"{self.game_url}/again")
        a.page.click("label:has(input[name=first_dealer][value='0'])")
        a.page.click("form button.primary")
        a.page.wait_for_url(re.compile(r"/games/[0-9a-f]{32}/deals/1$"))
        self.game_url = a.page.url.rsplit("/deals/", 1)[0]
        a.page.wait_for_function(CONTROLLED)
        a.page.goto(f"{self.game_url}/hand-over")
        a.page.click("button.primary")
        link = a.page.locator("a.handover-link").get_attribute("href")
        assert link is not None
        if "B" in self.phones:
            self.phones["B"].context.close()
        context = self._context()
        b = PhoneInModel("B", context, context.new_page())
        b.page.goto(link)
        # Its worker in place before it moves on: a page loaded while the worker starts is not controlled.
        b.page.wait_for_function(CONTROLLED)
        b.page.click("button.primary")
        b.page.wait_for_url(re.compile(r"/games/[0-9a-f]{32}$"))
        a.page.goto(f"{self.game_url}/deals/1")
        self.phones = {"A": a, "B": b}
        self.model = Model()
        self.log(f"game {self.game_url.rsplit('/', 1)[1]}")

    def teardown(self) -> None:
        try:
            self.settled_check()
        finally:
            for phone in self.phones.values():
                phone.context.close()

    # --- what the server holds ----------------------------------------------------------------------------

    def stored(self) -> dict[str, Any]:
        page = next(iter(self.phones.values())).page
        data = json.loads(page.request.get(f"{self.game_url}/export.json").text())
        assert isinstance(data, dict)
        return data

    def state(self) -> dict[str, Any]:
        page = next(iter(self.phones.values())).page
        data = page.request.get(f"/api/v1/games/{self.game_url.rsplit('/', 1)[1]}").json()
        assert isinstance(data, dict)
        return data

    def complete_deals(self) -> int:
        return sum(1 for deal in self.state()["deals"] if deal.get("complete"))

    # --- steps --------------------------------------------------------------------------------------------

    @precondition(lambda self: any(not phone.offline for phone in self.phones.values()))
    @rule(data=st.data())
    @_noted
    def go_offline(self, data: st.DataObject | None = None, name: str = "") -> None:
        """A phone online loses its connection (a step drawing a phone already offline would do nothing)."""
        if data is not None:
            name = data.draw(st.sampled_from(sorted(n for n, p in self.phones.items() if not p.offline)))
        phone = self.phones[name]
        self.log(f"{name} goes offline")
        phone.context.set_offline(True)
        phone.offline = True
        if self._on_deal_screen(phone):
            expect(phone.page.locator("h1 .offline-tag, #screen .error")).not_to_have_count(0)

    @precondition(lambda self: any(phone.offline for phone in self.phones.values()))
    @rule(data=st.data())
    @_noted
    def go_online(self, data: st.DataObject | None = None, name: str = "") -> None:
        """A phone offline gets its connection back."""
        if data is not None:
            name = data.draw(st.sampled_from(sorted(n for n, p in self.phones.items() if p.offline)))
        phone = self.phones[name]
        self.log(f"{name} comes back online")
        phone.context.set_offline(False)
        phone.offline = False
        self._settle(phone)

    @rule(name=st.sampled_from(["A", "B"]))
    @_noted
    def reopen(self, name: str) -> None:
        phone = self.phones[name]
        url = phone.page.url
        self.log(f"{name} is closed and opened again at {url.split(self.base_url)[-1]}")
        phone.page.close()
        phone.page = phone.context.new_page()
        phone.page.goto(url)
        self._settle(phone)

    @rule(name=st.sampled_from(["A", "B"]), where=st.sampled_from(WHERE), tap=st.booleans())
    @_noted
    def navigate(self, name: str, where: str, tap: bool) -> None:
        phone = self.phones[name]
        page = phone.page
        self.log(f"{name} opens the {where} {'by a tap' if tap else 'by its address'}")
        if tap and where == "sheet" and page.locator("#screen a.back").count():
            page.click("#screen a.back")
        elif tap and where == "deal" and page.locator("section.current a.button.primary").count():
            page.click("section.current a.button.primary")
        elif tap and where == "games":
            page.click("header a.bar-link[href='/games']")
        elif tap and where == "home":
            page.click("header a.brand")
        else:
            address = {
                "sheet": self.game_url,
                "deal": f"{self.game_url}/deals/1",
                "live": f"{self.game_url}/live",
                "home": "/",
                "games": "/games",
            }[where]
            page.goto(address)
        page.wait_for_load_state("load")
        self._settle(phone)

    @rule(name=st.sampled_from(["A", "B"]))
    @_noted
    def enter_deal(self, name: str) -> None:
        phone = self.phones[name]
        if not self._to_deal_screen(phone):
            return
        page = phone.page
        offline = page.locator("form[data-offline]").count() > 0
        form = "form[data-offline]" if offline else "#screen form[data-save]"
        title = page.locator("h1").inner_text()
        found = TITLE.search(title)
        save = page.locator(f"{form} button[data-primary]")
        if not found or not save.count() or "correction" in save.inner_text().lower():
            return
        number = int(found.group(1))
        self.log(f"{name} enters deal {number} {'offline' if offline else 'online'}")
        watched = WatchedRequests(page)
        try:
            if not self._enter(page, form, offline, watched):
                return
        finally:
            watched.stop()
        if offline:
            expect(page.locator("h1")).not_to_have_text(re.compile(rf"^Deal {number}\b"))
        else:
            page.wait_for_function("(title) => document.querySelector('h1').innerText !== title", arg=title)
        self.model.deals.setdefault(number, set()).add(name)

    def _enter(self, page: Page, form: str, offline: bool, watched: WatchedRequests) -> bool:
        """Bids and tricks tapped in and saved (each step's Save online waits for the server's answer); False
        when another phone's change came first."""
        for step in ("bids", "tricks"):
            if not page.locator(form).count():
                return False  # another phone's change came first: the screen moved on
            if (
                step == "bids"
                and "tricks" in page.locator(f"{form} button[data-primary]").inner_text().lower()
            ):
                continue
            rows = page.locator(f"{form} .rows .line")
            for index in range(rows.count()):
                chips = rows.nth(index).locator("label.chip")
                chip = chips.last if step == "tricks" and index == 0 else chips.first
                if not chip.locator("input").is_checked():
                    chip.click()
            if offline:
                shown = page.locator(form).element_handle()
                page.click(f"{form} button[data-primary]")
                if step == "bids":
                    # The phone keeps the bids, then draws the tricks' form in place of this one: the
                    # tricks are tapped once it is gone (or the bids were refused, with the reason). Tapped
                    # before, they went to the bids' form (a fresh-clone run under load, "Deal 3" unsaved).
                    page.wait_for_function(
                        """(form) => !form.isConnected
                               || [...form.querySelectorAll('.reason')].some((node) => node.textContent)""",
                        arg=shown,
                    )
                continue
            try:
                # Twice the settling time: on CI's loaded machine a save once had no answer within 30 s.
                with page.expect_response(
                    lambda r: r.request.method == "POST" and "/check" not in r.url, timeout=2 * SETTLE_MS
                ) as answer:
                    page.click(f"{form} button[data-primary]")
            except PlaywrightTimeoutError:
                self.log(f"  no answer to the save: {watched}")
                raise
            if answer.value.status != 200:
                self.log(f"  refused online ({answer.value.status}): another phone changed the game first")
                return False
            if step == "bids":
                expect(page.locator(f"{form} button[data-primary]")).to_contain_text("tricks")
        return True

    @rule(name=st.sampled_from(["A", "B"]), kind=st.sampled_from(["sit_out", "arrival"]))
    @_noted
    def record_event(self, name: str, kind: str) -> None:
        phone = self.phones[name]
        if phone.offline:
            if not self._to_deal_screen(phone) or not phone.page.locator("form[data-offline]").count():
                return
            self._event_offline(phone, kind)
        else:
            state = self.state()
            if state["status"] != "in_progress":
                return
            seated = state["next"]["bidding_order"] if state.get("next") else []
            fields = {"step": "record"}
            if kind == "sit_out":
                fields["seat"] = str(seated[0])
            else:
                fields.update(name=f"New{len(self.model.events)}", left_of=str(seated[0]), start="0")
            status = _post(phone.page, f"{self.game_url}/events/new/{kind}", fields)
            self.log(f"{name} records a {kind} online ({status})")
            if status not in (302, 303):
                return  # refused by the engine now (a deal under way, too few to sit out): nothing stored
            self.model.events.append(name)
            self._settle(phone)

    def _event_offline(self, phone: PhoneInModel, kind: str) -> None:
        page = phone.page
        label = {"sit_out": "Sit-out", "arrival": "Arrival"}[kind]
        if not page.evaluate(
            "(key) => Boolean(localStorage.getItem(key))", f"offline-events-{self.game_url.rsplit('/', 1)[1]}"
        ):
            return  # the events' forms were not kept yet (the page was not up long enough online)
        page.click("#screen a.events-link")
        sheet = page.locator("dialog[data-offline-sheet]")
        expect(sheet).to_be_visible()
        target = sheet.locator(f"button.event-kind:has-text('{label}')")
        if not target.count():
            sheet.locator("button.sheet-close").click()
            return  # not possible at this deal, the sheet says why
        target.click()
        form = sheet.locator("form.event-form")
        if kind == "arrival":
            form.locator("input[name=name]").fill(f"New{len(self.model.events)}")
        form.locator("label.chip.name-chip").first.click()
        if not sheet.locator("[data-record]").count():
            form.locator("[data-check]").click()
        expect(sheet.locator("[data-record], .error")).not_to_have_count(0)
        if not sheet.locator("[data-record]").count():
            sheet.locator("button.sheet-close").click()
            return  # refused at this deal: nothing kept
        self.log(f"{phone.name} keeps a {kind} offline")
        sheet.locator("[data-record]").click()
        expect(sheet).to_be_hidden()
        self.model.events.append(phone.name)

    @rule(name=st.sampled_from(["A", "B"]))
    @_noted
    def correct_deal_1(self, name: str) -> None:
        phone = self.phones[name]
        state = self.state()
        if phone.offline or not state["deals"] or not state["deals"][0].get("complete"):
            return
        first = state["deals"][0]
        order, cards = first["bidding_order"], first["cards"]
        fields = {"phase": "all"}
        for index, seat in enumerate(order):
            fields[f"bid-{seat}"] = "0"
            fields[f"tricks-{seat}"] = str(cards if index == len(order) - 1 else 0)
        status = _post(phone.page, f"{self.game_url}/deals/1", fields)
        self.log(f"{name} corrects deal 1 online ({status})")
        self._settle(phone)

    @rule(name=st.sampled_from(["A", "B"]), keep_mine=st.booleans())
    @_noted
    def choose(self, name: str, keep_mine: bool) -> None:
        """Where sending stopped (the same deal changed on both phones, or an entry refused): choose."""
        phone = self.phones[name]
        panel = phone.page.locator(".conflict")
        if phone.offline or not panel.count():
            return
        first = phone.page.evaluate(
            "(game) => window.Scorekeeper.queue.entries(game)", self.game_url.rsplit("/", 1)[1]
        )
        stopped = first[0] if first else None
        mine = panel.locator("text=Keep mine")
        if keep_mine and mine.count():
            self.log(f"{name} keeps its own version")
            mine.click()
            phone.page.click("text=Yes, replace theirs")
        else:
            self.log(f"{name} drops its entry where sending stopped")
            panel.locator("button:has-text('Keep theirs'), button:has-text('Drop mine')").first.click()
            phone.page.click("text=Yes, drop mine")
            if stopped is not None:
                self._dropped(name, stopped)
        self._settle(phone)

    def _dropped(self, name: str, entry: dict[str, Any]) -> None:
        if entry.get("event"):
            if name in self.model.events:
                self.model.events.remove(name)
            return
        number = int(entry["number"])
        who = self.model.deals.get(number, set())
        who.discard(name)
        if not who:
            self.model.deals.pop(number, None)

    @precondition(lambda self: all(not phone.offline for phone in self.phones.values()))
    @rule()
    @_noted
    def play_again(self) -> None:
        if self.state()["status"] != "finished":
            return
        self._wait_all_sent()
        self.log("A plays again; B takes the new game over")
        self._start_game(again_from=self.phones["A"])

    # --- helpers ------------------------------------------------------------------------------------------

    def _on_deal_screen(self, phone: PhoneInModel) -> bool:
        return bool(re.search(r"/deals/\d+", phone.page.url)) and phone.page.locator("#screen").count() > 0

    def _to_deal_screen(self, phone: PhoneInModel) -> bool:
        """The phone on the deal due's screen (from the sheet's button), if the game has one."""
        if self._on_deal_screen(phone):
            return True
        page = phone.page
        if phone.offline:
            page.goto(f"{self.game_url}/deals/1")
        else:
            page.goto(self.game_url)
            button = page.locator("section.current a.button.primary")
            if not button.count():
                return False
            button.click()
        page.wait_for_url(re.compile(r"/deals/\d+"))
        self._settle(phone)
        return self._on_deal_screen(phone)

    def _settle(self, phone: PhoneInModel) -> None:
        """Wait for what the page says once it is done: its offline screen drawn, or (online) its queue
        sent and the page back online, or the choice it asks for."""
        page = phone.page
        page.wait_for_load_state("load")
        if phone.offline:
            if self._on_deal_screen(phone):
                expect(page.locator("h1 .offline-tag, #screen .error")).not_to_have_count(0)
            return
        game = self.game_url.rsplit("/", 1)[1]
        page.wait_for_function(
            """(game) => {
              const S = window.Scorekeeper;
              if (document.querySelector('.conflict')) return true;
              if (document.documentElement.classList.contains('offline-entry')) return false;
              if (!S || !S.queue) return true;
              S.queue.entries(game).then((found) => { window.waitingNow = found.length; });
              return window.waitingNow === 0 || document.querySelector('.conflict') !== null;
            }""",
            arg=game,
            timeout=SETTLE_MS,
        )

    def _wait_all_sent(self) -> None:
        for phone in self.phones.values():
            if not phone.offline:
                self._settle(phone)

    # --- invariants ---------------------------------------------------------------------------------------

    @invariant()
    @_noted
    def nothing_doubled(self) -> None:
        if not self.game_url:
            return
        stored = self.stored()
        deals = sum(1 for deal in self.state()["deals"] if deal.get("complete"))
        events = len(stored.get("events", []))
        assert deals <= len(self.model.deals), (deals, self.model.deals)
        assert events <= len(self.model.events), (events, self.model.events)

    @invariant()
    @_noted
    def no_stale_deal_offered(self) -> None:
        if not self.game_url:
            return
        state = self.state()
        due = state["next"]["number"] if state.get("next") else None
        for phone in self.phones.values():
            page = phone.page
            if phone.offline or not self._on_deal_screen(phone) or page.locator("form[data-offline]").count():
                continue
            save = page.locator("#screen form[data-save] button[data-primary]")
            if not save.count() or "correction" in save.inner_text().lower():
                continue
            if due is None:
                expect(page.locator("#screen form[data-save] button[data-primary]")).to_have_count(
                    0, timeout=WINDOW_MS
                )
            else:
                expect(page.locator("#screen h1")).to_contain_text(f"Deal {due} of", timeout=WINDOW_MS)

    @invariant()
    @_noted
    def sheets_follow_the_server(self) -> None:
        if not self.game_url or any(phone.offline for phone in self.phones.values()):
            return
        deals = self.state()["deals"]
        for phone in self.phones.values():
            page = phone.page
            if page.url.rstrip("/") != self.game_url or not page.locator("main").count():
                continue
            # A deal screen at the sheet's address is the end of the game a deal screen moved on to when
            # the last deal was entered elsewhere (the winners, "See the whole sheet"), not the sheet.
            if page.locator(".conflict, #screen").count():
                continue
            expect(page.locator("tr[id^='deal-']")).to_have_count(len(deals), timeout=WINDOW_MS)

    def settled_check(self) -> None:
        """At the end: both phones online, every choice made, nothing waiting — the server holds exactly
        what the phones entered, less what the scorer dropped."""
        for name, phone in self.phones.items():
            if phone.offline:
                self.go_online(name=name)
        for _ in range(4):
            stopped = [name for name, phone in self.phones.items() if phone.page.locator(".conflict").count()]
            if not stopped:
                break
            for name in stopped:
                self.choose(name, keep_mine=False)
        self._wait_all_sent()
        deals = self.complete_deals()
        events = len(self.stored().get("events", []))
        assert deals == len(self.model.deals), (deals, self.model.deals)
        assert events == len(self.model.events), (events, self.model.events)
