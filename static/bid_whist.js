// Live help on the Bid Whist hand: after each tap, ask the server (the engine) what the
// auction so far allows — which calls are struck and why, who calls next, whether the
// auction is won and what the winner may declare — and show it on the same page.
// Without this script the form works the same, saving one call at a time.
(function () {
  "use strict";
  // Offline, offline.js draws the hand from its plan: its callers go one at a time, as this screen
  // shows them. A caller who has called folds to their name and call (tap it to change), the later
  // ones wait hidden; a call changed clears the later ones. The rows' data-in-turn is "to call".
  window.Scorekeeper.turns = {
    wrap(line, seat) {
      const who = line.querySelector(".who");
      const name = document.createElement("span");
      Object.assign(name, { className: "who", id: who.id });
      name.append(...who.childNodes);
      who.remove();
      const said = document.createElement("span");
      said.className = "said";
      said.dataset.said = "";
      const head = document.createElement("summary");
      head.append(name, said);
      const turn = document.createElement("details");
      turn.className = "caller turn";
      turn.dataset.turn = String(seat);
      turn.append(head, line);
      return turn;
    },
    arrange(form, changed) {
      form.querySelectorAll(".rows[data-in-turn]").forEach((rows) => {
        const turns = Array.from(rows.querySelectorAll("details.turn"));
        const index = changed ? turns.indexOf(changed.closest("details.turn")) : -1;
        if (index >= 0) {
          turns.slice(index + 1).forEach((turn) => {
            turn.querySelectorAll("input:checked").forEach((radio) => { radio.checked = false; });
          });
        }
        let waiting = false;
        turns.forEach((turn, position) => {
          const checked = turn.querySelector("input:checked");
          turn.querySelector("[data-said]").textContent = checked
            ? checked.closest(".chip").querySelector("span").textContent : rows.dataset.inTurn;
          turn.hidden = waiting;
          if (!waiting && !checked) {
            turn.open = true;
            waiting = true;
          } else if (checked && (index < 0 || position === index)) {
            turn.open = false;
          }
        });
      });
    },
  };

  window.Scorekeeper.onScreen(function (box) {
    const form = box.querySelector("form[data-check-url]");
    if (!form) return;
    const errorBox = box.querySelector("#entry-error");
    const callers = Array.from(form.querySelectorAll("details.caller"));
    const play = form.querySelector("[data-play]");
    const submit = form.querySelector("[data-submit]");

    function positionOf(input) {
      const caller = input.closest("details.caller");
      return caller ? Number(caller.dataset.position) : null;
    }

    // A new call at one position makes the later calls stale: clear them, close this caller.
    function called(input) {
      const position = positionOf(input);
      const said = callers[position].querySelector("[data-said]");
      said.textContent = input.dataset.sign;
      callers[position].open = false;
      callers.slice(position + 1).forEach((caller) => {
        caller.querySelectorAll("input:checked").forEach((radio) => { radio.checked = false; });
        caller.querySelector("[data-said]").textContent = form.dataset.toCall;
        caller.hidden = true;
      });
    }

    function strike(result) {
      form.querySelectorAll(".chip.call.struck").forEach((chip) => {
        chip.classList.remove("struck");
        chip.removeAttribute("title");
      });
      form.querySelectorAll("[data-reason-for]").forEach((line) => { line.textContent = ""; });
      (result.struck || []).forEach((item) => {
        const input = form.querySelector(`input[name="call-${item.position}"][value="${item.value}"]`);
        if (!input) return;
        const chip = input.closest(".chip");
        chip.classList.add("struck");
        chip.title = item.reason;
        if (input.checked) {
          const line = form.querySelector(`[data-reason-for="${item.position}"]`);
          if (line) line.textContent = item.reason;
          callers[item.position].open = true;
        }
      });
      // The dealer forced to bid: say why pass is struck even before a tap.
      if (typeof result.due === "number") {
        const forced = (result.struck || []).find((item) => item.position === result.due && item.value === "pass");
        const line = form.querySelector(`[data-reason-for="${result.due}"]`);
        if (forced && line) line.textContent = forced.reason;
      }
    }

    function reveal(result) {
      if (typeof result.due === "number" && callers[result.due]) {
        callers[result.due].hidden = false;
        callers[result.due].open = true;
      }
      play.hidden = !result.won;
      form.querySelectorAll("[data-declaration]").forEach((chip) => {
        const offered = result.won && result.declarations.includes(chip.dataset.declaration);
        const radio = chip.querySelector("input");
        chip.hidden = !offered;
        radio.disabled = !offered;
        if (!offered) radio.checked = false;
      });
      if (!result.won) form.querySelectorAll('input[name="tricks"]:checked').forEach((r) => { r.checked = false; });
      const side = form.querySelector("[data-bidding-side]");
      if (side && result.bidding_side) side.textContent = result.bidding_side;
      const declarer = form.querySelector("[data-declarer]");
      if (declarer && result.declarer) declarer.textContent = result.declarer;
      if (submit && form.querySelector('input[name="phase"]').value !== "correct") {
        // With the script several calls may be waiting to be saved together.
        submit.textContent = result.won ? form.dataset.saveDeal
          : result.due_name ? form.dataset.saveCalls : form.dataset.savePlain;
      }
    }

    function show(result) {
      const summary = form.querySelector("[data-summary]");
      if (summary && result.summary) summary.textContent = result.summary;
      strike(result);
      reveal(result);
      // What saving would refuse, just above the button the player is about to tap.
      const verdict = form.querySelector("[data-verdict]");
      if (verdict) {
        verdict.textContent = result.error || "";
        verdict.classList.remove("refused");
      }
    }

    const check = window.Scorekeeper.liveCheck(form, show);

    form.addEventListener("change", (event) => {
      // A refusal from the last save is about the hand as it was: it goes once anything changes.
      if (errorBox) {
        errorBox.textContent = "";
        errorBox.hidden = true;
      }
      if (event.target.name && event.target.name.startsWith("call-")) called(event.target);
      check();
    });
  });
})();
