// The deal screen with no connection: the online screen (games/_screen.html and the entry form's
// template), drawn here from the offline plan — the way back, the title with a small "offline" mark,
// undo (it takes back the last entry kept on this phone), the standings as the server last gave them
// (totals pending while deals wait), the table's events and each player's name opening their menu
// (offline_events.js), the deal's facts in one line that opens into the full card, the rows of chips
// and the Save bar with its running count. Every value is checked by offline.js's one generic
// function against the rules the engine declared for the deal; what saving would refuse is struck
// beside the player, as online. Fetched in the background by offline.js, kept by the service worker.
(function () {
  "use strict";
  const S = window.Scorekeeper = window.Scorekeeper || {};
  const Q = S.offlineQueue;
  if (!Q) return;
  const CHIPS_A_LINE = 6;  // as the entry form lays its rows out (web/games/entry/exact.py)
  const MOST_LINES = 12;
  const element = Q.element;
  const say = Q.say;

  function printed(number) {
    return String(number).replace("-", "\u2212");
  }

  function signed(number) {
    return number > 0 ? `+${number}` : printed(number);
  }

  function container() {
    return document.getElementById("screen") || document.querySelector("main");
  }

  // --- the top: the way back, the title, undo and redo ----------------------------------------------
  function top(title, entries) {
    const plan = Q.plan();
    const words = Q.words;
    const box = element("div", { class: "screen-top" });
    box.append(element("a", { class: "back", href: plan.sheet_url }, words.back));
    const heading = element("h1", { tabindex: "-1" }, title);
    heading.append(" ", element("span", { class: "tag offline-tag" }, words.offline_tag));
    box.append(heading);
    const history = element("div", { class: "history" });
    const last = entries[entries.length - 1];
    const undoLabel = last ? S.labelled(words.drop, last.title || "") : words.nothing_to_undo;
    const undo = element("button", { type: "button", class: "step", "data-undo": true, disabled: !last,
                                     "aria-label": undoLabel, title: undoLabel });
    undo.append(element("span", { "aria-hidden": "true" }, "↶"));
    if (last) undo.addEventListener("click", () => Q.takeBack(last));
    const redo = element("button", { type: "button", class: "step", "data-redo": true, disabled: true,
                                     "aria-label": words.nothing_to_redo, title: words.nothing_to_redo });
    redo.append(element("span", { "aria-hidden": "true" }, "↷"));
    history.append(undo, redo);
    box.append(history);
    return { box: box, heading: heading };
  }

  // --- the standings as the server last gave them ---------------------------------------------------
  function eventsLink() {
    const plan = Q.plan();
    const link = element("a", { class: "events-link", "data-sheet": true, href: plan.events_page });
    link.append(element("span", { "aria-hidden": "true" }, "⚑"), ` ${Q.words.events}`);
    return link;
  }

  function strip(entries) {
    const plan = Q.plan();
    const words = Q.words;
    const shown = plan.strip;
    if (!shown) {
      const bare = element("div", { class: "strip-top" });
      bare.append(eventsLink());
      return bare;
    }
    const caption = entries.some((entry) => !entry.event) ? `${shown.caption} · ${words.totals_pending}` : shown.caption;
    const box = element("section", { class: "strip", "aria-label": S.labelled(words.standings, caption) });
    const head = element("div", { class: "strip-top" });
    head.append(element("p", { class: "strip-caption" }, caption), eventsLink());
    box.append(head);
    const sides = element("ol", { class: "strip-sides", "data-count": String(shown.sides.length) });
    shown.sides.forEach((side) => {
      const item = element("li", { class: [side.leading ? "leading" : "", side.left ? "left" : ""].join(" ").trim() || null });
      // From six sides a name is short ("Ana"), whole for a screen reader, as the online strip writes it.
      const name = element("span", { class: "strip-name", title: side.name });
      if (shown.sides.length > 5 && side.short && side.short !== side.name) {
        name.append(element("span", { "aria-hidden": "true" }, side.short),
                    element("span", { class: "visually-hidden" }, side.name));
      } else {
        name.append(side.name);
      }
      item.append(name);
      const score = element("span", { class: "strip-score" });
      // No total while the table keeps them secret (the server sends none).
      if (side.total !== null && side.total !== undefined) score.append(element("strong", {}, printed(side.total)));
      if (side.points !== null && side.points !== undefined) score.append(" ", element("small", {}, signed(side.points)));
      item.append(score);
      sides.append(item);
    });
    box.append(sides);
    return box;
  }

  // --- the deal's facts: one line that opens into the full card --------------------------------------
  function facts(deal) {
    const words = Q.words;
    const plan = Q.plan();
    const box = element("details", { class: "facts-line" });
    box.append(element("summary", {}, deal.line));
    const about = deal.about;
    if (about) {
      const list = element("dl", { class: "facts" });
      const row = (label, text) => {
        const item = element("div");
        item.append(element("dt", {}, label), element("dd", {}, text));
        list.append(item);
      };
      row(words.dealer_label, about.dealer);
      row(words.cards_label, String(about.cards));
      row(words.trump_label, about.trump);
      row(plan.order_label, about.order.join(" → "));
      if (about.out && about.out.length) row(words.out_label, about.out.join(", "));
      box.append(list);
      if (about.hook) box.append(element("p", { class: "hook" }, `⚠ ${about.hook}`));
      if (about.reminders && about.reminders.length) {
        const reminders = element("ul", { class: "reminders" });
        about.reminders.forEach((text) => reminders.append(element("li", {}, text)));
        box.append(reminders);
      }
    }
    return box;
  }

  // --- the form: the rows of chips, as the entry form's template draws them --------------------------
  // As web/games/entry/exact.py lays the rows out: from seven players (six with more than six numbers
  // each) a column of numbers a player, side by side, under the name as the standings write it; else
  // rows that wrap onto lines of their own, or a strip each.
  const COLUMNS_FROM = 7;
  function layout(rule) {
    const rows = rule.seats.length;
    const chips = rule.choices.length;
    const wrap = rows * Math.ceil(chips / CHIPS_A_LINE) <= MOST_LINES;
    const perLine = wrap ? Math.ceil(chips / Math.ceil(chips / CHIPS_A_LINE)) : CHIPS_A_LINE;
    const numbers = rule.choices.every((choice) => typeof choice === "number");
    const columns = numbers && (rows >= COLUMNS_FROM || (rows === COLUMNS_FROM - 1 && chips > CHIPS_A_LINE));
    return { name: columns ? "columns" : wrap ? "wrap" : "strip", chips: Math.max(1, Math.min(6, perLine)),
             players: rows };
  }

  // Players' names as a narrow column shows them, as web/games/names.py shortens them (the standings
  // strip's): a name of four letters or fewer whole, a longer one to the shortest beginning from three
  // letters that no other name shares, a partnership by its players' initials.
  function shortNames(names) {
    return names.map((name) => {
      if (name.includes(" & ")) return name.split(" & ").map((part) => part.trim().slice(0, 1)).join("&");
      if (name.length <= 4) return name;
      const others = names.filter((other) => other !== name).map((other) => other.toLowerCase());
      let size = 3;
      while (size < name.length && others.some((other) => other.startsWith(name.slice(0, size).toLowerCase()))) size += 1;
      return name.slice(0, size);
    });
  }

  // A player's name over their column: short as the strip writes it, whole for a screen reader and a
  // long press (games/entry/_name.html).
  function nameOf(name, short) {
    if (!short || short === name) return element("span", { class: "name" }, name);
    const box = element("span", { class: "name", title: name });
    box.append(element("span", { "aria-hidden": "true" }, short), element("span", { class: "visually-hidden" }, name));
    return box;
  }

  function who(id, name, seat, tags, menu, short) {
    const plan = Q.plan();
    const box = element("p", { class: "who", id: id });
    const holder = seat !== null && menu && plan.player_url
      ? element("a", { class: "who-menu", href: `${plan.player_url}${seat}`, "data-sheet": true,
                       "aria-describedby": "player-menu-hint" })
      : box;
    holder.append(nameOf(name, short));
    if (tags.length) holder.append(element("span", { class: "tags" }, tags.join(", ")));
    if (holder !== box) box.append(holder);
    return box;
  }

  function chipLine(key, rule, seat, values, deal, names, shorts) {
    const plan = Q.plan();
    const words = Q.words;
    const label = plan.labels[key] || { input: key, legend: key };
    const perSeat = seat !== null;
    const name = perSeat ? `${label.input}-${seat}` : label.input;
    const id = perSeat ? `who-${label.input}-${seat}` : `who-${label.input}`;
    const line = element("div", { class: `line${key === "trump" ? " trump-line" : ""}`, role: "radiogroup",
                                  "aria-labelledby": id, "data-seat": perSeat ? seat : null,
                                  "data-tricks-row": perSeat && label.tag_from ? true : null });
    const tags = [];
    if (perSeat && seat === deal.dealer && !label.tag_from) tags.push(words.dealer);
    if (perSeat && seat === deal.last && !label.tag_from) tags.push(words.last);
    const tagged = perSeat && label.tag_from ? valueOf(values, label.tag_from, seat) : null;
    if (perSeat && label.tag_from) tags.push(say(label.tag, { bid: tagged === null ? "—" : tagged }));
    if (!perSeat && label.note) tags.push(label.note);
    // Each player's name opens their menu, as online; not in calls made in turn (their row folds under it).
    line.append(who(id, perSeat ? names[seat] : label.legend, perSeat ? seat : null, tags, !label.in_turn,
                    perSeat && shorts ? shorts[seat] : null));
    const chips = element("div", { class: `chips${key === "trump" ? " suits" : ""}` });
    const current = Q.valueOf(values, rule, seat);
    const chosen = current === null && rule.default !== undefined && !perSeat ? rule.default : current;
    rule.choices.forEach((choice) => {
      const shown = label.choices && label.choices[String(choice)];
      const spoken = label.each ? say(label.each, { name: perSeat ? names[seat] : "", value: choice })
        : shown ? shown[1] : String(choice);
      const classes = ["chip"];
      if (key === "trump") classes.push(`suit-${choice}`);
      if (shown && key === "side") classes.push("wide");
      if (tagged !== null && tagged === choice) classes.push("bid-value");
      const chip = element("label", { class: classes.join(" ") });
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

  function valueOf(values, key, seat) {
    const raw = values[key];
    return Array.isArray(raw) && raw[seat] !== undefined ? raw[seat] : null;
  }

  // The values on a form, the server's or the one drawn here (both name inputs as the server reads them).
  function readForm(form, phase, base) {
    const plan = Q.plan();
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
        const items = Array.isArray(values[key]) ? values[key].slice() : Q.players().map(() => null);
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
      if (!rule) return;
      const trial = Object.assign({}, values, { [key]: values[key].slice() });
      trial[key][seat] = rule.choices.find((choice) => String(choice) === input.value);
      const without = Object.assign({}, values, { [key]: values[key].slice() });
      without[key][seat] = null;
      const found = Q.refusal(phase.rules, trial);
      const before = Q.refusal(phase.rules, without);
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

  // The running count beside Save: the bids so far, the tricks left (from the rule on their total).
  function tally(form, phase, values) {
    const plan = Q.plan();
    const spot = form.querySelector("[data-tally]");
    if (!spot) return;
    const rule = phase.rules.find((r) => (r.kind === "total_not" || r.kind === "total_is") && plan.labels[r.field]
      && plan.labels[r.field].tally);
    if (!rule) return;
    const entered = rule.seats.map((seat) => Q.valueOf(values, rule, seat)).filter(Number.isInteger);
    const total = entered.reduce((sum, value) => sum + value, 0);
    spot.textContent = say(plan.labels[rule.field].tally, { total: total, cards: rule.total, left: rule.total - total });
  }

  // The last seat's value where the others leave it one choice (the tricks that are left), marked as
  // filled in and changeable, as the online screen fills it.
  function fillIn(form, phase, values) {
    const rule = phase.rules.find((r) => r.kind === "total_is" && r.seats && r.seats.length);
    if (!rule) return values;
    const label = (Q.plan().labels[rule.field] || { input: rule.field });
    const open = rule.seats.filter((seat) => {
      const row = form.querySelector(`.line[data-seat="${seat}"][data-tricks-row], .line[data-seat="${seat}"]`);
      return Q.valueOf(values, rule, seat) === null || (row && row.dataset.soft);
    });
    if (open.length !== 1) return values;
    const seat = open[0];
    const sum = rule.seats.filter((other) => other !== seat)
      .reduce((total, other) => total + (Q.valueOf(values, rule, other) || 0), 0);
    const input = form.querySelector(`input[name="${label.input}-${seat}"][value="${rule.total - sum}"]`);
    if (!input) return values;
    input.checked = true;
    const row = input.closest(".line");
    row.dataset.soft = "1";
    row.classList.add("filled");
    return readForm(form, phase, values);
  }

  function drawForm(place, names) {
    const plan = Q.plan();
    const words = Q.words;
    const deal = place.deal;
    const phase = deal.phases[place.phase];
    const seated = phase.rules.find((r) => r.kind === "one_of" && r.seats && r.seats.length && phase.fields.includes(r.field));
    const shape = seated ? layout(seated) : { name: "wrap", chips: 6 };
    const players = shape.players ? ` players-${shape.players}` : "";
    const form = element("form", { class: `entry named rows-${shape.name} line-chips-${shape.chips}${players}`,
                                   novalidate: true, "data-offline": true });
    // A big table's names short, as the online screen writes them from six players (and its strip).
    const shorts = seated && seated.seats.length > 5 ? shortNames(names) : null;
    const keys = phase.fields.slice().sort((a, b) => (a === "trump" ? -1 : b === "trump" ? 1 : 0));
    keys.forEach((key) => {
      const rule = phase.rules.find((r) => r.kind === "one_of" && r.field === key);
      if (!rule) return;
      if (rule.seats && rule.seats.length) {
        const label = plan.labels[key] || {};
        const rows = element("div", { class: "rows", "aria-label": label.legend || key, "data-in-turn": label.in_turn || null });
        const turns = label.in_turn && S.turns;  // calls made in turn: the screen's own script folds them
        rule.seats.forEach((seat) => {
          const line = chipLine(key, rule, seat, place.values, deal, names, shorts);
          rows.append(turns ? turns.wrap(line, seat) : line);
        });
        form.append(rows);
      } else {
        form.append(chipLine(key, rule, null, place.values, deal, names));
      }
    });
    const bar = element("div", { class: "save-bar" });
    const verdict = element("p", { class: "reason verdict", "data-verdict": true, "aria-live": "polite" });
    const row = element("div", { class: "save-row" });
    const saves = phase.fields.map((key) => (plan.labels[key] || {}).saves).find(Boolean) || words.save;
    row.append(element("p", { class: "tally", "data-tally": true, "aria-live": "polite" }),
               element("button", { type: "submit", class: "primary", "data-primary": true }, saves));
    bar.append(verdict, row);
    form.append(bar);
    return { form: form, phase: phase, verdict: verdict, columns: shape.name === "columns" };
  }

  // --- the whole screen ------------------------------------------------------------------------------
  async function draw(carried) {
    const plan = Q.plan();
    const words = Q.words;
    const box = container();
    const entries = await Q.showWaiting();
    document.documentElement.classList.add("offline-entry");
    const place = plan.unknown ? null : Q.due(entries);
    const names = Q.players();
    box.textContent = "";
    const head = top(place ? place.deal.title : plan.word, entries);
    box.append(head.box, strip(entries));
    const status = element("p", { class: "status", "data-status": true, role: "status", "aria-live": "polite" }, words.offline_note);
    box.append(status);
    box.append(element("p", { id: "player-menu-hint", hidden: true }, words.player_menu));
    if (!place) {
      const stopped = entries.some((entry) => entry.event === "stop");
      const said = stopped ? words.stopped : plan.finished ? words.finished
        : plan.unknown ? `${words.cannot} ${plan.unknown}.` : words.no_more;
      box.append(element("p", { class: "error", role: "alert" }, said));
      finish(box, head.heading);
      return;
    }
    if (carried && carried.number === place.deal.number && carried.phase === place.phase) {
      place.values = Object.assign({}, place.values, carried.values);
    }
    const deal = place.deal;
    const bidRule = deal.phases[place.phase].rules.find((r) => r.kind === "total_not");
    deal.last = bidRule ? bidRule.blame : null;
    box.append(facts(deal));
    if (plan.ends_on_score && deal.number > plan.deals[0].number) box.append(element("p", { class: "hint" }, words.may_end));
    // A deal whose declared rules are not all its rules (bids judged in turn, an auction): kept unchecked.
    if (deal.checked === false) box.append(element("p", { class: "hint unchecked" }, deal.unsure ? words.after_event : words.unchecked_note));
    box.append(element("div", { class: "error", role: "alert", id: "entry-error", hidden: true }));
    const { form, phase, verdict, columns } = drawForm(place, names);
    box.append(form);
    // Seven players and more: the title gives up more of its size before it takes a line (_screen.html).
    if (columns) head.box.dataset.least = "0.7";

    let values = readForm(form, phase, place.values);
    const recheck = () => {
      strike(form, phase, values);
      tally(form, phase, values);
    };
    form.addEventListener("change", (event) => {
      form.querySelectorAll(".reason").forEach((node) => { node.textContent = ""; });
      const row = event.target.closest(".line");
      if (row && row.dataset.soft) {
        delete row.dataset.soft;
        row.classList.remove("filled");
      }
      if (S.turns) S.turns.arrange(form, event.target);
      values = fillIn(form, phase, readForm(form, phase, place.values));
      recheck();
    });
    if (S.turns) S.turns.arrange(form, null);
    recheck();
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      values = readForm(form, phase, place.values);
      const found = Q.refusal(phase.rules, values);
      if (found) {
        const spot = found.seat !== null ? form.querySelector(`[data-error-for="${found.field}-${found.seat}"]`) : null;
        const turn = spot && spot.closest("details.turn");
        if (turn) Object.assign(turn, { hidden: false, open: true });
        if (spot) spot.textContent = found.message;  // beside the player, said aloud (aria-live)
        verdict.textContent = spot ? "" : found.message;  // else above Save
        return;
      }
      // A second tap while the first is being kept would keep the deal twice (screen.js guards the same
      // way online); the screen drawn next is a new form, free again.
      if (form.dataset.busy) return;
      form.dataset.busy = "1";
      try {
        await Q.queueDeal(deal, phase, values);
      } catch (error) {
        delete form.dataset.busy;  // not kept: the next tap tries again
        throw error;
      }
      await draw(null);
      const shownStatus = container().querySelector("[data-status]");
      if (shownStatus) shownStatus.textContent = words.saved_here;
      if (navigator.onLine) Q.flush();
    });
    finish(box, head.heading);
  }

  function finish(box, heading) {
    if (S.fitTitles) S.fitTitles(box);
    heading.focus({ preventScroll: true });
    if (S.swaps !== undefined) S.swaps += 1;
  }

  // Taps made on the server's screen when the connection went, to show again on the one drawn here.
  function carry(form, place) {
    const phase = place.deal.phases[place.phase];
    return { number: place.deal.number, phase: place.phase, values: readForm(form, phase, place.values) };
  }

  S.offlineScreen = { draw: draw, carry: carry, readForm: readForm };
})();
