// The Watch page: get a narrated game from the server (two bots, an
// uploaded record, or a run's games log) and step through it.
"use strict";
const $ = (id) => document.getElementById(id);
let game = null, pos = 0, timer = null, run = "", from = 0;
const pageSize = 50;

async function api(method, path, body) {
  const opt = { method, headers: labHeaders() };
  if (body !== undefined) {
    opt.headers["Content-Type"] = "application/json";
    opt.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const r = await fetch("api/" + path, opt);
  const j = await r.json().catch(() => ({ error: "bad answer from the server (" + r.status + ")" }));
  if (!r.ok) throw new Error(j.error || ("HTTP " + r.status));
  return j;
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

async function load(p) {
  $("err").textContent = "";
  stopAuto();
  try {
    game = await p;
    pos = 0;
    $("viewer").hidden = false;
    $("title").textContent = game.title + ": " + game.record.bots.join(" vs ") + ", seed " + game.record.seed;
    $("download").href = URL.createObjectURL(new Blob([JSON.stringify(game.record) + "\n"], { type: "application/x-ndjson" }));
    render();
    $("viewer").scrollIntoView({ behavior: "smooth", block: "start" });
  } catch (e) { $("err").textContent = e.message; }
}

function side(s) {
  const el = $("side" + s);
  const step = pos > 0 ? game.steps[pos - 1] : null;
  let st = null;
  try { st = step ? (s === 0 ? step.state.you : step.state.opponent) : null; } catch (e) { /* another game */ }
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
  if (step && step.names[s]) html += '<div class="small">chose ' + esc(step.names[s]) + "</div>";
  el.innerHTML = html;
  el.hidden = s >= game.record.seats;
}

function render() {
  const n = game.steps.length;
  $("pos").textContent = pos === 0 ? "Start (" + n + " turns)" : "Turn " + pos + " of " + n;
  $("first").disabled = $("prev").disabled = pos === 0;
  $("next").disabled = $("last").disabled = pos === n;
  side(0); side(1);
  let html = esc(game.header);
  for (let i = 0; i < pos; i++) {
    const t = esc(game.steps[i].text);
    html += i === pos - 1 ? '<span class="now">' + t + "</span>" : t;
  }
  if (pos === n) html += esc(game.end);
  const pre = $("text");
  pre.innerHTML = html;
  const now = pre.querySelector(".now");
  pre.scrollTop = now ? now.offsetTop - pre.offsetTop - 8 : 0;
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
  timer = setInterval(() => { if (pos >= game.steps.length) stopAuto(); else go(pos + 1); }, 700);
};
document.addEventListener("keydown", (e) => {
  if (!game || e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  const k = { ArrowLeft: () => go(pos - 1), ArrowRight: () => go(pos + 1), Home: () => go(0), End: () => go(Infinity) }[e.key];
  if (k) { stopAuto(); k(); e.preventDefault(); }
});

$("botsform").onsubmit = (ev) => {
  ev.preventDefault();
  load(api("POST", "play", { bots: [$("bot0").value, $("bot1").value], seed: $("seed").value.trim() }));
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

async function loadBots() {
  const bots = await api("GET", "bots");
  for (const [i, sel] of [[0, $("bot0")], [1, $("bot1")]]) {
    for (const b of bots) {
      const o = document.createElement("option");
      o.value = o.textContent = b.name;
      o.title = b.help;
      sel.appendChild(o);
    }
    sel.value = i === 0 ? "greedy" : "classic";
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
      tr.innerHTML = "<td>#" + (g.index + 1) + "</td><td>" + g.bots.map(esc).join(" vs ") + "</td><td>" + res + "</td><td>" + g.steps + " turns</td>";
      if (g.turns) tr.onclick = () => load(api("GET", "runs/" + encodeURIComponent(run) + "/games/" + g.index));
      else tr.title = "logged at the outcome level: no turns to replay";
      tb.appendChild(tr);
    }
    $("prevpage").disabled = from === 0;
    $("nextpage").disabled = !j.more;
  } catch (e) { $("err").textContent = e.message; }
}
$("prevpage").onclick = () => { from = Math.max(0, from - pageSize); loadGames(); };
$("nextpage").onclick = () => { from += pageSize; loadGames(); };

loadBots().catch((e) => { $("err").textContent = e.message; });
loadRuns().catch((e) => { $("err").textContent = e.message; });
// ?bots=a,b&seed=S plays at once: a link to a game.
(function () {
  const q = new URLSearchParams(location.search);
  if (q.get("bots")) {
    const b = q.get("bots").split(",");
    load(api("POST", "play", { bots: b, seed: q.get("seed") || "1" }));
  }
})();
