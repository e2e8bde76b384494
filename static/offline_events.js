// The table's events with no connection. offline.js loads this script in the background once a game's
// page is up (the worker keeps it), never at first load. Online, it keeps the forms of the table's events
// as the game stands (web/games/offline_events.py renders the sheet's own form of each kind). Offline, the
// scorer picks an event, fills its form as on the sheet, and the phone keeps it in the queue, "not yet
// checked", sent in its place among the deals and checked by the engine then. What an event would change
// is not previewed here: the server says when the connection is back.
(function () {
  "use strict";
  const S = window.Scorekeeper = window.Scorekeeper || {};
  const Q = S.offlineQueue;
  if (!Q) return;
  const key = () => `offline-events-${Q.plan().game}`;

  function kept() {
    try {
      return JSON.parse(localStorage.getItem(key()) || "null");
    } catch (error) {
      return null;
    }
  }

  // The forms as the game stands now, unless this version's are kept already.
  async function fetchForms() {
    const plan = Q.plan();
    const had = kept();
    if (!plan.events_url || !navigator.onLine || (had && had.version === plan.version)) return;
    try {
      const response = await fetch(plan.events_url, { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (response.ok) localStorage.setItem(key(), await response.text());
    } catch (error) {
      // Offline already: the forms kept before serve.
    }
  }

  // An event kept on this phone ({ event: kind, fields, text, title, replans, seat }), sent in its place.
  async function queue(event) {
    const plan = Q.plan();
    const entries = await Q.waitingEntries();
    await Q.keep(Object.assign({ game: plan.game, values: {}, csrf: plan.csrf, state: "waiting", unchecked: true,
                                 seen: entries.length && entries[0].seen ? entries[0].seen : plan.seen,
                                 made: Date.now() }, event));
    await Q.showOffline();
    const shown = document.querySelector(".status");
    if (shown) shown.textContent = Q.words.saved_here;
    if (navigator.onLine) Q.flush();
  }

  // What the form says, in the words on its chips and fields: "Bob" · "late to the table" · "+ Add".
  function summary(form) {
    const said = [];
    form.querySelectorAll("input:checked, input[type=text], input[type=number]").forEach((input) => {
      if (input.type === "hidden") return;
      if (input.type === "text" || input.type === "number") {
        if (input.value.trim()) said.push(input.value.trim());
        return;
      }
      const label = input.closest("label");
      const text = label ? label.textContent.replace(/\s+/g, " ").trim() : input.value;
      if (text) said.push(text);
    });
    return said.join(" · ");
  }

  function fields(form) {
    const skipped = new Set(["csrf_token", "step", "from", "version"]);
    return Array.from(new FormData(form).entries())
      .filter(([name, value]) => !skipped.has(name) && typeof value === "string")
      .map(([name, value]) => [name, value]);
  }

  async function panel(box) {
    const number = await Q.dueNumber();  // the deal due on this phone, the queue counted
    const hint = (event) => Q.say(event.hint, { next: number, last: number - 1 });
    const words = Q.words;
    const element = Q.element;
    const forms = kept();
    if (!forms) return;
    const back = () => Q.showOffline();
    const section = element("section", { class: "offline-events", "aria-labelledby": "offline-events-heading" });
    const heading = element("h1", { id: "offline-events-heading", tabindex: "-1" }, words.events);
    const leave = element("button", { type: "button", class: "link" }, words.event_back);
    leave.addEventListener("click", back);
    section.append(heading);
    const list = element("ul", { class: "offline-event-kinds" });
    forms.events.forEach((event) => {
      const item = element("li");
      const pick = element("button", { type: "button", class: "event-kind", disabled: !event.allowed });
      pick.append(element("strong", {}, event.label), element("span", { class: "hint" }, hint(event)));
      item.append(pick);
      if (!event.allowed && event.reason) item.append(element("p", { class: "hint" }, event.reason));
      pick.addEventListener("click", () => open(event));
      list.append(item);
    });
    section.append(list, leave);
    box.textContent = "";
    box.append(section);
    heading.focus({ preventScroll: true });

    function open(event) {
      const panel = section;
      panel.textContent = "";
      const title = element("h1", { id: "offline-events-heading", tabindex: "-1" }, event.label);
      panel.append(title, element("p", { class: "hint" }, hint(event)));
      const keepIt = (form) => queue({
        event: event.kind,
        fields: form ? fields(form) : [],
        text: form ? summary(form) : hint(event),
        title: event.label,
        replans: event.replans,
        seat: form && form.querySelector("input[name=seat]:checked") ? form.querySelector("input[name=seat]:checked").value : null,
      });
      if (event.form) {
        const holder = element("div");
        holder.innerHTML = event.form;
        panel.append(holder);
        const form = holder.querySelector("form");
        const submit = form ? form.querySelector("[data-check]") : null;
        if (submit) submit.textContent = forms.keep;
        // A reason, or a newcomer's name from the table's roster, in one tap (as in the sheet).
        holder.querySelectorAll("[data-reason-chips], [data-newcomer-chips]").forEach((chips) => {
          chips.hidden = false;
          chips.addEventListener("click", (tap) => {
            const chosen = tap.target.closest("[data-reason-text], [data-newcomer-name]");
            if (!chosen || !form) return;
            const reason = "reasonText" in chosen.dataset;
            const field = form.querySelector(reason ? "input[name=reason]" : "input[name=name]");
            if (field) field.value = reason ? chosen.dataset.reasonText : chosen.dataset.newcomerName;
          });
        });
        if (form) {
          form.addEventListener("submit", (submitted) => {
            submitted.preventDefault();
            const missing = Array.from(form.querySelectorAll("[data-needed]")).find((input) => !input.value.trim());
            if (missing) {
              missing.setAttribute("aria-invalid", "true");
              missing.focus();
              return;
            }
            keepIt(form);
          });
        }
      } else {
        const yes = element("button", { type: "button", class: "primary" }, forms.keep);
        yes.addEventListener("click", () => keepIt(null));
        panel.append(yes);
      }
      const cancel = element("button", { type: "button", class: "link" }, words.event_back);
      cancel.addEventListener("click", back);
      panel.append(cancel);
      title.focus({ preventScroll: true });
    }
  }

  S.offlineEvents = { fetch: fetchForms, open: panel };
})();
