/// <reference lib="dom" />
// A whole game of Donkey Valley in a React app: you are seat 0, two random bots play seats 1 and 2.
// React owns the state and the page around the board; the board itself is drawn by
// @rules/boards into a <div> that React leaves alone (a ref), again after every move.
import { StrictMode, useEffect, useMemo, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { randomBot } from "@rules/core";
import { game, type Action, type State } from "@rules/donkey-valley";
import { donkeyValleyBoard, drawDonkeyValley } from "@rules/boards/donkey-valley";

const ME = 0;

/** The board as a React component: a div the board is drawn into whenever its inputs change. */
function Board(props: { state: State; onAction(a: Action): void }) {
  const ref = useRef<HTMLDivElement>(null);
  const { state, onAction } = props;
  useEffect(() => {
    const legal = game.activePlayers(state).includes(ME) ? game.legalActions(state, ME) : [];
    drawDonkeyValley(ref.current!, { view: game.playerView(state, ME), seat: ME, legal, describe: (a) => game.describeAction(state, a), onAction });
  }, [state, onAction]);
  return <div ref={ref} />;
}

function App() {
  const [state, setState] = useState<State>(() => game.initialState(Date.now() % 100_000, { players: 3 }));
  const bots = useMemo(() => [randomBot("react/1"), randomBot("react/2")], []);
  const result = game.outcome(state);
  const botSeat = game.activePlayers(state).find((p) => p !== ME);
  const myTurn = game.activePlayers(state).includes(ME);

  // The bots move one at a time while it is not your turn.
  useEffect(() => {
    if (result || myTurn || botSeat === undefined) return;
    const t = setTimeout(() => setState((s) => game.apply(s, bots[botSeat - 1]!.act(s, botSeat, game.legalActions(s, botSeat)) as Action)), 300);
    return () => clearTimeout(t);
  }, [state, result, myTurn, botSeat, bots]);

  const view = game.playerView(state, ME);
  const buttons = myTurn ? game.legalActions(state, ME).filter((a) => donkeyValleyBoard.targets(a, view).length === 0) : [];
  return (
    <main>
      <h1>Donkey Valley against two bots</h1>
      <p>
        {result
          ? `Game over: ${result.scores.map((s, p) => `seat ${p} ${s} points`).join(", ")}. ${result.winners.includes(ME) ? "You won!" : "You lost."}`
          : myTurn
            ? `Your move: ${donkeyValleyBoard.phase?.(view) ?? ""}`
            : "The bots are moving…"}
      </p>
      <Board state={state} onAction={(a) => setState((s) => game.apply(s, a))} />
      {buttons.map((a, i) => (
        <button key={i} onClick={() => setState((s) => game.apply(s, a))}>
          {game.describeAction(state, a)}
        </button>
      ))}
    </main>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
