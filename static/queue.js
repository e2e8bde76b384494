// The phone's queue of what was entered with no connection (IndexedDB), on every page: kept here,
// sent by queue_send.js — fetched only when something waits — from any page of the app as soon as the
// connection is back. Also kept: each game's newest plan and version known on this phone, so that a
// copy of a page older than them never decides what is due. The scorer's pages follow the game
// (follow.js, fetched in the background). Without IndexedDB nothing is kept offline.
(function () {
  "use strict";
  const S = window.Scorekeeper = window.Scorekeeper || {};
  if (!window.indexedDB || S.queue) return;
  const here = document.currentScript ? document.currentScript.src : "/static/queue.js";
  const handlers = {};  // game → what its open page does with the answer to its queue (offline.js)

  let opened = null;
  function database() {
    if (!opened) {
      opened = new Promise((resolve, reject) => {
        const request = indexedDB.open("scorekeeper", 2);
        request.onupgradeneeded = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains("waiting")) {
            db.createObjectStore("waiting", { keyPath: "id", autoIncrement: true }).createIndex("game", "game");
          }
          // Each game's newest plan known here, and what the engine said about events ahead (per layout).
          if (!db.objectStoreNames.contains("games")) db.createObjectStore("games", { keyPath: "game" });
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    }
    return opened;
  }

  async function store(name, mode, work) {
    const db = await database();
    return new Promise((resolve, reject) => {
      const transaction = db.transaction(name, mode);
      const result = work(transaction.objectStore(name));
      transaction.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
      transaction.onerror = () => reject(transaction.error);
    });
  }

  const loaded = {};
  function load(name) {
    if (!loaded[name]) {
      loaded[name] = new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = here.replace(/queue\.js(\?.*)?$/, `${name}.js$1`);
        script.onload = resolve;
        script.onerror = () => { delete loaded[name]; reject(new Error(`no ${name}`)); };
        document.head.append(script);
      });
    }
    return loaded[name];
  }

  const byId = (found) => (found || []).sort((a, b) => a.id - b.id);
  const VERSION = "known-version-";
  const known = (game) => Number(localStorage.getItem(VERSION + game)) || 0;

  const Q = S.queue = {
    entries: (game) => store("waiting", "readonly", (kept) => kept.index("game").getAll(game)).then(byId),
    all: () => store("waiting", "readonly", (kept) => kept.getAll()).then(byId),
    keep: (entry) => store("waiting", "readwrite", (kept) => kept.put(entry)),
    drop: (id) => store("waiting", "readwrite", (kept) => kept.delete(id)),
    game: (game) => store("games", "readonly", (kept) => kept.get(game)),
    saveGame: (record) => store("games", "readwrite", (kept) => kept.put(record)),
    newKey: () => (crypto.randomUUID ? crypto.randomUUID()
      : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("")),
    known: known,
    note(game, version) {
      if (game && version && Number(version) > known(game)) localStorage.setItem(VERSION + game, String(version));
    },
    // The newest plan of a game: the one given, kept when it is newer than the one kept, else the kept one.
    async plan(plan) {
      if (!plan || !plan.game) return plan;
      Q.note(plan.game, plan.version);
      const kept = await Q.game(plan.game).catch(() => null);
      if (kept && kept.plan && kept.plan.version > plan.version) return kept.plan;
      if (!kept || !kept.plan || kept.plan.version < plan.version) {
        await Q.saveGame(Object.assign({ game: plan.game, pieces: {} }, kept || {}, { plan: plan })).catch(() => null);
      }
      return plan;
    },
    handlers: handlers,
    handle: (game, handler) => { handlers[game] = handler; },
    load: load,
    send: (game) => load("queue_send").then(() => S.queueSend.send(game)),
    // Each waiting queue sent (and the open game's page told, even with nothing to send).
    async sendAll() {
      const waiting = await Q.all().catch(() => []);
      if (waiting.length || Object.keys(handlers).length) await load("queue_send").then(() => S.queueSend.sendAll());
    },
  };

  window.addEventListener("online", () => { Q.sendAll(); });
  setInterval(() => { if (navigator.onLine) Q.sendAll(); }, 20000);
  // Once the page's own scripts are in (a game's page takes its own answers).
  const start = () => {
    Q.sendAll();
    if (document.querySelector("[data-follow]")) setTimeout(() => load("follow").catch(() => null), 700);
  };
  if (document.readyState === "complete") start(); else document.addEventListener("DOMContentLoaded", start);
})();
