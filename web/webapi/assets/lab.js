// What every page of the lab shares (served as lab.js beside each page):
// NPZR's actions grouped as the pages lay them out (groupActions), and
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

// groupActions groups NPZR's action names by the card played or the pile
// moved, as the pages lay them out: a Map from the row's label ("play
// Wild", "" for an action of its own) to [name, the rest of the name]
// pairs, one button each.
function groupActions(options) {
  const rows = new Map();
  for (const o of options) {
    let key = "", rest = o;
    const m = /^(play .+?) ((?:as .+ )?(?:on \d+|new))$/.exec(o) || /^(move \S+) (.+)$/.exec(o);
    if (m) { key = m[1]; rest = m[2]; }
    if (!rows.has(key)) rows.set(key, []);
    rows.get(key).push([o, rest]);
  }
  return rows;
}
