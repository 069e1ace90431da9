// Spielwerk /play: a small page over the public HTTP API only (no build step). Every decision is
// made on the picture: a click on a highlighted target (data-moves: indices into legal-moves)
// plays its move, or offers its moves as buttons when it holds several. The page's words come
// from GET /play/texts, every other text from the API, all in the chosen language.
"use strict";

const $ = (selector) => document.querySelector(selector);
const state = { gameId: null, token: null, seat: null, version: null, moves: [], view: null, timer: null,
                busy: false, again: false, sending: false, source: null, lastEventId: null, shown: null, scorePending: false,
                history: [], hint: null, lang: "en", texts: { page: {}, scores: {} } };

// -- words -----------------------------------------------------------------------------
/** The page's text ``key`` in the chosen language, its {placeholders} filled from ``fields``. */
function t(key, fields) {
  const template = state.texts.page[key] || key;
  return template.replace(/\{(\w+)\}/g, (all, name) => (fields && name in fields ? String(fields[name]) : all));
}

function chosenLanguage() {
  let saved = null;
  try { saved = localStorage.getItem("spielwerk.lang"); } catch (e) { saved = null; }
  if (saved === "en" || saved === "de") return saved;
  for (const tag of navigator.languages || [navigator.language]) {   // the browser's first one of ours
    const primary = String(tag).toLowerCase().split("-")[0];
    if (primary === "en" || primary === "de") return primary;
  }
  return "en";
}

async function loadTexts() {
  const r = await api("GET", "/play/texts");
  if (r.status === 200) state.texts = r.data;
  document.documentElement.lang = state.lang;
  document.title = t("title");
  for (const element of document.querySelectorAll("[data-t]")) element.textContent = t(element.dataset.t);
  $("#seed").placeholder = t("level_random");
  $("#lang").value = state.lang;
  updateSetup();
  document.body.dataset.lang = state.lang;
}

async function switchLanguage() {
  state.lang = $("#lang").value;
  try { localStorage.setItem("spielwerk.lang", state.lang); } catch (e) { /* private mode */ }
  await loadTexts();
  state.shown = null; state.history = [];    // everything again, in the new language
  await refresh();
}

function message(text) { $("#message").textContent = text || ""; }

async function api(method, path, body) {
  const h = { "Accept-Language": state.lang };
  if (state.token) h["Authorization"] = "Bearer " + state.token;
  if (body !== undefined) h["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  const type = response.headers.get("Content-Type") || "";
  let data = null;
  if (type.includes("json")) data = await response.json();
  else if (response.status !== 304) data = await response.text();
  return { status: response.status, data, headers: response.headers };
}

/** A seat's name; the server's default one ("Player 1", as the seat's label) in the page's language. */
function seatName(seat) {
  const info = state.view && state.view.seats[seat];
  const name = info && info.name;
  return !name || name === "Player " + (seat + 1) ? t("seat", { number: seat + 1 }) : name;
}

function names(seats) { return seats.map(seatName).join(", "); }

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
  updateSetup();
}

/** The setup options chosen on the form: {option: value}. */
function setupChoices() {
  const chosen = {};
  for (const select of $("#setup-options").querySelectorAll("select")) chosen[select.dataset.option] = select.value;
  return chosen;
}

/** The options the chosen ruleset offers when starting a game, one select each (a choice made
 * before stays chosen when only the language changes). */
function updateSetup() {
  const box = $("#setup-options");
  const ruleset = $("#ruleset").value;
  const chosen = setupChoices();
  box.replaceChildren();
  for (const entry of ((state.texts && state.texts.setup) || {})[ruleset] || []) {
    const select = document.createElement("select");
    select.id = "setup-" + entry.option;
    select.dataset.option = entry.option;
    for (const choice of entry.choices) {
      const o = document.createElement("option");
      o.value = choice.value; o.textContent = choice.text;
      select.appendChild(o);
    }
    if (entry.choices.some((c) => c.value === chosen[entry.option])) select.value = chosen[entry.option];
    const label = document.createElement("label");
    label.append(cell("span", entry.label), " ", select);
    box.appendChild(label);
  }
}

async function newGame(event) {
  event.preventDefault();
  message("");
  const n = Number($("#players").value) || 2;
  const seats = [{ kind: "human" }];                          // unnamed: the server's "Player 1"
  if ($("#name").value) seats[0].name = $("#name").value;
  for (let i = 1; i < n; i++) seats.push({ kind: "ai", level: $("#level").value });
  const body = { ruleset: $("#ruleset").value, seats };
  const options = setupChoices();
  if (Object.keys(options).length) body.options = options;
  if ($("#seed").value !== "") body.seed = Number($("#seed").value);
  state.token = null;
  const r = await api("POST", "/v1/games", body);
  if (r.status !== 201) { message(r.data && r.data.message ? r.data.message : String(r.status)); return; }
  const mine = r.data.seats.find((s) => s.token);
  openGame(r.data.game_id, mine.token, mine.seat);
  try { localStorage.setItem("spielwerk.play." + r.data.game_id, JSON.stringify({ token: mine.token, seat: mine.seat })); } catch (e) { /* private mode */ }
  history.replaceState(null, "", "#game=" + encodeURIComponent(r.data.game_id));
  await refresh();
}

function openGame(gameId, token, seat) {
  clearTimeout(state.timer);
  closeStream();
  Object.assign(state, { gameId, token, seat, version: null, moves: [], view: null, lastEventId: null,
                         shown: null, scorePending: false, history: [], hint: null });
  document.body.dataset.game = gameId;
  document.body.classList.remove("form-open");
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
    if (v.status !== 200) { message(v.data && v.data.message ? v.data.message : t("no_game")); streamLater(); return; }
    const view = v.data;
    const shown = view.version + ":" + view.status;
    if (shown === state.shown && !state.scorePending) {          // nothing new (a pushed version we showed already)
      if (view.status === "active") openStream();
      return;
    }
    const myTurn = view.status === "active" && state.seat !== null && view.to_move.includes(state.seat);
    const known = state.history;               // a language switch starts it afresh meanwhile: read again
    const since = known.length ? "?since=" + known[known.length - 1].version : "";
    const [lm, board, score, hist] = await Promise.all([
      myTurn ? api("GET", base + "/legal-moves") : Promise.resolve(null),
      api("GET", base + "/board.svg" + (myTurn ? "?highlight=true" : "")),
      api("GET", base + "/score"),
      api("GET", base + "/history" + since)]);
    const failed = [lm, board, hist].find((r) => r && r.status !== 200);
    if (failed) {                              // an error answer: say it, try again in a while
      message(failed.data && failed.data.message ? failed.data.message : t("no_game"));
      streamLater();
      return;
    }
    // all must show the version just read; else the game moved on meanwhile: read it again
    const boardVersion = Number(((board.headers.get("ETag") || "").match(/^(?:W\/)?"(\d+)/) || [])[1]);
    if ((lm && lm.data.version !== view.version) || boardVersion !== view.version || hist.data.version !== view.version
        || state.history !== known) {
      state.again = true;
      return;
    }
    state.view = view; state.version = view.version;
    state.moves = lm ? lm.data.moves : [];
    if (state.hint && state.hint.version !== view.version) state.hint = null;
    state.history = known.concat(hist.data.entries);
    showBoard(board.data);
    showStatus(view, myTurn);
    showMoves(state.moves);
    showThinking(view);
    if (score.status === 200) showScores(score.data, view);
    showHistory();
    showHint();
    state.shown = shown;
    state.scorePending = score.status === 202;
    $("#hint").disabled = !myTurn;
    Object.assign(document.body.dataset, { version: view.version, status: view.status, myTurn: myTurn ? "yes" : "no",
                                           final: score.status === 200 && score.data.status === "final" ? "yes" : "no" });
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
    const r = await api("POST", base + "/stream-ticket");
    if (gameId !== state.gameId) return;
    if (r.status !== 201) { state.source = null; streamLater(); return; }
    params.set("ticket", r.data.ticket);
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
  if (root.nodeName !== "svg") { message(t("no_picture")); return; }
  root.removeAttribute("height");            // scales to the page's width (play.css), or shows its own ("Full size")
  root.style.setProperty("--own-width", root.getAttribute("width") + "px");
  root.setAttribute("width", "100%");
  $("#board").replaceChildren(document.importNode(root, true));
  for (const target of document.querySelectorAll("#board [data-moves]")) {   // reachable by keyboard too
    const moves = targetMoves(target).map((i) => state.moves[i].text);
    Object.entries({ tabindex: "0", role: "button", "aria-label": moves.join(" / ") })
      .forEach(([name, value]) => target.setAttribute(name, value));
  }
  $("#choice").replaceChildren();
  delete document.body.dataset.choice;
}

function showStatus(view, myTurn) {
  let text;
  if (view.status === "finished") text = t("game_over");
  else if (view.status === "aborted") text = t("game_aborted");
  else if (myTurn) text = t("your_turn");
  else text = t("waiting", { names: names(view.to_move) });
  const option = [...$("#ruleset").options].find((o) => o.value === view.ruleset);
  $("#status").textContent = t("status_line", { game: option ? option.textContent : view.ruleset, version: view.version,
                                                status: text });
}

/** "Player 2 (AI) is thinking…" while every seat to move is an AI's. */
function showThinking(view) {
  const seats = view.status === "active" ? view.to_move : [];
  const thinking = seats.length > 0 && seats.every((s) => (view.seats[s] || {}).kind === "ai");
  $("#thinking").hidden = !thinking;
  if (thinking) $("#thinking-text").textContent = seats.map((s) => t("thinking", { name: seatName(s) })).join(" ");
  document.body.dataset.thinking = thinking ? "yes" : "no";
}

function showMoves(moves) {
  const list = $("#moves");
  list.replaceChildren();
  moves.forEach((move, i) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.dataset.index = i;
    button.textContent = move.text;
    button.addEventListener("click", () => play(i));
    li.appendChild(button);
    list.appendChild(li);
  });
}

function cell(tag, text, className) {
  const element = document.createElement(tag);
  element.textContent = text;
  if (className) element.className = className;
  return element;
}

/** The score sheet as the final screen shows it: a column per seat, a row per part of the score. */
function showScores(sheet, view) {
  const table = $("#scores");
  const words = state.texts.scores[view.ruleset] || {};
  const lines = sheet.scores || [];
  const winners = view.status === "finished" ? (sheet.winners || []) : [];
  const head = document.createElement("tr");
  head.appendChild(cell("th", ""));
  for (const line of lines) {
    const th = cell("th", line.seat === state.seat ? t("you", { name: seatName(line.seat) }) : seatName(line.seat));
    const mark = cell("span", String(line.seat + 1), "seat-mark");
    const [colour, ink] = (state.texts.seat_colors || [])[line.seat % 8] || ["#888888", "#ffffff"];
    Object.assign(mark.style, { background: colour, color: ink });
    th.prepend(mark);
    if (winners.includes(line.seat)) { th.classList.add("winner"); th.append(" ★"); }
    if ((sheet.forfeited || []).includes(line.seat)) th.append(" (" + t("gave_up") + ")");
    head.appendChild(th);
  }
  const rows = [head];
  const parts = lines.length ? Object.keys(lines[0].breakdown || {}) : [];
  for (const part of parts) {
    const tr = document.createElement("tr");
    tr.className = "part";
    tr.appendChild(cell("td", words[part] || part));
    for (const line of lines) tr.appendChild(cell("td", String((line.breakdown || {})[part] ?? ""), "points"));
    rows.push(tr);
  }
  const total = document.createElement("tr");
  total.className = "total";
  total.appendChild(cell("td", t("total")));
  for (const line of lines) total.appendChild(cell("td", String(line.total), "points"));
  rows.push(total);
  if (view.status === "finished" || view.status === "aborted") {
    const tr = document.createElement("tr");
    const td = cell("td", winners.length ? t("winners", { names: names(winners) }) : t("no_winner"), "outcome");
    td.colSpan = lines.length + 1;
    tr.appendChild(td);
    rows.push(tr);
  }
  table.replaceChildren(...rows);
}

/** The log in words: who moved, then what happened (the events' texts). */
function showHistory() {
  const list = $("#history");
  list.replaceChildren();
  for (const entry of state.history) {
    const li = document.createElement("li");
    li.className = "entry";
    li.dataset.version = entry.version;
    li.appendChild(cell("span", entry.seat === undefined ? t("setup") : seatName(entry.seat), "who"));
    const events = document.createElement("ul");
    for (const event of entry.events || []) events.appendChild(cell("li", event.text, "event"));
    li.appendChild(events);
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
}

// -- playing ---------------------------------------------------------------------------
async function play(index) {
  const move = state.moves[index];
  if (!move || state.sending) return;        // one move at a time: a second click waits for the next picture
  message("");
  const { text, ...plain } = move;            // legal-moves' words are not part of the move
  state.sending = true;
  document.body.dataset.myTurn = "sent";
  let r = null;
  try {
    r = await api("POST", "/v1/games/" + encodeURIComponent(state.gameId) + "/moves",
                  { move: plain, expected_version: state.version });
    if (r.status === 409 && r.data && r.data.code === "stale_version") message(t("stale"));
    else if (r.status !== 200) message(r.data && r.data.message ? r.data.message : t("refused"));
  } finally {
    state.sending = false;
    if (!r || r.status !== 200) document.body.dataset.myTurn = "yes";   // still ours (refresh says if not)
  }
  await refresh();
}

function targetMoves(target) {
  return target.getAttribute("data-moves").split(/\s+/).filter(Boolean).map(Number)
    .filter((i) => i >= 0 && i < state.moves.length);
}

function boardClick(event) {
  const target = event.target.closest ? event.target.closest("[data-moves]") : null;
  if (!target) return;
  const indices = targetMoves(target);
  if (indices.length === 1) { play(indices[0]); return; }
  if (indices.length === 0) return;
  for (const marked of document.querySelectorAll("#board .chosen")) marked.classList.remove("chosen");
  target.classList.add("chosen");
  const choice = $("#choice");
  choice.replaceChildren(cell("div", t("choose")));
  for (const i of indices) {
    const button = cell("button", state.moves[i].text, "choice");
    button.type = "button";
    button.dataset.index = i;
    button.addEventListener("click", () => play(i));
    choice.appendChild(button);
  }
  document.body.dataset.choice = "yes";
  choice.scrollIntoView({ block: "nearest" });
}

// -- hints -----------------------------------------------------------------------------
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks the worker for a hint, polls the task, then marks the hinted move's target. */
async function askHint() {
  const version = state.version;
  const base = "/v1/games/" + encodeURIComponent(state.gameId);
  $("#hint").disabled = true;
  state.hint = { version, pending: true };
  showHint();
  const r = await api("POST", base + "/hint");
  let result = null;
  for (let i = 0; r.status === 202 && i < 240 && state.version === version; i++) {
    const task = await api("GET", "/v1/tasks/" + encodeURIComponent(r.data.task_id));
    if (task.status !== 200 || task.data.state === "FAILURE" || task.data.state === "REVOKED") break;
    if (task.data.state === "SUCCESS") { result = task.data.result; break; }
    await sleep(250);
  }
  if (state.version !== version) return;      // the game moved on: that hint is of no use
  state.hint = { version, result };
  $("#hint").disabled = false;
  showHint();
}

function sameMove(a, b) {
  const keys = (m) => Object.keys(m).filter((k) => k !== "text").sort();
  return JSON.stringify(keys(a).map((k) => [k, a[k]])) === JSON.stringify(keys(b).map((k) => [k, b[k]]));
}

function showHint() {
  const text = $("#hint-text");
  for (const marked of document.querySelectorAll("#board .hinted, #moves .hinted")) marked.classList.remove("hinted");
  const hint = state.hint;
  if (!hint || hint.version !== state.version) { text.textContent = ""; delete document.body.dataset.hint; return; }
  if (hint.pending) { text.textContent = t("hint_wait"); document.body.dataset.hint = "pending"; return; }
  const result = hint.result;
  if (!result || !result.move) { text.textContent = t("hint_none"); document.body.dataset.hint = "none"; return; }
  const index = state.moves.findIndex((m) => sameMove(m, result.move));
  for (const target of document.querySelectorAll("#board [data-moves]")) {
    if (targetMoves(target).includes(index)) target.classList.add("hinted");
  }
  const item = document.querySelector('#moves button[data-index="' + index + '"]');
  if (item) item.classList.add("hinted");
  const top = result.top && result.top.length ? result.top : [{ text: (state.moves[index] || {}).text || "" }];
  text.replaceChildren(cell("strong", t("hint_move", { move: top[0].text })));
  for (const line of (result.top || [])) {
    text.appendChild(cell("div", t("hint_line", { move: line.text, percent: Math.round(100 * line.win_probability),
                                                 visits: line.visits }), "hint-line"));
  }
  document.body.dataset.hint = "shown";
}

async function start() {
  state.lang = chosenLanguage();
  await loadTexts();
  $("#lang").addEventListener("change", switchLanguage);
  $("#ruleset").addEventListener("change", updatePlayers);
  $("#new-game-form").addEventListener("submit", newGame);
  $("#board").addEventListener("click", boardClick);
  $("#board").addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    boardClick(event);
  });
  $("#hint").addEventListener("click", askHint);
  $("#show-form").addEventListener("click", () => document.body.classList.toggle("form-open"));
  $("#full-size").addEventListener("click", () => {            // fit to the width, or the picture's own size
    const full = $("#board").classList.toggle("full");
    $("#full-size").setAttribute("aria-pressed", full ? "true" : "false");
  });
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
