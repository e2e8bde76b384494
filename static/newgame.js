// The first-dealer choices follow the names as they are typed: each seat shows its
// player's name, and seats left empty are hidden. Without this script the choices
// read "Seat 1", "Seat 2", … and work the same.
(function () {
  "use strict";
  document.querySelectorAll("[data-dealer-for]").forEach((choice) => {
    const input = document.getElementById(choice.dataset.dealerFor);
    const text = choice.querySelector("span");
    const seat = text.textContent.split(":")[0];
    function update() {
      const name = input.value.trim();
      text.textContent = name ? `${seat}: ${name}` : seat;
      choice.hidden = !name;
    }
    input.addEventListener("input", update);
    update();
  });
})();
