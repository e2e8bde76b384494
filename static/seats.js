// The new-game form, nicer: two seats swap in place (tap ⇅ on one, then on the other), the
// first-dealer choice following its player; only the seats in use and one spare are shown; Enter in
// a name goes on to the next seat; each first-dealer choice reads its player's name (seats left
// empty are not offered); the folded options' summary says the choices as they change.
// Without this script ↑ and ↓ move a seat with a page load, every seat shows, the first-dealer
// choices read "Seat 1", "Seat 2", … and the summary says the options as the page was sent.
(function () {
  "use strict";
  const list = document.querySelector("[data-seats]");
  if (!list) return;
  const form = list.closest("form");
  const rows = Array.from(list.querySelectorAll(".seat"));
  const inputs = rows.map((row) => row.querySelector("input[type=text]"));
  const fewest = Number(list.dataset.min) || 1;
  const hint = form.querySelector("[data-swap-hint]");
  let picked = null;

  form.classList.add("js-seats");
  inputs.forEach((input) => input.setAttribute("enterkeyhint", "next"));

  // The seats in use, one spare after the last name, never fewer than the game needs.
  function showRows() {
    let shown = fewest;
    inputs.forEach((input, index) => {
      if (input.value.trim()) shown = Math.max(shown, index + 2);
      if (rows[index].contains(document.activeElement)) shown = Math.max(shown, index + 1);
    });
    shown = Math.min(rows.length, shown);
    rows.forEach((row, index) => { row.hidden = index >= shown; });
  }

  // Each first-dealer choice reads its player's name; an empty seat is not offered.
  function showDealers() {
    form.querySelectorAll("[data-dealer-for]").forEach((choice) => {
      const name = document.getElementById(choice.dataset.dealerFor).value.trim();
      choice.querySelector("span").textContent = name;
      choice.hidden = !name;
    });
  }

  function dealerRadio(index) {
    return form.querySelector(`input[name=first_dealer][value='${index}']`);
  }

  function pick(index) {
    if (picked !== null) {
      rows[picked].classList.remove("picked");
      rows[picked].querySelector("[data-swap]").setAttribute("aria-pressed", "false");
    }
    picked = index;
    if (index !== null) {
      rows[index].classList.add("picked");
      rows[index].querySelector("[data-swap]").setAttribute("aria-pressed", "true");
    }
    if (hint) hint.hidden = index === null;
  }

  // Two players change seats; whoever was to deal first still does, from their new seat.
  function swap(one, other) {
    [inputs[one].value, inputs[other].value] = [inputs[other].value, inputs[one].value];
    const first = dealerRadio(one);
    const second = dealerRadio(other);
    const dealerNow = first && first.checked ? other : second && second.checked ? one : null;
    if (dealerNow !== null) dealerRadio(dealerNow).checked = true;
    [one, other].forEach((index) => inputs[index].dispatchEvent(new Event("input", { bubbles: true })));
  }

  list.addEventListener("click", (event) => {
    const button = event.target.closest("[data-swap]");
    if (!button) return;
    const index = rows.indexOf(button.closest(".seat"));
    if (picked === null) {
      pick(index);
    } else if (picked === index) {
      pick(null);
    } else {
      swap(picked, index);
      pick(null);
    }
  });

  list.addEventListener("keydown", (event) => {
    const index = inputs.indexOf(event.target);
    if (index < 0 || event.key !== "Enter") return;
    event.preventDefault();  // never a submit from a name: Start the game does that
    const next = inputs[index + 1];
    if (event.target.value.trim() && next) {
      rows[index + 1].hidden = false;
      next.focus();
    } else {
      event.target.blur();
    }
  });
  // Names typed, seats swapped, a roster name tapped in (roster.js): the same "input" event.
  list.addEventListener("input", () => { showRows(); showDealers(); });
  list.addEventListener("focusin", showRows);
  showRows();
  showDealers();

  // --- the options' summary ----------------------------------------------------------------
  const fold = form.querySelector("[data-options]");
  const now = fold && fold.querySelector("[data-options-now]");
  if (!now) return;

  function said(option) {
    const box = option.querySelector("input[type=checkbox]");
    if (box) {
      const name = box.closest("label").textContent.trim();
      return window.Scorekeeper.labelled(name, box.checked ? now.dataset.on : now.dataset.off);
    }
    const select = option.querySelector("select");
    const label = option.querySelector(".option-label");
    if (!select || !label) return null;
    const chosen = select.selectedOptions[0];
    return window.Scorekeeper.labelled(label.textContent.trim(), chosen ? chosen.textContent.trim() : "");
  }

  fold.addEventListener("change", () => {
    now.textContent = Array.from(fold.querySelectorAll(".option")).map(said).filter(Boolean).join(" · ");
  });
})();
