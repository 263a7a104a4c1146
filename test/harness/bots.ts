// A game's own bots, on any game: every move legal, and the same seed the same moves. A property of
// each bot a game package ships (the CLI's `--bots` names), since researchers compare against them.
import { canonicalJson, chooseActor, seedRng, type BaseAction, type BotFactory, type Game } from "@rules/core";

/**
 * Plays one game with `factory`'s bot in every seat (each seat its own seed, derived from
 * `botSeed`) to the end or `maxSteps`, throwing unless every action it returns is one of the legal
 * actions it was given; returns the actions played, so a caller can compare two runs.
 */
export function playWithBot(game: Game, factory: BotFactory, args: { seed: number; botSeed: number; players: number; options?: Record<string, unknown>; maxSteps?: number }): BaseAction[] {
  const state = game.initialStateInPlace!(args.seed, { ...(args.options ?? {}), players: args.players });
  const bots = Array.from({ length: args.players }, (_, p) => factory(game, `${args.botSeed}/${p}`));
  const schedule = seedRng(`schedule-${args.botSeed}`);
  const played: BaseAction[] = [];
  const maxSteps = args.maxSteps ?? 20_000;
  while (!game.isTerminal(state) && played.length < maxSteps) {
    const p = chooseActor(game.activePlayers(state), schedule)!;
    const legal = game.legalActions(state, p);
    const frozen = legal.map((a) => canonicalJson(a));
    const a = bots[p]!.act(state, p, legal);
    if (!frozen.includes(canonicalJson(a))) throw new Error(`${bots[p]!.name} in seat ${p} played ${canonicalJson(a)}, not among the ${legal.length} legal actions, at step ${played.length}`);
    played.push(a);
    game.applyInPlace(state, a);
  }
  return played;
}

/** {@link playWithBot} twice with the same seeds: throws unless both runs play the same actions. */
export function checkBotRepeats(game: Game, factory: BotFactory, args: Parameters<typeof playWithBot>[2]): number {
  const first = playWithBot(game, factory, args).map((a) => canonicalJson(a));
  const second = playWithBot(game, factory, args).map((a) => canonicalJson(a));
  if (first.length !== second.length || first.some((a, i) => a !== second[i])) {
    const at = first.findIndex((a, i) => a !== second[i]);
    throw new Error(`the same seeds gave different moves at step ${at}: ${first[at]} then ${second[at]}`);
  }
  return first.length;
}
