// A PDF being prepared (templates/pdf_preparing.html): the page asks the server every few
// seconds, in the background, whether the PDF is made (each answer comes at once: 202 while
// it is not), and opens the page that starts the download when it is; the words on the screen
// stay put meanwhile, nothing flickers. Without this script the page reloads itself instead.
(function () {
  "use strict";
  const waiting = document.querySelector("[data-prepared-url]");
  if (!waiting) {
    return;
  }
  const url = waiting.dataset.preparedUrl;
  const period = Number(waiting.dataset.retrySeconds || "3") * 1000;
  async function ask() {
    try {
      const response = await fetch(url, { cache: "no-store", credentials: "same-origin" });
      if (response.status !== 202) {
        window.location.assign(url); // ready (or failed): the server's page says which
        return;
      }
    } catch (error) {
      // Offline for a moment: ask again at the next tick.
    }
    window.setTimeout(ask, period);
  }
  window.setTimeout(ask, period);
})();
