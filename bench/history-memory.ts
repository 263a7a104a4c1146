// Bytes a client retains by keeping every state of a game (an undo stack, a replay slider): the
// V8 heap after garbage collection (the median of three tries) and the distinct objects reachable,
// with a history of `apply`'s states (which share every part an action left equal) and with a
// history of independent deep copies of the same states. The heap of `apply`'s states also holds
// what a game memoizes per frozen state (Age of Steam keeps each state's legal actions, Steam Park
// facts per park) for as long as the state lives; the copies were never asked. A report, not a test. Run: node --expose-gc --import tsx bench/history-memory.ts [--moves 200] [game ...]
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

/** Distinct objects and arrays reachable from the history: the exact count the heap figure estimates. */
function distinctObjects(kept: unknown[]): number {
  const seen = new Set<object>();
  const visit = (v: unknown): void => {
    if (typeof v !== "object" || v === null || seen.has(v)) return;
    seen.add(v);
    for (const x of Object.values(v)) visit(x);
  };
  kept.forEach(visit);
  return seen.size;
}

/** Median over 3 tries of the heap a history retains (after gc), with its object count and JSON size. */
function retained(make: () => unknown[]): { bytes: number; objects: number; json: number } {
  make(); // warm the game's own caches, so they are not counted
  const tries: number[] = [];
  let kept: unknown[] = [];
  for (let i = 0; i < 3; i++) {
    kept = [];
    gc!();
    gc!();
    const before = process.memoryUsage().heapUsed;
    kept = make();
    gc!();
    gc!();
    tries.push(process.memoryUsage().heapUsed - before);
  }
  let json = 0;
  for (const s of kept) json += JSON.stringify(s).length;
  return { bytes: tries.sort((a, b) => a - b)[1]!, objects: distinctObjects(kept), json };
}

const kb = (n: number) => `${Math.round(n / 1000).toLocaleString("en-US")} KB`;
console.log(`| game | players | ${moves}-move history, states of \`apply\`: heap (objects) | independent copies: heap (objects) | copies ÷ apply, heap (objects) | JSON text of the history |`);
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
for (const game of Object.values(games)) {
  if (wanted.length > 0 && !wanted.includes(game.id)) continue;
  const players = seats[game.id];
  const shared = retained(() => history(game, players, false));
  const copies = retained(() => history(game, players, true));
  const n = players ?? game.initialState(1).players ?? "default";
  const count = (x: number) => x.toLocaleString("en-US");
  console.log(
    `| ${game.id} | ${typeof n === "number" ? n : "default"} | ${kb(shared.bytes)} (${count(shared.objects)}) | ${kb(copies.bytes)} (${count(copies.objects)}) | ` +
      `${(copies.bytes / shared.bytes).toFixed(1)}× (${(copies.objects / shared.objects).toFixed(1)}×) | ${kb(shared.json)} |`,
  );
}
