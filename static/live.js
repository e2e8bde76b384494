// The live view asks every second whether the game changed (ETag, answered 304 — a few bytes —
// when not, so that a second phone shows a change within about a second) and swaps in the new
// sheet when it did. Without this script the page reloads itself every three seconds instead.
(function () {
  "use strict";
  const box = document.getElementById("live");
  if (!box) return;
  let etag = `"${box.dataset.etag}"`;
  async function poll() {
    try {
      const response = await fetch(box.dataset.liveUrl, { cache: "no-store", headers: { "If-None-Match": etag } });
      if (response.status === 200) {
        box.innerHTML = await response.text();
        etag = response.headers.get("ETag") || etag;
        if (window.Scorekeeper && window.Scorekeeper.fitTitles) window.Scorekeeper.fitTitles(box);
      }
    } catch (error) {
      // Offline for a moment: try again at the next tick.
    }
    window.setTimeout(poll, 1000);
  }
  window.setTimeout(poll, 1000);
})();
