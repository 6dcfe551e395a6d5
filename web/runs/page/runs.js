// The Runs page: the run directories, a run's report, and starting,
// following and stopping a job.
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
  const sel = $("game");
  sel.innerHTML = "";
  games.forEach((g, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = g.label;
    sel.appendChild(o);
  });
  showBots();
}

function chosen() { return games[Number($("game").value)] || { game: "nzsc", players: 2, set_games: 2, bots: [] }; }

// showBots lists the chosen game's bots (the usual four checked where
// the game has them) and sets the step of games per pairing to the
// games that share a seed (every seat order).
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
  const count = $("games");
  count.step = count.min = String(g.set_games);
  const n = Number(count.value);
  if (!(n > 0) || n % g.set_games) count.value = String(g.set_games * Math.max(1, Math.round(n / g.set_games)));
}

$("game").onchange = showBots;

$("start").onsubmit = async (ev) => {
  ev.preventDefault();
  $("starterr").textContent = "";
  const bots = [...$("botlist").querySelectorAll("input:checked")].map((i) => i.value);
  for (const s of $("more").value.split(";")) if (s.trim()) bots.push(s.trim());
  try {
    const g = chosen();
    const j = await api("POST", "jobs", { kind: $("kind").value, game: g.game, players: g.players, bots, games: Number($("games").value), seed: $("seed").value.trim(), tc: $("tc").value.trim(), openings: $("openings").value });
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
    $("jobcount").textContent = j.games_done + " of " + j.games + " games";
    $("jobhint").innerHTML = j.resume ? "Saved what finished. Continue with <code>" + esc(j.resume) + "</code>" : (j.error ? esc(j.error) : "");
    $("stop").hidden = j.state !== "running";
    if (j.state !== "running") break;
    await new Promise((r) => setTimeout(r, 400));
    try { j = await api("GET", "jobs/" + encodeURIComponent(j.id)); } catch (e) { $("starterr").textContent = e.message; break; }
  }
  $("go").disabled = false;
  $("stop").disabled = true;
  await loadRuns();
  show(j.run);
}

$("stop").onclick = async () => {
  $("stop").disabled = true;
  try { await api("POST", "jobs/" + encodeURIComponent(jobId) + "/stop"); } catch (e) { $("starterr").textContent = e.message; }
};

loadBots().catch((e) => { $("starterr").textContent = e.message; });
loadRuns().then(async () => {
  // A job already running (started from another tab) is followed.
  try {
    const jobs = await api("GET", "jobs");
    const r = jobs.find((j) => j.state === "running");
    if (r) follow(r);
  } catch (e) { /* the list is enough */ }
});
