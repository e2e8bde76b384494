// The sheet over the deal screen: table events and corrections without leaving the deal. A tap on
// "Table events", on a player's name or on "Correct" (or the standings) opens a <dialog> with the page
// a browser without this script opens, asked for as a fragment (JSON). Its forms go to the same
// addresses in the background, with their token and the version the deal screen shows (If-Match):
// an event's form asks what the event would change as soon as a choice is tapped and shows it beside
// the form; a refusal shows the engine's reason in the sheet; another phone's change (409) refreshes
// the deal screen behind it and says so. Once recorded, the sheet closes and the deal screen is
// swapped in place, as saving a deal does (screen.js). Without this script the links open pages.
(function () {
  "use strict";
  const S = window.Scorekeeper;
  const box = document.getElementById("screen");
  const dialog = document.querySelector("[data-table-sheet]");
  if (!S || !S.swap || !box || !dialog || typeof dialog.showModal !== "function") return;
  const body = dialog.querySelector("[data-sheet-body]");
  const game = dialog.dataset.game;
  // The game's pages the sheet shows in place: its events, a player's, the deals and a deal.
  const INSIDE = new RegExp(`^${game}/(events(/[^/]+)*|deals(/\\d+)?|another-phone)$`);
  const WATCHED = "aria-labelledby aria-describedby aria-controls for list".split(" ");
  let opener = null;
  let shown = null;  // the address of what the sheet shows
  let loading = null;  // the request on its way (a newer one cancels it)
  S.sheetLoads = 0;  // fragments shown in the sheet so far (a benchmark or a test can wait for the next)

  // What a tap sets going, for a benchmark or a test to wait for (as the live check does).
  function track(work) {
    S.pending = work.catch(() => null);
    return S.pending;
  }

  function screenVersion() {
    const field = box.querySelector('input[name="version"]');
    return field ? field.value : "";
  }

  function modified(event) {
    return event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
  }

  function open(url, from) {
    opener = from || null;
    if (!dialog.open) {
      body.innerHTML = '<p class="sheet-wait" aria-hidden="true">…</p>';
      dialog.showModal();
    }
    return load(url);
  }

  function close() {
    if (dialog.open) dialog.close();
  }

  dialog.addEventListener("close", () => {
    if (loading) loading.abort();
    body.innerHTML = "";
    shown = null;
    const back = opener && opener.isConnected ? opener : box.querySelector("h1");
    opener = null;
    if (!back) return;
    if (back.tagName === "H1") back.tabIndex = -1;
    back.focus({ preventScroll: true });
  });

  // A fragment or a check is cancelled by the next one (only the latest counts); what records is never
  // cancelled, but cancels the check still on its way.
  async function request(url, options, records) {
    if (loading) loading.abort();
    const mine = new AbortController();
    if (!records) loading = mine;
    try {
      const response = await fetch(url, {
        ...options, signal: mine.signal, credentials: "same-origin",
        headers: { "Accept": "application/json", ...(options.headers || {}) },
      });
      const answer = await response.json().catch(() => null);
      return { response, answer };
    } finally {
      if (loading === mine) loading = null;
    }
  }

  async function load(url, note) {
    let got;
    try {
      got = await request(url, { method: "GET" });
    } catch (error) {
      if (error.name !== "AbortError") problem(dialog.dataset.unreachable);
      return;
    }
    if (!got.answer || !got.answer.dialog) {
      window.location.assign(url);  // not a fragment (the game is over, or not this phone's): the page says
      return;
    }
    show(got.answer.dialog, url);
    if (note) problem(note);
  }

  // --- what the sheet shows ----------------------------------------------------------------------

  function show(html, url) {
    if (body.scrollTop) S.scrollTo(body, 0, 0);
    body.innerHTML = html;
    shown = url;
    uniqueIds(body);
    bind(body, url);
    S.sheetLoads += 1;
    focusFirst();
  }

  // The sheet's ids are its own: one the deal screen behind has too (an earlier deal's rows) is renamed,
  // with every reference to it inside the sheet.
  function uniqueIds(node) {
    const renamed = new Map();
    node.querySelectorAll("[id]").forEach((element) => {
      if (document.querySelectorAll(`[id="${CSS.escape(element.id)}"]`).length > 1) {
        renamed.set(element.id, `sheet-${element.id}`);
        element.id = `sheet-${element.id}`;
      }
    });
    if (!renamed.size) return;
    WATCHED.forEach((name) => {
      node.querySelectorAll(`[${name}]`).forEach((element) => {
        const ids = element.getAttribute(name).split(/\s+/).map((id) => renamed.get(id) || id);
        element.setAttribute(name, ids.join(" "));
      });
    });
  }

  function bind(node, url) {
    // The table's names and the reasons to tap (hidden without a script, which types them).
    node.querySelectorAll("[data-newcomer-chips], [data-reason-chips]").forEach((chips) => { chips.hidden = false; });
    const name = node.querySelector("form.event-form input[name='name']");
    if (name && node.querySelector("#newcomer-roster")) name.setAttribute("list", "newcomer-roster");
    // An earlier deal's form: sent to its own address, and back to the deal in progress afterwards.
    const entry = node.querySelector("form[data-save]");
    if (entry) {
      if (!entry.getAttribute("action")) entry.setAttribute("action", url);
      const back = document.createElement("input");
      back.type = "hidden";
      back.name = "back";
      back.value = "screen";
      entry.append(back);
      S.bindScreen(node);
      // A row sliding sideways shows its chosen number.
      entry.querySelectorAll(".rows .chips").forEach((row) => {
        const chosen = row.querySelector("input:checked");
        const chip = chosen && chosen.closest(".chip");
        const over = chip ? chip.getBoundingClientRect().right - row.getBoundingClientRect().right : 0;
        if (over > 0) S.scrollTo(row, row.scrollLeft + over + 16, 0);
      });
    }
    const next = node.querySelector("form.event-form [data-check]");
    if (next) next.hidden = Boolean(node.querySelector("[data-preview] [data-record]"));
  }

  function focusFirst() {
    const invalid = body.querySelector("input[aria-invalid='true']:not([type=radio]):not([type=checkbox])");
    const error = body.querySelector(".error[role=alert]:not([hidden])");
    const typed = [...body.querySelectorAll("form.event-form [data-needed]")].find((field) => !field.value);
    const target = invalid || error || (body.querySelector("[data-record]") ? null : typed)
      || body.querySelector("#sheet-title");
    if (target) target.focus({ preventScroll: true });
    if (target && target !== typed) bring(target);
  }

  // Bring a node into the sheet's view (the sheet scrolls, never the page), as the app's own scroll.
  function bring(node) {
    const view = body.getBoundingClientRect();
    const shown = node.getBoundingClientRect();
    if (shown.top >= view.top && shown.bottom <= view.bottom) return;
    // Its foot into view, unless its top would go: a node taller than the sheet shows its top.
    const by = shown.bottom > view.bottom
      ? Math.min(shown.bottom - view.bottom + 8, shown.top - view.top - 8) : shown.top - view.top - 8;
    S.scrollTo(body, 0, body.scrollTop + by);
  }

  // A message in the sheet's alert: the one the fragment has, or a new one under its title.
  function problem(text) {
    if (!text) return;
    let alert = body.querySelector("#event-error, [data-sheet-error]");
    if (!alert) {
      alert = document.createElement("div");
      alert.className = "error";
      alert.setAttribute("role", "alert");
      alert.tabIndex = -1;
      alert.dataset.sheetError = "";
      const title = body.querySelector("#sheet-title");
      if (title) title.after(alert); else body.prepend(alert);
    }
    alert.textContent = text;
    alert.hidden = false;
    alert.focus({ preventScroll: true });
    bring(alert);
  }

  function tell(text) {
    const status = box.querySelector("[data-status]");
    if (!status || !text) return;
    status.textContent = text;
    status.hidden = false;
  }

  // --- an event's form: what it would change, as soon as nothing is left to type ----------------

  function ready(form) {
    return [...form.querySelectorAll("[data-needed]")].every((field) => field.disabled || field.value.trim() !== "");
  }

  function outdated(form) {
    const slot = body.querySelector("[data-preview]");
    if (slot && slot.firstElementChild) slot.innerHTML = "";
    const next = form.querySelector("[data-check]");
    if (next) next.hidden = false;
  }

  // A tap on a choice: what the event would change, once nothing is left to type; else the cursor goes
  // where the typing is left to do.
  function changed(form) {
    outdated(form);
    if (ready(form)) return send(form, form.querySelector("[data-check]"));
    const typed = [...form.querySelectorAll("[data-needed]")].find((field) => !field.disabled && !field.value.trim());
    if (typed) {
      typed.focus({ preventScroll: true });
      bring(typed);
    }
    return Promise.resolve();
  }

  function preview(form, answer) {
    const slot = body.querySelector("[data-preview]");
    if (!slot || !form.isConnected) {
      show(answer.dialog, shown);
      return;
    }
    const asked = document.activeElement;
    slot.innerHTML = answer.preview;
    const alert = body.querySelector("#event-error");
    if (alert) {
      alert.textContent = "";
      alert.hidden = true;
    }
    form.querySelectorAll("[aria-invalid]").forEach((field) => {
      field.removeAttribute("aria-invalid");
      field.removeAttribute("aria-describedby");
    });
    const next = form.querySelector("[data-check]");
    if (next) next.hidden = true;
    S.sheetLoads += 1;
    const yes = slot.querySelector("[data-record]");
    if (!yes) return;
    if (asked === next || asked === document.body || !body.contains(asked)) yes.focus({ preventScroll: true });
    bring(slot);
  }

  // --- sending a form of the sheet -----------------------------------------------------------------

  async function send(form, submitter) {
    const data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    const records = data.get("step") !== "check" && !form.matches(".event-form");
    let got;
    try {
      const headers = { "If-Match": screenVersion() };
      got = await request(form.action, { method: "POST", body: data, headers }, records);
    } catch (error) {
      if (error.name !== "AbortError") problem(dialog.dataset.unreachable);
      return;
    }
    const { response, answer } = got;
    if (!answer) {
      form.submit();  // an answer the script does not know (an expired form): let the page show it
      return;
    }
    if (S.answered) S.answered.forEach((take) => take(answer));
    if (response.ok && answer.correction) {
      const slot = S.showCorrection(form, answer.correction);  // said before it is saved: Save again
      if (slot) bring(slot);
    } else if (response.ok && !answer.dialog) {
      done(answer);
    } else if (response.ok && answer.preview && form.matches(".event-form")) {
      preview(form, answer);
    } else if (response.ok) {
      show(answer.dialog, shown);
    } else {
      await refused(form, response.status, answer);
    }
  }

  // Recorded: the deal screen the server answers with, in place (or the page it names).
  function done(answer) {
    if (!answer.html) {
      if (answer.url) window.location.assign(answer.url);
      return;
    }
    S.swap(answer);
    close();
    tell(answer.message);
  }

  function refused(form, status, answer) {  // what the sheet shows of a refusal (a promise when it loads)
    if (status === 409 && answer.html) {
      S.swap(answer);  // another phone changed the game first: the deal screen as it is now, behind
    } else if (status === 409 && answer.url) {
      window.location.assign(answer.url);
      return;
    }
    if (answer.dialog) {
      show(answer.dialog, shown);
      problem(answer.error);
    } else if (form.matches("[data-save]") && status === 409) {
      return load(shown, answer.error);  // the earlier deal as the other phone left it
    } else if (form.matches("[data-save]")) {
      refuseEntry(form, answer);
    } else {
      problem(answer.error);
    }
  }

  // An earlier deal's refusal next to the player it concerns, else above its Save.
  function refuseEntry(form, answer) {
    form.querySelectorAll("[data-error-for].refused").forEach((node) => {
      node.textContent = "";
      node.classList.remove("refused");
    });
    const spot = answer.seat !== null && answer.seat !== undefined && answer.field
      ? form.querySelector(`[data-error-for="${answer.field}-${answer.seat}"]`) : null;
    const target = spot || form.querySelector("[data-verdict]");
    if (!target) {
      problem(answer.error);
      return;
    }
    target.textContent = answer.error;
    target.classList.add("refused");
    bring(target.closest(".line") || target);
  }

  // --- taps -----------------------------------------------------------------------------------------

  // (The menu's "Another phone keeps score" too.)
  document.addEventListener("click", (event) => {
    if (modified(event) || dialog.contains(event.target)) return;
    const link = event.target.closest("a[data-sheet]");
    const standings = event.target.closest("[data-open-corrections]");
    const target = link || (standings && box.querySelector("a.correct-link"));
    if (!target) return;
    event.preventDefault();
    const menu = target.closest("[data-menu]");
    if (menu) menu.open = false;
    track(open(target.href, menu ? menu.firstElementChild : target));
  });

  dialog.addEventListener("click", (event) => {
    if (event.target === dialog || event.target.closest("[data-sheet-close]")) {
      close();  // the close button, or a tap on the shade around the sheet
      return;
    }
    const law = event.target.closest(".law.brief");
    if (law) law.classList.toggle("whole");
    const chip = event.target.closest("[data-newcomer-name], [data-reason-text]");
    if (chip) {
      const form = chip.closest("form");
      const field = form && form.querySelector(`input[name="${"newcomerName" in chip.dataset ? "name" : "reason"}"]`);
      if (!field) return;
      field.value = "newcomerName" in chip.dataset ? chip.dataset.newcomerName : chip.dataset.reasonText;
      chip.parentElement.querySelectorAll("button").forEach((other) => {
        other.setAttribute("aria-pressed", other === chip ? "true" : "false");
      });
      track(changed(form));
      return;
    }
    const link = event.target.closest("a[href]");
    if (!link || modified(event)) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin || !INSIDE.test(url.pathname)) return;
    event.preventDefault();
    track(load(url.pathname + url.search));
  });

  dialog.addEventListener("change", (event) => {
    const field = event.target;
    const form = field.closest("form.event-form");
    if (!form || !field.matches("input[type=radio], input[type=checkbox]")) return;
    const label = field.closest("label");
    const typed = label && label.querySelector("input[type=number], input[type=text]");
    if (typed) {  // "another number": typed next to it
      outdated(form);
      typed.focus();
      return;
    }
    if (field.type === "checkbox" && !form.querySelector(`input[name="${field.name}"]:checked`)) {
      outdated(form);
      return;
    }
    track(changed(form));
  });

  dialog.addEventListener("input", (event) => {
    const form = event.target.closest("form.event-form");
    if (form && event.target.matches("input[type=text], input[type=number]")) outdated(form);
  });

  dialog.addEventListener("submit", (event) => {
    const form = event.target;
    const submitter = event.submitter;
    if (submitter && submitter.name === "fill") return;  // the family script fills in on the page
    event.preventDefault();
    if (form.dataset.busy) return;
    form.dataset.busy = "1";
    const before = S.pending;
    track(Promise.resolve(before).then(() => send(form, submitter)).finally(() => { delete form.dataset.busy; }));
  });
})();
