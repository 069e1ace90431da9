// Plays one whole game through the client generated from openapi/openapi.json (make clients):
// types by openapi-typescript (generated/spielwerk.ts), calls by openapi-fetch. One human seat
// (this program) against AI seats; errors are branched on their typed `code`.
//
//   node clients/typescript/dist/play.js BASE_URL RULESET [PLAYERS]
//
// Prints a JSON summary on stdout; exits non-zero when a check fails.
import createClient from "openapi-fetch";
import type { components, paths } from "./generated/spielwerk";

type Schemas = components["schemas"];
type ErrorCode = Schemas["Error"]["code"];
type Json = "application/json";
// a move as listLegalMoves lists it, and as playMove takes it: whatever the spec's union layout,
// the listed move must be assignable to the posted one (else this program does not compile)
type ListedMove = paths["/v1/games/{game_id}/legal-moves"]["get"]["responses"][200]["content"][Json]["moves"][number];
type PostedMove = NonNullable<paths["/v1/games/{game_id}/moves"]["post"]["requestBody"]>["content"][Json]["move"];

const [baseUrl, ruleset, playersArg] = process.argv.slice(2);
if (!baseUrl || !ruleset) {
  console.error("usage: node play.js BASE_URL RULESET [PLAYERS]");
  process.exit(2);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${what}`);
}

async function main(): Promise<void> {
  const api = createClient<paths>({ baseUrl });

  // the ruleset is listed, with its seat counts
  const rulesets = await api.GET("/v1/rulesets");
  check(rulesets.data !== undefined, `listRulesets answered ${rulesets.response.status}`);
  const listed = rulesets.data.find((r) => r.id === ruleset);
  check(listed !== undefined, `ruleset ${ruleset} is listed`);
  const players = playersArg ? Number(playersArg) : listed.min_players;
  check(players >= listed.min_players && players <= listed.max_players, `${players} players fit ${ruleset}`);

  const seats: Schemas["SeatIn"][] = [{ kind: "human", name: "ts-client" }];
  for (let i = 1; i < players; i++) seats.push({ kind: "ai", level: "random" });
  // the create body is a union discriminated on `ruleset`; the ruleset comes from the command line
  const createBody = { ruleset, seats } as Schemas["CreateGameIn"];
  const created = await api.POST("/v1/games", { body: createBody });
  if (created.error) throw new Error(`createGame: ${created.error.code}: ${created.error.message}`);
  const gameId = created.data.game_id;
  const me = created.data.seats.find((s) => s.kind === "human");
  check(me !== undefined && me.token !== undefined, "the human seat has a token");
  const token = me.token;
  const seat = me.seat;
  const auth = { Authorization: `Bearer ${token}` };
  const path = { game_id: gameId };

  // a deliberate 404, read by its typed code
  const missing = await api.GET("/v1/games/{game_id}", { params: { path: { game_id: "no-such-game" } }, headers: auth });
  check(missing.response.status === 404 && missing.error !== undefined, "an unknown game answers 404");
  const notFound: ErrorCode = missing.error.code;
  check(notFound === "not_found", `404 code ${notFound}`);

  const seen: Partial<Record<ErrorCode, number>> = {};
  const myMoves: { version: number; move: PostedMove }[] = [];
  let staleChecked = false;
  let polls = 0;

  for (;;) {
    const game = await api.GET("/v1/games/{game_id}", { params: { path }, headers: auth });
    if (game.error) throw new Error(`getGame: ${game.error.code}: ${game.error.message}`);
    if (game.data.status === "finished") break;
    if (!game.data.to_move.includes(seat)) {
      polls++;
      await sleep(10);
      continue;
    }
    const legal = await api.GET("/v1/games/{game_id}/legal-moves", { params: { path }, headers: auth });
    if (legal.error) throw new Error(`listLegalMoves: ${legal.error.code}: ${legal.error.message}`);
    if (legal.data.moves.length === 0 || legal.data.version !== game.data.version) continue; // moved on meanwhile
    const first: ListedMove = legal.data.moves[0];
    const move: PostedMove = first; // posted back exactly as listed
    const version = legal.data.version;

    if (!staleChecked && version > 0) {
      // a deliberate 409: the version before the current one
      const stale = await api.POST("/v1/games/{game_id}/moves", {
        params: { path }, headers: auth, body: { move, expected_version: version - 1 },
      });
      check(stale.response.status === 409 && stale.error !== undefined, `a stale expected_version answers 409 (${stale.response.status})`);
      check(stale.error.code === "stale_version", `409 code ${stale.error.code}`);
      seen.stale_version = (seen.stale_version ?? 0) + 1;
      staleChecked = true;
    }

    const played = await api.POST("/v1/games/{game_id}/moves", {
      params: { path }, headers: auth, body: { move, expected_version: version },
    });
    if (played.error) {
      const code = played.error.code; // typed: the Error schema's enum, not string
      seen[code] = (seen[code] ?? 0) + 1;
      switch (code) {
        case "stale_version": // someone moved first: reload and retry
          continue;
        case "not_your_turn": // an AI seat is to move: wait
          await sleep(20);
          continue;
        case "game_over":
          break;
        default:
          throw new Error(`playMove ${played.response.status}: ${code}: ${played.error.message}`);
      }
      break;
    }
    check(played.data.version === version + 1, `playMove made version ${version + 1}`);
    // as the history logs it: without the words (text) legal-moves adds to a move
    myMoves.push({ version: played.data.version, move: { ...move, text: undefined } });
  }

  const final = await api.GET("/v1/games/{game_id}", { params: { path }, headers: auth });
  if (final.error) throw new Error(`getGame: ${final.error.code}`);
  check(final.data.status === "finished", "the game finished");
  check(final.data.to_move.length === 0, "nobody is to move once finished");

  // a move once the game is over: 409 game_over (told apart from stale_version and not_your_turn)
  const after = await api.POST("/v1/games/{game_id}/moves", {
    params: { path }, headers: auth,
    body: { move: myMoves.length ? myMoves[myMoves.length - 1].move : ({ type: "pass" } as PostedMove), expected_version: final.data.version },
  });
  check(after.response.status === 409 && after.error !== undefined, `a move after the end answers 409 (${after.response.status})`);
  // @ts-expect-error -- error.code is narrowed to the catalogue: comparing it with a code it cannot hold does not compile
  check(after.error.code !== "no_such_code", "never");
  check(after.error.code === "game_over", `409 code ${after.error.code}`);

  // the score sheet: 202 while it is being computed
  let score: Schemas["ScoreOut"] | undefined;
  for (let i = 0; i < 600 && score === undefined; i++) {
    const answer = await api.GET("/v1/games/{game_id}/score", { params: { path }, headers: auth });
    if (answer.error) throw new Error(`getScore: ${answer.error.code}`);
    if (answer.data.status === "computing") await sleep(50); // PendingOut (202)
    else score = answer.data; // ScoreOut (200), narrowed by status
  }
  check(score !== undefined && score.status === "final", "a final score sheet");

  // board.svg is image/svg+xml: read as text, not JSON
  const board = await api.GET("/v1/games/{game_id}/board.svg", { params: { path }, headers: auth, parseAs: "text" });
  if (board.error) throw new Error(`getBoardSvg: ${board.error.code}`);
  const svg: string = board.data;
  check(board.response.headers.get("content-type")?.startsWith("image/svg+xml") === true, "board.svg is image/svg+xml");
  check(svg.includes("<svg") && svg.trimEnd().endsWith("</svg>"), "board.svg is an SVG document");

  // the whole history, page by page
  const entries: Schemas["HistoryEntryOut"][] = [];
  let historyVersion = -1;
  let since: number | undefined;
  for (;;) {
    const page = await api.GET("/v1/games/{game_id}/history", {
      params: { path, query: since === undefined ? { limit: 500 } : { since, limit: 500 } }, headers: auth,
    });
    if (page.error) throw new Error(`getHistory: ${page.error.code}`);
    entries.push(...page.data.entries);
    historyVersion = page.data.version;
    if (!page.data.more || page.data.entries.length === 0) break;
    since = page.data.entries[page.data.entries.length - 1].version;
  }
  check(entries.map((e) => e.version).join() === Array.from({ length: entries.length }, (_, i) => i).join(),
    "history versions are 0..n without a gap");
  for (const mine of myMoves) {
    const entry = entries[mine.version];
    check(entry !== undefined && entry.seat === seat, `history entry ${mine.version} is this seat's`);
    check(JSON.stringify(entry.move) === JSON.stringify(mine.move), `history entry ${mine.version} is the move played`);
  }

  const summary = {
    client: "typescript",
    ruleset,
    players,
    game_id: gameId,
    seat,
    status: final.data.status,
    version: final.data.version,
    moves_played: myMoves.length,
    my_moves: myMoves,
    polls,
    errors_seen: seen,
    checks: { not_found: notFound, stale_version: staleChecked ? "stale_version" : null, game_over: after.error.code },
    score: { status: score.status, winners: score.winners, totals: score.scores.map((s) => [s.seat, s.total]) },
    svg_chars: svg.length,
    history: { entries: entries.length, version: historyVersion },
  };
  console.log(JSON.stringify(summary));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack ?? err.message : String(err));
  process.exit(1);
});
