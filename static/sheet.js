// The score sheet on the phone that keeps it: copy or share the live link (the phone's own share
// sheet where it has one), and a tap anywhere on a deal's row opens it for correcting. Without
// this script the link is there to copy by hand and the deal's number is the way to correct it. With
// five or six players, it shows the totals only where the whole sheet would not fit the screen.
(function () {
  "use strict";
  const note = document.querySelector("[data-copied]");
  const copy = document.querySelector("[data-copy]");
  if (copy && navigator.clipboard) {
    copy.hidden = false;
    copy.addEventListener("click", () => {
      navigator.clipboard.writeText(copy.dataset.copy)
        .then(() => { if (note) note.textContent = note.dataset.copiedSaid; })
        .catch(() => { if (note) note.textContent = note.dataset.notCopied; });
    });
  }
  const share = document.querySelector("[data-share]");
  if (share && navigator.share) {
    share.hidden = false;
    share.addEventListener("click", () => {
      navigator.share({ title: share.dataset.shareTitle, url: share.dataset.share }).catch(() => {});
    });
  }
  // Five players or six: the totals only when the whole sheet would not fit the screen's width.
  const many = document.querySelector(".sheet-view.many");
  const compact = document.getElementById("compact");
  const grid = many ? many.querySelector(".grid-wrap") : null;
  // Measured once drawn: a reveal keeps the sheet hidden until the winner is named (reveal.js).
  const fit = () => {
    if (!grid.clientWidth) return false;
    if (!compact.checked && grid.scrollWidth > grid.clientWidth + 1) compact.checked = true;
    return true;
  };
  if (compact && grid && !fit() && window.ResizeObserver) {
    const drawn = new ResizeObserver(() => { if (fit()) drawn.disconnect(); });
    drawn.observe(grid);
  }

  document.querySelectorAll(".sheet-view.editable tbody tr[id^='deal-']").forEach((row) => {
    const correct = row.querySelector(".deal-col a");
    if (!correct) return;
    row.classList.add("tappable");
    row.addEventListener("click", (event) => {
      if (event.target.closest("a, button, input, label")) return;
      window.location.assign(correct.href);
    });
  });
})();
