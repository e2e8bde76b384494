// Live help on the deal screen of the bid-exactly games: after each tap, ask the server (the
// engine) what the entry so far means — the forbidden bid and why (struck and disabled), the
// running bid total, who bids next, the tricks left — and fill in the tricks the tapped ones
// imply (the last player's, or the rest having made their bids), marked as filled in and
// changeable. Without this script the form works the same, by submitting.
(function () {
  "use strict";
  const S = window.Scorekeeper;

  S.onScreen(function (box) {
    const form = box.querySelector("form[data-check-url]");
    if (!form) return;

    function setText(selector, text) {
      const node = form.querySelector(selector);
      if (node && text !== undefined && text !== null) node.textContent = String(text);
    }

    function strike(struck) {
      form.querySelectorAll(".chip.struck").forEach((chip) => {
        chip.classList.remove("struck");
        chip.removeAttribute("title");
        chip.querySelector("input").disabled = false;
      });
      form.querySelectorAll("[data-reason-for]").forEach((line) => { line.textContent = ""; });
      struck.forEach((item) => {
        const input = form.querySelector(`input[name="bid-${item.seat}"][value="${item.value}"]`);
        if (input) {
          const chip = input.closest(".chip");
          chip.classList.add("struck");
          chip.title = item.reason;
          input.disabled = !input.checked;  // a struck bid already chosen stays, to be changed
        }
        setText(`[data-reason-for="${item.seat}"]`, item.reason);
      });
    }


    function show(result) {
      // A refusal from the last save is about the entry as it was: the engine's verdict replaces it.
      form.querySelectorAll(".refused").forEach((node) => {
        node.textContent = "";
        node.classList.remove("refused");
      });
      setText("[data-summary]", result.summary);
      // Too many tricks tapped leave a negative count (shown only once put right): the true minus sign.
      if (typeof result.tricks_left === "number") {
        setText("[data-tricks-left]", String(result.tricks_left).replace("-", "\u2212"));
      }
      strike(result.struck || []);
      form.querySelectorAll(".line.due").forEach((line) => line.classList.remove("due"));
      if (typeof result.next === "number") {
        const due = form.querySelector(`.line[data-seat="${result.next}"]:not([data-tricks-row])`);
        if (due) due.classList.add("due");
      }
      if (result.fill) S.fillInTricks(form, result.fill);
      suggest(result.everyone);
      const wrongCount = S.showTally(form, result);
      // What saving would refuse, next to the player it concerns (else above the button); a count of
      // tricks that cannot stand is said by the count itself, in red beside the held-back Save.
      const spot = result.error && result.seat !== null && result.field
        ? form.querySelector(`[data-error-for="${result.field}-${result.seat}"]`) : null;
      const verdict = form.querySelector("[data-verdict]");
      if (spot && !spot.textContent) {
        spot.textContent = result.error;
        spot.classList.add("refused");
      }
      if (verdict) verdict.textContent = result.error && !spot && !wrongCount ? result.error : "";
    }

    const check = S.liveCheck(form, show);
    const suggest = S.everyoneButton(form, () => check());
    S.confirmFilled(form, check);

    form.addEventListener("change", (event) => {
      // A refusal from the last save is about the entry as it was: it goes once anything changes.
      const errorBox = box.querySelector("#entry-error");
      if (errorBox) {
        errorBox.textContent = "";
        errorBox.hidden = true;
      }
      const row = event.target.closest("[data-tricks-row]");
      if (row) {
        delete row.dataset.soft;
        row.classList.remove("filled");
      }
      check();
    });
  });
})();
