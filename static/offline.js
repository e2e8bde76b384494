// A game goes on without a connection. The page holds what the engine decided for the deals due
// next — facts and the rules of each entry as declared data (#offline-plan, see web/offline.py) —
// and the words to show (#offline-words). Offline, the deal screen is drawn from that data, and
// every entry is checked by ONE generic function, refusal(), which reads the declared rules (one_of,
// entered, total_not, total_is): no rule of any game is written here. Entries are kept on the phone
// (IndexedDB) and sent together when the connection is back, merged on top of other phones' changes
// (web/games/merge.py); where the scorer must choose, offline_merge.js shows both versions. Points
// and totals of waiting deals are never worked out here: they show as pending until the server answers.
(function () {
  "use strict";
  const S = window.Scorekeeper = window.Scorekeeper || {};
  const planNode = document.getElementById("offline-plan");
  const wordsNode = document.getElementById("offline-words");
  if (!planNode || !wordsNode) return;
  let plan = JSON.parse(planNode.textContent);
  const words = JSON.parse(wordsNode.textContent);
  const players = plan.players;
  const section = document.querySelector("[data-waiting]");
  const list = document.querySelector("[data-waiting-list]");
  const note = document.querySelector("[data-waiting-note]");
  let sending = false;
  let drawing = Promise.resolve();  // the offline screen being drawn: coming back online waits for it
  let carried = null;  // taps made on the server's screen when the connection went, to show again

  function say(template, fill) {
    return String(template).replace(/\{(\w+)\}/g, (whole, key) => (key in fill ? String(fill[key]) : whole));
  }

  // --- the one generic check ----------------------------------------------------------------
  // The first declared rule the values break, as {message, field, seat}; null when they keep all.
  function valueOf(values, rule, seat) {
    const raw = values[rule.field];
    if (seat === null) return raw === undefined ? null : raw;
    return Array.isArray(raw) && raw[seat] !== undefined ? raw[seat] : null;
  }

  function refusal(rules, values, names) {
    const who = names || players;  // the tests hold the checker to the engine for other games' players
    for (const rule of rules) {
      const seats = rule.seats && rule.seats.length ? rule.seats : [null];
      const name = (seat) => (seat === null ? "" : who[seat]);
      if (rule.kind === "one_of") {
        for (const seat of seats) {
          const value = valueOf(values, rule, seat);
          if (value !== null && !rule.choices.includes(value)) {
            return { message: say(rule.message || "", { name: name(seat), value: value }), field: rule.field, seat: seat };
          }
        }
      } else if (rule.kind === "entered") {
        for (const seat of seats) {
          if (valueOf(values, rule, seat) === null) {
            let owner = name(seat);
            if (seat === null && rule.owner) {
              const index = values[rule.owner] === undefined ? 0 : values[rule.owner];
              owner = rule.names[index] !== undefined ? rule.names[index] : rule.names[0];
            }
            return { message: say(rule.message, { name: owner }), field: rule.field, seat: seat };
          }
        }
      } else {
        const entered = seats.map((seat) => valueOf(values, rule, seat));
        if (entered.some((value) => !Number.isInteger(value))) continue;
        const total = entered.reduce((sum, value) => sum + value, 0);
        const broken = rule.kind === "total_not" ? total === rule.total : total !== rule.total;
        if (broken) {
          const blame = rule.blame === undefined ? null : rule.blame;
          const value = blame === null ? "" : valueOf(values, rule, blame);
          return { message: say(rule.message, { name: name(blame), value: value, total: total }),
                   field: rule.field, seat: blame };
        }
      }
    }
    return null;
  }
  S.refusal = refusal;  // the browser tests hold it to the engine's verdicts

  // --- the phone's queue (IndexedDB) ----------------------------------------------------------
  let opened = null;
  function database() {
    if (!opened) {
      opened = new Promise((resolve, reject) => {
        const request = indexedDB.open("scorekeeper", 1);
        request.onupgradeneeded = () => {
          request.result.createObjectStore("waiting", { keyPath: "id", autoIncrement: true })
            .createIndex("game", "game");
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    }
    return opened;
  }

  async function store(mode, work) {
    const db = await database();
    return new Promise((resolve, reject) => {
      const transaction = db.transaction("waiting", mode);
      const result = work(transaction.objectStore("waiting"));
      transaction.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
      transaction.onerror = () => reject(transaction.error);
    });
  }

  const waitingEntries = () => store("readonly", (kept) => kept.index("game").getAll(plan.game))
    .then((found) => found.sort((a, b) => a.id - b.id));
  const keep = (entry) => store("readwrite", (kept) => kept.put(entry));
  const drop = (id) => store("readwrite", (kept) => kept.delete(id));

  // --- where the deals stand on this phone ----------------------------------------------------
  function dealOf(number) {
    return plan.deals.find((deal) => deal.number === number) || null;
  }

  function phaseDone(deal, phase, values) {
    return phase.rules.every((rule) => rule.kind !== "one_of" || !rule.seats || !phase.fields.includes(rule.field)
      || rule.seats.every((seat) => valueOf(values, rule, seat) !== null));
  }

  // After a table event that changes the deals after it (a sit-out, someone leaving, a misdeal…), the
  // phone cannot know who deals them or how many cards: they are drawn not checked, with the seats still
  // at the table and every value a deal ahead allows, their facts left for the server to work out.
  function widest(field) {
    let found = null;
    plan.deals.forEach((deal) => deal.phases.forEach((phase) => phase.rules.forEach((rule) => {
      if (rule.kind === "one_of" && rule.field === field && (!found || rule.choices.length > found.length)) {
        found = rule.choices;
      }
    })));
    return found || [];
  }

  function unsure(number, table) {
    const base = dealOf(number) || plan.deals[plan.deals.length - 1];
    if (!base || table.stopped) return null;
    const seats = players.map((name, seat) => seat).filter((seat) => !table.gone.has(seat) && !table.out.has(seat));
    const phases = base.phases.map((phase) => ({
      name: phase.name, fields: phase.fields,
      rules: phase.rules.filter((rule) => rule.kind === "one_of").map((rule) => Object.assign({}, rule,
        { choices: widest(rule.field) }, rule.seats && rule.seats.length ? { seats: seats } : {})),
    }));
    return { number: number, title: `${plan.word} ${number}`, line: words.after_event, dealer: null,
             checked: false, phases: phases };
  }

  // The deal and phase due after the server's state and the entries waiting, with the values so far.
  function due(entries) {
    const first = plan.deals[0];
    if (!first) return null;
    const table = { gone: new Set(), out: new Set(), unsure: false, stopped: false };
    const dealAt = (number) => (table.unsure ? unsure(number, table) : dealOf(number));
    let place = { deal: first, phase: Math.max(0, first.phases.findIndex((p) => p.name === first.phase)),
                  values: Object.assign({}, first.values || {}) };
    for (const entry of entries) {
      if (entry.event) {
        table.stopped = table.stopped || entry.event === "stop";
        if (entry.event === "departure") table.gone.add(Number(entry.seat));
        if (entry.event === "sit_out") table.out.add(Number(entry.seat));
        table.unsure = table.unsure || Boolean(entry.replans);
        if (table.stopped) return null;
        if (place && table.unsure) place = { deal: unsure(place.deal.number, table), phase: place.phase, values: place.values };
        continue;
      }
      const deal = dealAt(entry.number);
      if (!deal) return null;
      const index = deal.phases.findIndex((p) => p.name === entry.phase);
      place = { deal: deal, phase: index, values: Object.assign({}, entry.values) };
      if (phaseDone(deal, deal.phases[index], entry.values)) {
        if (index + 1 < deal.phases.length) {
          place.phase = index + 1;
        } else {
          table.out.clear();  // a sit-out lasts one deal
          const next = dealAt(deal.number + 1);
          place = next ? { deal: next, phase: 0, values: {} } : null;
          if (!place) return null;
        }
      }
    }
    return place;
  }

  // --- the values as text ---------------------------------------------------------------------
  function choiceText(key, value) {
    const label = plan.labels[key] || {};
    const choice = label.choices && label.choices[String(value)];
    return choice ? choice[0] : String(value);
  }

  function describe(values) {
    return Object.keys(plan.labels).filter((key) => values[key] !== undefined && values[key] !== null)
      .map((key) => {
        const label = plan.labels[key];
        const raw = values[key];
        const text = Array.isArray(raw)
          ? raw.map((value, seat) => (value === null ? null : `${players[seat]} ${choiceText(key, value)}`))
            .filter(Boolean).join(" · ")
          : choiceText(key, raw);
        return S.labelled(label.legend, text);
      }).join("; ");
  }

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    Object.entries(attributes || {}).forEach(([name, value]) => {
      if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? "" : value);
    });
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  // --- what is waiting ------------------------------------------------------------------------
  async function showWaiting() {
    if (!section) return [];
    const entries = await waitingEntries();
    list.textContent = "";
    // One line a deal: its latest entry (the tricks carry the bids along).
    const latest = entries.filter((entry, index) => entry.event
      || !entries.slice(index + 1).some((later) => !later.event && later.number === entry.number));
    latest.forEach((entry, index) => {
      const item = element("li", { class: `waiting-item is-${entry.state}` });
      const deal = dealOf(entry.number);
      const title = entry.title || (deal ? deal.title : `${plan.word} ${entry.number}`);
      item.append(element("strong", {}, title));
      item.append(document.createTextNode(` — ${entry.event ? entry.text : describe(entry.values)}`));
      const said = entry.words || {};  // from the server's answer
      const state = entry.state === "waiting" && entry.unchecked ? `${words.waiting}; ${words.unchecked}.`
        : entry.state === "waiting" ? `${words.waiting}; ${words.pending}.`
        : entry.state === "refused" ? `${said.refused_after} ${entry.reason}`
          : entry.state === "fixing" ? said.fixing : said.choose;
      item.append(element("span", { class: "waiting-state" }, state));
      if (index === latest.length - 1 && entry.state !== "conflict") {
        const button = element("button", { type: "button", class: "drop", "aria-label": S.labelled(words.drop, title) },
                               words.drop);
        button.addEventListener("click", async () => {
          await drop(entry.id);
          await showWaiting();
          if (document.documentElement.classList.contains("offline-entry")) showOffline();
        });
        item.append(button);
      }
      list.append(item);
    });
    section.hidden = entries.length === 0;
    return entries;
  }

  function tell(text) {
    if (note) note.textContent = text || "";
  }

  // --- the deal screen drawn from the plan ----------------------------------------------------
  function chipLine(key, rule, seat, values, deal) {
    const label = plan.labels[key] || { input: key, legend: key };
    const perSeat = seat !== null;
    const name = perSeat ? `${label.input}-${seat}` : label.input;
    const id = `offline-who-${name}`;
    const line = element("div", { class: "line", role: "radiogroup", "aria-labelledby": id, "data-seat": perSeat ? seat : null });
    const who = element("p", { class: "who", id: id });
    who.append(element("span", { class: "name" }, perSeat ? players[seat] : label.legend));
    const tags = [];
    if (perSeat && seat === deal.dealer) tags.push(words.dealer);
    if (perSeat && seat === deal.last && key === "bids") tags.push(words.last);
    if (!perSeat && label.note) tags.push(label.note);
    if (tags.length) who.append(element("span", { class: "tags" }, tags.join(", ")));
    line.append(who);
    const chips = element("div", { class: "chips" });
    const current = valueOf(values, rule, seat);
    const chosen = current === null && rule.default !== undefined && !perSeat ? rule.default : current;
    rule.choices.forEach((choice) => {
      const shown = label.choices && label.choices[String(choice)];
      const spoken = label.each ? say(label.each, { name: perSeat ? players[seat] : "", value: choice })
        : shown ? shown[1] : String(choice);
      const chip = element("label", { class: `chip${key === "trump" ? ` suit-${choice}` : ""}${shown && key === "side" ? " wide" : ""}` });
      const input = element("input", { type: "radio", name: name, value: String(choice), "aria-label": spoken,
                                       "data-key": key, "data-seat": perSeat ? seat : null,
                                       checked: chosen === choice });
      chip.append(input, element("span", {}, shown ? shown[0] : String(choice)));
      chips.append(chip);
    });
    line.append(chips);
    line.append(element("p", { class: "reason", "data-error-for": `${key}-${perSeat ? seat : "none"}`, "aria-live": "polite" }));
    return line;
  }

  // The values on a form, the server's or the one drawn here (both name inputs as the server reads them).
  function readForm(form, phase, base) {
    const values = Object.assign({}, base);
    phase.fields.forEach((key) => {
      const rule = phase.rules.find((r) => r.kind === "one_of" && r.field === key);
      if (!rule) return;
      const input = (plan.labels[key] || { input: key }).input;
      const numeric = rule.choices.every((choice) => typeof choice === "number");
      const read = (name) => {
        const checked = form.querySelector(`input[name="${name}"]:checked`);
        return checked ? (numeric ? Number(checked.value) : checked.value) : null;
      };
      if (rule.seats && rule.seats.length) {
        const items = Array.isArray(values[key]) ? values[key].slice() : players.map(() => null);
        rule.seats.forEach((seat) => { items[seat] = read(`${input}-${seat}`); });
        values[key] = items;
      } else {
        const value = read(input);
        if (value === null) delete values[key]; else values[key] = value;
      }
    });
    return values;
  }

  // Strike a chip where choosing it would break a rule that names this player (the hook).
  function strike(form, phase, values) {
    form.querySelectorAll("input[data-seat]").forEach((input) => {
      const key = input.dataset.key;
      const seat = Number(input.dataset.seat);
      const rule = phase.rules.find((r) => r.kind === "one_of" && r.field === key);
      const trial = Object.assign({}, values, { [key]: values[key].slice() });
      trial[key][seat] = rule.choices.find((choice) => String(choice) === input.value);
      const without = Object.assign({}, values, { [key]: values[key].slice() });
      without[key][seat] = null;
      const found = refusal(phase.rules, trial);
      const before = refusal(phase.rules, without);
      const struck = found && found.seat === seat && found.field === key && !(before && before.message === found.message);
      const chip = input.closest(".chip");
      chip.classList.toggle("struck", Boolean(struck));
      input.disabled = Boolean(struck) && !input.checked;
      if (struck) {
        chip.title = found.message;
        const reason = form.querySelector(`[data-error-for="${key}-${seat}"]`);
        if (reason && !reason.textContent) reason.textContent = found.message;
      } else {
        chip.removeAttribute("title");
      }
    });
  }

  function container() {
    let box = document.getElementById("screen");
    if (!box) {
      box = document.querySelector("main");
    }
    return box;
  }

  async function showOffline() {
    const box = container();
    const entries = await showWaiting();
    document.documentElement.classList.add("offline-entry");
    box.textContent = "";
    const top = element("div", { class: "screen-top" });
    top.append(element("a", { class: "back", href: plan.sheet_url }, words.back));
    const place = plan.unknown ? null : due(entries);
    const heading = element("h1", { tabindex: "-1" }, place ? place.deal.title : plan.word);
    heading.append(" ", element("span", { class: "tag offline-tag" }, words.offline_tag));
    top.append(heading);
    box.append(top);
    const status = element("p", { class: "status", role: "status", "aria-live": "polite" }, words.offline_note);
    box.append(status);
    // The table's events, under the deal (their forms kept on the phone while it was online).
    const opener = keptEvents() ? element("button", { type: "button", class: "offline-events-open" }, words.events) : null;
    if (opener) opener.addEventListener("click", openEvents);
    if (!place) {
      const stopped = entries.some((entry) => entry.event === "stop");
      box.append(element("p", { class: "error" },
                         stopped ? words.stopped : plan.unknown ? `${words.cannot} ${plan.unknown}.` : words.no_more));
      if (opener) box.append(opener);
      return;
    }
    if (carried && carried.number === place.deal.number && carried.phase === place.phase) {
      place.values = Object.assign({}, place.values, carried.values);
    }
    carried = null;
    const deal = place.deal;
    const phase = deal.phases[place.phase];
    const bidRule = phase.rules.find((r) => r.kind === "total_not");
    deal.last = bidRule ? bidRule.blame : null;
    box.append(element("p", { class: "facts-static" }, deal.line));
    if (plan.ends_on_score && deal.number > plan.deals[0].number) box.append(element("p", { class: "hint" }, words.may_end));
    // A deal whose declared rules are not all its rules (bids judged in turn, an auction): kept unchecked.
    if (deal.checked === false) box.append(element("p", { class: "hint unchecked" }, words.unchecked_note));
    const form = element("form", { class: "entry rows-wrap", novalidate: true, "data-offline": true });
    phase.fields.forEach((key) => {
      const rule = phase.rules.find((r) => r.kind === "one_of" && r.field === key);
      if (!rule) return;
      if (rule.seats && rule.seats.length) {
        const label = plan.labels[key] || {};
        const rows = element("div", { class: "rows", "aria-label": label.legend || key, "data-in-turn": label.in_turn || null });
        const turns = label.in_turn && S.turns;  // calls made in turn: the screen's own script folds them
        rule.seats.forEach((seat) => {
          const line = chipLine(key, rule, seat, place.values, deal);
          rows.append(turns ? turns.wrap(line, seat) : line);
        });
        form.append(rows);
      } else {
        form.append(chipLine(key, rule, null, place.values, deal));
      }
    });
    // What saving would refuse sits in the Save bar, above its button: read where the thumb is.
    const verdict = element("p", { class: "reason verdict", "data-verdict": true, role: "alert" });
    const saves = phase.fields.map((key) => (plan.labels[key] || {}).saves).find(Boolean) || words.save;
    const bar = element("div", { class: "save-bar" });
    bar.append(verdict, element("button", { type: "submit", class: "primary", "data-primary": true }, saves));
    form.append(bar);
    box.append(form);
    if (opener) box.append(opener);

    const recheck = () => strike(form, phase, readForm(form, phase, place.values));
    form.addEventListener("change", (event) => {
      form.querySelectorAll(".reason").forEach((node) => { node.textContent = ""; });
      if (S.turns) S.turns.arrange(form, event.target);
      recheck();
    });
    if (S.turns) S.turns.arrange(form, null);
    recheck();
    if (S.fitTitles) S.fitTitles(box);
    heading.focus({ preventScroll: true });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const values = readForm(form, phase, place.values);
      const found = refusal(phase.rules, values);
      if (found) {
        const spot = found.seat !== null ? form.querySelector(`[data-error-for="${found.field}-${found.seat}"]`) : null;
        const turn = spot && spot.closest("details.turn");
        if (turn) Object.assign(turn, { hidden: false, open: true });
        if (spot) spot.textContent = found.message;  // beside the player, said aloud (aria-live)
        verdict.textContent = spot ? "" : found.message;  // else above Save (role=alert)
        return;
      }
      await queue(deal, phase, values);
      await showOffline();
      const shownStatus = box.querySelector(".status");
      if (shownStatus) shownStatus.textContent = words.saved_here;
      if (navigator.onLine) flush();
    });
    if (S.swaps !== undefined) S.swaps += 1;
  }

  async function queue(deal, phase, values) {
    const entries = await waitingEntries();
    const fields = [["phase", phase.name]];
    Object.keys(values).forEach((key) => {
      const input = (plan.labels[key] || { input: key }).input;
      const raw = values[key];
      if (Array.isArray(raw)) {
        raw.forEach((value, seat) => { if (value !== null) fields.push([`${input}-${seat}`, String(value)]); });
      } else if (raw !== null && raw !== undefined) {
        fields.push([input, String(raw)]);
      }
    });
    // The deals as seen when the queue began: what the server merges it against.
    await keep({ game: plan.game, number: deal.number, title: deal.title, phase: phase.name, values: values, fields: fields,
                 seen: entries.length && entries[0].seen ? entries[0].seen : plan.seen, csrf: plan.csrf,
                 state: "waiting", unchecked: deal.checked === false || entries.some((entry) => entry.unchecked),
                 made: Date.now() });
  }

  // --- the table's events offline: offline_events.js keeps their forms and draws them ---------------
  const keptEvents = () => localStorage.getItem(`offline-events-${plan.game}`);
  let eventsScript = null;
  function eventsReady() {  // fetched in the background online (the worker keeps it), never at first load
    if (!eventsScript) {
      eventsScript = new Promise((resolve, reject) => {
        const script = element("script", { src: plan.events_script });
        script.onload = resolve;
        script.onerror = () => { eventsScript = null; reject(new Error("no events script")); };
        document.head.append(script);
      });
    }
    return eventsScript.then(() => S.offlineEvents).catch(() => null);
  }
  const openEvents = () => eventsReady().then((events) => events && events.open(container()));
  S.offlineQueue = { plan: () => plan, words: words, element: element, say: say, keep: keep,
                     waitingEntries: waitingEntries, showOffline: () => showOffline(), flush: () => flush(),
                     dueNumber: async () => {
                       const place = due(await waitingEntries());
                       return place ? place.deal.number : plan.deals.length ? plan.deals[0].number : 1;
                     } };

  // A save the server could not be reached for (screen.js): checked here, kept, and the next screen drawn.
  S.unreachable = async function (form) {
    if (plan.unknown || !plan.deals.length) return false;
    const entries = await waitingEntries();
    const place = due(entries);
    if (!place) return false;
    const phase = place.deal.phases[place.phase];
    const values = readForm(form, phase, place.values);
    carried = { number: place.deal.number, phase: place.phase, values: values };
    await showOffline();
    // The same Save, on the screen drawn from the plan with the same taps, checked here.
    const shown = container().querySelector("form[data-offline]");
    if (shown) shown.requestSubmit();
    return true;
  };

  // --- sending what waits, in one request, applied in order on the server -----------------------
  async function flush() {
    if (sending || !navigator.onLine) return;
    sending = true;
    try {
      let entries = await waitingEntries();
      // A deal's bids travel with its tricks: the later entry holds both.
      for (const [index, entry] of entries.entries()) {
        const next = entries[index + 1];
        if (next && !next.event && !entry.event && next.number === entry.number && entry.state === "waiting") {
          if (!next.seen) next.seen = entry.seen;
          await keep(next);
          await drop(entry.id);
        }
      }
      entries = await waitingEntries();
      if (!entries.length) {
        // Nothing to send: the server's screen again, unless unsaved taps are on this one.
        const tapped = document.querySelector("form[data-offline] input[data-seat]:checked");
        if (document.documentElement.classList.contains("offline-entry") && !tapped) location.reload();
        return;
      }
      if (entries[0].state !== "waiting") {
        await showConflict();
        return;
      }
      tell(words.sending);
      let response;
      try {
        response = await fetch(plan.merge_url, {
          method: "POST", credentials: "same-origin",
          headers: { "Accept": "application/json", "Content-Type": "application/json",
                     "X-CSRFToken": plan.csrf || entries[0].csrf },
          body: JSON.stringify({ seen: entries[0].seen || plan.seen, entries: entries.map((entry) => (entry.event
            ? { event: entry.event, fields: entry.fields }
            : { number: entry.number, phase: entry.phase, fields: entry.fields })) }),
        });
      } catch (error) {
        tell(words.offline_note);
        return;  // offline again: everything waits
      }
      const answer = await response.json().catch(() => null);
      if (response.status === 429 || response.status === 409) {
        const seconds = Number(response.headers.get("Retry-After")) || 2;
        tell(say(words.wait_server, { seconds: seconds }));
        setTimeout(flush, seconds * 1000);
        return;
      }
      if (!response.ok || !answer) {
        tell(response.status === 403 ? words.not_yours : (answer && answer.error) || words.waiting);
        return;
      }
      for (const entry of entries.slice(0, answer.done)) await drop(entry.id);
      if (answer.plan) plan = answer.plan;
      const stop = answer.stop;
      sessionStorage.setItem(`merged-${plan.game}`, String(answer.version));
      if (!stop) {
        location.assign(answer.url || plan.sheet_url);  // which says once what was sent
        return;
      }
      const stopped = entries[answer.done];
      Object.assign(stopped, { state: stop.kind, theirs: stop.theirs, theirsMark: stop.theirs_mark,
                               reason: stop.error || null, words: answer.words });
      await keep(stopped);
      if (answer.message) S.sentNote = answer.message;
      tell("");  // the panel says it
      await showConflict();
    } finally {
      sending = false;
      await showWaiting();
    }
  }

  // --- where the scorer chooses: offline_merge.js, fetched when needed -------------------------
  let panel = null;
  function showConflict() {
    if (!panel) {
      panel = new Promise((resolve, reject) => {
        const script = element("script", { src: plan.panel_script });
        script.onload = resolve;
        script.onerror = () => { panel = null; reject(new Error("no panel")); };
        document.head.append(script);
      });
    }
    return panel.then(() => S.mergePanel({ plan: plan, section: section, waitingEntries: waitingEntries, keep: keep,
      drop: drop, describe: describe, element: element, say: say, flush: flush, showWaiting: showWaiting }))
      .catch(() => null);
  }

  // --- when to draw offline, when to send -------------------------------------------------------
  if (S.answered) {
    S.answered.push((answer) => {
      if (!answer.plan) return;
      plan = answer.plan;
      eventsReady().then((events) => events && events.fetch());  // the events' forms as the game now stands
    });
  }

  // A page older than what this phone just sent is the worker's copy, served while the connection
  // came back: the server's, a moment later.
  function stale() {
    const sent = Number(sessionStorage.getItem(`merged-${plan.game}`));
    if (sent && plan.version < sent && navigator.onLine) {
      setTimeout(() => location.reload(), 300);
      return true;
    }
    if (sent) sessionStorage.removeItem(`merged-${plan.game}`);
    return false;
  }

  async function start() {
    if (stale()) return;
    if (navigator.onLine) setTimeout(() => eventsReady().then((events) => events && events.fetch()), 1000);
    const entries = await showWaiting();
    if (entries.length && entries[0].state !== "waiting") await showConflict();  // "fixing" too
    const onDealAddress = /\/deals\/\d+/.test(location.pathname);
    if (!navigator.onLine && (onDealAddress || document.getElementById("screen"))) {
      await showOffline();
    } else if (!navigator.onLine && plan.unknown) {
      tell(`${words.cannot} ${plan.unknown}.`);
    } else if (navigator.onLine && entries.length && entries[0].state === "waiting") {
      flush();
    }
  }

  window.addEventListener("offline", () => {
    if (document.getElementById("screen") && !document.documentElement.classList.contains("offline-entry")) {
      const form = document.querySelector("#screen form[data-save]");
      if (form && S.unreachable) {
        // Carry the taps made so far over to the screen drawn from the plan, without saving them.
        drawing = waitingEntries().then((entries) => {
          const place = due(entries);
          if (place) {
            const values = readForm(form, place.deal.phases[place.phase], place.values);
            carried = { number: place.deal.number, phase: place.phase, values: values };
          }
          return showOffline();
        });
      }
    }
    if (!document.getElementById("screen")) tell(plan.unknown ? `${words.cannot} ${plan.unknown}.` : words.offline_note);
  });
  window.addEventListener("online", () => { drawing.then(flush, flush); });
  setInterval(() => { if (navigator.onLine) flush(); }, 20000);

  // On the sheet, offline: the button to the deal due opens the screen drawn from the plan.
  const enter = document.querySelector("section.current a.button.primary");
  if (enter) {
    enter.addEventListener("click", (event) => {
      if (navigator.onLine) return;
      event.preventDefault();
      history.pushState(null, "", enter.href);
      showOffline();
    });
  }
  start();
})();
