// The Two people page: join a room, then long-poll its state and send
// this person's choices. The token proving the seat is kept per tab.
"use strict";
const $ = (id) => document.getElementById(id);
let room = "", token = "", seat = -1, version = -1, polling = false;

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
  $("sharelink").textContent = url.href;
  $("sharelink").href = url.href;
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

function side(v, s) {
  let st = {};
  try { st = s === v.seat ? v.state.you : v.state.opponent; } catch (e) { /* another game */ }
  const el = $("side" + s);
  el.className = "side" + (s === v.seat ? " me" : "");
  const who = v.joined[s] ? v.names[s] : "(waiting for someone to join)";
  let html = "<div>" + esc(who) + (s === v.seat ? " (you)" : "") + (v.away[s] ? " — away?" : "") + "</div>";
  if (!v.joined[s]) { el.innerHTML = html; return; }
  html += '<div class="pts">' + (v.score[s] ?? 0) + "</div>";
  if (st) {
    const bits = [];
    if (st.character) bits.push(esc(st.character) + (st.booster ? " · " + esc(st.booster) : ""));
    if (st.waits) bits.push("waits: " + st.waits);
    if (st.destroyed && st.destroyed.length) bits.push("destroyed: " + st.destroyed.map(esc).join(", "));
    if (bits.length) html += '<div class="small">' + bits.join("<br>") + "</div>";
  }
  el.innerHTML = html;
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

function show(v) {
  version = v.version;
  $("err").textContent = "";
  side(v, 0); side(v, 1);
  const other = v.names[1 - v.seat];
  $("sharehint").hidden = v.joined[0] && v.joined[1];
  let status = "";
  if (!(v.joined[0] && v.joined[1])) status = "Waiting for the other person to join…";
  else if (v.over) status = "";
  else if (v.chosen) status = "You chose " + v.chosen + ". Waiting for " + other + " to choose…";
  else if (v.options && v.options.length) status = v.other_chosen ? other + " has chosen. Your turn." : "Your turn.";
  else status = "Waiting for " + other + "…";
  if (v.closed) status = "This room has closed.";
  $("status").textContent = status;
  $("question").textContent = v.question || "";
  const opts = $("options");
  opts.innerHTML = "";
  for (const o of v.options || []) {
    const b = document.createElement("button");
    b.textContent = o;
    b.onclick = () => choose(o);
    opts.appendChild(b);
  }
  $("ask").hidden = !(v.options && v.options.length);
  $("end").hidden = !v.over;
  $("result").textContent = v.result || "";
  const log = $("log");
  log.textContent = v.lines.join("\n");
  log.hidden = v.lines.length === 0;
  log.scrollTop = log.scrollHeight;
}

async function choose(o) {
  for (const b of $("options").querySelectorAll("button")) b.disabled = true;
  try { show(await api("POST", "/" + room + "/choose", { choice: o })); }
  catch (e) { $("err").textContent = e.message; }
}

$("create").onclick = async () => {
  try { enter(await api("POST", "", { name: $("name").value })); }
  catch (e) { $("lobbyerr").textContent = e.message; }
};
$("join").onclick = async () => {
  const code = $("code").value.trim().toLowerCase();
  if (!code) { $("lobbyerr").textContent = "Type the room name first."; return; }
  try { enter(await api("POST", "/" + encodeURIComponent(code) + "/join", { name: $("name").value })); }
  catch (e) { $("lobbyerr").textContent = e.message; }
};
$("again").onclick = async () => {
  try { show(await api("POST", "/" + room + "/again")); }
  catch (e) { $("err").textContent = e.message; }
};

// A link ?room=NAME fills in the room; a tab that already joined it
// (a reload) goes straight back in.
(function () {
  const q = new URLSearchParams(location.search).get("room");
  if (!q) return;
  $("code").value = q;
  const saved = sessionStorage.getItem("nzsc-room-" + q);
  if (saved) enter(JSON.parse(saved));
})();
