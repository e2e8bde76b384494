// An arrival's or a substitute's form at a table's game: the name completes from the table's roster,
// and a tap on a player's name fills it in. Without this script the name is typed; the server
// matches it to the roster all the same.
(function () {
  "use strict";
  const chips = document.querySelector("[data-newcomer-chips]");
  const input = document.querySelector("form input[name='name']");
  if (!chips || !input) return;
  input.setAttribute("list", "newcomer-roster");
  chips.hidden = false;
  chips.addEventListener("click", function (event) {
    const button = event.target.closest("[data-newcomer-name]");
    if (!button) return;
    input.value = button.getAttribute("data-newcomer-name");
    input.dispatchEvent(new Event("input", { bubbles: true }));
    chips.querySelectorAll("[data-newcomer-name]").forEach(function (other) {
      other.setAttribute("aria-pressed", other === button ? "true" : "false");
    });
  });
})();
