// Sending the phone's queue (queue.js keeps it): fetched only when something waits, from any page of the
// app as soon as the connection is back (and again every 20 seconds while something waits). Each
// game's queue goes in one request (web/games/merge.py), applied exactly once (each entry carries the
// id the phone gave it, and a deal's tricks the ids of its bids sent before). A page of that game takes
// the answer in place (offline.js); any other page says what was sent, or that a game waits for the
// scorer's choice, with a link to it, and marks the games with entries waiting where it lists them.
(function () {
  "use strict";
  const S = window.Scorekeeper = window.Scorekeeper || {};
  const Q = S.queue;
  if (!Q || S.queueSend) return;
  const sending = new Set();
  const handlers = Q.handlers;
  const note = Q.note;

  // --- sending one game's queue ----------------------------------------------------------------
  // Resolves with what happened: {answer} (sent, perhaps stopped at a conflict or a refusal),
  // {nothing}, {stopped} (waiting for the scorer's choice), {offline}, {later} or {error}.
  async function send(game) {
    if (sending.has(game) || !navigator.onLine) return { busy: true };
    sending.add(game);
    try {
      let entries = await Q.entries(game);
      // A deal's bids travel with its tricks: the later entry holds both, and names the earlier ones
      // it takes the place of (sent before with a lost answer, they are this phone's own).
      for (const [index, entry] of entries.entries()) {
        const next = entries[index + 1];
        if (next && !next.event && !entry.event && next.number === entry.number && entry.state === "waiting") {
          if (!next.seen) next.seen = entry.seen;
          next.covers = Array.from(new Set([...(next.covers || []), ...(entry.covers || []), entry.key].filter(Boolean)));
          await Q.keep(next);
          await Q.drop(entry.id);
        }
      }
      entries = await Q.entries(game);
      if (!entries.length) return { nothing: true };
      if (entries[0].state !== "waiting") return { stopped: entries[0] };
      const first = entries[0];
      let response;
      try {
        response = await fetch(`/games/${game}/merge`, {
          method: "POST", credentials: "same-origin",
          headers: { "Accept": "application/json", "Content-Type": "application/json", "X-CSRFToken": first.csrf },
          body: JSON.stringify({
            seen: first.seen, inplace: Boolean(handlers[game]),
            entries: entries.map((entry) => Object.assign(
              { id: entry.key, fields: entry.fields },
              entry.event ? { event: entry.event } : { number: entry.number, phase: entry.phase, covers: entry.covers || [] })),
          }),
        });
      } catch (error) {
        return { offline: true };
      }
      const answer = await response.json().catch(() => null);
      if (response.status === 429 || response.status === 409) {
        const seconds = Number(response.headers.get("Retry-After")) || 2;
        setTimeout(() => deliver(game), seconds * 1000);
        return { later: seconds };
      }
      if (!response.ok || !answer) return { error: response.status, answer: answer };
      for (const entry of entries.slice(0, answer.done)) await Q.drop(entry.id);
      note(game, answer.version);
      if (answer.plan) await Q.plan(answer.plan);
      if (answer.stop) {
        const stopped = entries[answer.done];
        Object.assign(stopped, { state: answer.stop.kind, theirs: answer.stop.theirs, theirsMark: answer.stop.theirs_mark,
                                 reason: answer.stop.error || null, words: answer.words, sentNote: answer.message || null });
        await Q.keep(stopped);
      }
      return { answer: answer };
    } finally {
      sending.delete(game);
    }
  }

  // One game's queue sent, and what happened said where the player is. The phone may say it is online
  // a moment before its requests go through: a send that found it offline is tried again shortly.
  async function deliver(game, tries) {
    const result = await send(game).catch(() => ({ error: 0 }));
    const left = tries === undefined ? 8 : tries;
    if (result.offline && navigator.onLine && left > 0) setTimeout(() => deliver(game, left - 1), 750);
    if (handlers[game]) return handlers[game](result);
    if (result.answer) tell(game, result.answer.stop ? "choose" : result.answer.message, result.answer.url);
    else if (result.stopped) tell(game, "choose", null);
    return result;
  }

  async function sendAll() {
    await markWaiting();
    if (!navigator.onLine) return;
    const entries = await Q.all().catch(() => []);
    // Every game with something waiting, and the game whose page is open (back online, it leaves offline mode).
    const games = Array.from(new Set(entries.map((entry) => entry.game).concat(Object.keys(handlers))));
    for (const game of games) await deliver(game);
    await markWaiting();
  }

  // --- saying so on a page of the app that is not the game's -------------------------------------------
  function tell(game, message, url) {
    const words = document.body.dataset;
    if (!message || !words.queueOpen) return;
    let box = document.querySelector("[data-queue-notes]");
    if (!box) {
      box = document.createElement("div");
      box.className = "queue-notes";
      box.dataset.queueNotes = "";
      box.setAttribute("role", "status");
      const main = document.querySelector("main");
      if (!main) return;
      main.prepend(box);
    }
    const said = box.querySelector(`[data-game="${game}"]`);
    if (said) said.remove();  // one line a game: what happened last
    const line = document.createElement("p");
    line.className = "flash";
    line.dataset.game = game;
    const link = document.createElement("a");
    link.href = url || `/games/${game}`;
    link.textContent = words.queueOpen;
    line.append(`${message === "choose" ? words.queueChoose : message} `, link);
    box.append(line);
  }

  // The games with entries waiting on this phone, marked where a page lists them (Your games, the home page).
  async function markWaiting() {
    const words = document.body.dataset;
    const links = document.querySelectorAll("a.game-link");
    if (!links.length || !words.queueWaiting) return;
    const waiting = new Set((await Q.all().catch(() => [])).map((entry) => entry.game));
    links.forEach((link) => {
      const game = (link.getAttribute("href") || "").split("/")[2];
      let mark = link.querySelector(".waiting-mark");
      if (!waiting.has(game)) {
        if (mark) mark.remove();
        return;
      }
      if (!mark) {
        mark = document.createElement("span");
        mark.className = "waiting-mark";
        link.append(mark);
      }
      mark.textContent = words.queueWaiting;
    });
  }
  S.markWaiting = markWaiting;

  S.queueSend = { send: send, sendAll: sendAll };
})();
