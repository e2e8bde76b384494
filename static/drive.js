// A drive's screens follow it by themselves: every few seconds they ask whether the
// drive changed (ETag, answered 304 when not). The caller's screen, the leaderboard and
// a player's page swap in the new part; a table's phone that has entered its hand
// reloads to show the next seating. Without this script the pages reload themselves.
(function () {
  "use strict";
  const PERIOD_MS = 3000;
  function follow(node, url, changed) {
    let etag = `"${node.dataset.etag}"`;
    async function poll() {
      try {
        const response = await fetch(url, { cache: "no-store", headers: { "If-None-Match": etag } });
        if (response.status === 200) {
          etag = response.headers.get("ETag") || etag;
          await changed(response);
        }
      } catch (error) {
        // Offline for a moment: try again at the next tick.
      }
      window.setTimeout(poll, PERIOD_MS);
    }
    window.setTimeout(poll, PERIOD_MS);
  }
  const live = document.getElementById("live");
  if (live && live.dataset.liveUrl) {
    follow(live, live.dataset.liveUrl, async (response) => { live.innerHTML = await response.text(); });
  }
  const waiting = document.querySelector("[data-reload-url]");
  if (waiting) {
    follow(waiting, waiting.dataset.reloadUrl, async () => {
      const open = document.querySelector("details.correct[open]");
      if (!open) window.location.reload();
    });
  }
})();
