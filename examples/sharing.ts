import { applyPatches, type StatePatch } from "@rules/core";
import { game } from "@rules/donkey-valley";

// Structural sharing: every part of the next state that a move left equal is the same object.
let state = game.initialState(7, { players: 4 });
const before = state;
state = game.apply(state, game.legalActions(state)[0]!); // seat 0 plays a load card
console.log(state.hands[1] === before.hands[1], state.hands[0] === before.hands[0]); // true false

// So a component redraws only when its part is a new object. React.memo makes this check for
// props (<Hand hand={state.hands[seat]} />); by hand it is one comparison:
function memoByIdentity<T, R>(draw: (part: T) => R): (part: T) => R {
  let last: { part: T; out: R } | undefined;
  return (part) => {
    if (last === undefined || last.part !== part) last = { part, out: draw(part) };
    return last.out;
  };
}
let draws = 0;
const drawHand = memoByIdentity((hand: readonly number[]) => {
  draws++;
  return hand.join(" ");
});
drawHand(before.hands[1]!);
drawHand(state.hands[1]!);
console.log(draws); // 1: seat 1's hand did not change, so it was not drawn again

// An undo stack of patches, kept where the whole state is trusted (a server, a hot-seat table):
// patches of the state carry hidden information (hands, the deck order, the generator).
const undoStack: StatePatch[][] = [];
const move = game.applyWithPatches(state, game.legalActions(state)[0]!);
undoStack.push(move.inversePatches);
const undone = applyPatches(move.state, undoStack.pop()!);
console.log(JSON.stringify(undone) === JSON.stringify(state), move.patches.length > 0); // true true
