/**
 * Shared core of the `@rules` engines: the {@link Game} contract, {@link RulesError}, the seeded
 * RNG, zone helpers, replay and hashing, bots and simulation.
 *
 * @packageDocumentation
 */
export { RulesError, isRulesError, type RulesErrorCode } from "./errors.js";
export {
  RngStateSchema,
  deriveSeed,
  drawFromBag,
  drawWeighted,
  hashSeed,
  pick,
  randomInt,
  rollDice,
  rollDie,
  seedRng,
  shuffle,
  takeRandom,
  type RngState,
  type Seed,
} from "./rng.js";
export { deal, draw, drawOne, drawWithReshuffle, moveCard, refillRow, removeCard, reshuffleDiscard, shuffleInto } from "./zones.js";
export {
  HEX_EDGE_NAMES,
  axialToOffset,
  buildHexGrid,
  hexDistance,
  hexNeighbor,
  offsetToAxial,
  oppositeEdge,
  rotateEdge,
  type HexCell,
  type HexEdge,
  type HexGrid,
  type HexLayout,
} from "./hex.js";
export { bfsDistances, connectedComponents, forEachSimplePath, type GraphPath, type GraphStep } from "./graph.js";
export { canonicalJson, cloneJson, stateHash } from "./json.js";
export { defineGame, describeZodError } from "./define.js";
export { applyPatches, type PatchedState, type StatePatch } from "./sharing.js";
export { freezeJson } from "./frozen.js";
export { outcomeFromScores, rankByKeys } from "./outcome.js";
export type {
  BaseAction,
  BaseOptions,
  BaseState,
  Game,
  GameDefinition,
  GameEncoding,
  GameSchemas,
  Outcome,
  PlayerId,
} from "./types.js";
export {
  ActionLogSchema,
  newLog,
  replay,
  replayStates,
  undo,
  undoBlocker,
  type ActionLog,
} from "./replay.js";
export { botFactories, botFactory, chooseActor, describeBot, mctsBot, nextActor, randomBot, rankRewards, type Bot, type BotFactory, type BotSpec, type MctsOptions, type SearchPolicy } from "./bots.js";
export { logistic, softRankRewards } from "./heuristic.js";
export { leadOf, lookaheadBot, type LookaheadOptions } from "./lookahead.js";
export { playRecords, shardRange, type GameRecord, type RecordOptions } from "./records.js";
export { simulate, stats, summarizeRecords, type SimulateOptions, type SimulationReport, type Stats } from "./simulate.js";
export { emptyTally, mergeTallies, reportOfTally, statsOfMoments, tallyRecord, type Moments, type SimulationTally } from "./tally.js";
export { defaultPlayers } from "./players.js";
export { INPUT_LIMITS, isDeepFrozen } from "./trust.js";
export { whenWellFormed } from "./bounds.js";
