// The search thread of `rules serve` (serve-think.ts starts it): works out one bot move at a time
// for the server, which meanwhile goes on answering its other requests.
import { parentPort } from "node:worker_threads";
import { freezeJson, isRulesError } from "@rules/core";
import { games } from "./games.js";
import { thinkHere, type BotRequest } from "./serve-bot.js";

parentPort!.on("message", ({ id, request }: { id: number; request: BotRequest }) => {
  try {
    const game = Object.hasOwn(games, request.game) ? games[request.game]! : undefined;
    if (!game) throw new Error(`the search thread has no game "${request.game}"`);
    // The state arrives as a structured clone: frozen again, as the engines hand states out.
    const move = thinkHere(game, { ...request, state: freezeJson(request.state) });
    parentPort!.postMessage({ id, ok: true, move });
  } catch (e) {
    parentPort!.postMessage({ id, ok: false, code: isRulesError(e) ? e.code : "INTERNAL", message: e instanceof Error ? e.message : String(e) });
  }
});
