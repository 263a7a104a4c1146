// Views a board test draws: one bot game per case (seat 0 played by the game's own bot where the
// CLI names one, else at random), seat 0's view and legal actions at its first move, its middle move,
// its last move and after the end.
import { randomBot, type BaseAction, type Game } from "@rules/core";
import { gameBots } from "../../packages/cli/src/game-bots.js";

export interface BoardCase {
  game: Game;
  players: number;
  options: Record<string, unknown>;
  name: string;
}

export interface BoardView {
  when: "start" | "middle" | "last move" | "end";
  view: unknown;
  legal: BaseAction[];
  /** The game's `scores(state)` at that moment (the engine's own count, from the full state). */
  scores?: number[] | undefined;
}

const MAX_ACTIONS = 20_000;
const cache = new Map<string, BoardView[]>();

export function boardViews(c: BoardCase): BoardView[] {
  const known = cache.get(c.name);
  if (known) return known;
  const { game } = c;
  const own = gameBots[game.id];
  const factory = own?.factories[own.default];
  const bots = Array.from({ length: c.players }, (_, p) => (factory ? factory(game, `boards/${c.name}/${p}`) : randomBot(`boards/${c.name}/${p}`)));
  let state = game.initialState(1, { ...c.options, players: c.players });
  const mine: Array<{ view: unknown; legal: BaseAction[]; scores?: number[] | undefined }> = [];
  for (let n = 0; n < MAX_ACTIONS && !game.isTerminal(state); n++) {
    const active = game.activePlayers(state);
    if (active.includes(0)) mine.push({ view: game.playerView(state, 0), legal: game.legalActions(state, 0), scores: game.scores?.(state) });
    const seat = active[0]!;
    state = game.apply(state, bots[seat]!.act(state, seat, game.legalActions(state, seat)));
  }
  const out: BoardView[] = [
    { when: "start", ...mine[0]! },
    { when: "middle", ...mine[Math.floor(mine.length / 2)]! },
    { when: "last move", ...mine[mine.length - 1]! },
    { when: "end", view: game.playerView(state, 0), legal: [], scores: game.scores?.(state) },
  ];
  const json = JSON.parse(JSON.stringify(out)) as BoardView[];
  cache.set(c.name, json);
  return json;
}
