// The totals revealed on a phone (templates/games/_reveal.html): the places from last to first, one more on
// each tap of "Next place", the leader last, and the result after it. A page that swaps in a newer copy of itself (the live view, the
// sheet following another phone) keeps the places already shown; without this script they show at once.
(function () {
  "use strict";
  const shown = new Map(); // a reveal (its game version) → how many places it has shown

  function show(section) {
    const items = Array.from(section.querySelectorAll("[data-reveal-item]"));
    const count = shown.get(section.dataset.reveal) || 1;
    items.forEach((item, index) => { item.hidden = index >= count; });
    const next = section.querySelector("[data-reveal-next]");
    if (next) next.hidden = count >= items.length;
    // The result (the podium, who won) waits for the last place to be named.
    document.querySelectorAll("[data-after-reveal]").forEach((after) => { after.hidden = count < items.length; });
  }

  function showAll() {
    document.querySelectorAll("section[data-reveal]").forEach(show);
  }

  document.addEventListener("click", (event) => {
    const next = event.target.closest("[data-reveal-next]");
    if (!next) return;
    const section = next.closest("section[data-reveal]");
    shown.set(section.dataset.reveal, (shown.get(section.dataset.reveal) || 1) + 1);
    show(section);
  });
  new MutationObserver(showAll).observe(document.body, { childList: true, subtree: true });
  showAll();
})();
