// The hall's screens (caller, projected leaderboard, prize-giving). They follow the drive by themselves
// (asking every few seconds whether it changed: ETag, 304 while not), lay every list of names out in as
// many columns as its longest line allows, and turn the pages that do not fit, every name coming round within
// ten seconds.
// The projector's screen is kept on without a switch drawn on it. Without this script the pages reload
// themselves and the lists run on down the page.
(function () {
  "use strict";
  const POLL_MS = 3000;
  // Every name comes round within ROUND_MS: a page stays up ROUND_MS / pages (between SHORTEST_PAGE_MS and
  // PAGE_MS). 160 players' names at 32 px fill three pages of a 1080-line projector: 3.3 s each.
  const ROUND_MS = 10000;
  const PAGE_MS = 8000;
  const SHORTEST_PAGE_MS = 2500;
  const root = document.documentElement;
  root.classList.add("paged");
  let turn = 0; // how many times the pages have turned: every list shows page (turn mod its pages)

  // How the list falls into columns and pages at its current type size.
  function measure(list, items) {
    items.forEach((item) => { item.hidden = false; });
    list.classList.add("measuring");
    let widest = 0;
    let tallest = 0;
    items.forEach((item) => {
      const box = item.getBoundingClientRect();
      widest = Math.max(widest, box.width);
      tallest = Math.max(tallest, box.height);
    });
    list.classList.remove("measuring");
    const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
    const columns = Math.max(1, Math.floor((list.clientWidth + gap) / (Math.ceil(widest) + 1 + gap)));
    const rows = Math.max(1, Math.floor(list.clientHeight / Math.ceil(tallest)));
    return { columns, rows, pages: Math.max(1, Math.ceil(items.length / (columns * rows))) };
  }

  function layOut(list) {
    const items = Array.from(list.children);
    if (!items.length) return;
    list.style.removeProperty("--name-size");
    let fit = measure(list, items);
    if (fit.pages === 1) {
      // A small hall's names all fit: as large as they still fit on one page, up to twice the size.
      const base = parseFloat(getComputedStyle(items[0]).fontSize);
      for (const scale of [2, 1.6, 1.3]) {
        list.style.setProperty("--name-size", `${Math.round(base * scale)}px`);
        const bigger = measure(list, items);
        if (bigger.pages === 1) { fit = bigger; break; }
        list.style.removeProperty("--name-size");
      }
      if (!list.style.getPropertyValue("--name-size")) fit = measure(list, items);
    }
    const { columns, pages } = fit;
    // The names shared evenly between the pages: no last page with a handful of names on it.
    const perPage = Math.ceil(items.length / pages);
    list.style.gridTemplateColumns = `repeat(${columns}, minmax(0, 1fr))`;
    list.style.gridTemplateRows = `repeat(${Math.ceil(perPage / columns)}, auto)`;
    list.dataset.perPage = String(perPage);
    list.dataset.pageCount = String(pages);
    list.dataset.pageMs = String(Math.max(SHORTEST_PAGE_MS, Math.min(PAGE_MS, Math.floor(ROUND_MS / pages))));
    show(list);
  }

  function show(list) {
    const items = Array.from(list.children);
    const perPage = Number(list.dataset.perPage) || items.length;
    const pages = Number(list.dataset.pageCount) || 1;
    const page = turn % pages;
    const first = page * perPage;
    const last = Math.min(items.length, first + perPage);
    items.forEach((item, index) => { item.hidden = index < first || index >= last; });
    const pager = list.parentElement.querySelector("[data-pager]");
    if (!pager) return;
    if (pages < 2) { pager.textContent = ""; return; }
    const words = (list.dataset.pagerWords || "{page}/{pages}")
      .replace("{page}", String(page + 1)).replace("{pages}", String(pages));
    const name = (item) => (item.querySelector(".place-name") || item).textContent.trim();
    pager.textContent = `${words} · ${name(items[first])} – ${name(items[last - 1])}`;
  }

  function layOutAll() {
    document.querySelectorAll("[data-pages]").forEach(layOut);
    scheduleTurn();
  }

  // Each list turns at its own pace: the quicker the more pages it has, so that its round takes ROUND_MS.
  // A new fragment every few seconds lays the lists out again without putting the next turn off.
  let turnTimer = 0;
  function scheduleTurn() {
    if (turnTimer) return;
    const lists = Array.from(document.querySelectorAll("[data-pages]"));
    const wait = Math.min(PAGE_MS, ...lists.map((list) => Number(list.dataset.pageMs) || PAGE_MS));
    turnTimer = window.setTimeout(() => {
      turnTimer = 0;
      turn += 1;
      document.querySelectorAll("[data-pages]").forEach(show);
      scheduleTurn();
    }, wait);
  }
  let resizing = 0;
  window.addEventListener("resize", () => {
    window.clearTimeout(resizing);
    resizing = window.setTimeout(layOutAll, 200);
  });
  layOutAll();

  const live = document.getElementById("live");
  if (live && live.dataset.liveUrl) {
    let etag = `"${live.dataset.etag}"`;
    const poll = async () => {
      try {
        const response = await fetch(live.dataset.liveUrl, { cache: "no-store", headers: { "If-None-Match": etag } });
        if (response.status === 200) {
          etag = response.headers.get("ETag") || etag;
          live.innerHTML = await response.text();
          layOutAll();
        }
      } catch (error) {
        // The hall's network dropped for a moment: ask again at the next tick.
      }
      window.setTimeout(poll, POLL_MS);
    };
    window.setTimeout(poll, POLL_MS);
  }

  // The prize-giving: the space bar, the arrows and a presenter's clicker (Page Down / Page Up) step on and back.
  const next = document.querySelector("[data-announce-next]");
  const back = document.querySelector("[data-announce-back]");
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (next && [" ", "ArrowRight", "PageDown", "Enter"].includes(event.key)) {
      event.preventDefault();
      next.click();
    } else if (back && ["ArrowLeft", "PageUp", "Backspace"].includes(event.key)) {
      event.preventDefault();
      back.click();
    }
  });

  // A projector that dims in the middle of the evening is no use: keep the screen on where the browser can.
  let lock = null;
  async function keepOn() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || lock) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } catch (error) {
      // Refused (no user gesture yet, battery saver): the screen dims as it would anyway.
    }
  }
  document.addEventListener("visibilitychange", keepOn);
  document.addEventListener("click", keepOn);
  keepOn();
})();
