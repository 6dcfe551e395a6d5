// The Runs page: the run directories, a run's report, and starting,
// following and stopping a job (a tournament, a match or a sequential
// test).
"use strict";
const $ = (id) => document.getElementById(id);
let jobId = "", selected = "";

async function api(method, path, body) {
  const opt = { method, headers: labHeaders() };
  if (body !== undefined) {
    opt.headers["Content-Type"] = "application/json";
    opt.body = JSON.stringify(body);
  }
  const r = await fetch("api/" + path, opt);
  const j = await r.json().catch(() => ({ error: "bad answer from the server (" + r.status + ")" }));
  if (!r.ok) throw new Error(j.error || ("HTTP " + r.status));
  return j;
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

// shell quotes an argument for a command line a person can paste.
function shell(a) {
  return /^[\w@%+=:,.\/-]+$/.test(a) ? a : "'" + a.replace(/'/g, "'\\''") + "'";
}

function status(r) {
  if (r.error) return "unreadable: " + r.error;
  if (r.running) return "running";
  if (r.complete) return "complete";
  return r.interrupted ? "stopped (resumable)" : "incomplete";
}

async function loadRuns() {
  try {
    const j = await api("GET", "runs");
    $("dir").textContent = "in " + j.dir;
    const tb = $("runs").querySelector("tbody");
    tb.innerHTML = "";
    for (const r of j.runs) {
      const tr = document.createElement("tr");
      tr.dataset.run = r.name;
      if (r.name === selected) tr.className = "sel";
      tr.innerHTML = "<td>" + esc(r.name) + "</td><td>" + esc(r.kind || "") + "</td><td class=bots>" +
        esc((r.bots || []).join(", ")) + "</td><td>" + (r.games_done ?? "") + " / " + (r.games_planned ?? "") +
        "</td><td>" + esc(status(r)) + "</td>";
      tr.onclick = () => show(r.name);
      tb.appendChild(tr);
    }
    $("empty").hidden = j.runs.length > 0;
    $("runs").hidden = j.runs.length === 0;
  } catch (e) { $("starterr").textContent = e.message; }
}

async function show(name) {
  selected = name;
  for (const tr of $("runs").querySelectorAll("tbody tr")) tr.className = tr.dataset.run === name ? "sel" : "";
  try {
    const d = await api("GET", "runs/" + encodeURIComponent(name));
    $("detail").hidden = false;
    $("dname").textContent = d.name;
    $("dinfo").textContent = d.kind + " of " + d.game + ", seed " + d.seed + ": " + d.games_done + " of " +
      d.games_planned + " games, " + status(d) + ".";
    $("dcmd").innerHTML = d.command ? "Command: <code>" + esc(d.command.map(shell).join(" ")) + "</code>" : "";
    $("dresume").innerHTML = d.resume ? "Continue it with <code>" + esc(d.resume) + "</code>" : "";
    $("dfiles").innerHTML = "Files: " + (d.files || []).map((f) =>
      '<a href="api/runs/' + encodeURIComponent(name) + "/files/" + encodeURIComponent(f) + '" target="_blank" rel="noopener">' + esc(f) + "</a>").join(", ");
    const base = "api/runs/" + encodeURIComponent(name) + "/report.";
    if (d.report === "html") {
      $("dtext").hidden = true;
      $("dframe").hidden = false;
      $("dframe").src = base + "html";
      $("dopen").href = base + "html";
    } else {
      $("dframe").hidden = true;
      $("dopen").href = base + "txt";
      const r = await fetch(base + "txt");
      $("dtext").textContent = await r.text();
      $("dtext").hidden = false;
    }
  } catch (e) { $("starterr").textContent = e.message; }
}

// games are the games and seat counts the server offers, each with its
// bots; the form shows the chosen one's bots.
let games = [];

async function loadBots() {
  games = await api("GET", "games");
  labGameOptions($("game"), games, (g, i) => String(i));
  showBots();
}

function chosen() { return games[Number($("game").value)] || { game: "nzsc", players: 2, set_games: 2, bots: [] }; }

// showBots lists the chosen game's bots (the usual four checked where
// the game has them), then the kind's fields (showKind).
function showBots() {
  const g = chosen();
  const list = $("botlist");
  list.innerHTML = "";
  const defaults = ["random", "classic", "greedy", "nash"];
  for (const b of g.bots) {
    const l = document.createElement("label");
    l.title = b.help + (b.params ? " (" + b.params.join(", ") + ")" : "");
    l.innerHTML = '<input type="checkbox" value="' + esc(b.name) + '"' + (defaults.includes(b.name) ? " checked" : "") + "> " + esc(b.name);
    list.appendChild(l);
  }
  // The game's designs of openings (NZSC's), none for a game without.
  const open = $("openings"), keep = open.value;
  open.innerHTML = '<option value="">none</option>';
  for (const d of g.openings || []) {
    const o = document.createElement("option");
    o.value = o.textContent = d;
    open.appendChild(o);
  }
  open.value = (g.openings || []).includes(keep) ? keep : "";
  $("openlabel").hidden = !(g.openings || []).length;
  // The sequential test's bots: any spec, the game's bots suggested;
  // greedy against random where the game has them.
  const names = $("botnames");
  names.innerHTML = "";
  for (const b of g.bots) {
    const o = document.createElement("option");
    o.value = b.name;
    names.appendChild(o);
  }
  const has = (n) => g.bots.some((b) => b.name === n);
  for (const [id, want, i] of [["snew", "greedy", 0], ["sbase", "random", 1]]) {
    if (!$(id).value || !has($(id).value)) $(id).value = has(want) ? want : (g.bots[i] || g.bots[0] || { name: "" }).name;
  }
  showKind();
}

// setStep makes the games field step by set games (those that share a
// seed), its value rounded to a multiple.
function setStep(set) {
  const count = $("games");
  count.step = count.min = String(set);
  const n = Number(count.value);
  if (!(n > 0) || n % set) count.value = String(set * Math.max(1, Math.round(n / set)));
}

$("game").onchange = showBots;

// showKind shows the bots of a tournament or match, or a sequential
// test's two bots and settings (its games are its most games).
function showKind() {
  const sprt = $("kind").value === "sprt";
  $("botsbox").hidden = sprt;
  $("sprtbox").hidden = !sprt;
  $("gameslabel").textContent = sprt ? "Most games" : "Games per pairing";
  // At 3 or 4 players a test's other seats hold its field, and its
  // games are seat-swapped pairs of NEW and BASE, whatever the seats.
  $("sfieldlabel").hidden = !sprt || chosen().players < 3;
  setStep(sprt ? 2 : chosen().set_games);
}

$("kind").onchange = showKind;

// specs splits a list of bot specs as nzsc tournament --bots does, by
// asking the server (one rule: mcts:iters=100,c=2 is one bot, and so is
// exec:./bot;timeout=1s); a blank list is none.
async function specs(list) {
  return list.trim() ? api("GET", "specs?list=" + encodeURIComponent(list)) : [];
}

$("start").onsubmit = async (ev) => {
  ev.preventDefault();
  $("starterr").textContent = "";
  const kind = $("kind").value;
  try {
    let bots = [...$("botlist").querySelectorAll("input:checked")].map((i) => i.value);
    bots.push(...await specs($("more").value));
    const req = { kind, bots };
    if (kind === "sprt") {
      // The server checks every setting, as nzsc sprt does, and says why
      // it refuses one.
      req.bots = [$("snew").value.trim(), $("sbase").value.trim()];
      req.sprt = { elo0: Number($("elo0").value), elo1: Number($("elo1").value), alpha: Number($("alpha").value),
        beta: Number($("beta").value), model: $("model").value, batch: Number($("batch").value),
        field: await specs($("sfield").value) };
    }
    const g = chosen();
    Object.assign(req, { game: g.game, players: g.players, games: Number($("games").value), seed: $("seed").value.trim(), tc: $("tc").value.trim(), openings: $("openings").value });
    const j = await api("POST", "jobs", req);
    follow(j);
  } catch (e) { $("starterr").textContent = e.message; }
};

async function follow(j) {
  jobId = j.id;
  $("job").hidden = false;
  $("go").disabled = true;
  $("stop").disabled = false;
  loadRuns();
  while (jobId === j.id) {
    $("jobrun").textContent = j.run;
    $("jobstate").textContent = j.state;
    $("bar").max = j.games || 1;
    $("bar").value = j.games_done;
    $("jobcount").textContent = j.kind === "sprt" ? j.games_done + " games of at most " + j.games : j.games_done + " of " + j.games + " games";
    $("jobhint").innerHTML = (j.resume ? "Saved what finished. Continue with <code>" + esc(j.resume) + "</code>" : (j.error ? esc(j.error) : "")) +
      (j.note ? " " + esc(j.note) : "");
    $("stop").hidden = j.state !== "running";
    if (j.tail) {
      // The games are over; a Stop (a second one, after a Stop during
      // the games) ends the writing of its tables.
      $("jobstate").textContent = "running: writing its CSV tables";
      $("stop").disabled = false;
    }
    showTest(j);
    if (j.state !== "running") break;
    await new Promise((r) => setTimeout(r, 400));
    try { j = await api("GET", "jobs/" + encodeURIComponent(j.id)); } catch (e) { $("starterr").textContent = e.message; break; }
  }
  $("go").disabled = false;
  $("stop").disabled = true;
  await loadRuns();
  show(j.run);
}

// num writes a number with 3 decimals, or "" for none.
const num = (x) => (typeof x === "number" ? x.toFixed(3) : "");

// showTest shows a sequential test's last look: its LLR between its
// bounds, its games and counts, and its verdict once it has one.
function showTest(j) {
  const o = j.sprt;
  $("jobsprt").hidden = !o && j.kind !== "sprt";
  if (!o) {
    $("sverdict").textContent = "";
    $("sllr").textContent = j.kind === "sprt" ? "no look at the LLR yet (one every batch of games)" : "";
    $("slower").textContent = $("supper").textContent = $("scounts").textContent = "";
    return;
  }
  $("jobsprt").hidden = false;
  const verdict = { "continue": "Testing:", "H1 accepted": "H1 accepted:", "H0 accepted": "H0 accepted:", "interrupted": "Stopped before a verdict:" }[o.verdict] || (o.verdict + ":");
  $("sverdict").textContent = verdict;
  const field = o.seats ? " at " + o.seats + " players (other seats: " + o.field.join(", ") + ")" : "";
  $("sllr").textContent = o.new + " against " + o.base + field + ", LLR " + num(o.llr) + " in [" + num(o.lower_bound) + ", " + num(o.upper_bound) +
    "] after " + o.games + " games (H0 " + o.elo0 + " Elo, H1 " + o.elo1 + " Elo, " + o.model + ", alpha " + o.alpha + ", beta " + o.beta + ")";
  const bar = $("llrbar");
  bar.min = o.lower_bound;
  bar.max = o.upper_bound;
  bar.value = Math.min(Math.max(o.llr, o.lower_bound), o.upper_bound);
  $("slower").textContent = "H0 " + num(o.lower_bound);
  $("supper").textContent = "H1 " + num(o.upper_bound);
  // An Elo without a number (null: a perfect score's) is left out.
  const e = (x) => (typeof x === "number" ? (x >= 0 ? "+" : "") + x.toFixed(1) : "?");
  const elo = typeof o.elo === "number" ? ", Elo " + e(o.elo) + " [" + e(o.elo_lo95) + ", " + e(o.elo_hi95) + "] (95%)" : "";
  $("scounts").textContent = "W " + o.wins + " D " + o.draws + " L " + o.losses + ", pentanomial " + o.pentanomial.join(" ") + elo;
}

$("stop").onclick = async () => {
  $("stop").disabled = true;
  try { await api("POST", "jobs/" + encodeURIComponent(jobId) + "/stop"); } catch (e) { $("starterr").textContent = e.message; }
};

showKind();
labReady.then(loadBots).catch((e) => { $("starterr").textContent = e.message; });
loadRuns().then(async () => {
  // A job already running (started from another tab) is followed.
  try {
    const jobs = await api("GET", "jobs");
    const r = jobs.find((j) => j.state === "running");
    if (r) follow(r);
  } catch (e) { /* the list is enough */ }
});
