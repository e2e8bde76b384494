// The live check every deal screen shares: the engine's verdict on the entry so far, for the screen's
// script (and a correction's preview). A newer tap cancels the request on its way; rows the page
// filled in itself are named "soft", for the server to work out again. Without it, forms submit.
window.Scorekeeper = window.Scorekeeper || {};
window.Scorekeeper.liveCheck = function (form, show) {
  "use strict";
  const S = window.Scorekeeper;
  let pending = null;
  return function check() {
    if (pending) pending.abort();
    const mine = pending = new AbortController();
    const data = new FormData(form);
    form.querySelectorAll("[data-soft]").forEach((row) => data.append("soft", row.dataset.seat));
    S.pending = fetch(form.dataset.checkUrl, { method: "POST", body: data, signal: mine.signal,
                                               headers: { "Accept": "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((result) => {
        if (!result || pending !== mine || !form.isConnected) return;
        show(result);
        S.showCorrection(form, result.correction);
      })
      .catch(() => {});
    return S.pending;
  };
};

// (games/_knock_slot.html)
window.Scorekeeper.showCorrection = (form, said) => {
  const slot = form.querySelector("[data-correction-preview]");
  if (!slot) return null;
  slot.hidden = !said;
  slot.innerHTML = said ? said.html : "";
  slot.nextElementSibling.value = said ? said.seen : "";
  return slot;
};

// The tricks a screen fills in by itself (``fill``: seat → tricks the tapped ones imply), marked
// "soft" and changeable; a row the page filled before and no longer implied is emptied again.
window.Scorekeeper.fillInTricks = function (form, fill) {
  "use strict";
  form.querySelectorAll("[data-tricks-row]").forEach((row) => {
    const seat = row.dataset.seat;
    if (Object.prototype.hasOwnProperty.call(fill, seat)) {
      const input = row.querySelector(`input[value="${fill[seat]}"]`);
      if (input) input.checked = true;
      row.dataset.soft = "1";
      row.classList.add("filled");
    } else if (row.dataset.soft) {
      row.querySelectorAll("input:checked").forEach((input) => { input.checked = false; });
      delete row.dataset.soft;
      row.classList.remove("filled");
    }
  });
};

// "Everyone made their bid": one tap fills in each seat's tricks as the engine last suggested,
// then ``check`` runs. Returns the function that takes each check's suggestion (the button shows
// when there is one); until the first answer, the suggestion the page was made with.
window.Scorekeeper.everyoneButton = function (form, check) {
  "use strict";
  const button = form.querySelector("[data-everyone]");
  let everyone = button && !button.hidden ? JSON.parse(button.dataset.everyone || "{}") : {};
  if (button) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      Object.keys(everyone).forEach((seat) => {
        const input = form.querySelector(`input[name="tricks-${seat}"][value="${everyone[seat]}"]`);
        if (input) input.checked = true;
      });
      check();
    });
  }
  return function suggest(suggested) {
    everyone = suggested || {};
    if (button) button.hidden = Object.keys(everyone).length === 0;
  };
};

// The count of the tricks beside Save ("Tricks left: 2 of 7"): while the engine says the tricks entered
// cannot stand ("2 tricks entered, 1 played"), it turns red and Save is held back until they are put
// right. Returns whether they are wrong (the count then says it all: no other verdict is needed).
window.Scorekeeper.showTally = function (form, result) {
  "use strict";
  const tally = form.querySelector("[data-tally]");
  if (!tally || !("tally_wrong" in result)) return false;
  const wrong = result.tally_wrong || "";
  const said = tally.querySelector("[data-tally-wrong]");
  const plain = tally.querySelector("[data-tally-left], [data-tricks-text]");
  if (said) {
    said.textContent = wrong;
    said.hidden = !wrong;
  }
  if (plain) plain.hidden = Boolean(wrong);
  tally.classList.toggle("wrong", Boolean(wrong));
  const save = form.querySelector("[data-primary]");
  if (save) save.disabled = Boolean(wrong);
  return Boolean(wrong);
};

// A tap on a filled-in chip confirms it: the row counts as tapped from then on, never worked out again
// (a radio already chosen sends no "change", so the tap itself is heard), and ``check`` runs.
window.Scorekeeper.confirmFilled = function (form, check) {
  "use strict";
  form.addEventListener("click", (event) => {
    const input = event.target instanceof HTMLInputElement ? event.target : null;
    const row = input && input.checked ? input.closest("[data-tricks-row][data-soft]") : null;
    if (!row) return;
    delete row.dataset.soft;
    row.classList.remove("filled");
    check();
  });
};
