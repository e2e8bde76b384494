// The new-game form at a table: names complete from the table's roster, and a tap on a
// player's name fills the next empty seat. Without this script the names are typed;
// the server matches them to the roster all the same.
(function () {
  "use strict";
  const choice = document.getElementById("table-choice");
  if (!choice) return;
  const seats = Array.from(document.querySelectorAll("input[id^='players-']"));
  const groups = Array.from(document.querySelectorAll("[data-roster-for]"));

  function show() {
    const chosen = choice.value;
    seats.forEach(function (input) {
      if (chosen) input.setAttribute("list", "roster-" + chosen);
      else input.removeAttribute("list");
    });
    groups.forEach(function (group) { group.hidden = group.getAttribute("data-roster-for") !== chosen; });
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-seat-name]");
    if (!button) return;
    const name = button.getAttribute("data-seat-name");
    const taken = seats.some(function (input) { return input.value.trim().toLowerCase() === name.toLowerCase(); });
    const empty = seats.find(function (input) { return !input.value.trim(); });
    if (taken || !empty) return;
    empty.value = name;
    empty.dispatchEvent(new Event("input", { bubbles: true }));
  });
  choice.addEventListener("change", show);
  show();
})();
