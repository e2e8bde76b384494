// Live help on the Oneonta deal screen: after each tap, ask the server (the engine) what the
// entry so far means and show it — struck bid chips and Double switches with the reasons, the
// running bid total, the tricks left (or what the dummy takes), what saving would refuse.
// Without this script the form works the same, by submitting.
(function () {
  "use strict";
  const form = document.querySelector("form[data-check-url]");
  if (!form) return;
  const errorBox = document.getElementById("entry-error");

  function setText(selector, text) {
    const node = form.querySelector(selector);
    if (node && typeof text === "string") node.textContent = text;
  }

  function targetOf(item) {
    const input = item.value === "double"
      ? form.querySelector(`input[name="double-${item.seat}"]`)
      : form.querySelector(`input[name="bid-${item.seat}"][value="${item.value}"]`);
    return input ? input.closest("label") : null;
  }

  function show(result) {
    setText("[data-summary]", result.summary);
    setText("[data-tricks-text]", result.tricks_text);
    form.querySelectorAll("label.struck").forEach((label) => {
      label.classList.remove("struck");
      label.removeAttribute("title");
    });
    const reasons = new Map();
    (result.struck || []).forEach((item) => {
      const label = targetOf(item);
      if (label) {
        label.classList.add("struck");
        label.title = item.reason;
      }
      const seen = reasons.get(item.seat) || [];
      if (!seen.includes(item.reason)) seen.push(item.reason);
      reasons.set(item.seat, seen);
    });
    form.querySelectorAll("[data-reason-for]").forEach((line) => {
      line.replaceChildren(...(reasons.get(Number(line.dataset.reasonFor)) || []).map((text) => {
        const span = document.createElement("span");
        span.textContent = text;
        return span;
      }));
    });
    // What the engine would say on saving, next to the button the player is about to tap;
    // the box at the top keeps a refusal from the last save until the entry is put right.
    setText("[data-verdict]", result.error || "");
    if (errorBox && !result.error) {
      errorBox.textContent = "";
      errorBox.hidden = true;
    }
  }

  const check = window.Scorekeeper.liveCheck(form, show);

  form.addEventListener("change", check);
})();
