// Explain the numbers: a tap on a deal's points on the score sheet shows how they were computed
// in a small popover, read from the deal's explanation page (the link itself works without this).
(function () {
  "use strict";
  const said = document.currentScript.dataset; // the page's words (the script holds no English)
  const pop = document.createElement("div");
  pop.className = "explain-pop";
  pop.setAttribute("role", "dialog");
  pop.setAttribute("aria-live", "polite");
  pop.hidden = true;
  const text = document.createElement("p");
  const more = document.createElement("a");
  more.textContent = said.more;
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = said.close;
  close.addEventListener("click", () => { pop.hidden = true; });
  pop.append(text, more, close);
  document.body.append(pop);

  document.addEventListener("click", async (event) => {
    const link = event.target.closest(".grid a[href*='/explain#s']");
    if (!link) return;
    event.preventDefault();
    const url = new URL(link.href);
    const side = Number(url.hash.slice(2));
    url.hash = "";
    url.searchParams.set("format", "json");
    more.href = link.href;
    try {
      const answer = await fetch(url, { headers: { Accept: "application/json" } });
      if (!answer.ok) throw new Error(String(answer.status));
      const found = (await answer.json()).sides[side];
      text.textContent = window.Scorekeeper.labelled(found.name, found.text);
    } catch (error) {
      window.location.href = link.href;
      return;
    }
    pop.hidden = false;
    close.focus();
  });
})();
