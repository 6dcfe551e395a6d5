// The Watch page: get a narrated game from the server (bots of any game
// and seat count, an uploaded record, or a run's games log) and step
// through it.
"use strict";
const $ = (id) => document.getElementById(id);
let game = null, pos = 0, timer = null, run = "", from = 0, games = [];
const pageSize = 50;

// api calls the page's API with the page token and the server's secret
// (labHeaders), or without the secret when bare is set.
async function api(method, path, body, bare) {
  const opt = { method, headers: labHeaders({}, bare) };
  if (body !== undefined) {
    opt.headers["Content-Type"] = "application/json";
    opt.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const r = await fetch("api/" + path, opt);
  const j = await r.json().catch(() => ({ error: "bad answer from the server (" + r.status + ")" }));
  if (!r.ok) { const e = new Error(j.error || ("HTTP " + r.status)); e.status = r.status; throw e; }
  return j;
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

// load shows the game p brings, saying what is under way (busy) until it
// comes: a game of bots that clash every turn plays 1000 turns first,
// seconds with search bots, and the page must not look idle meanwhile.
async function load(p, busy) {
  $("err").textContent = "";
  $("busy").textContent = busy || "Opening the game…";
  $("busy").hidden = false;
  $("play").disabled = true; // one game at a time: the server plays two for everyone
  stopAuto();
  try {
    game = await p;
    pos = 0;
    $("viewer").hidden = false;
    $("title").textContent = game.label + ": " + game.record.bots.join(" vs ") + ", seed " + game.record.seed;
    // A game that runs to the turn cap (two copies of a deterministic
    // bot may clash on every pick) is said to be one at once: stepping
    // through a thousand alike turns to learn it looks like a stuck page.
    const noun = game.step_noun === "action" ? "turns" : game.step_noun + "s";
    $("capped").textContent = game.capped ? "This game reached the turn cap of " + game.turn_cap + " " + noun + ": a draw, nobody won." : "";
    $("capped").hidden = !game.capped;
    $("download").href = URL.createObjectURL(new Blob([JSON.stringify(game.record) + "\n"], { type: "application/x-ndjson" }));
    $("sides").innerHTML = "";
    $("viewer").scrollIntoView({ block: "start" });
    render();
  } catch (e) { $("err").textContent = e.message; }
  finally { $("busy").hidden = true; $("play").disabled = false; }
}

// side draws seat s's box: its bot, its points (NZSC) and, for
// two-player NZSC, its character, booster, waits and destroyed moves.
function side(s) {
  let el = $("side" + s);
  if (!el) {
    el = document.createElement("div");
    el.className = "side";
    el.id = "side" + s;
    $("sides").appendChild(el);
  }
  const step = pos > 0 ? game.steps[pos - 1] : null;
  let st = null;
  try { st = step && game.record.seats === 2 ? (s === 0 ? step.state.you : step.state.opponent) : null; } catch (e) { /* another game */ }
  let html = "<div>Seat " + s + ": " + esc(game.record.bots[s] ?? "") + "</div>";
  if (step && step.score) html += '<div class="pts">' + step.score[s] + "</div>";
  else if (!step && game.record.game === "nzsc") html += '<div class="pts">0</div>';
  if (st) {
    const bits = [];
    if (st.character) bits.push(esc(st.character) + (st.booster ? " · " + esc(st.booster) : ""));
    if (st.waits) bits.push("waits: " + st.waits);
    if (st.destroyed && st.destroyed.length) bits.push("destroyed: " + st.destroyed.map(esc).join(", "));
    if (bits.length) html += '<div class="small">' + bits.join("<br>") + "</div>";
  }
  if (step && step.names[s]) html += '<div class="small">' + esc(step.names[s]) + "</div>";
  el.innerHTML = html;
  el.hidden = s >= game.record.seats;
}

function render() {
  const n = game.steps.length;
  // A step is a turn or an action, as the game has them (step_noun).
  const noun = game.step_noun || "step";
  $("pos").textContent = pos === 0 ? "Start (" + n + " " + noun + "s)" : noun[0].toUpperCase() + noun.slice(1) + " " + pos + " of " + n;
  if (pos === n && game.capped) $("pos").textContent += ": the turn cap, a draw";
  $("first").disabled = $("prev").disabled = pos === 0;
  $("next").disabled = $("last").disabled = pos === n;
  for (let s = 0; s < Math.max(game.record.seats, $("sides").children.length); s++) side(s);
  let html = esc(game.header);
  for (let i = 0; i < pos; i++) {
    const t = esc(game.steps[i].text);
    html += i === pos - 1 ? '<span class="now">' + t + "</span>" : t;
  }
  if (pos === n) html += esc(game.end);
  $("text").innerHTML = html;
  newest();
}

// newest keeps the newest line in view: the narration scrolled to its
// end, and the window scrolled (no further than needed) so that the
// narration's end is on screen, below the controls that stick to the
// top.
function newest() {
  const pre = $("text");
  pre.scrollTop = pre.scrollHeight;
  const top = $("controls").getBoundingClientRect().bottom;
  const end = pre.getBoundingClientRect().bottom;
  const lineH = 2 * parseFloat(getComputedStyle(pre).fontSize);
  if (end > innerHeight) window.scrollBy(0, end - innerHeight + 4);
  else if (end < top + lineH) window.scrollBy(0, end - top - lineH);
}

function go(p) { if (game) { pos = Math.max(0, Math.min(game.steps.length, p)); render(); } }
function stopAuto() { if (timer) { clearInterval(timer); timer = null; $("auto").textContent = "Play on"; } }

$("first").onclick = () => { stopAuto(); go(0); };
$("prev").onclick = () => { stopAuto(); go(pos - 1); };
$("next").onclick = () => { stopAuto(); go(pos + 1); };
$("last").onclick = () => { stopAuto(); go(Infinity); };
$("auto").onclick = () => {
  if (timer) { stopAuto(); return; }
  if (pos === game.steps.length) go(0);
  $("auto").textContent = "Pause";
  // 0.7 s a step, faster in a long game: any game plays on in about a
  // minute (a 1000-turn game at 0.7 s a turn took 12 minutes).
  const every = Math.max(40, Math.min(700, 60000 / game.steps.length));
  timer = setInterval(() => { if (pos >= game.steps.length) stopAuto(); else go(pos + 1); }, every);
};
document.addEventListener("keydown", (e) => {
  if (!game || e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  const k = { ArrowLeft: () => go(pos - 1), ArrowRight: () => go(pos + 1), Home: () => go(0), End: () => go(Infinity) }[e.key];
  if (k) { stopAuto(); k(); e.preventDefault(); }
});

$("botsform").onsubmit = (ev) => {
  ev.preventDefault();
  const g = chosen();
  const bots = [...$("seats").querySelectorAll("select")].map((sel) => sel.value);
  load(api("POST", "play", { game: g.game, players: g.players, bots, seed: $("seed").value.trim() }), "The bots are playing…");
};

$("open").onclick = async () => {
  const f = $("file").files[0];
  if (!f) { $("err").textContent = "Choose a file first."; return; }
  if (f.name.endsWith(".gz")) { $("err").textContent = "Upload an uncompressed record (gunzip the games log first), or pick the game from its run."; return; }
  const lines = (await f.text()).split("\n").filter((l) => l.trim() !== "");
  const n = Number($("line").value) || 1;
  if (n > lines.length) { $("err").textContent = "The file has " + lines.length + " records."; return; }
  load(api("POST", "record", lines[n - 1]));
};

// loadBots lists the games and seat counts the server offers; the form
// shows a bot for each seat of the chosen one.
async function loadBots() {
  games = await api("GET", "games");
  const sel = $("game");
  labGameOptions(sel, games, (g, i) => String(i));
  sel.onchange = () => showSeats();
  showSeats();
}

function chosen() { return games[Number($("game").value)] || { game: "nzsc", players: 2, bots: [] }; }

// showSeats draws a bot choice per seat, greedy against classic (or the
// first bots the game has) unless picks says otherwise.
function showSeats(picks) {
  const g = chosen();
  const p = $("seats");
  p.innerHTML = "";
  const names = g.bots.map((b) => b.name);
  const usual = ["greedy", "classic", "nash", "random"].filter((n) => names.includes(n));
  for (let s = 0; s < g.players; s++) {
    const l = document.createElement("label");
    l.textContent = "Seat " + s + " ";
    const sel = document.createElement("select");
    sel.id = "bot" + s;
    for (const b of g.bots) {
      const o = document.createElement("option");
      o.value = o.textContent = b.name;
      o.title = b.help;
      sel.appendChild(o);
    }
    // A link's bot with parameters (mcts:iters=500) is offered as given:
    // the person's Play starts what the link could not.
    const pick = picks && picks[s] ? picks[s].trim() : "";
    if (pick && !names.includes(pick)) {
      const o = document.createElement("option");
      o.value = o.textContent = pick;
      sel.appendChild(o);
    }
    sel.value = pick || usual[s % Math.max(usual.length, 1)] || names[s % names.length];
    l.appendChild(sel);
    p.appendChild(l);
  }
}

async function loadRuns() {
  const runs = await api("GET", "runs");
  if (!runs.length) return;
  $("runbox").hidden = false;
  for (const r of runs) {
    const o = document.createElement("option");
    o.value = r.name;
    o.textContent = r.name + " (" + r.kind + ", " + r.games_done + " games)";
    $("run").appendChild(o);
  }
  $("run").onchange = () => { run = $("run").value; from = 0; loadGames(); };
  run = runs[0].name;
  loadGames();
}

async function loadGames() {
  try {
    const j = await api("GET", "runs/" + encodeURIComponent(run) + "/games?from=" + from + "&n=" + pageSize);
    const tb = $("games").querySelector("tbody");
    tb.innerHTML = "";
    for (const g of j.games) {
      const tr = document.createElement("tr");
      const res = g.winner < 0 ? "draw" : esc(g.bots[g.winner]) + " won";
      tr.innerHTML = "<td>#" + (g.index + 1) + "</td><td>" + g.bots.map(esc).join(" vs ") + "</td><td>" + res + "</td><td>" + g.steps + " " + esc(g.step_noun || "step") + (g.steps === 1 ? "" : "s") + "</td>";
      if (g.turns) tr.onclick = () => load(api("GET", "runs/" + encodeURIComponent(run) + "/games/" + g.index));
      else tr.title = "logged at the outcome level: no turns to replay";
      tb.appendChild(tr);
    }
    $("prevpage").disabled = from === 0;
    $("nextpage").disabled = !j.more;
    // The list above moved the game being watched: its newest line is
    // brought back into view.
    if (game) newest();
  } catch (e) { $("err").textContent = e.message; }
}
$("prevpage").onclick = () => { from = Math.max(0, from - pageSize); loadGames(); };
$("nextpage").onclick = () => { from += pageSize; loadGames(); };

loadRuns().catch((e) => { $("err").textContent = e.message; });
// ?game=G&players=N&bots=a,b&seed=S plays at once: a link to a game.
labReady.then(loadBots).then(async () => {
  const q = new URLSearchParams(location.search);
  const name = q.get("game") || "nzsc", players = Number(q.get("players")) || 2;
  const i = games.findIndex((g) => g.game === name && g.players === players);
  if (i >= 0) $("game").value = String(i);
  // The list split by the server, as nzsc tournament --bots splits it
  // (mcts:iters=100,c=2 is one bot): one rule, not one per page.
  const b = q.get("bots") ? await api("GET", "specs?list=" + encodeURIComponent(q.get("bots"))) : null;
  showSeats(b);
  if (q.get("seed")) $("seed").value = q.get("seed");
  // Any site can send a browser to such an address: the game it names
  // goes without the server's secret, so that a link never starts a
  // program (an exec: bot), even in a browser holding the secret.
  // It says it comes from a link (link: true), so that a link starts no
  // costly bot either (a search's iterations: minutes of the server's
  // cores); the person's Play does.
  if (b) load(api("POST", "play", { game: name, players, bots: b, seed: q.get("seed") || "1", link: true }, true).catch((e) => {
    if (e.status === 403 && e.message.includes("a link alone may not")) {
      throw new Error("This address asks for bots with parameters beyond their defaults (" + b.join(", ") + "), which may cost the server minutes, and a link alone may not start them: check the bots below and press Play if you mean it.");
    }
    if (e.status === 403 && labHeaders()["X-NZSC-Secret"]) {
      throw new Error("This address asks to run a program on this computer as a bot (" + b.join(", ") + "), and a link alone may not.");
    }
    throw e;
  }), "The bots are playing…");
}).catch((e) => { $("err").textContent = e.message; });
