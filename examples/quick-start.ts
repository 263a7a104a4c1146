import { apply, initialState, legalActions, playerView } from "@rules/donkey-valley";
import { RulesError } from "@rules/core";

let state = initialState("my-seed", { players: 4 }); // seat 0 holds the first player card
const moves = legalActions(state); // step 1: every seat may play a load card face down
console.log(moves.length, moves[0]); // 40 { type: 'playLoad', player: 0, value: 1 }
state = apply(state, { type: "playLoad", player: 2, value: 7 }); // a new, frozen state
const view = playerView(state, 0); // what seat 0 may know at the table
console.log(view.hand, view.round?.donkey, view.round?.limit); // own cards, the donkey, its capacity
try {
  apply(state, { type: "playLoad", player: 2, value: 8 }); // seat 2 has already played
} catch (e) {
  if (e instanceof RulesError) console.log(e.code, e.message); // NOT_YOUR_TURN Seat 2 cannot act now: ...
}
