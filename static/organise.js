// The organiser link carries the drive's key after "#", which the browser never sends to the
// server (so it is in no address a log keeps): this page takes it from there, forgets it from the
// address and posts it, as the page's form would.
(function () {
  "use strict";
  const form = document.querySelector("form[data-organiser-key]");
  const match = /(?:^#|&)key=([^&]+)/.exec(window.location.hash);
  if (!form || !match) return;
  form.elements.key.value = decodeURIComponent(match[1]);
  window.history.replaceState(null, "", window.location.pathname);
  form.submit();
})();
