// The Play page: one script for `nzsc serve` (answers go to its JSON API)
// and for the static page `make web` builds (answers go to the engine
// compiled to WebAssembly, cmd/nzsc-wasm). Only the transport differs;
// both return the replies of the same play.Session, for every game: the
// transcript, the question with its options (buttons), and the status
// whose board the page draws (NZSC: each player's standing; NPZR: the
// stacks and the person's hand).
"use strict";

// httpTransport talks to nzsc serve's API.
const httpTransport = {
  // post sends the page token, and the server's secret unless bare is
  // set (labHeaders).
  async post(url, body, bare) {
    const h = {"Content-Type": "application/json"};
    const r = await fetch(url, {method: "POST", headers: labHeaders(h, bare), body: JSON.stringify(body)});
    const v = await r.json();
    if (!r.ok) { const e = new Error(v.error || r.statusText); e.status = r.status; throw e; }
    return v;
  },
  // start starts a session; fromAddress says that the request comes from
  // the page's address, not from the person's Start: then it goes without
  // the secret, so that a link cannot start a program (exec:, path=), and
  // says so (link), so that it cannot start a costly bot either.
  start(req, fromAddress) { return this.post("/api/play", fromAddress ? {...req, link: true} : req, fromAddress); },
  answer(id, line) { return this.post("/api/play/" + encodeURIComponent(id), {answer: line}); },
  async games() { const r = await fetch("/api/games", {headers: labHeaders()}); return r.ok ? r.json() : []; },
  // recordLink fetches the record and links to it in the page: a link
  // with the session's id in it, copied and shared, would let anyone play
  // on in the session (and see an NPZR hand).
  async recordLink(id) {
    const r = await fetch("/api/play/" + encodeURIComponent(id) + "/record", {headers: labHeaders()});
    if (!r.ok) throw new Error("no record");
    const m = /filename="([^"]+)"/.exec(r.headers.get("Content-Disposition") || "");
    return {href: URL.createObjectURL(new Blob([await r.text()], {type: "application/x-ndjson"})), name: m ? m[1] : "nzsc-game.jsonl"};
  },
  leave(id) { fetch("/api/play/" + encodeURIComponent(id), {method: "DELETE", headers: labHeaders(), keepalive: true}).catch(() => {}); },
  // notes are the bots' notes of the answer being thought about
  // (optimal solving a cold cache, resolve its first pick).
  async notes(id) {
    const r = await fetch("/api/play/" + encodeURIComponent(id) + "/notes", {headers: labHeaders()});
    return r.ok ? (await r.json()).notes : [];
  },
};

// wasmTransport calls the functions cmd/nzsc-wasm puts on globalThis.nzsc
// (each takes and returns JSON text; failures are {"error": ...}).
const wasmTransport = {
  ready: null,
  load() {
    if (!this.ready) {
      this.ready = (async () => {
        const go = new Go();
        const src = fetch("nzsc.wasm");
        const res = WebAssembly.instantiateStreaming
          ? await WebAssembly.instantiateStreaming(src, go.importObject).catch(async () => WebAssembly.instantiate(await (await fetch("nzsc.wasm")).arrayBuffer(), go.importObject))
          : await WebAssembly.instantiate(await (await src).arrayBuffer(), go.importObject);
        go.run(res.instance);
        for (let i = 0; i < 200 && !globalThis.nzsc; i++) await new Promise(r => setTimeout(r, 10));
        if (!globalThis.nzsc) throw new Error("the game engine did not start");
      })();
    }
    return this.ready;
  },
  async call(name, ...args) {
    await this.load();
    const v = JSON.parse(globalThis.nzsc[name](...args));
    if (v && v.error) throw new Error(v.error);
    return v;
  },
  start(req) { return this.call("start", JSON.stringify(req)); },
  answer(id, line) { return this.call("answer", id, line); },
  games() { return this.call("games").catch(() => []); },
  async recordLink(id) {
    const v = await this.call("record", id);
    return {href: "data:application/x-ndjson;charset=utf-8," + encodeURIComponent(v.line), name: v.name};
  },
  leave(id) { if (globalThis.nzsc) globalThis.nzsc.close(id); },
};

const transport = document.body.dataset.transport === "wasm" ? wasmTransport : httpTransport;
const $ = id => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};
const log = $("transcript");
let session = null; // the session's id
let current = null; // the reply whose question is open
let busy = false;
let games = [];     // what the server offers (playapi.GameInfo)

// line appends one transcript line; cls marks the question, the person's
// answers and the results.
function line(text, cls) {
  const d = el("div", "line" + (text === "" ? " blank" : "") + (cls ? " " + cls : ""), text);
  log.appendChild(d);
  return d;
}

function classify(text) {
  if (/^You (won|lost) |^The game is a draw|^The game stops here|^Final places|^You win|^\S+ wins, with|^A draw:/.test(text)) return "result";
  if (/wait penalty!$/.test(text)) return "penalty";
  if (/^You cannot |^an action |: play what\?|is not a pile/.test(text)) return "penalty";
  if (/^Playing |^Replay: /.test(text)) return "head";
  return "";
}

// newest keeps the newest line in view: the transcript scrolled to its
// end, and the window scrolled (no further than needed) so that the
// transcript's end is on screen and not under the board that sticks to
// the top at phone width.
function newest() {
  log.scrollTop = log.scrollHeight;
  const board = document.querySelector(".board");
  const sticky = getComputedStyle(board).position === "sticky" ? board.getBoundingClientRect().bottom : 0;
  const end = log.getBoundingClientRect().bottom;
  const lineH = 2 * parseFloat(getComputedStyle(log).fontSize);
  if (end > innerHeight) window.scrollBy(0, end - innerHeight + 4);
  else if (end < sticky + lineH) window.scrollBy(0, end - sticky - lineH);
}

function show(reply) {
  for (const l of reply.lines) line(l, classify(l));
  status(reply.status);
  current = reply.over ? null : reply;
  const opts = $("options");
  opts.replaceChildren();
  opts.className = reply.kind === "action" ? "grouped" : "";
  $("question").textContent = reply.over ? "The session is over." : reply.ask;
  $("typed").hidden = reply.over;
  $("answer").placeholder = reply.status.game === "npzr" ? "or type an action, or help" : "or type a name, or help";
  if (!reply.over) {
    if (reply.kind === "action") labGrouped(opts, reply.options, button);
    else {
      const labels = reply.kind === "again" ? {y: "Play again", n: "No, that's all"} : {};
      for (const o of reply.options) opts.appendChild(button(o, labels[o] || o, o === "n" && reply.kind === "again"));
    }
  }
  const finished = reply.status.phase === "over" || reply.over;
  $("after").hidden = !finished;
  $("download").hidden = true;
  if (finished && reply.status.result) {
    transport.recordLink(session).then(l => {
      const old = $("download").href;
      if (old.startsWith("blob:")) URL.revokeObjectURL(old);
      $("download").href = l.href;
      if (l.name) $("download").download = l.name;
      $("download").hidden = false;
    }).catch(() => {});
  }
  newest();
}

function button(answerText, label, secondary) {
  const b = el("button", "option" + (secondary ? " secondary" : ""), label);
  b.type = "button";
  b.dataset.answer = answerText;
  b.addEventListener("click", () => answer(answerText));
  return b;
}

function status(s) {
  const over = s.phase === "over";
  document.body.classList.toggle("npzr-on", s.game === "npzr");
  if (s.game === "npzr") npzrBoard(s); else nzscBoard(s);
  const info = $("gameinfo");
  info.replaceChildren();
  info.append(s.label + " · game " + s.number + " · step " + (over ? s.turn : s.turn + 1) + " · seed ");
  const p = new URLSearchParams({game: s.game, players: s.seats, seat: s.seat, opponent: s.opponent, seed: s.seed});
  for (const r of new URLSearchParams(location.search).getAll("rule")) p.append("rule", r);
  const a = el("a", "", s.seed);
  a.href = "?" + p.toString();
  a.title = "A link to replay this game";
  info.append(a);
  if (s.board && s.board.points) info.append(" · first to " + s.board.points + " points");
}

// nzscBoard draws every player's standing, a column each.
function nzscBoard(s) {
  $("felt").hidden = true;
  const b = s.board, t = $("status");
  const over = s.phase === "over";
  const head = el("tr");
  head.appendChild(el("th"));
  b.players.forEach((p, i) => head.appendChild(el("th", i === s.seat ? "me" : "", p.name)));
  if (s.seats === 2 && s.opponent !== "classic") head.lastChild.textContent = "Computer (" + s.opponent + ")";
  const rows = [["Points", "big", p => p.points],
    ["Waits", "waits", p => p.waits + " " + "●".repeat(p.waits) + "○".repeat(Math.max(0, b.waits - p.waits))],
    ["Loadout", "", p => p.character ? [p.character].concat(p.booster ? [el("br"), p.booster] : []) : "–"],
    ["Destroyed", "", p => p.destroyed.length ? p.destroyed.join(", ") : "–"],
    ["Last", "", p => p.last ? p.last + " ×" + p.in_a_row + (p.blocked && !over ? " (not allowed next)" : "") : "–"]];
  const body = el("tbody");
  for (const [name, cls, f] of rows) {
    const tr = el("tr", cls);
    tr.appendChild(el("th", "", name));
    b.players.forEach((p, i) => {
      const td = el("td");
      td.id = "p" + i + "-" + name.toLowerCase();
      const v = f(p);
      if (Array.isArray(v)) td.replaceChildren(...v); else td.textContent = v;
      tr.appendChild(td);
    });
    body.appendChild(tr);
  }
  const thead = el("thead");
  thead.appendChild(head);
  t.className = "n" + s.seats;
  t.replaceChildren(thead, body);
}

const charClass = c => c ? "ch-" + c.split(" ")[0].toLowerCase() : "";

// npzrBoard draws the score on the side, and the stacks and the hand
// above the transcript.
function npzrBoard(s) {
  const b = s.board, t = $("status");
  const me = b.seat, them = 1 - me;
  const head = el("tr");
  head.append(el("th"), el("th", "me", "You"), el("th", "", b.names[them]));
  const scored = seat => {
    const td = el("td");
    if (!b.scored[seat].length) td.textContent = "–";
    for (const c of b.scored[seat]) td.appendChild(el("span", "chip " + charClass(c), c));
    return td;
  };
  const body = el("tbody");
  const row = (name, cls, a, c) => {
    const tr = el("tr", cls);
    tr.appendChild(el("th", "", name));
    for (const v of [a, c]) tr.appendChild(v instanceof Node ? v : el("td", "", String(v)));
    body.appendChild(tr);
  };
  row("Scored", "big", el("td", "", String(b.scored[me].length)), el("td", "", String(b.scored[them].length)));
  row("Characters", "", scored(me), scored(them));
  const handSize = b.hand.reduce((n, c) => n + c.count, 0);
  row("Cards", "", handSize, b.opp_hand);
  const thead = el("thead");
  thead.appendChild(head);
  t.className = "n2 npzr";
  t.replaceChildren(thead, body);
  const foot = el("tr");
  const td = el("td", "small", "Deck " + b.deck + " · " + b.waiting + " scored cards wait · turn " + b.turn + " of at most " + b.turn_cap);
  td.colSpan = 3;
  foot.appendChild(td);
  body.appendChild(foot);

  $("felt").hidden = false;
  const stacks = $("stacks");
  stacks.replaceChildren();
  if (!b.stacks.length) stacks.appendChild(el("p", "small empty", "The table is empty: start a stack with “new”."));
  b.stacks.forEach((st, i) => {
    const d = el("div", "stack" + (st.owner === me ? " mine" : " theirs"));
    d.appendChild(el("div", "owner", (i + 1) + " · " + (st.owner === me ? "you" : b.names[them])));
    ["head", "torso", "legs"].forEach((part, p) => {
      const pile = st.piles[p];
      const c = el("div", "pile " + (pile.card ? charClass(pile.character) : "none") + (pile.as ? " wild" : ""));
      c.title = part;
      if (pile.card) {
        c.appendChild(el("span", "", pile.as ? pile.card + " → " + pile.as : pile.card));
        if (pile.under > 0) c.appendChild(el("small", "", " +" + pile.under));
      } else c.textContent = part;
      d.appendChild(c);
    });
    stacks.appendChild(d);
  });
  const hand = $("hand");
  hand.replaceChildren(el("span", "small", "Your hand: "));
  for (const c of b.hand) {
    const chip = el("span", "chip " + (c.wild ? "wild" : charClass(c.card)), c.card + (c.count > 1 ? " ×" + c.count : ""));
    hand.appendChild(chip);
  }
}

async function answer(text) {
  if (busy || !current) return;
  const q = current;
  busy = true;
  for (const b of $("options").querySelectorAll("button")) b.disabled = true;
  const stop = notesWhileWaiting(session);
  try {
    const r = await transport.answer(session, text);
    stop();
    line(q.ask, "q");
    line("");
    line(text, "you");
    show(r);
  } catch (e) {
    line("Error: " + e.message, "error");
    for (const b of $("options").querySelectorAll("button")) b.disabled = false;
    $("after").hidden = false; // a lost session: offer a new game
  } finally {
    stop();
    busy = false;
    log.scrollTop = log.scrollHeight;
  }
}

// notesWhileWaiting shows, on the question line, what a bot says while an
// answer is slow to come back (a note of the server's: optimal solving
// the game, seconds); it returns the function that stops it.
function notesWhileWaiting(id) {
  if (!transport.notes) return () => {};
  let stopped = false;
  const poll = async () => {
    const notes = await transport.notes(id).catch(() => []);
    if (!stopped && notes.length) $("question").textContent = notes[notes.length - 1];
  };
  const timer = setInterval(poll, 400);
  return () => { stopped = true; clearInterval(timer); };
}

// request reads the session to start from the address.
function request() {
  const p = new URLSearchParams(location.search);
  let game = p.get("game") || "nzsc", players = parseInt(p.get("players") || "2", 10);
  const m = /^(\w+)\/(\d)$/.exec(game); // the selector's value, when the form was sent without the script
  if (m) { game = m[1]; players = parseInt(m[2], 10); }
  // ?rule=points=3 (repeatable): a rules variant, as nzsc play --rule.
  const rules = {};
  for (const r of p.getAll("rule")) {
    const i = r.indexOf("=");
    if (i > 0) rules[r.slice(0, i)] = r.slice(i + 1);
  }
  return {game, players: players || 2, seat: parseInt(p.get("seat") || "0", 10) || 0,
    opponent: p.get("opponent") || "", seed: p.get("seed") || "", rules};
}

function gameOf(req) { return games.find(g => g.game === req.game && g.players === req.players); }

// start starts the game the address names. fromAddress is set when the
// page starts it by itself on opening: any site can send a browser to an
// address, so that start may not run a program (an exec: opponent) even
// in a browser holding the server's secret; the person's Start may.
async function start(fromAddress) {
  const req = request();
  const g = gameOf(req);
  $("game").value = req.game + "/" + req.players;
  $("seat").value = String(req.seat);
  $("seatlabel").hidden = !(g && g.seats);
  $("opponent").value = req.opponent || (g ? g.opponent : "classic");
  $("seed").value = req.seed;
  offerBots();
  if (session) transport.leave(session);
  log.replaceChildren();
  // A bot that decides first may think for seconds before the session's
  // id comes back: its notes are asked for under a ticket the page draws.
  const ticket = transport.notes ? newTicket() : "";
  const stop = ticket ? notesWhileWaiting(ticket) : () => {};
  try {
    const r = await transport.start(ticket ? {...req, ticket} : req, fromAddress);
    stop();
    session = r.id;
    show(r.reply);
    $("answer").focus({preventScroll: true});
  } catch (e) {
    $("question").textContent = fromAddress && e.status === 403 && e.message.includes("a link alone may not")
      ? "This address asks for an opponent with parameters beyond its defaults (" + req.opponent + "), which may cost the server minutes, and a link alone may not start it: check the opponent below and press Start if you mean it."
      : fromAddress && e.status === 403 && labHeaders()["X-NZSC-Secret"]
      ? "This address asks to run a program on this computer as the opponent (" + req.opponent + "), and a link alone may not: check the opponent below and press Start if you mean it."
      : "Cannot start: " + e.message +
      (location.protocol === "file:" ? " (open this page through a web server, for example python3 -m http.server: browsers do not load WebAssembly from file://)" : "");
    $("options").replaceChildren();
  } finally {
    stop();
  }
}

// newTicket draws a start's ticket: 128 random bits in hex.
function newTicket() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

// offerBots lists the selected game's bots under the opponent box.
function offerBots() {
  const [name, n] = $("game").value.split("/");
  const g = games.find(x => x.game === name && x.players === parseInt(n, 10));
  const dl = $("bots");
  dl.replaceChildren();
  const about = {};
  for (const b of (g ? g.bots : [])) {
    const o = el("option");
    o.value = b.name;
    o.label = b.about;
    dl.appendChild(o);
    about[b.name] = b.about;
  }
  const bot = $("opponent").value.split(":")[0].trim();
  $("botabout").textContent = about[bot] ? bot + ": " + about[bot] + "." : "";
}

$("typed").addEventListener("submit", ev => {
  ev.preventDefault();
  const v = $("answer").value.trim();
  if (v === "") return;
  $("answer").value = "";
  answer(v);
});
$("setup").addEventListener("submit", ev => {
  ev.preventDefault();
  const [game, players] = $("game").value.split("/");
  const p = new URLSearchParams({game, players});
  if (!$("seatlabel").hidden && $("seat").value !== "0") p.set("seat", $("seat").value);
  if ($("opponent").value.trim()) p.set("opponent", $("opponent").value.trim());
  if ($("seed").value.trim()) p.set("seed", $("seed").value.trim());
  history.replaceState(null, "", "?" + p.toString());
  start(false);
});
$("game").addEventListener("change", () => {
  // The other game's default bot, unless one was typed.
  const [name, n] = $("game").value.split("/");
  const g = games.find(x => x.game === name && x.players === parseInt(n, 10));
  if (g && (!$("opponent").value || games.some(x => x.opponent === $("opponent").value))) $("opponent").value = g.opponent;
  $("seatlabel").hidden = !(g && g.seats);
  offerBots();
});
$("opponent").addEventListener("input", offerBots);
$("newgame").addEventListener("click", () => {
  // A new session with a fresh seed, same game and opponent.
  const p = new URLSearchParams(location.search);
  p.delete("seed");
  history.replaceState(null, "", "?" + p.toString());
  start(false);
});
window.addEventListener("pagehide", () => { if (session) transport.leave(session); });

labReady.then(() => transport.games()).then(list => {
  games = list;
  labGameOptions($("game"), list, g => g.game + "/" + g.players);
  start(true);
});
