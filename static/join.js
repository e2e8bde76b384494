// A hand-over link carries its code after "#", which never reaches a server:
// put it into the form and take it out of the address bar and history, so
// the page shows only a question and one button to tap.
(function () {
  "use strict";
  const field = document.getElementById("code");
  const code = decodeURIComponent(window.location.hash.slice(1));
  if (!field || !code) return;
  field.value = code;
  window.history.replaceState(null, "", window.location.pathname + window.location.search);
})();
