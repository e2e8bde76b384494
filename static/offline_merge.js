// Where the scorer chooses, when sending what a phone entered offline stopped (static/offline.js,
// web/games/merge.py): the same deal changed on both phones, or an entry refused after the other
// phone's change. Both versions side by side, per deal; nothing played is dropped without its own
// confirmation. Fetched only when needed (the game page's first load stays light), kept by the worker.
(function () {
  "use strict";
  const S = window.Scorekeeper = window.Scorekeeper || {};

  // Its look comes with it (offline_merge.css beside it), so the game page's first load carries none of it.
  const look = document.createElement("link");
  look.rel = "stylesheet";
  look.href = document.currentScript.src.replace(/\.js(\?.*)?$/, ".css$1");
  document.head.append(look);

  S.mergePanel = async function (its) {
    const { plan, section, waitingEntries, keep, drop, describe, element, say, flush, showWaiting } = its;
    let words = {};  // the panel's words, which came with the server's answer (kept with the entry)
    function confirming(holder, question, yes, action) {
      holder.querySelectorAll(".conflict-confirm").forEach((node) => node.remove());
      const box = element("div", { class: "conflict-confirm", role: "group" });
      box.append(element("p", {}, question));
      const sure = element("button", { type: "button", class: "danger" }, yes);
      const cancel = element("button", { type: "button" }, words.cancel);
      sure.addEventListener("click", action);
      cancel.addEventListener("click", () => box.remove());
      box.append(sure, cancel);
      holder.append(box);
      sure.focus();
    }

    async function setSeen(number, mark) {
      // Mine goes over theirs as it was shown: every entry's base now holds their version of that deal.
      for (const entry of await waitingEntries()) {
        const deals = (entry.seen && entry.seen.deals ? entry.seen.deals : []).slice();
        while (deals.length < number) deals.push(null);
        deals[number - 1] = mark;
        entry.seen = Object.assign({}, entry.seen || {}, { deals: deals });
        if (entry.number === number) entry.state = "waiting";
        await keep(entry);
      }
    }

    function fixOnScreen(entry) {
      // The deal's own screen on the server, with this phone's values kept and the reason shown.
      entry.state = "fixing";
      keep(entry).then(() => {
        const form = element("form", { method: "post", action: `${plan.deal_url}${entry.number}`, hidden: true });
        // The whole deal at once (bids and tricks, as a correction shows them), so that what the other
        // phone's change asks for (a newcomer's bid, say) is entered beside everything typed offline.
        entry.fields.filter(([name]) => name !== "phase")
          .forEach(([name, value]) => form.append(element("input", { type: "hidden", name: name, value: value })));
        form.append(element("input", { type: "hidden", name: "phase", value: "all" }));
        form.append(element("input", { type: "hidden", name: "csrf_token", value: plan.csrf }));
        document.body.append(form);
        form.submit();
      });
    }

    async function show() {
      const entries = await showWaiting();
      const entry = entries[0];
      if (entry && entry.state === "fixing" && S.answered && !S.fixWatched) {
        // Fixed and saved on the server's screen: that entry is done; the rest goes on top of it.
        S.fixWatched = true;
        S.answered.push(async (answer) => {
          const first = (await waitingEntries())[0];
          const stored = answer.plan && answer.plan.seen && first ? answer.plan.seen.deals[first.number - 1] : null;
          if (!first || first.state !== "fixing" || !stored) return;
          await drop(first.id);
          await setSeen(first.number, stored);
          flush();
        });
      }
      const old = section ? section.querySelector(".conflict") : null;
      if (old) old.remove();
      if (!entry || (entry.state !== "conflict" && entry.state !== "refused")) return;
      words = entry.words || {};
      const deal = entry.event ? null : plan.deals.find((ahead) => ahead.number === entry.number) || null;
      if (entry.state === "refused" && entry.unchecked && deal && deal === plan.deals[0]) {
        // Kept unchecked on this phone and refused now: back to its own screen, the values kept, the
        // reason shown there — nothing another phone did is in the way.
        fixOnScreen(entry);
        return;
      }
      const title = entry.title || (deal ? deal.title : `${plan.word} ${entry.number}`);
      const panel = element("div", { class: "conflict", role: "group", "aria-labelledby": "conflict-heading" });
      const heading = entry.state === "conflict" ? words.conflict : `${words.refused_after} ${entry.reason || ""}`;
      if (S.sentNote) panel.append(element("p", { class: "status" }, S.sentNote));
      panel.append(element("p", { class: "error", id: "conflict-heading", role: "alert" }, heading));
      panel.append(element("h3", {}, title));
      const pair = element("div", { class: "conflict-pair" });
      const side = (label, values, mark) => {
        const column = element("div", { class: `version is-${mark}` });
        const shown = typeof values === "string" ? values : values ? describe(values) : words.not_there;
        column.append(element("h4", {}, label), element("p", {}, shown));
        pair.append(column);
      };
      side(words.theirs, entry.theirs, "theirs");
      side(words.mine, entry.event ? entry.text : entry.values, "mine");  // an event: what its form said
      panel.append(pair);
      const actions = element("div", { class: "actions" });
      if (entry.state === "conflict") {
        const mine = element("button", { type: "button", class: "primary" }, words.keep_mine);
        mine.addEventListener("click", () => confirming(panel, say(words.replace_theirs, { title: title }),
          words.replace_yes, async () => { await setSeen(entry.number, entry.theirsMark); panel.remove(); flush(); }));
        actions.append(mine);
      } else if (deal && plan.deals[0] && deal.number === plan.deals[0].number) {
        const fix = element("button", { type: "button", class: "primary" }, words.fix_mine);
        fix.addEventListener("click", () => fixOnScreen(entry));
        actions.append(fix);
      }
      const theirs = element("button", { type: "button" }, entry.state === "conflict" ? words.keep_theirs : words.drop_mine);
      theirs.addEventListener("click", () => confirming(panel, say(words.drop_question, { title: title }),
        words.drop_yes, async () => {
          await drop(entry.id);
          panel.remove();
          const left = await waitingEntries();
          if (left.length) flush(); else location.assign(plan.sheet_url);
        }));
      actions.append(theirs);
      panel.append(actions);
      section.append(panel);
      section.hidden = false;
    }

    await show();
  };
})();
