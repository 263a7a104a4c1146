// Bytes a client retains by keeping every state of a game (an undo stack, a replay slider): the
// V8 heap after garbage collection, with a history of `apply`'s states (which share every part an
// action left equal) and with a history of independent deep copies of the same states. A report,
// not a test. Run: node --expose-gc --import tsx bench/history-memory.ts [--moves 200] [game ...]
import { cloneJson, freezeJson, randomInt, seedRng, type Game } from "@rules/core";
import { games } from "../packages/cli/src/games.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc --import tsx bench/history-memory.ts");
const args = process.argv.slice(2);
const at = args.indexOf("--moves");
const moves = at >= 0 ? Number(args.splice(at, 2)[1]) : 200;
const wanted = args;
const seats: Record<string, number> = { "donkey-valley": 5 };

/** `moves` states after the first, from random games of seed 1, 2, ... played one after another. */
function history(game: Game, players: number | undefined, copy: boolean): unknown[] {
  const rng = seedRng("history");
  const out: unknown[] = [];
  let seed = 1;
  let s = game.initialState(seed, players === undefined ? {} : { players });
  out.push(copy ? freezeJson(cloneJson(s)) : s);
  while (out.length <= moves) {
    if (game.isTerminal(s)) s = game.initialState(++seed, players === undefined ? {} : { players });
    else {
      const legal = game.legalActions(s);
      s = game.apply(s, legal[randomInt(rng, 0, legal.length - 1)]!);
    }
    out.push(copy ? freezeJson(cloneJson(s)) : s);
  }
  return out;
}

function retained(make: () => unknown[]): { bytes: number; json: number } {
  make(); // warm the game's own caches, so they are not counted
  gc!();
  gc!();
  const before = process.memoryUsage().heapUsed;
  const kept = make();
  gc!();
  gc!();
  const bytes = process.memoryUsage().heapUsed - before;
  let json = 0;
  for (const s of kept) json += JSON.stringify(s).length;
  return { bytes, json };
}

const kb = (n: number) => `${Math.round(n / 1000).toLocaleString("en-US")} KB`;
console.log(`| game | players | ${moves}-move history, states of \`apply\` | independent copies | copies ÷ apply | JSON text of the history |`);
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
for (const game of Object.values(games)) {
  if (wanted.length > 0 && !wanted.includes(game.id)) continue;
  const players = seats[game.id];
  const shared = retained(() => history(game, players, false));
  const copies = retained(() => history(game, players, true));
  const n = players ?? game.initialState(1).players ?? "default";
  console.log(`| ${game.id} | ${typeof n === "number" ? n : "default"} | ${kb(shared.bytes)} | ${kb(copies.bytes)} | ${(copies.bytes / shared.bytes).toFixed(1)}× | ${kb(shared.json)} |`);
}
