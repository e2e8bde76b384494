// Every page: installs the service worker (sw.js keeps the app's pages, styles and scripts for
// when there is no connection), says when the phone is offline, keeps the screen on during a game
// where the player wants it (Screen Wake Lock, with a switch), and keeps the page's place — its
// scroll and the taps not saved yet — when the phone locks and the browser drops the page.
// Without this script every page works the same, online.
(function () {
  "use strict";
  const S = window.Scorekeeper = window.Scorekeeper || {};

  // --- the service worker -------------------------------------------------------------------
  S.worker = null;
  if ("serviceWorker" in navigator) {
    S.worker = navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null);
  }
  // Ask the worker to keep a copy of a page (one whose address the page changed in place).
  S.keepPage = function (url) {
    const controller = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (controller) controller.postMessage({ keep: url });
  };
  // Ask it to keep a game's pages again once the game moved on (its sheet, the deal due at ``deal``),
  // a moment after the last change: a few changes in a row cost one copy.
  const moved = {};
  S.keepGame = function (game, deal) {
    clearTimeout(moved[game]);
    moved[game] = setTimeout(() => {
      const controller = navigator.serviceWorker && navigator.serviceWorker.controller;
      if (controller && navigator.onLine) controller.postMessage({ game: game, deal: deal || null });
    }, 2000);
  };

  // "Label: value" as the reader's language writes it ("Enchères : 3" in French, with its
  // non-breaking space): the page says how (base.html), never a colon written here.
  S.labelled = function (label, value) {
    const pattern = document.body.dataset.labelled || "{label}: {value}";
    return pattern.replace("{label}", () => label).replace("{value}", () => value);
  };

  // --- the reader's time zone -----------------------------------------------------------------
  // Dates on the pages fall on this phone's calendar (web/language.py): the server reads the zone
  // from this cookie, from the next page on.
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && /^[\w+\-\/]+$/.test(zone) && !document.cookie.split("; ").includes(`tz=${zone}`)) {
      document.cookie = `tz=${zone}; path=/; max-age=31536000; SameSite=Lax`;
    }
  } catch (error) { /* a browser without Intl's zones: dates stay in UTC */ }

  // --- online or not ------------------------------------------------------------------------
  const banner = document.querySelector("[data-offline-banner]");
  function showConnection() {
    const offline = !navigator.onLine;
    document.documentElement.classList.toggle("is-offline", offline);
    if (banner) banner.hidden = !offline;
  }
  window.addEventListener("online", showConnection);
  window.addEventListener("offline", showConnection);
  showConnection();

  // --- the screen stays on ------------------------------------------------------------------
  // Bound again when a page is shown in place (soft.js): a switch no longer on the page does nothing.
  S.bindWake = function () {
  const wake = document.querySelector("[data-wake]");
  if (wake && "wakeLock" in navigator) {
    const box = wake.querySelector("[data-wake-lock]");
    const note = wake.querySelector("[data-wake-note]");
    let lock = null;
    wake.hidden = false;
    box.checked = localStorage.getItem("wake-lock") !== "off";

    async function hold() {
      if (!wake.isConnected || !box.checked || document.visibilityState !== "visible" || lock) return;
      try {
        lock = await navigator.wakeLock.request("screen");
        note.textContent = "";
        lock.addEventListener("release", () => { lock = null; });
      } catch (error) {
        note.textContent = wake.dataset.refused || "";
      }
    }

    box.addEventListener("change", () => {
      localStorage.setItem("wake-lock", box.checked ? "on" : "off");
      if (box.checked) {
        hold();
      } else if (lock) {
        lock.release().catch(() => {});
        lock = null;
      }
    });
    // The lock goes when the page is hidden (the phone locked): take it again when it is back.
    document.addEventListener("visibilitychange", hold);
    hold();
  }
  };
  S.bindWake();

  // --- the page keeps its place -------------------------------------------------------------
  // A phone that locks may drop the page; opened again it would load afresh at the top with the
  // taps not saved yet gone. Note both when the page is hidden; put them back when it comes back.
  const PLACE = "place:";

  function formsState() {
    return Array.from(document.querySelectorAll("main form")).map((form) =>
      Array.from(form.elements)
        .filter((field) => field.name && (field.type === "radio" || field.type === "checkbox") && field.checked)
        .map((field) => [field.name, field.value]));
  }

  function notePlace() {
    const open = Array.from(document.querySelectorAll("main details")).map((node) => node.open);
    const place = { y: window.scrollY, forms: formsState(), open: open, at: Date.now() };
    try {
      sessionStorage.setItem(PLACE + location.pathname + location.search, JSON.stringify(place));
    } catch (error) {
      // Storage full or refused: the page simply starts at the top.
    }
  }

  function restorePlace() {
    let place = null;
    try {
      place = JSON.parse(sessionStorage.getItem(PLACE + location.pathname + location.search) || "null");
    } catch (error) {
      place = null;
    }
    // A deal screen drawn offline opens at the top of the deal, from what the phone keeps.
    if (!place || document.documentElement.classList.contains("offline-entry")) return;
    const forms = document.querySelectorAll("main form");
    (place.forms || []).forEach((pairs, index) => {
      const form = forms[index];
      if (!form) return;
      let changed = false;
      pairs.forEach(([name, value]) => {
        const field = Array.from(form.elements).find((node) => node.name === name && node.value === value);
        if (field && !field.checked && !field.disabled) {
          field.checked = true;
          changed = true;
        }
      });
      if (changed) form.dispatchEvent(new Event("change", { bubbles: true }));
    });
    document.querySelectorAll("main details").forEach((node, index) => {
      if (place.open && place.open[index]) node.open = true;
    });
    window.scrollTo(0, place.y || 0);
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") notePlace();
  });
  window.addEventListener("pagehide", notePlace);
  // The family scripts bind their screens on DOMContentLoaded too; put the taps back after them.
  window.addEventListener("load", () => {
    const entry = performance.getEntriesByType("navigation")[0];
    const reopened = entry && (entry.type === "reload" || entry.type === "back_forward");
    if (reopened || document.wasDiscarded) restorePlace();
  });
  S.notePlace = notePlace;

  // --- the menu at the top ----------------------------------------------------------------------
  // It closes on a tap anywhere else and on Escape (a <details> alone stays open). A language is
  // chosen for the page shown now: a deal screen swaps in place, so the address it was loaded at
  // may be a deal already saved.
  const menu = document.querySelector("details[data-menu]");
  if (menu) {
    document.addEventListener("click", (event) => {
      if (menu.open && !menu.contains(event.target)) menu.open = false;
    });
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && menu.open) {
        menu.open = false;
        menu.querySelector("summary").focus();
      }
    });
  }
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[data-language]") : null;
    if (!link) return;
    const address = new URL(link.href, location.href);
    address.searchParams.set("next", location.pathname + location.search);
    link.href = address.toString();
  });

  // --- a deal's title on one line -------------------------------------------------------------
  // "Runde 12 von 25", "Smazzata 12 di 25" and longer stay on one line on a phone: a title marked
  // data-fit, or the deal screen's title beside the way back and undo/redo, gives up a little of its
  // size until it fits; the screen's title goes to a line of its own first where it would get too
  // small beside them (data-least: a screen short of lines lets it get smaller first). Without this script a long title wraps onto two lines.
  function shrink(node, least) {
    const base = parseFloat(getComputedStyle(node).fontSize);
    for (let size = base; node.scrollWidth > node.clientWidth + 1 && size > least; size -= 0.5) {
      node.style.fontSize = `${size - 0.5}px`;
    }
    return node.scrollWidth <= node.clientWidth + 1;
  }

  S.fitTitles = function (root) {
    const scope = root || document;
    scope.querySelectorAll(".screen-top").forEach((top) => {
      const title = top.querySelector("h1");
      if (!title) return;
      top.classList.add("fitted");
      top.classList.remove("title-below");
      title.style.fontSize = "";
      const base = parseFloat(getComputedStyle(title).fontSize);
      if (shrink(title, base * parseFloat(top.dataset.least || "0.82"))) return;
      title.style.fontSize = "";
      top.classList.add("title-below");
      shrink(title, 11);
    });
    scope.querySelectorAll("[data-fit]").forEach((node) => {
      node.classList.add("fitted");
      node.style.fontSize = "";
      shrink(node, 11);
    });
  };
  document.addEventListener("DOMContentLoaded", () => S.fitTitles());
  window.addEventListener("resize", () => S.fitTitles());
})();
