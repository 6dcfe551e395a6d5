// What every page of the lab shares (served as lab.js beside each page):
// the server's secret. nzsc serve --allow-exec prints the lab's link with
// it (#secret=...); the page keeps it in this origin's storage, takes it
// out of the address bar, and sends it with every API request, so that
// only this server's own pages can ask it to start a program. No other
// site can read this origin's storage.
"use strict";
(function () {
  const m = /[#&]secret=([0-9a-f]+)/.exec(location.hash);
  if (!m) return;
  try { localStorage.setItem("nzsc-secret", m[1]); } catch (e) { /* storage off: no secret */ }
  history.replaceState(null, "", location.pathname + location.search);
})();

// labHeaders returns h (or a new object) with the secret's header added
// when this browser holds the secret.
function labHeaders(h) {
  h = h || {};
  let s = null;
  try { s = localStorage.getItem("nzsc-secret"); } catch (e) { /* storage off */ }
  if (s) h["X-NZSC-Secret"] = s;
  return h;
}
