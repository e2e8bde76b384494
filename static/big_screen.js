// The big screen follows the game by itself: every second it asks whether the game changed (ETag, answered
// 304 from the stored version alone while it has not) and swaps in the new screen when it did. A reveal of
// secret totals names one place every few seconds, from last to first, the winner last; a swap keeps the
// places already named. The screen is kept awake where the browser allows it. Without this script the page
// reloads itself every two seconds (and names one more place at each reload).
(function () {
  "use strict";
  const POLL_MS = 1000;
  const REVEAL_MS = 3000;
  const box = document.getElementById("big");
  if (!box) return;
  let etag = `"${box.dataset.etag}"`;
  let reveal = null; // the reveal being shown (its version) and how many places it has named
  let named = 0;

  function showReveal() {
    const section = box.querySelector("[data-reveal]");
    if (!section) { reveal = null; return; }
    if (section.dataset.reveal !== reveal) { reveal = section.dataset.reveal; named = 0; }
    const items = Array.from(section.querySelectorAll("[data-reveal-item]"));
    items.forEach((item, index) => { item.hidden = index >= named; });
    const waiting = section.querySelector("[data-reveal-waiting]");
    if (waiting) waiting.hidden = named >= items.length;
  }

  function nameNext() {
    const section = box.querySelector("[data-reveal]");
    if (section) {
      const count = section.querySelectorAll("[data-reveal-item]").length;
      if (named < count) { named += 1; showReveal(); }
    }
    window.setTimeout(nameNext, REVEAL_MS);
  }

  async function poll() {
    try {
      const response = await fetch(box.dataset.liveUrl, { cache: "no-store", headers: { "If-None-Match": etag } });
      if (response.status === 200) {
        box.innerHTML = await response.text();
        etag = response.headers.get("ETag") || etag;
        showReveal();
      }
    } catch (error) {
      // Offline for a moment: try again at the next tick.
    }
    window.setTimeout(poll, POLL_MS);
  }

  async function stayAwake() {
    try {
      if ("wakeLock" in navigator && document.visibilityState === "visible") await navigator.wakeLock.request("screen");
    } catch (error) {
      // Not allowed here: the screen's own settings decide.
    }
  }

  showReveal();
  stayAwake();
  document.addEventListener("visibilitychange", stayAwake);
  window.setTimeout(poll, POLL_MS);
  window.setTimeout(nameNext, REVEAL_MS);
})();
