// A club's public pages (a club night, a season's or a drive's results): copy or share their link,
// with the phone's own share sheet where it has one. Without this script the link and its QR code
// are there to copy or scan by hand.
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
})();
