// A table's history and statistics: a filter form marked data-auto shows what its choices select as soon
// as one changes (data-soft: in place); its "Show" button is for a browser without this script. Run again
// on each page soft.js shows: the change is listened for once.
(function () {
  "use strict";
  document.querySelectorAll("form[data-auto] [data-auto-hide]").forEach((button) => { button.hidden = true; });
  if (window.Scorekeeper && window.Scorekeeper.filtersBound) return;
  (window.Scorekeeper = window.Scorekeeper || {}).filtersBound = true;
  document.addEventListener("change", (event) => {
    const form = event.target instanceof Element ? event.target.closest("form[data-auto]") : null;
    if (form && typeof form.requestSubmit === "function") form.requestSubmit();
  });
})();
