/// <reference lib="dom" />
// A whole game of Donkey Valley in a page: you are seat 0, two random bots play seats 1 and 2. The
// board (@rules/boards/donkey-valley) draws your view and your legal moves; a click reports the move,
// which this page applies with the rules engine and draws again. Moves the board has no place for
// (none in Donkey Valley, "done"/"pass" in some games) are shown as buttons under it.
import { randomBot } from "@rules/core";
import { game, type Action, type State } from "@rules/donkey-valley";
import { boardShare, drawDonkeyValley, donkeyValleyBoard } from "@rules/boards/donkey-valley";

const ME = 0;
const PLAYERS = 3;
const bots = [1, 2].map((p) => randomBot(`example/${p}`));
let state: State = game.initialState(Date.now() % 100_000, { players: PLAYERS });

const boardEl = document.getElementById("board")!;
const statusEl = document.getElementById("status")!;
const movesEl = document.getElementById("moves")!;

function play(action: Action): void {
  state = game.apply(state, action);
  show();
}

function show(): void {
  const mine = game.activePlayers(state).includes(ME);
  const legal = mine ? game.legalActions(state, ME) : [];
  const view = game.playerView(state, ME);
  drawDonkeyValley(boardEl, { view, seat: ME, legal, describe: (a) => game.describeAction(state, a), onAction: play });
  // The moves with no place on the board, as buttons.
  movesEl.replaceChildren(
    ...legal
      .filter((a) => donkeyValleyBoard.targets(a, view).length === 0)
      .map((a) => Object.assign(document.createElement("button"), { textContent: game.describeAction(state, a), onclick: () => play(a) })),
  );
  const result = game.outcome(state);
  if (result) {
    statusEl.textContent = `Game over: ${result.scores.map((s, p) => `seat ${p} ${s} points`).join(", ")}. ${result.winners.includes(ME) ? "You won!" : "You lost."}`;
    return;
  }
  const share = Math.round(boardShare(donkeyValleyBoard, view, legal) * 100);
  statusEl.textContent = mine ? `Your move (${share}% of your moves are on the board): ${donkeyValleyBoard.phase?.(view) ?? ""}` : "The bots are moving…";
  if (!mine) {
    // One bot move at a time, a little apart, so you can follow them.
    const seat = game.activePlayers(state).find((p) => p !== ME)!;
    setTimeout(() => play(bots[seat - 1]!.act(state, seat, game.legalActions(state, seat)) as Action), 300);
  }
}

show();
