// The home page's filter, as the player types: every word in a game's names, family or summary,
// and a table of the chosen size. Without this script the form asks the server, which filters alike.
(function () {
  "use strict";
  const form = document.querySelector("form[data-filter]");
  if (!form) return;
  const text = form.querySelector("input[name=q]");
  const players = form.querySelector("select[name=players]");
  const empty = document.querySelector("[data-filter-empty]");
  form.querySelector(".filter-go").hidden = true;

  function filter() {
    const words = text.value.toLowerCase().split(/\s+/).filter(Boolean);
    const size = Number(players.value) || null;
    let shown = 0;
    document.querySelectorAll("section.family").forEach((family) => {
      let here = 0;
      family.querySelectorAll("li[data-search]").forEach((item) => {
        const fits = words.every((word) => item.dataset.search.includes(word))
          && (size === null || (Number(item.dataset.min) <= size && size <= Number(item.dataset.max)));
        item.hidden = !fits;
        if (fits) here += 1;
      });
      family.hidden = here === 0;
      shown += here;
    });
    if (empty) empty.hidden = shown > 0;
  }

  form.addEventListener("submit", (event) => { event.preventDefault(); filter(); });
  text.addEventListener("input", filter);
  players.addEventListener("change", filter);
})();
