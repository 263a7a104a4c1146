// The time each board takes to draw its largest view, measured in the browser and printed as a
// figure (never asserted: the machine is shared and noisy). The largest view is the largest
// `playerView` met in one bot game at the board's most seats (for Age of Steam, late in a
// 6-player game); the page draws it a fixed number of times.
import type { Page } from "playwright-core";
import { randomBot, type Game } from "@rules/core";
import { games } from "../../packages/cli/src/games.js";
import { gameBots } from "../../packages/cli/src/game-bots.js";
import type { Board } from "@rules/boards";

const DRAWS = 25;
const MAX_ACTIONS = 20_000;

function largestView(game: Game, map: string | undefined): { view: unknown; players: number; bytes: number } {
  let players = game.maxPlayers;
  const options = map === undefined ? {} : { map };
  for (;;) {
    try {
      game.initialState(7, { ...options, players });
      break;
    } catch {
      players--;
    }
  }
  let state = game.initialState(7, { ...options, players });
  const own = gameBots[game.id];
  const factory = own?.factories[own.default];
  const bots = Array.from({ length: players }, (_, p) => (factory ? factory(game, `draw/${p}`) : randomBot(`draw/${p}`)));
  let best = { view: game.playerView(state, 0) as unknown, bytes: 0 };
  for (let n = 0; n < MAX_ACTIONS && !game.isTerminal(state); n++) {
    const seat = game.activePlayers(state)[0]!;
    state = game.apply(state, bots[seat]!.act(state, seat, game.legalActions(state, seat)));
    if (game.isTerminal(state)) break;
    const view = game.playerView(state, 0);
    const bytes = JSON.stringify(view).length;
    if (bytes >= best.bytes) best = { view, bytes };
  }
  return { ...best, players };
}

export async function drawTimes(page: Page, boards: ReadonlyArray<Board<any, any>>): Promise<string[]> {
  const lines = ["| board | seats | view (JSON) | median draw | slowest |", "| --- | ---: | ---: | ---: | ---: |"];
  for (const board of boards) {
    const game = games[board.game]!;
    const { view, players, bytes } = largestView(game, board.map);
    const times = await page.evaluate(
      ([id, v, n]) => {
        const api = (window as unknown as { rulesPlayground: { draw(...a: unknown[]): Element | null } }).rulesPlayground;
        const out: number[] = [];
        for (let i = 0; i < n; i++) {
          const t = performance.now();
          api.draw(id, v, 0, []);
          out.push(performance.now() - t);
        }
        return out.sort((a, b) => a - b);
      },
      [board.game, view, DRAWS] as const,
    );
    const name = board.map ? `${board.game} (${board.map})` : board.game;
    lines.push(`| ${name} | ${players} | ${(bytes / 1000).toFixed(1)} KB | ${times[Math.floor(DRAWS / 2)]!.toFixed(2)} ms | ${times[DRAWS - 1]!.toFixed(2)} ms |`);
  }
  return lines;
}
