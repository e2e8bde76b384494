// The service worker: keeps the app's own pages, styles and scripts on the phone so that every page of
// a game seen once still opens with no connection, however it was reached (started in place, a link,
// the QR, Your games). Pages come from the network first (the server is the one source of truth) and
// from the phone's copy when the network fails; styles, scripts and icons from the phone's copy,
// refreshed in the background. Once a page of a game is seen, the game's other pages are kept too —
// its sheet, its live view, the deal screen of the deal due (it serves any deal's address) — with the
// home page and Your games, and the game's pages again as it moves on (the page asks after each change:
// keepGame). Changes (POST) are never touched: the phone's own queue (queue.js) keeps what is entered
// offline. The server prepends self.BUILD: the version, the files to keep at once, those to keep in the
// background once installed, the page for places never opened, the static folder.
"use strict";
const BUILD = self.BUILD;
const CACHE = `scorekeeper-${BUILD.version}`;
const GAME_PAGE = /^\/games\/([0-9a-f]{32})(?:\/(deals\/\d+|live))?\/?$/;
const NEVER_KEPT = /^\/(api|healthz)\/|\.(pdf|csv|json)$|\/(export|sheet)\.|\/hand-over$|\/join$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(BUILD.shell)).then(() => self.skipWaiting()));
});

// The scripts a game page fetches in the background (drawing offline, the events, the merge panel):
// kept once the worker is in place, never at the page's first load.
async function keepLater(cache) {
  await Promise.all(BUILD.later.map(async (path) => {
    if (await cache.match(path)) return;
    try {
      const response = await fetch(path, { credentials: "same-origin" });
      if (response.ok) await cache.put(path, response);
    } catch (error) {
      // Offline: kept when a page uses it.
    }
  }));
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("scorekeeper-") && name !== CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
    // The pages open now were loaded before this worker: keep them too, so they open offline.
    const cache = await caches.open(CACHE);
    const windows = await self.clients.matchAll({ type: "window" });
    await Promise.all(windows.map((client) => keepPage(cache, new URL(client.url))));
    await Promise.all(windows.map((client) => keepGameOf(cache, new URL(client.url))));
    await keepLater(cache);
  })());
});

// A page asks for itself (or another) to be kept, e.g. after saving in place changed its address; a
// game's page asks for the game's pages to be kept as the game moved on.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.keep) {
    const url = new URL(data.keep, self.location);
    event.waitUntil(caches.open(CACHE).then((cache) => keepPage(cache, url).then(() => keepGameOf(cache, url))));
  }
  if (data.game) {
    event.waitUntil(caches.open(CACHE).then((cache) => keepGame(cache, data.game, data.deal || null, true)));
  }
});

// Every page of a game, kept: the sheet and the deal screen of the deal due each time (they move with
// the game), the live view, the home page and Your games at most once a minute (they list the game).
const lastKept = {};
async function keepGame(cache, game, deal, moved) {
  const origin = self.location.origin;
  const now = Date.now();
  const pages = [`${origin}/games/${game}`];
  if (deal) pages.push(new URL(deal, origin).href);
  if (!moved || !lastKept[game] || now - lastKept[game] > 60000) {
    lastKept[game] = now;
    pages.push(`${origin}/games/${game}/live`, `${origin}/games`, `${origin}/`);
  }
  await Promise.all(pages.map((page) => keepPage(cache, new URL(page))));
}

async function keepGameOf(cache, url) {
  const found = GAME_PAGE.exec(url.pathname);
  if (found && url.origin === self.location.origin && !(await cache.match(`${url.origin}/games/${found[1]}/live`))) {
    await keepGame(cache, found[1], null, false);
  }
}

async function keepPage(cache, url) {
  if (url.origin !== self.location.origin || NEVER_KEPT.test(url.pathname)) return;
  try {
    // The header tells the server this copy is the worker's: it leaves the page's messages to the player.
    const response = await fetch(url.href, { credentials: "same-origin", headers: { "X-Scorekeeper-Keep": "1" } });
    if (response.ok && isPage(response) && !response.redirected) {
      const copies = [cache.put(pageKey(url), response.clone())];
      const deal = dealKey(url);
      if (deal) copies.push(cache.put(deal, response.clone()));
      await Promise.all(copies);
    }
  } catch (error) {
    // Offline already: nothing to keep.
  }
}

function isPage(response) {
  return (response.headers.get("Content-Type") || "").startsWith("text/html");
}

// Pages are kept under their path (the query and the anchor aside). A deal's page is kept once more
// per game, so that any deal of a game opened once can be shown offline from it.
function pageKey(url) {
  return url.origin + url.pathname;
}

function dealKey(url) {
  const found = GAME_PAGE.exec(url.pathname);
  return found && found[2] && found[2].startsWith("deals") ? `${url.origin}/games/${found[1]}/deals/` : null;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || NEVER_KEPT.test(url.pathname)) return;
  if (url.pathname.startsWith(BUILD.static)) {
    event.respondWith(fromCacheThenRefresh(event, request));
  } else if (request.mode === "navigate") {
    event.respondWith(pageFromNetwork(event, request, url));
  }
});

async function fromCacheThenRefresh(event, request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  const fresh = fetch(request).then((response) => {
    if (response.ok) return cache.put(request, response.clone()).then(() => response);
    return response;
  });
  if (kept) {
    event.waitUntil(fresh.catch(() => null));
    return kept;
  }
  return fresh;
}

async function pageFromNetwork(event, request, url) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic" && isPage(response)) {
      const copies = [cache.put(pageKey(url), response.clone())];
      const deal = dealKey(url);
      if (deal) copies.push(cache.put(deal, response.clone()));
      copies.push(keepGameOf(cache, url));  // a game seen: its other pages too
      event.waitUntil(Promise.all(copies));
    }
    return response;
  } catch (error) {
    const kept = await cache.match(pageKey(url)) || (dealKey(url) && await cache.match(dealKey(url)))
      || await sheetOf(cache, url) || await cache.match(BUILD.offline);
    return kept || Response.error();
  }
}

// A deal page never opened on this phone: the game's sheet, whose script offers the deal offline.
async function sheetOf(cache, url) {
  const found = GAME_PAGE.exec(url.pathname);
  return found ? cache.match(`${url.origin}/games/${found[1]}`) : undefined;
}
