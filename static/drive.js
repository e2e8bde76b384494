// A drive's screens follow it by themselves: every few seconds they ask whether the
// drive changed (ETag, answered 304 when not). The caller's screen, the leaderboard and
// a player's page swap in the new part. A table's phone that has entered its hand asks
// a small question instead ("has my page changed?"): other tables entering change only
// the count it shows, and it reloads once, when every table is in and the next hand is
// called. The hand form says the result for both pairs by name before it is saved.
// Without this script the pages reload themselves.
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

  // A table's phone waiting for the other tables.
  const waiting = document.querySelector("[data-wait-url]");
  if (waiting) {
    const key = waiting.dataset.waitKey;
    const count = waiting.querySelector("[data-waiting]");
    async function ask() {
      try {
        const response = await fetch(waiting.dataset.waitUrl, { cache: "no-store" });
        if (response.ok) {
          const answer = await response.json();
          if (answer.key !== key) {
            // A correction being typed is not thrown away: reload once it is closed.
            if (!document.querySelector("details.correct[open]")) {
              window.location.reload();
              return;
            }
          } else if (count && count.textContent !== answer.waiting) {
            count.textContent = answer.waiting;
          }
        }
      } catch (error) {
        // Offline for a moment: try again at the next tick.
      }
      window.setTimeout(ask, PERIOD_MS);
    }
    window.setTimeout(ask, PERIOD_MS);
  }

  // "Ann & Bob 8 — Cat & Dan 5" as soon as a pair and its tricks are tapped.
  for (const form of document.querySelectorAll("form[data-result-format]")) {
    const summary = form.querySelector("[data-result-summary]");
    if (!summary) continue;
    const show = () => {
      const pair = form.querySelector("input[name=pair]:checked");
      const tricks = form.querySelector("input[name=tricks]:checked");
      if (!pair || !tricks) { summary.hidden = true; return; }
      const taken = Number(tricks.value);
      const northSouth = pair.value === "NS" ? taken : 13 - taken;
      const values = {
        ns: form.dataset.ns, ns_tricks: String(northSouth),
        ew: form.dataset.ew, ew_tricks: String(13 - northSouth),
      };
      summary.textContent = form.dataset.resultFormat.replace(/%\((\w+)\)s/g, (whole, name) => values[name] ?? whole);
      summary.hidden = false;
    };
    form.addEventListener("change", show);
    show();
  }
})();
