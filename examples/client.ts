import { isRulesError, newLog, replay, undo, undoBlocker } from "@rules/core";
import { game } from "@rules/donkey-valley";

// Load: a new game, or a state from storage or the network (checked: INVALID_STATE if it could not arise).
let state = game.initialState(7, { players: 4 });
const log = newLog(game, 7, { players: 4 });
state = game.loadState(JSON.parse(JSON.stringify(state)));

// Show one seat's view: exactly what that seat may know (null is a spectator).
const me = 0;
const view = game.playerView(state, me);
console.log("seat 0 holds", view.hand, "and sees", view.handCounts, "cards in the hands");

// List the seat's legal actions, in words, grouped by type as buttons would be.
const legal = game.legalActions(state, me);
// describeAction is written for the public log, so it may hide what the seat alone knows ("plays a
// load card face down"): a button also shows the action's own fields.
const byType = new Map<string, string[]>();
for (const a of legal) {
  const { type, player, ...fields } = a;
  byType.set(type, [...(byType.get(type) ?? []), `${game.describeAction(state, a)} ${JSON.stringify(fields)}`]);
}
console.log(byType);

// Apply: the checked path refuses a move with a RulesError that names the broken rule.
try {
  game.apply(state, { type: "call", player: me, verdict: "deny" });
} catch (e) {
  if (isRulesError(e)) console.log(e.code, e.message);
}
const before = state;
state = game.apply(state, legal[0]!);
log.actions.push(legal[0]!);
console.log(game.describeAction(before, legal[0]!), game.describeEvents?.(before, legal[0]!, state));

// Undo by replaying the log without its last action, unless it drew on chance or revealed something.
const why = undoBlocker(game, log);
if (why === undefined) state = replay(game, undo(game, log));
else console.log("cannot undo:", why);
console.log("after undo, actions of seat 0:", game.legalActions(state, me).length);

// Replay a stored log: every action checked again, the same state to the byte.
const stored = JSON.stringify(log);
console.log(JSON.stringify(replay(game, JSON.parse(stored))) === JSON.stringify(game.apply(game.initialState(7, { players: 4 }), legal[0]!)));
