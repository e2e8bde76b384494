// Starting in place: the forms and links that lead to a game's start (a table's "same players",
// its roster's choice, the new-game form, a new table) are marked data-soft. Their answer is fetched
// and shown in this page — its <main>, title, menu, styles and scripts — with the address moved on,
// as a page load would, but without one: no white flash, no second download of the app's styles and
// scripts. The page's own scripts are run again on the new content (a script element inserted again
// runs again). Back goes back with a real load. Hand-written rather than Turbo Drive: Turbo takes
// over every link and form of the app, and the deal screen already saves in place its own way.
// Without this script (or without fetch), the forms post and the links load as they always did.
(function () {
  "use strict";
  const S = window.Scorekeeper = window.Scorekeeper || {};
  if (!window.fetch || !window.DOMParser || !window.history.pushState) return;
  S.softLoads = 0;  // pages shown in place so far (a benchmark or a test can wait for the next)
  let moved = false;

  function addStyle(href) {
    return new Promise((resolve) => {
      const node = document.createElement("link");
      node.rel = "stylesheet";
      node.href = href;
      node.onload = node.onerror = () => resolve();
      document.head.appendChild(node);
    });
  }

  // A script element run again: a copy (its attributes too: a script may read its own data-…) put in
  // its place, or at the foot of the page; resolved once it has run.
  function runScript(script, spot) {
    return new Promise((resolve) => {
      const node = document.createElement("script");
      Array.from(script.attributes).forEach((attribute) => node.setAttribute(attribute.name, attribute.value));
      node.async = false;
      node.onload = node.onerror = () => resolve();
      if (spot) spot.replaceWith(node);
      else document.body.appendChild(node);
    });
  }

  function replace(selector, next) {
    const mine = document.querySelector(selector);
    const theirs = next.querySelector(selector);
    if (mine && theirs) mine.replaceWith(document.adoptNode(theirs));
    else if (mine) mine.remove();
  }

  // Show the page ``html`` (the answer from ``url``) in place; false where it is not a page of ours.
  async function show(html, url) {
    const next = new DOMParser().parseFromString(html, "text/html");
    const main = next.querySelector("main");
    if (!main) return false;
    document.documentElement.dataset.softBusy = "1";  // until the page's scripts have run on it
    const styles = new Set(Array.from(document.querySelectorAll("link[rel=stylesheet]"), (node) => node.getAttribute("href")));
    await Promise.all(Array.from(next.querySelectorAll("head link[rel=stylesheet]"))
      .filter((node) => !node.media || node.media === "all")
      .map((node) => node.getAttribute("href"))
      .filter((href) => !styles.has(href))
      .map(addStyle));
    document.title = next.title;
    document.querySelector("main").replaceWith(document.adoptNode(main));
    replace("[data-menu] .menu-panel", next);
    const menu = document.querySelector("details[data-menu]");
    if (menu) menu.open = false;
    const foot = document.querySelector("body > footer");
    const theirFoot = next.querySelector("body > footer");
    if (foot && theirFoot) foot.replaceWith(document.adoptNode(theirFoot));
    else if (foot) foot.remove();
    window.scrollTo(0, 0);
    // The page's scripts, run on what it shows now, in their order (those in its content first, as the
    // browser runs deferred scripts); the old page's go.
    document.querySelectorAll("body > script[src]").forEach((node) => node.remove());
    for (const script of document.querySelectorAll("main script[src]")) {
      await runScript(script, script);
    }
    for (const script of next.querySelectorAll("body > script[src]")) {
      await runScript(script, null);
    }
    // The address moves on last, once the page works: whoever waits for it finds the page ready.
    history.pushState({ soft: true }, "", url);
    moved = true;
    if (S.bindWake) S.bindWake();
    if (S.fitTitles) S.fitTitles();
    if (S.keepPage) S.keepPage(url);
    const heading = document.querySelector("main h1");
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    S.softLoads += 1;
    delete document.documentElement.dataset.softBusy;
    return true;
  }

  async function go(url, options, fallback) {
    let response;
    try {
      response = await fetch(url, { ...options, credentials: "same-origin", headers: { Accept: "text/html" } });
    } catch (error) {
      fallback();  // no connection: the browser (and the service worker) answer as they always did
      return;
    }
    const type = response.headers.get("Content-Type") || "";
    const same = new URL(response.url).origin === location.origin;
    if (response.status >= 500 || !type.startsWith("text/html") || !same || !(await show(await response.text(), response.url))) {
      fallback();
    }
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches("form[data-soft]") || event.defaultPrevented) return;
    if (form.dataset.softOff) return;
    event.preventDefault();
    const submitter = event.submitter;
    const data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    const method = (form.getAttribute("method") || "get").toUpperCase();
    const action = new URL(form.getAttribute("action") || location.href, location.href);
    const again = () => {
      form.dataset.softOff = "1";
      form.requestSubmit(submitter || undefined);
    };
    if (method === "GET") {
      action.search = new URLSearchParams(data).toString();
      go(action.toString(), { method: "GET" }, again);
    } else {
      go(action.toString(), { method: "POST", body: data }, again);
    }
  });

  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[data-soft]") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    go(link.href, { method: "GET" }, () => { location.href = link.href; });
  });

  // Back (or forward) after a page shown in place: load the page the address now names.
  window.addEventListener("popstate", () => {
    if (moved) location.reload();
  });
})();
