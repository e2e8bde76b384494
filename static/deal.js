// Live help on the deal screen: after each tap, ask the server (the engine) what the
// entry so far means — the forbidden bid and why, the running bid total, the tricks
// left — and show it. Without this script the form works the same, by submitting.
(function () {
  "use strict";
  const form = document.querySelector("form[data-check-url]");
  if (!form) return;
  const errorBox = document.getElementById("entry-error");

  function show(result) {
    const summary = form.querySelector("[data-summary]");
    if (summary && result.summary) summary.textContent = result.summary;
    const left = form.querySelector("[data-tricks-left]");
    if (left && typeof result.tricks_left === "number") left.textContent = String(result.tricks_left);
    form.querySelectorAll(".chip.struck").forEach((chip) => {
      chip.classList.remove("struck");
      chip.removeAttribute("title");
    });
    form.querySelectorAll("[data-reason-for]").forEach((line) => { line.textContent = ""; });
    (result.struck || []).forEach((item) => {
      const input = form.querySelector(`input[name="bid-${item.seat}"][value="${item.value}"]`);
      if (input) {
        input.closest(".chip").classList.add("struck");
        input.closest(".chip").title = item.reason;
      }
      const line = form.querySelector(`[data-reason-for="${item.seat}"]`);
      if (line) line.textContent = item.reason;
    });
    if (errorBox) {
      errorBox.textContent = result.error || "";
      errorBox.hidden = !result.error;
    }
  }

  const check = window.Scorekeeper.liveCheck(form, show);

  form.addEventListener("change", check);
})();
