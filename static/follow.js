// The scorer's pages follow the game: another phone's change shows within a second or two, with no
// reload (web/games/follow.py). Every 0.7 s the page asks whether the game's version moved on (a 304 of
// a few bytes while it did not), and at once again after it showed a change (a queue merged deal by
// deal moves the version on several times). The deal screen then takes the screen of the deal due, as a save
// answers it, and says what happened ("Deal 3 was entered on another phone."); where the player has
// tapped values not saved yet, the screen stays under their thumb and only says it (saving then shows
// the new score, as a save from an older page does). The sheet loads itself again in the background
// and swaps its content in, its open folds kept. Offline, or while this phone saves, it waits.
(function () {
  "use strict";
  const S = window.Scorekeeper = window.Scorekeeper || {};
  const mark = () => document.querySelector("[data-follow]");  // the page's (a sheet swapped in has its own)
  if (!mark() || !window.fetch || S.following) return;
  S.following = true;
  let busy = false;
  // Values tapped on the deal screen since it was last drawn (S.swaps counts the screens), not saved yet.
  let tappedOn = -1;
  const touched = () => tappedOn === S.swaps;
  document.addEventListener("change", (event) => {
    if (event.target instanceof Element && event.target.closest("#screen form[data-save]")) tappedOn = S.swaps;
  });

  function shownVersion() {
    const field = document.querySelector("#screen input[name='version']");
    return Number(field ? field.value : mark().dataset.version) || 0;
  }

  function quiet() {
    const html = document.documentElement;
    if (!navigator.onLine || document.hidden || html.classList.contains("offline-entry")) return false;
    if (document.querySelector("dialog[open]") || document.querySelector("form[data-busy]")) return false;
    return !html.dataset.softBusy;
  }

  async function tick() {
    const follow = mark();
    if (busy || !quiet() || !follow) return;
    busy = true;
    // A save answered while this asks draws a newer screen than the answer this gets (and a refusal
    // in it, "this game changed on another phone"): that answer is then dropped, the next tick asks again.
    const drawn = S.swaps;
    try {
      const shown = shownVersion();
      const response = await fetch(follow.dataset.follow, { cache: "no-store", headers: { "If-None-Match": `"${shown}-p"` } });
      if (response.status !== 200) return;
      const said = await response.json();
      if (said.version <= shown) return;
      if (S.queue) S.queue.note(follow.dataset.game, said.version);
      if (document.getElementById("screen")) await screen(drawn); else await refreshPage(null);
      setTimeout(tick, 0);  // moved on again meanwhile? (another phone's queue, deal by deal)
    } catch (error) {
      // Offline for a moment: the next tick asks again.
    } finally {
      busy = false;
    }
  }

  // --- the deal screen ----------------------------------------------------------------------------------
  async function screen(drawn) {
    const form = document.querySelector("#screen form[data-save]");
    const phase = form && form.querySelector("input[name='phase']");
    const number = (/\/deals\/(\d+)/.exec(location.pathname) || [])[1] || "";
    const taps = form ? Array.from(form.querySelectorAll("input[type=radio]:checked"), (input) => [input.name, input.value]) : [];
    const url = `${mark().dataset.now}?shown=${number}&phase=${phase ? phase.value : ""}`;
    const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
    const answer = response.ok ? await response.json() : null;
    if (!answer || !quiet() || S.swaps !== drawn) return;
    if (touched() && form && form.isConnected) {
      say(answer.message);  // the player's taps stay: saving shows the new score
      return;
    }
    if (!answer.html) {
      if (answer.url) location.assign(answer.url);
      return;
    }
    if (S.answered) S.answered.forEach((take) => take(answer));
    S.swap(answer);
    const still = answer.url && answer.url.endsWith(`/deals/${number}`);
    const next = document.querySelector("#screen form[data-save]");
    const nextPhase = next && next.querySelector("input[name='phase']");
    if (still && next && nextPhase && phase && nextPhase.value === phase.value) {
      let changed = false;
      taps.forEach(([name, value]) => {
        const input = next.querySelector(`input[name="${name}"][value="${value}"]`);
        if (input && !input.checked && !input.disabled) {
          input.checked = true;
          changed = true;
        }
      });
      if (changed) next.dispatchEvent(new Event("change", { bubbles: true }));
    }
    say(answer.message);
  }

  function say(message) {
    const status = document.querySelector("#screen [data-status]");
    if (status && message) {
      status.textContent = message;
      status.hidden = false;
    }
  }

  // --- the sheet: loaded again in the background, its content swapped in --------------------------------
  function runScript(script) {
    return new Promise((resolve) => {
      const node = document.createElement("script");
      Array.from(script.attributes).forEach((attribute) => node.setAttribute(attribute.name, attribute.value));
      node.async = false;
      node.onload = node.onerror = () => resolve();
      document.body.append(node);
    });
  }

  async function refreshPage(message) {
    const response = await fetch(location.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
    if (!response.ok || !(response.headers.get("Content-Type") || "").startsWith("text/html")) return;
    const next = new DOMParser().parseFromString(await response.text(), "text/html");
    const main = next.querySelector("main");
    const mine = document.querySelector("main");
    if (!main || !mine || !quiet()) return;
    const open = Array.from(mine.querySelectorAll("details"), (node) => node.open);
    const compact = document.getElementById("compact");
    const wasCompact = compact ? compact.checked : null;
    mine.innerHTML = main.innerHTML;
    mine.querySelectorAll("details").forEach((node, index) => { if (open[index]) node.open = true; });
    const nextCompact = document.getElementById("compact");
    if (nextCompact && wasCompact !== null) nextCompact.checked = wasCompact;
    if (message) {
      const said = document.createElement("p");
      said.className = "flash";
      said.setAttribute("role", "status");
      said.textContent = message;
      mine.prepend(said);
    }
    // The page's own scripts, bound again to what it shows now (the offline part keeps its listeners).
    for (const script of next.querySelectorAll("body > script[src]")) {
      if (/\/(sheet|offline)\.js/.test(script.getAttribute("src"))) await runScript(script);
    }
    if (S.fitTitles) S.fitTitles();
    if (S.markWaiting) S.markWaiting();
  }
  S.refreshPage = refreshPage;

  setInterval(tick, 700);  // a change shows within 2 s: the ask (a few bytes), the fetch, the swap
})();
