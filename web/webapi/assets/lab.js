// What every page of the lab shares (served as lab.js beside each page):
// NPZR's actions laid out as the pages lay them out (labGrouped), the
// list of games a page offers (labGameOptions), the page token and the
// server's secret.
//
// The token (labToken) is written into this file by the server that
// serves it: every request that changes state carries it, which proves
// that it comes from a page of this server (no other site can read this
// file: the server refuses it to their pages).
//
// nzsc serve --allow-exec prints the lab's link with its secret
// (#secret=...); the page takes it out of the address bar, asks the
// server whether it is its secret, keeps it in this origin's storage only
// if so, and sends it with every API request, so that only this server's
// own pages can ask it to start a program. No other site can read this
// origin's storage; any site can link here with a #secret= of its own,
// which must not replace the one the person holds.
"use strict";
const labToken = "";
// labTakeSecret takes a secret out of the address (the page's opening,
// or a link to the page already open: a change of its hash alone) and
// keeps it if the server says it is its own. labReady settles when that
// is done.
function labTakeSecret() {
  const m = /[#&]secret=([0-9a-f]+)/.exec(location.hash);
  if (!m) return Promise.resolve();
  history.replaceState(null, "", location.pathname + location.search);
  return fetch("/api/trust", {headers: {"X-NZSC-Secret": m[1]}})
    .then((r) => r.ok ? r.json() : {})
    .then((v) => { if (v.trusted) localStorage.setItem("nzsc-secret", m[1]); })
    .catch(() => { /* no server, or storage off: no secret */ });
}
let labReady = labTakeSecret();
window.addEventListener("hashchange", () => { labReady = labTakeSecret(); });

// labHeaders returns h (or a new object) with the page token's header
// added, and the secret's unless noSecret is set or this browser holds
// none.
function labHeaders(h, noSecret) {
  h = h || {};
  if (labToken) h["X-NZSC-Token"] = labToken;
  if (noSecret) return h;
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

// labGrouped lays NPZR's actions out in opts as every page does: a row
// per card played or pile moved ("play Wild"), with a button for each
// place it may go, made by button(action, the rest of its name).
function labGrouped(opts, options, button) {
  for (const [key, list] of groupActions(options)) {
    const row = document.createElement("div");
    row.className = "group";
    if (key) {
      const label = document.createElement("span");
      label.className = "glabel";
      label.textContent = key;
      row.appendChild(label);
    }
    const buttons = document.createElement("div");
    buttons.className = "gbuttons";
    for (const [o, rest] of list) buttons.appendChild(button(o, rest));
    row.appendChild(buttons);
    opts.appendChild(row);
  }
}

// labGameOptions fills the select sel with an option per game and seat
// count of list (the server's api/games), labelled as the server labels
// it, its value value(game, index).
function labGameOptions(sel, list, value) {
  sel.replaceChildren(...list.map((g, i) => {
    const o = document.createElement("option");
    o.value = value(g, i);
    o.textContent = g.label;
    return o;
  }));
}
