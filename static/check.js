// The live check every deal screen shares: ask the server (the engine) what the entry so far
// means, and hand its verdict to the screen's own script. Only the latest answer counts: a
// newer tap cancels the request still on its way. Without JavaScript the forms work by submitting.
window.Scorekeeper = window.Scorekeeper || {};
window.Scorekeeper.liveCheck = function (form, show) {
  "use strict";
  let pending = null;
  return function check() {
    if (pending) pending.abort();
    pending = new AbortController();
    fetch(form.dataset.checkUrl, { method: "POST", body: new FormData(form), signal: pending.signal,
                                   headers: { "Accept": "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((result) => { if (result) show(result); })
      .catch(() => {});
  };
};
