// The live check every deal screen shares: ask the server (the engine) what the entry so far
// means, and hand its verdict to the screen's own script. Only the latest answer counts: a
// newer tap cancels the request still on its way. Rows whose tricks the page filled in by
// itself are named ("soft"), so the server works them out again from the ones tapped.
// Without JavaScript the forms work by submitting.
window.Scorekeeper = window.Scorekeeper || {};
window.Scorekeeper.liveCheck = function (form, show) {
  "use strict";
  const S = window.Scorekeeper;
  let pending = null;
  return function check() {
    if (pending) pending.abort();
    const mine = pending = new AbortController();
    const data = new FormData(form);
    form.querySelectorAll("[data-soft]").forEach((row) => data.append("soft", row.dataset.seat));
    S.pending = fetch(form.dataset.checkUrl, { method: "POST", body: data, signal: mine.signal,
                                               headers: { "Accept": "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((result) => { if (result && pending === mine && form.isConnected) show(result); })
      .catch(() => {});
    return S.pending;
  };
};
