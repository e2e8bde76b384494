// A game goes on without a connection (fetched in the background by offline.js). The page holds what
// the engine decided for the deals due next — facts and the rules of each entry as declared data
// (#offline-plan, see web/offline.py) — and the words to show (#offline-words). The newest plan this
// phone has known is kept (queue.js), so that a copy of the page older than it never decides what is
// due. Offline, the deal screen is drawn from the plan (offline_screen.js), and every entry is checked
// by ONE generic function, refusal(), which reads the declared rules (one_of, entered, total_not,
// total_is): no rule of any game is written here. After a table event kept offline, the deals ahead are
// those the engine planned for that event beforehand (offline_events.js keeps them per deal). Entries
// wait in the phone's queue (queue.js) and are sent, exactly once, when the connection is back; the page
// then comes back online in place with the server's screen. Points and totals of waiting deals are never
// worked out here: they show as pending until the server answers.
(function () {
  "use strict";
  const S = window.Scorekeeper = window.Scorekeeper || {};
  const Q = S.queue;
  if (!Q || S.offlinePlay) return;

  // Made again for each page's plan: a page shown in place (soft.js) may be another game's.
  function make(planNode, wordsNode) {
    const pagePlan = JSON.parse(planNode.textContent);
    let plan = pagePlan;
    const words = JSON.parse(wordsNode.textContent);
    let pieces = {};  // deal number → what the engine said about events there (offline_events.py)
    const onDealScreen = () => Boolean(document.getElementById("screen"));
    const section = () => document.querySelector("[data-waiting]");
    const note = () => document.querySelector("[data-waiting-note]");

    function say(template, fill) {
      return String(template).replace(/\{(\w+)\}/g, (whole, key) => (key in fill ? String(fill[key]) : whole));
    }

    function element(tag, attributes, text) {
      const node = document.createElement(tag);
      Object.entries(attributes || {}).forEach(([name, value]) => {
        if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? "" : value);
      });
      if (text !== undefined && text !== null) node.textContent = text;
      return node;
    }

    // --- the one generic check ----------------------------------------------------------------
    // The first declared rule the values break, as {message, field, seat}; null when they keep all.
    function valueOf(values, rule, seat) {
      const raw = values[rule.field];
      if (seat === null) return raw === undefined ? null : raw;
      return Array.isArray(raw) && raw[seat] !== undefined ? raw[seat] : null;
    }

    function refusal(rules, values, names) {
      const who = names || players();  // the tests hold the checker to the engine for other games' players
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

    // --- where the deals stand on this phone ----------------------------------------------------
    const waitingEntries = () => Q.entries(plan.game);
    const players = () => (current ? current.players : plan.players);
    let current = null;  // the last place worked out: its players (a newcomer's name among them)

    function phaseDone(deal, phase, values) {
      return phase.rules.every((rule) => rule.kind !== "one_of" || !rule.seats || !phase.fields.includes(rule.field)
        || rule.seats.every((seat) => valueOf(values, rule, seat) !== null));
    }

    function field(entry, name) {
      const found = (entry.fields || []).find(([key]) => key === name);
      return found ? found[1] : null;
    }

    // An event the engine planned for beforehand: the deals after it, its players (the newcomer's name in
    // its place), from what was kept for the deal it was queued at.
    function branchOf(entry, number) {
      const piece = pieces[number];
      if (!piece || piece.layout !== plan.layout) return null;
      const seat = entry.event === "arrival" ? field(entry, "left_of") : field(entry, "seat");
      const found = piece.branches.find((branch) => branch.kind === entry.event
        && (branch.seat === null || String(branch.seat) === String(seat)));
      if (!found || found.refused !== undefined) return null;
      const name = JSON.stringify(field(entry, "name") || "").slice(1, -1);
      return JSON.parse(JSON.stringify(found).split("{newcomer}").join(name));
    }

    // Where the deals stand after a table event the phone cannot plan for (a second one before the
    // connection came back, or one at a deal nothing was kept for): drawn not checked, with the seats
    // still at the table and every value a deal ahead allows, their facts left for the server.
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
      const base = table.deals.find((deal) => deal.number === number) || plan.deals[plan.deals.length - 1];
      if (!base || table.stopped) return null;
      const seats = table.players.map((name, seat) => seat).filter((seat) => !table.gone.has(seat) && !table.out.has(seat));
      const phases = base.phases.map((phase) => ({
        name: phase.name, fields: phase.fields,
        rules: phase.rules.filter((rule) => rule.kind === "one_of").map((rule) => Object.assign({}, rule,
          { choices: widest(rule.field) }, rule.seats && rule.seats.length ? { seats: seats } : {})),
      }));
      return { number: number, title: `${plan.word} ${number}`, line: words.after_event, dealer: null,
               checked: false, unsure: true, phases: phases };
    }

    const REPLANS = new Set(["misdeal", "sit_out", "departure", "arrival"]);

    // The deal and phase due after the server's state and the entries waiting, with the values so far.
    function due(entries) {
      const first = plan.deals[0];
      const table = { deals: plan.deals, players: plan.players.slice(), gone: new Set(), out: new Set(),
                      branched: false, unsure: false, stopped: false, beyond: Infinity };
      current = table;
      if (!first) return null;
      const dealAt = (number) => {
        if (table.unsure || number >= table.beyond) return unsure(number, table);
        return table.deals.find((deal) => deal.number === number) || null;
      };
      let place = { deal: first, phase: Math.max(0, first.phases.findIndex((p) => p.name === first.phase)),
                    values: Object.assign({}, first.values || {}), table: table };
      for (const entry of entries) {
        if (entry.event) {
          table.stopped = table.stopped || entry.event === "stop";
          if (table.stopped) return null;
          if (entry.event === "substitute" && field(entry, "seat") !== null) {
            table.players[Number(field(entry, "seat"))] = field(entry, "name");
          }
          if (!REPLANS.has(entry.event) || !place) continue;
          const number = place.deal.number;
          const branch = !table.branched && !table.unsure ? branchOf(entry, number) : null;
          if (entry.event === "departure") table.gone.add(Number(field(entry, "seat")));
          if (entry.event === "sit_out") table.out.add(Number(field(entry, "seat")));
          if (branch) {
            const later = branch.rejoins ? plan.deals.filter((deal) => deal.number >= branch.rejoins) : [];
            table.deals = branch.deals.concat(later);
            table.players = branch.players;
            table.branched = true;
            table.beyond = branch.rejoins ? Infinity : branch.deals.length ? branch.deals[branch.deals.length - 1].number + 1 : number;
          } else {
            table.unsure = true;
            if (entry.event === "arrival") table.players.push(field(entry, "name") || "");
          }
          const next = dealAt(number);
          place = next ? { deal: next, phase: 0, values: {}, table: table } : null;
          continue;
        }
        const deal = dealAt(entry.number);
        if (!deal) return null;
        const index = Math.max(0, deal.phases.findIndex((p) => p.name === entry.phase));
        place = { deal: deal, phase: index, values: Object.assign({}, entry.values), table: table };
        if (phaseDone(deal, deal.phases[index], entry.values)) {
          if (index + 1 < deal.phases.length) {
            place.phase = index + 1;
          } else {
            table.out.clear();  // a sit-out lasts one deal
            const next = dealAt(deal.number + 1);
            place = next ? { deal: next, phase: 0, values: {}, table: table } : null;
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

    function describe(values, names) {
      const who = names || players();
      return Object.keys(plan.labels).filter((key) => values[key] !== undefined && values[key] !== null)
        .map((key) => {
          const label = plan.labels[key];
          const raw = values[key];
          const text = Array.isArray(raw)
            ? raw.map((value, seat) => (value === null ? null : `${who[seat]} ${choiceText(key, value)}`))
              .filter(Boolean).join(" · ")
            : choiceText(key, raw);
          return S.labelled(label.legend, text);
        }).join("; ");
    }

    // --- what is waiting ------------------------------------------------------------------------
    async function showWaiting() {
      const box = section();
      const list = document.querySelector("[data-waiting-list]");
      if (!box || !list) return waitingEntries();
      const entries = await waitingEntries();
      due(entries);  // the players as the queue leaves them (a newcomer named)
      list.textContent = "";
      // One line a deal: its latest entry (the tricks carry the bids along).
      const latest = entries.filter((entry, index) => entry.event
        || !entries.slice(index + 1).some((later) => !later.event && later.number === entry.number));
      latest.forEach((entry, index) => {
        const item = element("li", { class: `waiting-item is-${entry.state}` });
        const deal = plan.deals.find((ahead) => ahead.number === entry.number);
        const title = entry.title || (deal ? deal.title : `${plan.word} ${entry.number}`);
        item.append(element("strong", {}, title));
        item.append(document.createTextNode(` — ${entry.event ? entry.text : describe(entry.values, entry.players)}`));
        const said = entry.words || {};  // from the server's answer
        const state = entry.state === "waiting" && entry.unchecked ? `${words.waiting}; ${words.unchecked}.`
          : entry.state === "waiting" ? `${words.waiting}; ${words.pending}.`
          : entry.state === "refused" ? `${said.refused_after} ${entry.reason}`
            : entry.state === "fixing" ? said.fixing : said.choose;
        item.append(element("span", { class: "waiting-state" }, state));
        if (index === latest.length - 1 && entry.state !== "conflict") {
          const button = element("button", { type: "button", class: "drop", "aria-label": S.labelled(words.drop, title) },
                                 words.drop);
          button.addEventListener("click", () => takeBack(entry));
          item.append(button);
        }
        list.append(item);
      });
      box.hidden = entries.length === 0;
      return entries;
    }

    async function takeBack(entry) {
      await Q.drop(entry.id);
      await showWaiting();
      if (document.documentElement.classList.contains("offline-entry")) draw();
    }

    function tell(text) {
      const spot = note();
      if (spot) spot.textContent = text || "";
    }

    // --- keeping an entry ----------------------------------------------------------------------------
    async function keepEntry(entry) {
      const entries = await waitingEntries();
      // The deals as seen when the queue began: what the server merges it against.
      await Q.keep(Object.assign({ game: plan.game, key: Q.newKey(), csrf: plan.csrf, state: "waiting", made: Date.now(),
                                   seen: entries.length && entries[0].seen ? entries[0].seen : plan.seen }, entry));
    }

    function fieldsOf(phase, values) {
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
      return fields;
    }

    async function queueDeal(deal, phase, values) {
      const entries = await waitingEntries();
      await keepEntry({ number: deal.number, title: deal.title, phase: phase.name, values: values,
                        fields: fieldsOf(phase, values), players: players().slice(),
                        unchecked: deal.checked === false || entries.some((entry) => entry.unchecked) });
    }

    // --- the scripts fetched in the background ------------------------------------------------
    const screenReady = () => Q.load("offline_screen").then(() => S.offlineScreen).catch(() => null);
    const eventsReady = () => Q.load("offline_events").then(() => S.offlineEvents).catch(() => null);

    async function draw(carried) {
      const screen = await screenReady();
      if (screen) await screen.draw(carried || null);
    }

    // The first drawing offline — the page opened with no connection, or the connection went — once,
    // however many of those come at once: a second would wipe the taps made on the first.
    let entering = null;
    function enterOffline(carried) {
      if (!entering) entering = draw(carried).finally(() => { entering = null; });
      return entering;
    }

    // --- what the phone knows: the newest plan, and the events' pieces kept ----------------------------
    async function takePlan(newer) {
      plan = await Q.plan(newer);
      const kept = await Q.game(plan.game).catch(() => null);
      pieces = kept && kept.layout === plan.layout ? kept.pieces || {} : {};
    }

    async function keepPiece(piece) {
      if (!piece || piece.layout !== plan.layout) return;
      pieces[piece.number] = piece;
      const kept = (await Q.game(plan.game).catch(() => null)) || { game: plan.game, plan: plan };
      if (kept.layout !== plan.layout) Object.assign(kept, { layout: plan.layout, pieces: {} });
      kept.pieces[piece.number] = piece;
      // The deals already played need theirs no more.
      const due = plan.deals.length ? plan.deals[0].number : 0;
      Object.keys(kept.pieces).filter((number) => Number(number) < due).forEach((number) => {
        delete kept.pieces[number];
        delete pieces[number];
      });
      await Q.saveGame(kept);
    }

    // One object for the scripts that use it (offline_screen.js, offline_events.js), its ways this page's.
    S.offlineQueue = Object.assign(S.offlineQueue || {}, {
      plan: () => plan, words: words, element: element, say: say, keepEntry: keepEntry, queueDeal: queueDeal,
      waitingEntries: waitingEntries, showWaiting: showWaiting, describe: describe, refusal: refusal,
      valueOf: valueOf, due: due, players: players, pieces: () => pieces, keepPiece: keepPiece,
      draw: () => draw(), tell: tell, takeBack: takeBack, eventsReady: eventsReady,
      flush: () => Q.send(plan.game).then(answered),
      dueNumber: async () => {
        const place = due(await waitingEntries());
        return place ? place.deal.number : plan.deals.length ? plan.deals[0].number : 1;
      },
    });

    // A save the server could not be reached for (screen.js): the screen drawn from the plan with the
    // same taps, and the same Save checked here.
    async function unreachable(form) {
      if (plan.unknown || !plan.deals.length) return false;
      const place = due(await waitingEntries());
      if (!place) return false;
      const screen = await screenReady();
      if (!screen) return false;
      await screen.draw(screen.carry(form, place));
      const shown = document.querySelector("#screen form[data-offline], main form[data-offline]");
      if (shown) shown.requestSubmit();
      return true;
    }

    // --- coming back online: the server's screen in place, what was sent said once -------------------
    let backOnline = null;
    async function online(message, tries) {
      if (!onDealScreen()) {
        if (S.refreshPage) await S.refreshPage(message);
        return;
      }
      const number = plan.deals.length ? plan.deals[0].number : "";
      let response;
      try {
        response = await fetch(`${plan.now_url}?shown=${number}`, { credentials: "same-origin",
                                                                     headers: { Accept: "application/json" } });
      } catch (error) {
        // Not quite back yet (the phone says online a moment before it is): again shortly, a few times.
        const left = tries === undefined ? 8 : tries;
        if (navigator.onLine && left > 0) setTimeout(() => online(message, left - 1), 750);
        return;
      }
      const answer = response.ok ? await response.json().catch(() => null) : null;
      if (!answer || !answer.html) {
        if (answer && answer.url) location.assign(answer.url);
        return;
      }
      document.documentElement.classList.remove("offline-entry");
      if (answer.plan) await takePlan(answer.plan);
      S.swap(answer);
      const status = document.querySelector("#screen [data-status]");
      if (status && message) {
        status.textContent = message;
        status.hidden = false;
      }
    }

    // What sending the queue came to (queue.js), on this game's page.
    async function answered(result) {
      if (result.answer && result.answer.plan) await takePlan(result.answer.plan);
      const entries = await showWaiting();
      if (result.offline || result.busy || result.later) {
        if (result.later) tell(say(words.wait_server, { seconds: result.later }));
        return result;
      }
      if (result.error) {
        tell(result.error === 403 ? words.not_yours : (result.answer && result.answer.error) || words.waiting);
        return result;
      }
      tell("");
      const offlineShown = document.documentElement.classList.contains("offline-entry");
      const stopped = result.stopped || (result.answer && result.answer.stop);
      if (stopped || (entries.length && entries[0].state !== "waiting")) {
        // A conflict or a refusal: the server's screen, and the choice beside it (nothing is dropped).
        if (offlineShown) await online(null);
        await showConflict(result.answer ? result.answer.message : null);
        return result;
      }
      if (result.answer || offlineShown) {
        if (!backOnline) backOnline = online(result.answer ? result.answer.message : null).finally(() => { backOnline = null; });
        await backOnline;
      }
      return result;
    }

    // --- where the scorer chooses: offline_merge.js, fetched when needed -------------------------
    function showConflict(message) {
      if (message) S.sentNote = message;
      return Q.load("offline_merge").then(() => S.mergePanel({
        plan: plan, section: section(), waitingEntries: waitingEntries, keep: Q.keep, drop: Q.drop, describe: describe,
        element: element, say: say, flush: () => Q.send(plan.game).then(answered), showWaiting: showWaiting,
      })).catch(() => null);
    }

    // --- an answer of the server's own screen: the deals ahead from there (offline.js kept its plan) ----
    function took(answer) {
      const taking = takePlan(answer.plan);
      taking.then(() => eventsReady().then((events) => events && events.fetch()));
      return taking;
    }

    // --- when to draw offline, when to send -------------------------------------------------------
    async function start() {
      await takePlan(pagePlan);
      // A copy older than what this phone has known. What the deal screen shows now counts, not the
      // plan it was loaded with: saves answered in place have moved it on since.
      const field = document.querySelector("#screen input[name='version']");
      const shown = field ? Number(field.value) || 0 : pagePlan.version;
      const stale = shown < Q.known(plan.game);
      const entries = await showWaiting();
      if (entries.length && entries[0].state !== "waiting") await showConflict(null);  // "fixing" too
      if (!navigator.onLine) {
        if (onDealScreen()) {
          if (!document.documentElement.classList.contains("offline-entry")) await enterOffline(null);
          window.scrollTo(0, 0);  // opened again at the top of the deal, its title in view
        } else {
          tell(stale ? words.older_copy : plan.unknown ? `${words.cannot} ${plan.unknown}.` : "");
        }
      } else if (stale && !entries.length) {
        await online(null);  // served from the phone's copy while the connection came back: the server's now
      }
      // In the background: the drawing, and the events' forms and pieces.
      screenReady();
      eventsReady().then((events) => events && navigator.onLine && events.fetch());
    }

    // The connection went while the server's screen is up: the same deal drawn from the plan, with the
    // taps made so far and not saved.
    async function wentOffline() {
      if (entering || document.documentElement.classList.contains("offline-entry")) return entering;
      // A save answered just before the connection went: the plan it brought (the deal after it) is taken
      // first, or the phone drew the deal just saved again (offline.js keeps the promise).
      await Promise.resolve(S.planTaken).catch(() => null);
      if (entering || document.documentElement.classList.contains("offline-entry")) return entering;
      if (onDealScreen()) {
        const form = document.querySelector("#screen form[data-save]");
        const screen = await screenReady();
        if (!screen || entering || document.documentElement.classList.contains("offline-entry")) return entering;
        const place = due(await waitingEntries());
        return enterOffline(form && place ? screen.carry(form, place) : null);
      } else {
        tell(plan.unknown ? `${words.cannot} ${plan.unknown}.` : words.offline_note);
      }
    }

    let started = null;
    return {
      node: planNode,
      start: () => { if (!started) started = start(); return started; },
      answered: answered, unreachable: unreachable, wentOffline: wentOffline, took: took,
    };
  }

  let current = null;
  function here() {
    const planNode = document.getElementById("offline-plan");
    const wordsNode = document.getElementById("offline-words");
    if (!planNode || !wordsNode) return null;
    if (!current || current.node !== planNode) current = make(planNode, wordsNode);
    return current;
  }
  const nothing = Promise.resolve(null);
  S.offlinePlay = {
    start: () => (here() ? here().start() : nothing),
    answered: (result) => (here() ? here().answered(result) : nothing),
    unreachable: (form) => (here() ? here().unreachable(form) : Promise.resolve(false)),
    wentOffline: () => (here() ? here().wentOffline() : nothing),
    took: (answer) => (here() ? here().took(answer) : nothing),
  };
})();
