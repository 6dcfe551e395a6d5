// The Play page: one script for `nzsc serve` (answers go to its JSON API)
// and for the static page `make web` builds (answers go to the engine
// compiled to WebAssembly, cmd/nzsc-wasm). Only the transport differs;
// both return the replies of the same play.Session.
"use strict";

// httpTransport talks to nzsc serve's API.
const httpTransport = {
  async post(url, body) {
    const r = await fetch(url, {method: "POST", headers: labHeaders({"Content-Type": "application/json"}), body: JSON.stringify(body)});
    const v = await r.json();
    if (!r.ok) throw new Error(v.error || r.statusText);
    return v;
  },
  start(req) { return this.post("/api/play", req); },
  answer(id, line) { return this.post("/api/play/" + encodeURIComponent(id), {answer: line}); },
  async bots() { const r = await fetch("/api/bots", {headers: labHeaders()}); return r.ok ? r.json() : []; },
  async recordLink(id) { return {href: "/api/play/" + encodeURIComponent(id) + "/record", name: ""}; },
  leave(id) { fetch("/api/play/" + encodeURIComponent(id), {method: "DELETE", headers: labHeaders(), keepalive: true}).catch(() => {}); },
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
  bots() { return this.call("bots").catch(() => []); },
  async recordLink(id) {
    const v = await this.call("record", id);
    return {href: "data:application/x-ndjson;charset=utf-8," + encodeURIComponent(v.line), name: v.name};
  },
  leave(id) { if (globalThis.nzsc) globalThis.nzsc.close(id); },
};

const transport = document.body.dataset.transport === "wasm" ? wasmTransport : httpTransport;
const $ = id => document.getElementById(id);
const log = $("transcript");
let session = null; // the session's id
let current = null; // the reply whose question is open
let busy = false;

// line appends one transcript line; cls marks the question, the person's
// answers and the results.
function line(text, cls) {
  const d = document.createElement("div");
  d.className = "line" + (text === "" ? " blank" : "") + (cls ? " " + cls : "");
  d.textContent = text;
  log.appendChild(d);
  return d;
}

function classify(text) {
  if (/^You (won|lost) |^The game is a draw|^The game stops here/.test(text)) return "result";
  if (/wait penalty!$/.test(text)) return "penalty";
  if (/^Playing against /.test(text)) return "head";
  return "";
}

function show(reply) {
  for (const l of reply.lines) line(l, classify(l));
  log.scrollTop = log.scrollHeight;
  status(reply.status);
  current = reply.over ? null : reply;
  const opts = $("options");
  opts.replaceChildren();
  $("question").textContent = reply.over ? "The session is over." : reply.ask;
  $("typed").hidden = reply.over;
  if (!reply.over) {
    const labels = reply.kind === "again" ? {y: "Play again", n: "No, that's all"} : {};
    for (const o of reply.options) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "option" + (o === "n" && reply.kind === "again" ? " secondary" : "");
      b.textContent = labels[o] || o;
      b.dataset.answer = o;
      b.addEventListener("click", () => answer(o));
      opts.appendChild(b);
    }
  }
  const finished = reply.status.phase === "over" || reply.over;
  $("after").hidden = !finished;
  $("download").hidden = true;
  if (finished && reply.status.result) {
    transport.recordLink(session).then(l => {
      $("download").href = l.href;
      if (l.name) $("download").download = l.name;
      $("download").hidden = false;
    }).catch(() => {});
  }
}

function status(s) {
  const over = s.phase === "over";
  const side = (who, v) => {
    $(who + "-points").textContent = v.points;
    $(who + "-waits").textContent = v.waits + " " + "●".repeat(v.waits) + "○".repeat(Math.max(0, 4 - v.waits));
    $(who + "-waits").title = v.waits + " waits left";
    $(who + "-loadout").replaceChildren(...(v.character ? [v.character].concat(v.booster ? [document.createElement("br"), v.booster] : []) : ["–"]));
    $(who + "-destroyed").textContent = v.destroyed.length ? v.destroyed.join(", ") : "–";
    $(who + "-last").textContent = v.last ? v.last + " ×" + v.in_a_row + (v.blocked && !over ? " (not allowed next)" : "") : "–";
  };
  side("you", s.you);
  side("comp", s.computer);
  $("opp-name").textContent = s.opponent === "classic" ? "Computer" : "Computer (" + s.opponent + ")";
  const link = "?" + new URLSearchParams({opponent: s.opponent, seed: s.seed}).toString();
  const info = $("gameinfo");
  info.replaceChildren();
  info.append("Game " + s.game + " · turn " + (s.phase === "over" ? s.turn : s.turn + 1) + " · seed ");
  const a = document.createElement("a");
  a.href = link;
  a.textContent = s.seed;
  a.title = "A link to replay this game";
  info.append(a, " · first to 5 points");
}

async function answer(text) {
  if (busy || !current) return;
  const q = current;
  busy = true;
  for (const b of $("options").querySelectorAll("button")) b.disabled = true;
  try {
    const r = await transport.answer(session, text);
    line(q.ask, "q");
    line("");
    line(text, "you");
    show(r);
  } catch (e) {
    line("Error: " + e.message, "error");
    for (const b of $("options").querySelectorAll("button")) b.disabled = false;
    $("after").hidden = false; // a lost session: offer a new game
  } finally {
    busy = false;
    log.scrollTop = log.scrollHeight;
  }
}

async function start() {
  const p = new URLSearchParams(location.search);
  const req = {opponent: p.get("opponent") || "classic", seed: p.get("seed") || ""};
  $("opponent").value = req.opponent;
  $("seed").value = req.seed;
  if (session) transport.leave(session);
  log.replaceChildren();
  try {
    const r = await transport.start(req);
    session = r.id;
    show(r.reply);
    $("answer").focus({preventScroll: true});
  } catch (e) {
    $("question").textContent = "Cannot start: " + e.message +
      (location.protocol === "file:" ? " (open this page through a web server, for example python3 -m http.server: browsers do not load WebAssembly from file://)" : "");
    $("options").replaceChildren();
  }
}

$("typed").addEventListener("submit", ev => {
  ev.preventDefault();
  const v = $("answer").value.trim();
  if (v === "") return;
  $("answer").value = "";
  answer(v);
});
$("newgame").addEventListener("click", () => {
  // A new session with a fresh seed, same opponent.
  const p = new URLSearchParams(location.search);
  p.delete("seed");
  history.replaceState(null, "", "?" + p.toString());
  start();
});
window.addEventListener("pagehide", () => { if (session) transport.leave(session); });

transport.bots().then(list => {
  const dl = $("bots");
  const about = {};
  for (const b of list) {
    const o = document.createElement("option");
    o.value = b.name;
    o.label = b.about;
    dl.appendChild(o);
    about[b.name] = b.about;
  }
  const describe = () => {
    const name = $("opponent").value.split(":")[0].trim();
    $("botabout").textContent = about[name] ? name + ": " + about[name] + "." : "";
  };
  $("opponent").addEventListener("input", describe);
  describe();
});
start();
