// Saving in place: a deal screen's forms (save, undo, redo) go to the same address in the
// background, with the version the page shows as If-Match, and the screen the server answers
// with is swapped in — no page load, nothing jumps. A refusal is shown next to the player it
// concerns and every value stays; a change another phone made first is shown in place.
// Without this script the forms post and the server answers with pages, as it always did.
(function () {
  "use strict";
  const S = window.Scorekeeper = window.Scorekeeper || {};
  const box = document.getElementById("screen");
  if (!box) return;
  const handlers = [];
  S.appScrolls = [];  // when the app scrolled by itself (a benchmark tells them from the player's)
  S.swaps = 0;  // screens swapped in so far (a benchmark or a test can wait for the next)
  S.answered = [];  // called with each answer the server gives a save (offline.js takes the deals ahead)
  S.unreachable = null;  // offline.js: keeps a save the server could not be reached for, true if it did

  // The family scripts bind their screen here; they are called again after every swap.
  S.onScreen = function (bind) {
    handlers.push(bind);
    bind(box);
  };

  // A scroll the app makes itself (never one the player has to make).
  S.scrollTo = function (node, left, top) {
    S.appScrolls.push(performance.now());
    node.scrollTo({ left: left, top: top });
  };

  function swap(answer) {
    box.innerHTML = answer.html;
    document.querySelectorAll("main > .flash").forEach((node) => node.remove());
    if (answer.url) history.replaceState(null, "", answer.url);
    if (answer.title) document.title = `${answer.title} — ${document.title.split(" — ").pop()}`;
    if (window.scrollY !== 0) S.scrollTo(window, 0, 0);
    handlers.forEach((bind) => bind(box));
    if (S.fitTitles) S.fitTitles(box);
    revealer();
    S.swaps += 1;
    const heading = box.querySelector("h1");
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }

  // A secret game's end (games/_over.html) names reveal.js, loaded once by queue.js: a first load never needs it.
  function revealer() {
    if (box.querySelector("[data-reveal-script]") && S.queue) S.queue.load("reveal");
  }

  // The sheet over the deal screen (table_sheet.js) swaps the screen in place after a table event or a
  // correction, and binds the family script to an earlier deal's form it shows.
  S.swap = swap;
  S.bindScreen = function (node) {
    handlers.forEach((bind) => bind(node));
  };

  function say(text) {
    if (!text) return;
    const spot = box.querySelector(".strip-caption") || box.querySelector("[data-status]");
    if (!spot) return;
    spot.textContent = text;
    spot.hidden = false;
  }

  function alertBox(text) {
    const node = box.querySelector("#entry-error");
    if (!node) return;
    node.textContent = text || "";
    node.hidden = !text;
    if (text) reveal(node);
  }

  // A refusal is read where it is shown: a row scrolled out of sight, or under the sticky Save bar,
  // is brought into view above the bar (the bar's own message is always in view).
  function reveal(node) {
    const bar = box.querySelector(".save-bar");
    if (bar && bar.contains(node)) return;
    const shown = (node.closest(".line") || node).getBoundingClientRect();
    const limit = Math.min(window.innerHeight, bar ? bar.getBoundingClientRect().top : Infinity);
    if (shown.top >= 0 && shown.bottom <= limit) return;
    const above = Math.max(0, (limit - shown.height) / 2);
    S.scrollTo(window, window.scrollX, window.scrollY + shown.top - above);
  }

  // A refusal next to the player it concerns, else in the Save bar, just above the button tapped.
  function refuse(form, answer) {
    form.querySelectorAll("[data-error-for].refused").forEach((node) => {
      node.textContent = "";
      node.classList.remove("refused");
    });
    const spot = answer.seat !== null && answer.seat !== undefined && answer.field
      ? form.querySelector(`[data-error-for="${answer.field}-${answer.seat}"]`) : null;
    const target = spot || form.querySelector("[data-verdict]");
    if (target) {
      target.textContent = answer.error;
      target.classList.add("refused");
      reveal(target);
    } else {
      alertBox(answer.error);
    }
  }

  async function send(form, submitter) {
    const data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    const version = form.querySelector('input[name="version"]');
    let response;
    try {
      response = await fetch(form.action, {
        method: "POST", body: data,
        headers: { "Accept": "application/json", "If-Match": version ? version.value : "" },
      });
    } catch (error) {
      if (S.unreachable && await S.unreachable(form, submitter)) return;
      refuse(form, { error: box.dataset.unreachable, seat: null });
      return;
    }
    const answer = await response.json().catch(() => null);
    if (answer) S.answered.forEach((take) => take(answer));
    if (!answer) {
      form.submit();  // an answer the script does not know (an expired form): let the page show it
    } else if (response.ok && answer.html) {
      swap(answer);
      say(answer.message);
    } else if (response.ok && answer.correction) {
      S.showCorrection(form, answer.correction);  // what the correction changes, before a second Save
    } else if (response.ok) {
      window.location.assign(answer.url);
    } else if (response.status === 409 && answer.html) {
      swap(answer);
      alertBox(answer.error);
    } else if (response.status === 409) {
      window.location.assign(answer.url);
    } else {
      refuse(form, answer);
    }
  }

  box.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches("form[data-save], form[data-inplace]")) return;
    const submitter = event.submitter;
    if (submitter && submitter.name === "fill") return;  // the family script fills in on the page
    event.preventDefault();
    if (form.dataset.busy) return;
    form.dataset.busy = "1";
    Promise.resolve(S.pending)
      .then(() => send(form, submitter))
      .finally(() => { delete form.dataset.busy; });
  });
})();
