// The trick judge: tapping the card grid fills the ordered selects (which work without this
// script), one tap a card in the order played; tapping a chosen card takes it back out.
(function () {
  "use strict";
  const grid = document.getElementById("card-grid");
  if (!grid) return;
  const selects = Array.from(document.querySelectorAll(".slots select"));
  const buttons = Array.from(grid.querySelectorAll("button.card"));

  function chosen() {
    return selects.map((select) => select.value).filter((code) => code);
  }

  function show() {
    const order = chosen();
    for (const button of buttons) {
      const place = order.indexOf(button.dataset.code);
      button.setAttribute("aria-pressed", place >= 0 ? "true" : "false");
      if (place >= 0) button.dataset.place = String(place + 1);
      else delete button.dataset.place;
    }
  }

  function fill(order) {
    selects.forEach((select, index) => {
      select.value = order[index] || "";
    });
    show();
  }

  grid.addEventListener("click", (event) => {
    const button = event.target.closest("button.card");
    if (!button) return;
    const order = chosen();
    const place = order.indexOf(button.dataset.code);
    if (place >= 0) order.splice(place, 1);
    else if (order.length < selects.length) order.push(button.dataset.code);
    fill(order);
  });
  for (const select of selects) select.addEventListener("change", show);
  grid.hidden = false;
  show();
})();
