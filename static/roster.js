// The new-game form at a table: names complete from the table's roster, a tap on a player's name
// fills the next empty seat, and "Seat everyone" seats the whole roster (when it fits the game).
// Without this script the names are typed; the server matches them to the roster all the same.
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

  // Seat a name in the first empty seat, unless it is seated already or every seat is taken.
  function seat(name) {
    const taken = seats.some(function (input) { return input.value.trim().toLowerCase() === name.toLowerCase(); });
    const empty = seats.find(function (input) { return !input.value.trim(); });
    if (taken || !empty) return;
    empty.value = name;
    empty.dispatchEvent(new Event("input", { bubbles: true }));
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-seat-name], [data-seat-all]");
    if (!button) return;
    if (button.hasAttribute("data-seat-name")) {
      seat(button.getAttribute("data-seat-name"));
      return;
    }
    button.closest("[data-roster-for]").querySelectorAll("[data-seat-name]").forEach(function (chip) {
      seat(chip.getAttribute("data-seat-name"));
    });
  });
  choice.addEventListener("change", show);
  show();
})();
