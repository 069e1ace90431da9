// Spielwerk /play: a small page over the public HTTP API only (no build step).
"use strict";

const $ = (selector) => document.querySelector(selector);
const state = { gameId: null, token: null, seat: null, version: null, moves: [], view: null, etag: null, timer: null, busy: false, again: false,
                source: null, lastEventId: null };

function message(text) { $("#message").textContent = text || ""; }

async function api(method, path, body, headers) {
  const h = Object.assign({}, headers || {});
  if (state.token) h["Authorization"] = "Bearer " + state.token;
  if (body !== undefined) h["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  const type = response.headers.get("Content-Type") || "";
  let data = null;
  if (type.includes("json")) data = await response.json();
  else if (response.status !== 304) data = await response.text();
  return { status: response.status, data, headers: response.headers };
}

/** What people call a seat, as the server's default names do: "Player 1" is seat 0. */
function seatLabel(seat) { return "Player " + (seat + 1); }

function label(value) {
  if (Array.isArray(value)) return value.map(label).join(",");
  if (value === null || value === undefined) return "–";
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => k + "=" + label(v)).join(" ");
  return String(value);
}

function moveLabel(move) {
  if (!move || typeof move !== "object") return label(move);
  if (typeof move.text === "string") return move.text;  // legal-moves' words, in the browser's language
  const rest = Object.entries(move).filter(([k]) => k !== "type").map(([k, v]) => k + "=" + label(v)).join(" ");
  return ((move.type || "?") + " " + rest).trim();
}

// -- choosing a game -------------------------------------------------------------
async function loadRulesets() {
  const r = await api("GET", "/v1/rulesets");
  const select = $("#ruleset");
  select.replaceChildren();
  for (const rs of r.data) {
    const option = document.createElement("option");
    option.value = rs.id;
    option.textContent = rs.name;
    option.dataset.min = rs.min_players;
    option.dataset.max = rs.max_players;
    select.appendChild(option);
  }
  updatePlayers();
}

function updatePlayers() {
  const option = $("#ruleset").selectedOptions[0];
  const players = $("#players");
  players.replaceChildren();
  if (!option) return;
  for (let n = Number(option.dataset.min); n <= Number(option.dataset.max); n++) {
    const o = document.createElement("option");
    o.value = n; o.textContent = n;
    players.appendChild(o);
  }
}

async function newGame(event) {
  event.preventDefault();
  message("");
  const n = Number($("#players").value) || 2;
  const seats = [{ name: $("#name").value || "You", kind: "human" }];
  for (let i = 1; i < n; i++) seats.push({ kind: "ai", level: $("#level").value });   // named seatLabel(i)
  const body = { ruleset: $("#ruleset").value, seats };
  if ($("#seed").value !== "") body.seed = Number($("#seed").value);
  state.token = null;
  const r = await api("POST", "/v1/games", body);
  if (r.status !== 201) { message(r.data && r.data.message ? r.data.message : "could not create the game"); return; }
  const mine = r.data.seats.find((s) => s.token);
  openGame(r.data.game_id, mine.token, mine.seat);
  try { localStorage.setItem("spielwerk.play." + r.data.game_id, JSON.stringify({ token: mine.token, seat: mine.seat })); } catch (e) { /* private mode */ }
  history.replaceState(null, "", "#game=" + encodeURIComponent(r.data.game_id));
  await refresh();
}

function openGame(gameId, token, seat) {
  clearTimeout(state.timer);
  closeStream();
  Object.assign(state, { gameId, token, seat, version: null, moves: [], view: null, etag: null, lastEventId: null,
                         shown: null, scorePending: false });
  document.body.dataset.game = gameId;
}

// -- showing the game ----------------------------------------------------------------
async function refresh() {
  if (!state.gameId) return;
  if (state.busy) { state.again = true; return; }
  state.busy = true;
  state.again = false;
  try {
    const base = "/v1/games/" + encodeURIComponent(state.gameId);
    const v = await api("GET", base);
    if (v.status !== 200) { message(v.data && v.data.message ? v.data.message : "cannot load the game"); return; }
    const view = v.data;
    const shown = view.version + ":" + view.status;
    if (shown === state.shown && !state.scorePending) {          // nothing new (a pushed version we showed already)
      if (view.status === "active") openStream();
      return;
    }
    state.view = view; state.version = view.version; state.etag = v.headers.get("ETag");
    const myTurn = view.status === "active" && state.seat !== null && view.to_move.includes(state.seat);
    let moves = [];
    if (myTurn) {
      const lm = await api("GET", base + "/legal-moves");
      if (lm.status === 200 && lm.data.version === view.version) moves = lm.data.moves;
      else if (lm.status === 200) { state.again = true; return; }  // the game moved on meanwhile: load it again
    }
    state.moves = moves;
    const board = await api("GET", base + "/board.svg" + (moves.length ? "?highlight=true" : ""));
    if (board.status === 200) showBoard(board.data);
    showStatus(view, myTurn);
    showMoves(moves);
    const [score, hist] = await Promise.all([api("GET", base + "/score"), api("GET", base + "/history")]);
    if (score.status === 200) showScores(score.data, view);
    if (hist.status === 200) showHistory(hist.data, view);
    state.shown = shown;
    state.scorePending = score.status === 202;
    document.body.dataset.version = view.version;
    document.body.dataset.status = view.status;
    document.body.dataset.myTurn = myTurn ? "yes" : "no";
    // the server pushes every new version (and the final sheet) over the game's event stream
    if (view.status === "active" || score.status === 202) openStream();
    else closeStream();
  } finally {
    state.busy = false;
    if (state.again) refresh();
  }
}

// -- the event stream ------------------------------------------------------------------
// EventSource cannot send Authorization and a seat token must not travel in a URL: a seat
// asks for a single-use ticket first (POST stream-ticket). The stream resumes after the last
// version received (since=), so a reconnect loses and repeats nothing; each message reloads.
async function openStream() {
  if (state.source) return;
  const gameId = state.gameId;
  const base = "/v1/games/" + encodeURIComponent(gameId);
  state.source = "opening";
  const params = new URLSearchParams();
  if (state.token) {
    const t = await api("POST", base + "/stream-ticket");
    if (gameId !== state.gameId) return;
    if (t.status !== 201) { state.source = null; streamLater(); return; }
    params.set("ticket", t.data.ticket);
  }
  params.set("since", String(state.lastEventId !== null ? state.lastEventId : (state.version || 0)));
  const source = new EventSource(base + "/events?" + params.toString());
  state.source = source;
  const received = (event) => {
    if (state.source !== source) return;
    state.lastEventId = Number(event.lastEventId);
    refresh();
  };
  source.addEventListener("move", received);
  source.addEventListener("final", (event) => { received(event); closeStream(); });
  source.onerror = () => {      // the stream ended (a server restart, Redis restarted): resume after a pause
    if (state.source !== source) return;
    source.close();
    state.source = null;
    streamLater();
  };
}

function streamLater() {
  clearTimeout(state.timer);
  const gameId = state.gameId;
  state.timer = setTimeout(() => { if (gameId === state.gameId) refresh(); }, 1000);
}

function closeStream() {
  if (state.source && state.source !== "opening") state.source.close();
  state.source = null;
}

function showBoard(svgText) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const root = doc.documentElement;
  if (root.nodeName !== "svg") { message("the board picture could not be read"); return; }
  $("#board").replaceChildren(document.importNode(root, true));
}

function showStatus(view, myTurn) {
  const names = (seats) => seats.map((s) => (view.seats[s] || {}).name || seatLabel(s)).join(", ");
  let text;
  if (view.status === "finished") text = "Game over.";
  else if (myTurn) text = "Your turn.";
  else text = "Waiting for " + names(view.to_move) + "…";
  $("#status").textContent = view.ruleset + " · version " + view.version + " · " + text;
}

function showMoves(moves, only) {
  const list = $("#moves");
  list.replaceChildren();
  moves.forEach((move, i) => {
    const li = document.createElement("li");
    if (only && only.includes(i)) li.className = "chosen";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.dataset.index = i;
    button.textContent = moveLabel(move);
    button.addEventListener("click", () => play(i));
    li.appendChild(button);
    list.appendChild(li);
  });
  $("#choice").replaceChildren();
}

function showScores(sheet, view) {
  const body = $("#scores tbody");
  body.replaceChildren();
  for (const line of sheet.scores || []) {
    const tr = document.createElement("tr");
    const name = document.createElement("td");
    const seatInfo = view.seats[line.seat] || {};
    name.textContent = (seatInfo.name || seatLabel(line.seat)) + (line.seat === state.seat ? " (you)" : "");
    const total = document.createElement("td");
    total.className = "total";
    total.textContent = label(line.total);
    const detail = document.createElement("td");
    detail.textContent = label(line.breakdown || {});
    tr.append(name, total, detail);
    body.appendChild(tr);
  }
  if (sheet.winners && view.status === "finished") {
    const tr = document.createElement("tr");
    const td = document.createElement("td");
    td.colSpan = 3;
    td.textContent = "Winner: " + sheet.winners.map((s) => (view.seats[s] || {}).name || seatLabel(s)).join(", ");
    tr.appendChild(td);
    body.appendChild(tr);
  }
}

function showHistory(data, view) {
  const list = $("#history");
  list.replaceChildren();
  for (const entry of data.entries) {
    const li = document.createElement("li");
    li.value = entry.version;
    const who = entry.seat === undefined ? "setup" : ((view.seats[entry.seat] || {}).name || seatLabel(entry.seat));
    const what = entry.move ? moveLabel(entry.move) : (entry.events || []).length + " events";
    const auto = (entry.events || []).filter((e) => e.type === "auto_move").length;
    li.textContent = who + ": " + what + (auto ? " (+" + auto + " forced)" : "");
    li.className = "entry";
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
}

// -- playing ---------------------------------------------------------------------------
async function play(index) {
  const move = state.moves[index];
  if (!move) return;
  message("");
  const r = await api("POST", "/v1/games/" + encodeURIComponent(state.gameId) + "/moves",
                      { move, expected_version: state.version });
  if (r.status === 409 && r.data && r.data.code === "stale_version") message("the game moved on meanwhile: choose again");
  else if (r.status !== 200) message(r.data && r.data.message ? r.data.message : "the move was not accepted");
  await refresh();
}

function boardClick(event) {
  const target = event.target.closest ? event.target.closest("[data-moves]") : null;
  if (!target) return;
  const indices = target.getAttribute("data-moves").split(/\s+/).filter(Boolean).map(Number)
    .filter((i) => i >= 0 && i < state.moves.length);
  if (indices.length === 1) { play(indices[0]); return; }
  if (indices.length === 0) return;
  showMoves(state.moves, indices);
  const choice = $("#choice");
  const heading = document.createElement("div");
  heading.textContent = "Choose:";
  choice.appendChild(heading);
  for (const i of indices) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "choice";
    button.textContent = moveLabel(state.moves[i]);
    button.addEventListener("click", () => play(i));
    choice.appendChild(button);
  }
}

async function start() {
  $("#ruleset").addEventListener("change", updatePlayers);
  $("#new-game-form").addEventListener("submit", newGame);
  $("#board").addEventListener("click", boardClick);
  await loadRulesets();
  const match = /game=([^&]+)/.exec(location.hash);
  if (match) {
    const gameId = decodeURIComponent(match[1]);
    let saved = null;
    try { saved = JSON.parse(localStorage.getItem("spielwerk.play." + gameId) || "null"); } catch (e) { saved = null; }
    openGame(gameId, saved ? saved.token : null, saved ? saved.seat : null);
    await refresh();
  }
  document.body.dataset.ready = "yes";
}

start().catch((error) => message(String(error)));
