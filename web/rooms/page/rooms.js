// The Rooms page: open or join a room of 2-4 people, then long-poll
// its state and send this person's choices. The token proving the seat is kept per tab.
"use strict";
const $ = (id) => document.getElementById(id);
let room = "", token = "", seat = -1, version = -1, polling = false;
// maxName is the server's bound on a person's name (rooms.maxName, which
// a test holds this to), counted as the server counts it: characters
// (code points) once the spaces around are trimmed. The boxes have no
// maxlength: it cut a name or a room's name pasted with spaces around
// before they were trimmed.
const maxName = 24;

// personName is the name box's name as the server reads it (trimmed),
// or null, with the lobby's error said, when the server would refuse it.
function personName() {
  const name = $("name").value.trim();
  if ([...name].length > maxName) {
    $("lobbyerr").textContent = "Your name is longer than " + maxName + " characters.";
    return null;
  }
  return name;
}

async function api(method, path, body) {
  const opt = { method, headers: labHeaders() };
  if (token) opt.headers["X-Room-Token"] = token;
  if (body !== undefined) {
    opt.headers["Content-Type"] = "application/json";
    opt.body = JSON.stringify(body);
  }
  const r = await fetch("api/rooms" + path, opt);
  const j = await r.json().catch(() => ({ error: "bad answer from the server (" + r.status + ")" }));
  if (!r.ok) throw new Error(j.error || ("HTTP " + r.status));
  return j;
}

function enter(j) {
  room = j.room; token = j.token; seat = j.seat; version = -1;
  sessionStorage.setItem("nzsc-room-" + room, JSON.stringify(j));
  const url = new URL(location.href);
  url.searchParams.set("room", room);
  history.replaceState(null, "", url);
  $("lobby").hidden = true;
  $("game").hidden = false;
  $("roomname").textContent = room;
  // The link may break anywhere but inside the room's name.
  const link = $("sharelink");
  link.href = url.href;
  const at = url.href.lastIndexOf(room);
  link.replaceChildren(url.href.slice(0, at), el("span", "nowrap", room), url.href.slice(at + room.length));
  // A link is followed without the page's headers: the token rides in it.
  $("download").href = "api/rooms/" + room + "/record?token=" + encodeURIComponent(token);
  poll();
}

async function poll() {
  if (polling) return;
  polling = true;
  while (room) {
    try {
      const v = await api("GET", "/" + room + "?since=" + version);
      show(v);
      if (v.closed) break;
    } catch (e) {
      $("err").textContent = e.message;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  polling = false;
}

const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};
const charClass = c => c ? "ch-" + c.split(" ")[0].toLowerCase() : "";

// sides draws a card per person: name, points and what the game shows of
// them (NZSC: waits, loadout, destroyed moves; NPZR: characters scored
// and cards held).
function sides(v) {
  const box = $("sides");
  box.className = "score n" + v.seats;
  box.replaceChildren();
  const b = v.board || {};
  for (let s = 0; s < v.seats; s++) {
    const d = el("div", "side" + (s === v.seat ? " me" : ""));
    d.id = "side" + s;
    const who = v.joined[s] ? v.names[s] : "(a free seat)";
    let tag = s === v.seat ? " (you)" : "";
    if (v.away[s]) tag += " — away?";
    if (!v.over && v.joined.every(Boolean) && v.deciding.includes(s)) tag += v.decided[s] ? " ✓" : " (to choose)";
    d.appendChild(el("div", "who", who + tag));
    if (v.joined[s]) {
      d.appendChild(el("div", "pts", String(v.score[s] ?? 0)));
      const bits = [];
      if (v.kind === "npzr" && b.scored) {
        bits.push(b.scored[s].length ? b.scored[s].join(", ") : "nothing scored");
        bits.push((s === b.seat ? b.hand.reduce((n, c) => n + c.count, 0) : b.opp_hand) + " cards in hand");
      } else if (b.players) {
        const p = b.players[s];
        if (p.character) bits.push(p.character + (p.booster ? " · " + p.booster : ""));
        bits.push("waits: " + p.waits);
        if (p.destroyed.length) bits.push("destroyed: " + p.destroyed.join(", "));
      }
      const sm = el("div", "small");
      bits.forEach((t, i) => { if (i) sm.appendChild(el("br")); sm.append(t); });
      d.appendChild(sm);
    }
    box.appendChild(d);
  }
}

// felt draws NPZR's table (the stacks) and this person's hand: the
// server sends only this person's.
function felt(v) {
  const on = v.kind === "npzr" && v.board && v.board.stacks;
  $("felt").hidden = !on;
  if (!on) return;
  const b = v.board, me = b.seat;
  const stacks = $("stacks");
  stacks.replaceChildren();
  if (!b.stacks.length) stacks.appendChild(el("p", "small", "The table is empty."));
  b.stacks.forEach((st, i) => {
    const d = el("div", "stack" + (st.owner === me ? " mine" : ""));
    d.appendChild(el("div", "owner", (i + 1) + " · " + (st.owner === me ? "you" : v.names[st.owner])));
    ["head", "torso", "legs"].forEach((part, p) => {
      const pile = st.piles[p];
      const c = el("div", "pile " + (pile.card ? charClass(pile.character) : "none"));
      c.textContent = pile.card ? (pile.as ? pile.card + " → " + pile.as : pile.card) + (pile.under > 0 ? " +" + pile.under : "") : part;
      d.appendChild(c);
    });
    stacks.appendChild(d);
  });
  const hand = $("hand");
  hand.replaceChildren(el("span", "small", "Your hand: "));
  for (const c of b.hand) hand.appendChild(el("span", "chip " + (c.wild ? "wild" : charClass(c.card)), c.card + (c.count > 1 ? " ×" + c.count : "")));
  hand.appendChild(el("span", "small handinfo", "Deck " + b.deck + " · turn " + b.turn + " of at most " + b.turn_cap));
}

// names lists people: "Bob", "Bob and Cy", "Bob, Cy and Di".
function names(list) {
  return list.length < 2 ? list.join("") : list.slice(0, -1).join(", ") + " and " + list[list.length - 1];
}

function statusLine(v) {
  if (v.closed) return "This room has closed.";
  const missing = v.joined.filter(j => !j).length;
  if (missing) return "Waiting for " + missing + (missing === 1 ? " more person" : " more people") + " to join…";
  if (v.over) return "";
  const others = v.deciding.filter(s => s !== v.seat);
  const pending = names(others.filter(s => !v.decided[s]).map(s => v.names[s]));
  const done = names(others.filter(s => v.decided[s]).map(s => v.names[s]));
  if (v.chosen) return "You chose " + v.chosen + ". Waiting for " + pending + " to choose…";
  if (v.options && v.options.length) return done ? done + (others.filter(s => v.decided[s]).length > 1 ? " have" : " has") + " chosen. Your turn." : "Your turn.";
  return "Waiting for " + (pending || names(v.deciding.map(s => v.names[s]))) + "…";
}

function button(o, label) {
  const b = el("button", "", label);
  b.type = "button";
  b.dataset.answer = o;
  b.onclick = () => choose(o);
  return b;
}

// newest keeps the newest line in view: the log scrolled to its end and
// the window scrolled (no further than needed) so that the log's end,
// and the question under it when it fits, are on screen.
function newest() {
  const log = $("log");
  log.scrollTop = log.scrollHeight;
  if (log.hidden) return;
  const end = log.getBoundingClientRect().bottom;
  const ask = $("ask").hidden ? $("end") : $("ask");
  const below = Math.max(end, ask.hidden ? end : ask.getBoundingClientRect().bottom);
  const lineH = 2 * parseFloat(getComputedStyle(log).fontSize);
  if (below > innerHeight) window.scrollBy(0, Math.min(below - innerHeight + 8, end - lineH));
  else if (end < lineH) window.scrollBy(0, end - lineH);
}

function show(v) {
  version = v.version;
  $("err").textContent = "";
  sides(v);
  felt(v);
  const full = v.joined.every(Boolean);
  $("sharehint").hidden = full;
  let info = v.label + " · game " + v.game;
  info += v.seed ? " · seed " + v.seed : " · the seed is shown when the game is over";
  $("gameinfo").textContent = info;
  $("status").textContent = statusLine(v);
  $("question").textContent = v.question || "";
  const opts = $("options");
  opts.replaceChildren();
  opts.className = v.kind === "npzr" ? "options grouped" : "options";
  if (v.kind === "npzr") labGrouped(opts, v.options || [], button);
  else for (const o of v.options || []) opts.appendChild(button(o, o));
  $("ask").hidden = !(v.options && v.options.length);
  $("end").hidden = !v.over;
  $("result").textContent = v.result || "";
  const log = $("log");
  log.textContent = v.lines.join("\n").replace(/\n+$/, "");
  log.hidden = v.lines.length === 0;
  newest();
}

async function choose(o) {
  for (const b of $("options").querySelectorAll("button")) b.disabled = true;
  try { show(await api("POST", "/" + room + "/choose", { choice: o })); }
  catch (e) { $("err").textContent = e.message; }
}

$("create").onclick = async () => {
  const [game, players] = $("kind").value.split("/");
  const name = personName();
  if (name === null) return;
  try { enter(await api("POST", "", { name, game, players: parseInt(players, 10) })); }
  catch (e) { $("lobbyerr").textContent = e.message; }
};
$("join").onclick = async () => {
  const code = $("code").value.trim().toLowerCase();
  if (!code) { $("lobbyerr").textContent = "Type the room name first."; return; }
  const name = personName();
  if (name === null) return;
  try { enter(await api("POST", "/" + encodeURIComponent(code) + "/join", { name })); }
  catch (e) { $("lobbyerr").textContent = e.message; }
};
$("again").onclick = async () => {
  try { show(await api("POST", "/" + room + "/again")); }
  catch (e) { $("err").textContent = e.message; }
};

// The games a room can hold, from the server (the page's list is the
// fallback when this fails).
fetch("api/games", { headers: labHeaders() }).then(r => r.json()).then(list => {
  if (!list.length) return;
  const sel = $("kind"), was = sel.value;
  labGameOptions(sel, list, g => g.game + "/" + g.players);
  if (list.some(g => g.game + "/" + g.players === was)) sel.value = was;
}).catch(() => {});

// A link ?room=NAME fills in the room; a tab that already joined it
// (a reload) goes straight back in.
(function () {
  const q = new URLSearchParams(location.search).get("room");
  if (!q) return;
  $("code").value = q;
  const saved = sessionStorage.getItem("nzsc-room-" + q);
  if (saved) enter(JSON.parse(saved));
})();
