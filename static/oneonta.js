// Live help on the Oneonta deal screen: after each tap, ask the server (the engine) what the
// entry so far means and show it — struck bid chips and Double switches with the reasons, the
// running bid total, the tricks left (or what the dummy takes), what saving would refuse — and
// fill in the tricks the tapped ones imply, marked as filled in and changeable. A Double belongs
// to the bids it can double: choosing a bid it cannot double clears it, and its refusal with it.
// Without this script the form works the same, by submitting.
(function () {
  "use strict";
  const S = window.Scorekeeper;

  S.onScreen(function (box) {
    const form = box.querySelector("form[data-check-url]");
    if (!form) return;
    const errorBox = box.querySelector("#entry-error");

    function setText(selector, text) {
      const node = form.querySelector(selector);
      if (node && typeof text === "string") node.textContent = text;
    }

    function targetOf(item) {
      const input = item.value === "double"
        ? form.querySelector(`input[name="double-${item.seat}"]`)
        : form.querySelector(`input[name="bid-${item.seat}"][value="${item.value}"]`);
      return input ? input.closest("label") : null;
    }

    function strike(struck) {
      form.querySelectorAll("label.struck").forEach((label) => {
        label.classList.remove("struck");
        label.removeAttribute("title");
        label.querySelector("input").disabled = false;
      });
      const reasons = new Map();
      struck.forEach((item) => {
        const label = targetOf(item);
        if (label) {
          label.classList.add("struck");
          label.title = item.reason;
          const input = label.querySelector("input");
          input.disabled = !input.checked;  // a struck choice already made stays, to be changed
        }
        const seen = reasons.get(item.seat) || [];
        if (!seen.includes(item.reason)) seen.push(item.reason);
        reasons.set(item.seat, seen);
      });
      form.querySelectorAll("[data-reason-for]").forEach((line) => {
        line.replaceChildren(...(reasons.get(Number(line.dataset.reasonFor)) || []).map((text) => {
          const span = document.createElement("span");
          span.textContent = text;
          return span;
        }));
      });
    }


    let arrange = () => {};  // a big table's folding of the bidders not due, once bound (below)

    function show(result) {
      setText("[data-summary]", result.summary);
      setText("[data-tricks-text]", result.tricks_text);
      strike(result.struck || []);
      arrange();
      if (result.fill) S.fillInTricks(form, result.fill);
      suggest(result.everyone);
      // What the engine would say on saving, next to the button the player is about to tap; a count of
      // tricks that cannot stand is said by the count itself, in red beside the held-back Save.
      const wrongCount = S.showTally(form, result);
      setText("[data-verdict]", wrongCount ? "" : result.error || "");
    }

    const check = S.liveCheck(form, show);
    const suggest = S.everyoneButton(form, () => check());
    S.confirmFilled(form, check);

    form.addEventListener("change", (event) => {
      const input = event.target;
      // A refusal from the last save is about the entry as it was: it goes once anything changes.
      if (errorBox) {
        errorBox.textContent = "";
        errorBox.hidden = true;
      }
      // A Double goes with the bids the engine lets double: another bid clears it, and its refusal.
      const bid = /^bid-(\d+)$/.exec(input.name || "");
      const double = bid ? form.querySelector(`input[name="double-${bid[1]}"]`) : null;
      if (double && double.checked && !double.dataset.doubles.split(" ").includes(input.value)) {
        double.checked = false;
      }
      const row = input.closest("[data-tricks-row]");
      if (row) {
        delete row.dataset.soft;
        row.classList.remove("filled");
      }
      check();
    });

    // At a big table the bidding goes round one bidder at a time (Oneonta is bid in turn): the bidder due
    // stays open, every bid and null in reach, and the others fold to a line each with their bid; a tap on
    // one opens it. A bid tapped folds its bidder and opens the next one due, so that a bid, a null as
    // well, is one tap. A choice made from the keyboard folds nothing: the focus stays where it was.
    const bidders = [...form.querySelectorAll(".rows-turns .line.bidder")];
    if (!bidders.length) return;
    form.classList.add("folding");
    let opened = null;  // the bidder the player opened, over the one due
    let pointer = false;  // whether the last choice came from a tap (else from the keyboard)

    function chosen(line) {
      return line.querySelector('input[name^="bid-"]:checked');
    }

    function foldText(line, fold) {
      const bid = chosen(line);
      const double = line.querySelector('input[name^="double-"]');
      const text = fold.querySelector(".fold-bid");
      text.replaceChildren(...(bid ? bid.nextElementSibling.cloneNode(true).childNodes : [document.createTextNode("—")]));
      if (bid && double && double.checked) text.append(" ×2");
      fold.classList.toggle("none", !bid);
      fold.classList.toggle("struck", Boolean(bid && bid.closest("label").classList.contains("struck")));
    }

    // Due: the first bidder in bidding order with no bid yet, or with a bid the engine now strikes.
    arrange = function () {
      const due = bidders.find((line) => !chosen(line) || chosen(line).closest("label.struck"));
      const open = opened || due || null;
      bidders.forEach((line) => {
        const folded = line !== open;
        const fold = line.querySelector("[data-fold]");
        if (folded && line.contains(document.activeElement) && !fold.contains(document.activeElement)) {
          fold.hidden = false;
          fold.focus({ preventScroll: true });  // the place kept for a screen reader, on the folded line
        }
        line.classList.toggle("folded", folded);
        line.classList.toggle("open", !folded);
        fold.hidden = !folded;
        fold.setAttribute("aria-expanded", String(!folded));
        foldText(line, fold);
      });
    };

    bidders.forEach((line) => {
      line.querySelector("[data-fold]").addEventListener("click", () => {
        opened = line;
        arrange();
        const first = chosen(line) || line.querySelector('input[name^="bid-"]:not(:disabled)');
        if (first) first.focus({ preventScroll: true });
      });
    });
    form.addEventListener("pointerdown", () => { pointer = true; });
    form.addEventListener("keydown", () => { pointer = false; });
    form.addEventListener("change", (event) => {
      if (!/^(bid|double)-/.test(event.target.name || "")) return;
      if (!event.target.name.startsWith("bid-")) return arrange();
      opened = pointer ? null : event.target.closest(".line.bidder");
      arrange();
    });
    arrange();
  });
})();
