import { cloneJson, nextActor, randomInt, seedRng, type RngState } from "@rules/core";
import { game, thriftyBot, type State } from "@rules/age-of-steam-exp";
import { describe, expect, it } from "vitest";
import { scaledRuns } from "../harness/index.js";
import { network, type Network } from "../../packages/age-of-steam-exp/src/network.js";
import { changedHexes, changedMarks, noListing } from "../../packages/age-of-steam-exp/src/placement-changes.js";
import { signaturesOf } from "../../packages/age-of-steam-exp/src/placements.js";

// A listing that follows the last one of the same state object looks again only at the hexes
// `changedHexes` marks, and takes every other hex's signature as unchanged. So on every step of
// games played in place (thriftyBot in most seats, so links run long, are extended and completed
// over several turns; random play in one), and after edits by hand of every kind (owners, turns, a tile's
// name, track lifted, track out of hex order), with the builder changing or not, every hex whose
// signature changed must be marked, unless changedHexes answers that everything is to be looked at.

interface Before {
  player: number;
  net: Network;
  sigs: Array<number[] | null>;
}

const take = (s: State, player: number): Before => {
  const net = network(s);
  return { player, net, sigs: signaturesOf(s, player, net) };
};

/** Expects every hex whose signature for `player` changed since `before` to be marked; returns whether anything was told. */
function expectMarked(s: State, before: Before, player: number): boolean {
  const last = noListing(before.net.map.grid.cells.length);
  Object.assign(last, { state: s, player: before.player, net: before.net });
  const net = network(s);
  const stamp = changedHexes(last, s, player, net);
  if (stamp === 0) return false;
  const marks = changedMarks();
  const now = signaturesOf(s, player, net);
  const missed = now.flatMap((sig, hex) => (JSON.stringify(sig) !== JSON.stringify(before.sigs[hex]) && marks[hex] !== stamp ? [hex] : []));
  expect(missed).toEqual([]);
  return true;
}

function pick<T>(rng: RngState, list: readonly T[]): T | undefined {
  return list.length === 0 ? undefined : list[randomInt(rng, 0, list.length - 1)];
}

/** One edit by hand of a copy (each kind in turn). */
function edit(s: State, k: number, rng: RngState): void {
  const path = pick(rng, s.track.flatMap((t) => t.paths));
  const t = pick(rng, s.track);
  switch (k % 5) {
    case 0:
      if (path) path.owner = path.owner === null ? randomInt(rng, 0, s.players - 1) : null;
      break;
    case 1:
      if (path) path.turn += 1;
      break;
    case 2:
      if (t) t.tile = t.tile === "straight" ? "gentle" : "straight";
      break;
    case 3:
      // Lifting a tile can leave track that no stop reaches.
      if (s.track.length > 0) s.track.splice(randomInt(rng, 0, s.track.length - 1), 1);
      break;
    default:
      s.track.reverse();
  }
}

describe("Age of Steam: the hexes a change of track or builder can reach", () => {
  for (const [label, options] of [
    ["Rust Belt, 4 players", { players: 4 }],
    ["Rust Belt, 6 players", { players: 6 }],
    ["Orient Express, 5 players", { players: 5, map: "orient-express" }],
  ] as const) {
    it(`marks every hex whose signature changed, on every step of games played in place and after edits by hand (${label})`, () => {
      const rng = seedRng(`placement-changes-${label}`);
      let told = 0;
      let edits = 0;
      for (let g = 0; g < scaledRuns(3); g++) {
        const s = game.initialStateInPlace!(g + 1, options);
        const bot = thriftyBot(g);
        while (!game.isTerminal(s)) {
          const actor = nextActor(game, s, rng)!;
          const legal = game.legalActions(s, actor);
          const action = actor === 0 ? legal[randomInt(rng, 0, legal.length - 1)]! : bot.act(s, actor, legal);
          const seat = randomInt(rng, 0, s.players - 1);
          const before = take(s, seat);
          game.applyInPlace(s, action);
          if (expectMarked(s, before, randomInt(rng, 0, 1) === 0 ? seat : randomInt(rng, 0, s.players - 1))) told++;
          if (s.phase === "build" && s.track.length > 0) {
            const copy = cloneJson(s) as State;
            const b = take(copy, seat);
            edit(copy, edits++, rng);
            expectMarked(copy, b, randomInt(rng, 0, s.players - 1));
          }
        }
      }
      expect(told).toBeGreaterThan(scaledRuns(3) * 100);
    });
  }
});
