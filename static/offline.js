// A game goes on without a connection: the editing phone's game pages carry the engine's plan of the
// deals ahead (#offline-plan, web/games/offline.py) and the words to draw them (#offline-words). This
// first part keeps the newest plan the phone has known (queue.js), takes the plan of every answer the
// server gives, and fetches the rest in the background (offline_play.js: the queue and the one generic
// check; offline_screen.js: the deal screen drawn offline; offline_events.js: the table's events) —
// at once where the page opens with no connection or with entries waiting, so that the page's first
// load stays light.
(function () {
  "use strict";
  const S = window.Scorekeeper = window.Scorekeeper || {};
  const Q = S.queue;
  const planNode = document.getElementById("offline-plan");
  if (!planNode || !document.getElementById("offline-words") || !Q) return;
  const plan = JSON.parse(planNode.textContent);
  let play = null;
  const ready = () => {
    if (!play) play = Q.load("offline_play").then(() => S.offlinePlay.start()).then(() => S.offlinePlay);
    return play.catch(() => null);
  };

  // What sending the queue came to (queue_send.js), on this game's page.
  Q.handle(plan.game, (result) => ready().then((module) => module && module.answered(result)));
  // A save the server could not be reached for (screen.js): kept on the phone, drawn offline.
  S.unreachable = (form) => ready().then((module) => Boolean(module) && module.unreachable(form));
  // The answers of the server's own screen carry the deals ahead from there.
  if (S.answered) {
    S.answered.push((answer) => {
      if (answer.version) Q.note(plan.game, answer.version);
      if (answer.plan) S.planTaken = Q.plan(answer.plan).then(() => (S.offlinePlay ? S.offlinePlay.took(answer) : null));
      if (S.keepGame) S.keepGame(plan.game, answer.url);
    });
  }
  if (!S.offlineBound) {
    S.offlineBound = true;  // a page shown in place (soft.js) runs this again: one listener
    window.addEventListener("offline", () => {
      if (document.getElementById("offline-plan")) ready().then((module) => module && module.wentOffline());
    });
  }

  Q.plan(plan).then(async () => {
    const waiting = await Q.entries(plan.game).catch(() => []);
    if (!navigator.onLine || waiting.length || plan.version < Q.known(plan.game)) ready();
    else setTimeout(ready, 600);  // in the background, once the page is up
  });
})();
