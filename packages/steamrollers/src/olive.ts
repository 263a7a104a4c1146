import { rollDie } from "@rules/core";
import { endRound, finish } from "./flow.js";
import { canUseTile, regionCapacity } from "./rules.js";
import type { State } from "./schema.js";

// Olive, the solo opponent ("Olive's Turn"). She is no seat: her turn runs by itself after the
// human's two actions, except where the human may play solo tile 2a (before her step 1) or 2b (at
// her step 4).

/** The white die left for Olive. */
function oliveDie(s: State): number {
  return s.white.findIndex((d) => d.user === null);
}

/** After the human's two actions: she may first re-roll Olive's die with solo tile 2a. */
export function startOlive(s: State): void {
  const turn = s.turn!;
  if (canUseTile(s, turn.player, 2, "a")) {
    turn.stage = "beforeOlive";
    return;
  }
  runOlive(s);
}

/**
 * Olive's steps with her die: 1 cross an empty hex of the region (a full region: she wins at once);
 * 2 take back the human's upright tile of that number; 3 an empty city: re-roll, back to step 1;
 * 4 with three or more crosses there, remove the rightmost good of the city and score the crosses.
 */
export function runOlive(s: State): void {
  const olive = s.olive!;
  const i = oliveDie(s);
  const die = s.white[i]!;
  olive.rolls = [];
  for (;;) {
    olive.rolls.push(die.value);
    const region = die.value - 1;
    if (!cross(s, region)) return;
    const tile = s.tiles[region]!;
    if (tile.holder === 0 && !tile.sideways) tile.holder = null;
    if (s.cities[region]!.length === 0) {
      die.value = rollDie(s.rng);
      continue;
    }
    if (olive.crosses[region]! >= 3) {
      if (canUseTile(s, 0, 2, "b")) {
        olive.die = die.value;
        s.turn!.stage = "olive4";
        return;
      }
      removeGood(s, region);
    }
    endOliveTurn(s);
    return;
  }
}

/** Step 1 (and solo tile 2b): cross an empty hex; false when the region was full and Olive has won. */
export function cross(s: State, region: number): boolean {
  const olive = s.olive!;
  if (olive.crosses[region]! >= regionCapacity(s, region)) {
    olive.won = true;
    finish(s);
    return false;
  }
  olive.crosses[region]!++;
  return true;
}

/** Step 4: "she removes the last (rightmost) good in line ... and earns points equal to the number of crossed hexes". */
export function removeGood(s: State, region: number): void {
  const olive = s.olive!;
  const good = s.cities[region]!.pop()!;
  olive.removed[good]!++;
  olive.points += olive.crosses[region]!;
}

/** Olive's turn is over: the solo game ends as usual at the end of the turn ("Olive always plays last"). */
export function endOliveTurn(s: State): void {
  const i = oliveDie(s);
  if (i >= 0) s.white[i]!.spent = true;
  s.olive!.die = null;
  endRound(s);
}
