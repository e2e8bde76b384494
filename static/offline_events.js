// The table's events with no connection, in the same sheet over the deal screen as online. offline.js
// loads this script in the background once a game's page is up (the worker keeps it), never at first
// load. Online, it keeps what the phone will need: the forms of the table's events as the game stands
// (web/games/offline_events.py renders the sheet's own form of each kind, once per version), and for
// the deal due and the next ones what the engine says about events there — its verdict on each kind,
// and the deals ahead after each event that changes them — one deal at a time, in the background.
// Offline, "Table events" and each player's name open the sheet as online: the kinds the engine allows
// there (the others with its reason), the event's form, and what it would change before it is kept;
// the phone keeps it in the queue, sent in its place among the deals and checked by the engine then,
// and draws the deals after it from the engine's plan for it.
(function () {
  "use strict";
  const S = window.Scorekeeper = window.Scorekeeper || {};
  const Q = S.offlineQueue;
  if (!Q || S.offlineEvents) return;
  const PIECES_AHEAD = 8;  // the deals ahead whose events are kept: an evening's hour or more offline
  const PLAYER_KINDS = ["sit_out", "adjustment", "revoke", "departure", "substitute"];
  const key = () => `offline-events-${Q.plan().game}`;
  const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

  function kept() {
    try {
      return JSON.parse(localStorage.getItem(key()) || "null");
    } catch (error) {
      return null;
    }
  }

  // --- keeping what the phone will need, online --------------------------------------------------------
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

  async function fetchPieces() {
    for (let step = 0; step < PIECES_AHEAD; step += 1) {
      if (again) return;  // the game changed meanwhile: its forms first, then the deals ahead from there
      const plan = Q.plan();
      if (!plan.pieces_url || !plan.deals.length || !navigator.onLine || document.hidden) return;
      const number = plan.deals[0].number + step;
      const have = Q.pieces()[number];
      if (have && have.layout === plan.layout) continue;
      let response;
      try {
        response = await fetch(`${plan.pieces_url}${number}`, { credentials: "same-origin", headers: { Accept: "application/json" } });
      } catch (error) {
        return;
      }
      if (!response.ok) return;  // the game ends before it
      await Q.keepPiece(await response.json());
      await pause(600);  // one deal at a time: the server works each out (a few tenths of a second)
    }
  }

  // One run at a time. A change while a run is under way (a deal or an event saved in place: a new version,
  // perhaps a new layout of events) runs it again once it ends — the forms first — rather than being
  // dropped: else the phone went offline with the forms and verdicts of the game as it stood at deal 1.
  let fetching = null;
  let again = false;
  function fetchAll() {
    if (fetching) {
      again = true;
      return fetching;
    }
    fetching = (async () => {
      do {
        again = false;
        await pause(800);
        await fetchForms();
        await fetchPieces();
      } while (again && navigator.onLine);
    })().catch(() => null).finally(() => { fetching = null; });
    return fetching;
  }

  // --- the sheet over the deal screen, offline ------------------------------------------------------
  let dialog = null;
  function sheet() {
    if (dialog && dialog.isConnected) return dialog;
    const forms = kept() || {};
    dialog = Q.element("dialog", { class: "table-sheet", "data-offline-sheet": true, "aria-labelledby": "offline-sheet-title" });
    const frame = Q.element("div", { class: "sheet-frame" });
    const close = Q.element("button", { type: "button", class: "sheet-close", "aria-label": forms.close || "✕",
                                        title: forms.close || null });
    close.append(Q.element("span", { "aria-hidden": "true" }, "✕"));
    close.addEventListener("click", () => dialog.close());
    frame.append(close, Q.element("div", { class: "sheet-body" }));
    dialog.append(frame);
    dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
    dialog.addEventListener("close", () => {
      const heading = document.querySelector("#screen h1, main h1");
      if (heading) heading.focus({ preventScroll: true });
    });
    document.body.append(dialog);
    return dialog;
  }

  function show(title, fill) {
    const shown = sheet();
    const body = shown.querySelector(".sheet-body");
    body.textContent = "";
    const heading = Q.element("h2", { id: "offline-sheet-title", class: "sheet-title", tabindex: "-1" }, title);
    body.append(heading);
    fill(body);
    if (!shown.open) shown.showModal();
    heading.focus({ preventScroll: true });
  }

  // What the phone knows at the deal due: the kept forms, and what the engine said about events there.
  async function context() {
    const number = await Q.dueNumber();
    const plan = Q.plan();
    const piece = Q.pieces()[number];
    return { number: number, forms: kept(), names: Q.players().slice(),
             piece: piece && piece.layout === plan.layout ? piece : null };
  }

  function hint(text, ctx) {
    return Q.say(text, { next: ctx.number, last: ctx.number - 1 });
  }

  // The engine's verdict on a kind at the deal due (kept for it), else as the game stood when the forms
  // were kept: then the event is kept "not yet checked", as every event offline is.
  function verdict(kind, ctx) {
    const said = ctx.piece && ctx.piece.kinds[kind];
    if (said) return said;
    const form = ctx.forms.events.find((event) => event.kind === kind);
    return { allowed: form ? form.allowed : false, reason: form ? form.reason : null, seats: null, sides: null };
  }

  function kindsList(items, refused) {
    const list = Q.element("ul", { class: `event-kinds${refused ? " refused" : ""}` });
    items.forEach(({ label, hint: text, open }) => {
      const item = Q.element("li");
      const target = open ? Q.element("button", { type: "button", class: "event-kind" })
        : Q.element("div", { class: "event-kind off", "aria-disabled": "true" });
      target.append(Q.element("span", { class: "kind-name" }, label), Q.element("span", { class: "kind-hint" }, text));
      if (open) target.addEventListener("click", open);
      item.append(target);
      list.append(item);
    });
    return list;
  }

  async function openHub() {
    const ctx = await context();
    if (!ctx.forms) return;
    show(Q.words.events, (body) => {
      const allowed = [];
      const refused = [];
      ctx.forms.events.forEach((event) => {
        const said = verdict(event.kind, ctx);
        if (said.allowed) allowed.push({ label: event.label, hint: hint(event.hint, ctx), open: () => openForm(event.kind, {}) });
        else refused.push({ label: event.label, hint: said.reason || "" });
      });
      body.append(kindsList(allowed, false));
      if (refused.length) {
        body.append(Q.element("h2", { class: "not-now" }, ctx.forms.not_now), kindsList(refused, true));
      }
    });
  }

  async function openPlayer(seat) {
    const ctx = await context();
    if (!ctx.forms) return;
    const name = ctx.names[seat] || "";
    show(name, (body) => {
      const allowed = [];
      const refused = [];
      PLAYER_KINDS.forEach((kind) => {
        const event = ctx.forms.events.find((found) => found.kind === kind);
        if (!event) return;
        const said = verdict(kind, ctx);
        const branch = ctx.piece && ctx.piece.branches.find((found) => found.kind === kind && found.seat === seat);
        const mine = kind === "adjustment" ? !said.sides || said.sides.includes(seat) : !said.seats || said.seats.includes(seat);
        const text = Q.say(ctx.forms.player_hints[kind], { name: name, next: ctx.number, last: ctx.number - 1 });
        const preset = kind === "adjustment" ? { side: seat } : kind === "revoke" ? { seats: seat } : { seat: seat };
        if (said.allowed && mine && !(branch && branch.refused !== undefined)) {
          allowed.push({ label: event.label, hint: text, open: () => openForm(kind, preset) });
        } else {
          refused.push({ label: event.label, hint: (branch && branch.refused) || said.reason || "" });
        }
      });
      body.append(kindsList(allowed, false));
      if (refused.length) body.append(Q.element("h2", { class: "not-now" }, ctx.forms.not_now), kindsList(refused, true));
    });
  }

  // --- one event: its form, what it would change, and keeping it -------------------------------------
  function fields(form) {
    const skipped = new Set(["csrf_token", "step", "from", "version"]);
    return form ? Array.from(new FormData(form).entries())
      .filter(([name, value]) => !skipped.has(name) && typeof value === "string") : [];
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

  function ready(form) {
    return !form || Array.from(form.querySelectorAll("[data-needed]")).every((input) => input.disabled || input.value.trim());
  }

  async function openForm(kind, preset) {
    const ctx = await context();
    const event = ctx.forms.events.find((found) => found.kind === kind);
    show(event.label, (body) => {
      const holder = Q.element("div");
      holder.innerHTML = event.form;
      body.append(Q.element("p", { class: "hint" }, hint(event.hint, ctx)), holder);
      const form = holder.querySelector("form");
      const slot = Q.element("div", { class: "sheet-preview", "data-preview": true, "aria-live": "polite" });
      body.append(slot);
      if (form) {
        Object.entries(preset).forEach(([name, value]) => {
          const input = form.querySelector(`input[name="${name}"][value="${value}"]`);
          if (input) input.checked = true;
        });
        // A reason, or a newcomer's name from the table's roster, in one tap (as in the sheet online).
        holder.querySelectorAll("[data-reason-chips], [data-newcomer-chips]").forEach((chips) => { chips.hidden = false; });
        holder.addEventListener("click", (tap) => {
          const chosen = tap.target.closest("[data-reason-text], [data-newcomer-name]");
          if (!chosen) return;
          const reason = "reasonText" in chosen.dataset;
          const input = form.querySelector(reason ? "input[name=reason]" : "input[name=name]");
          if (input) input.value = reason ? chosen.dataset.reasonText : chosen.dataset.newcomerName;
          changed();
        });
        const next = form.querySelector("[data-check]");
        const outdated = () => {
          slot.textContent = "";
          if (next) next.hidden = false;  // "Next" again, as online, until what it would change is shown
        };
        const changed = () => {
          outdated();
          if (ready(form)) preview(ctx, event, form, slot);
        };
        form.addEventListener("change", changed);
        form.addEventListener("input", outdated);
        form.addEventListener("submit", (submitted) => {
          submitted.preventDefault();
          const missing = Array.from(form.querySelectorAll("[data-needed]")).find((input) => !input.value.trim());
          if (missing) {
            missing.setAttribute("aria-invalid", "true");
            missing.focus();
            return;
          }
          preview(ctx, event, form, slot);
        });
        if (ready(form) && Object.keys(preset).length) preview(ctx, event, form, slot);
      } else {
        preview(ctx, event, null, slot);  // nothing to ask (a misdeal, stopping): what it does, and yes
      }
    });
  }

  function branchFor(ctx, kind, form) {
    if (!ctx.piece) return null;
    const chosen = form && form.querySelector(kind === "arrival" ? "input[name=left_of]:checked" : "input[name=seat]:checked");
    return ctx.piece.branches.find((branch) => branch.kind === kind
      && (branch.seat === null || (chosen && String(branch.seat) === chosen.value))) || null;
  }

  function preview(ctx, event, form, slot) {
    slot.textContent = "";
    const next = form && form.querySelector("[data-check]");
    const branch = branchFor(ctx, event.kind, form);
    if (branch && branch.refused !== undefined) {
      slot.append(Q.element("div", { class: "error", role: "alert" }, branch.refused));
      return;
    }
    const section = Q.element("section", { class: "preview" });
    let text = form ? summary(form) : hint(event.hint, ctx);
    if (branch && branch.text) {
      const name = form && form.querySelector("input[name=name]") ? form.querySelector("input[name=name]").value.trim() : "";
      const start = form && form.querySelector("input[name=start]:checked");
      const startLabel = start ? (start.closest("label").textContent.replace(/\s+/g, " ").trim() || start.value) : "0";
      text = Q.say(branch.text, { newcomer: name, start: startLabel });
    }
    section.append(Q.element("p", { class: "preview-text" }, `${text}.`));
    if (branch && branch.plan) section.append(planTable(branch.plan));
    section.append(Q.element("p", { class: "hint" }, ctx.forms.totals_later));
    slot.append(section);
    // "Go on?" beside the yes, held at the foot of the sheet, as online.
    const yes = Q.element("button", { type: "button", class: "primary", "data-record": true }, ctx.forms.yes_keep);
    yes.addEventListener("click", () => keep(event, form, text, yes));
    const go = Q.element("div", { class: "stack confirm-form" });
    go.append(Q.element("p", { class: "go-on" }, ctx.forms.go_on), yes);
    slot.append(go);
    if (next) next.hidden = true;
    yes.focus({ preventScroll: true });
  }

  function planTable(plan) {
    const forms = kept();
    const box = Q.element("details", { class: "plan" });
    box.append(Q.element("summary", {}, forms.plan_summary));
    const wrap = Q.element("div", { class: "grid-wrap", tabindex: "0", role: "region", "aria-label": forms.plan_region });
    const table = Q.element("table", { class: "grid plan-change" });
    const head = Q.element("tr");
    plan.columns.forEach((text) => head.append(Q.element("th", { scope: "col" }, text)));
    const thead = Q.element("thead");
    thead.append(head);
    const tbody = Q.element("tbody");
    plan.after.forEach((cards, index) => {
      const was = index < plan.before.length ? plan.before[index] : null;
      const row = Q.element("tr", { class: was !== cards ? "changed" : null });
      row.append(Q.element("th", { scope: "row" }, String(plan.first_deal + index)),
                 Q.element("td", {}, was === null ? "—" : String(was)), Q.element("td", {}, String(cards)));
      tbody.append(row);
    });
    table.append(thead, tbody);
    wrap.append(table);
    box.append(wrap);
    return box;
  }

  async function keep(event, form, text, button) {
    // A second tap while the first is being kept would keep the event twice (two arrivals of one name).
    if (button.disabled) return;
    button.disabled = true;
    const chosen = form && form.querySelector("input[name=seat]:checked");
    try {
      await Q.keepEntry({ event: event.kind, fields: fields(form), text: text, title: event.label, unchecked: true,
                          seat: chosen ? chosen.value : null, players: Q.players().slice() });
    } catch (error) {
      button.disabled = false;  // not kept: the next tap tries again
      throw error;
    }
    if (dialog && dialog.open) dialog.close();
    await Q.draw();
    const status = document.querySelector("#screen [data-status], main [data-status]");
    if (status) status.textContent = Q.words.saved_here;
    if (navigator.onLine) Q.flush();
  }

  // Offline, the deal screen's links into the sheet open it here (online, table_sheet.js asks the server).
  document.addEventListener("click", (event) => {
    if (!document.documentElement.classList.contains("offline-entry")) return;
    const link = event.target instanceof Element ? event.target.closest("a[data-sheet]") : null;
    if (!link || !kept()) return;
    event.preventDefault();
    event.stopPropagation();
    const seat = /\/events\/for\/(\d+)$/.exec(new URL(link.href, location.href).pathname);
    if (seat) openPlayer(Number(seat[1])); else openHub();
  }, true);

  S.offlineEvents = { fetch: fetchAll, openHub: openHub, openPlayer: openPlayer };
})();
