import { GOODS, mapGrid, comps } from "./data.js";
import { canTakeSecondDie, claimant, freeDice, orderChoicesExist } from "./flow.js";
import { canUseTile, deadlocked, emptyCities, greyCities, isSolo, regionCapacity } from "./rules.js";
import type { State } from "./schema.js";

/**
 * Consistency beyond the schema's shapes (run by `loadState`): goods add up to the box, sheets fit
 * the map, tiles, dice and the stage agree with whose turn it is, and nothing waits on a choice
 * that cannot be made. One line per problem.
 */
export function stateProblems(s: State): string[] {
  const out: string[] = [];
  const n = s.players;
  const solo = n === 1;
  const c = comps(s);
  const g = mapGrid(c.map);
  if (s.sheets.length !== n) out.push(`there must be one sheet per seat (${n})`);
  if (solo && (s.settings.coal || s.settings.orders || s.settings.startingPowers)) out.push("solo play allows only the Medium/Hard module");
  if (solo !== (s.olive !== null)) out.push("Olive plays exactly in solo games");
  if (s.startPlayer >= n) out.push("the start player must be a seat");

  // Sheets.
  s.sheets.forEach((sh, p) => {
    if (sh.tracks.length !== g.hex.cells.length) out.push(`sheet ${p} must have one entry per hex of the map`);
    sh.tracks.forEach((t, h) => {
      if (t && (t[0] >= t[1] || g.cityOf[h]! >= 0)) out.push(`sheet ${p}: hex ${h} holds an impossible track`);
    });
    if (sh.personal && (!greyCities(s).includes(sh.personal.city) || sh.personal.good === "grey" || sh.personal.good === "black")) {
      out.push(`sheet ${p}: a personal good is a non-grey good on city 3 or 4`);
    }
    if (sh.personal && sh.power !== "delivery") out.push(`sheet ${p}: only the Personal delivery power gives a personal good`);
    if (sh.bonus !== (sh.power === "points" ? 2 : 0)) out.push(`sheet ${p}: only the +2 power gives two points`);
    if (!s.settings.startingPowers && sh.power !== null) out.push(`sheet ${p}: starting powers are not in play`);
    if (!s.settings.orders && sh.kept.some((k) => k > 0)) out.push(`sheet ${p}: goods are kept only for order tiles`);
  });

  // Goods: every good is in the bag, the box, on a city, kept, on a sheet or removed by Olive.
  const totals = [c.goods.yellow, c.goods.red, c.goods.green, c.goods.blue, c.goods.grey, c.goods.black];
  const seen = [...s.bag];
  seen[5]! += s.reserve;
  for (const line of s.cities) for (const good of line) seen[good]!++;
  for (const sh of s.sheets) {
    sh.kept.forEach((k, i) => (seen[i]! += k));
    if (sh.personal) seen[GOODS.indexOf(sh.personal.good)]!++;
  }
  if (s.powers?.good) seen[GOODS.indexOf(s.powers.good)]!++;
  s.olive?.removed.forEach((k, i) => (seen[i]! += k));
  if (seen.some((k, i) => k !== totals[i])) out.push("the goods do not add up to the box (10 of each colour, 6 black)");
  if (!s.settings.coal && s.reserve !== c.goods.black) out.push("black goods are used only with the Coal module");
  s.cities.forEach((line, i) => {
    if (line.some((good) => GOODS[good] === g.colourOf[i])) out.push(`city ${i + 1} holds a good of its own colour`);
    // Setup 4 and 5: players + 2 goods (solo: as set), a city's own colour removed, at most one
    // black good for the goods removed; no rule ever adds a good to a city afterwards.
    if (line.length > (solo ? s.settings.soloGoodsPerCity : n + 2)) out.push(`city ${i + 1} holds more goods than setup places on a city`);
  });

  // Tiles, orders, walls.
  s.tiles.forEach((t, i) => {
    if (t.holder !== null && t.holder >= n) out.push(`action tile ${i + 1} is held by a seat that does not exist`);
    if (t.holder === null && t.sideways) out.push(`action tile ${i + 1} is sideways in the centre`);
  });
  if (s.orders.length !== (s.settings.orders ? c.orderTiles.length : 0)) out.push("the order tiles do not match the module and the components");
  if (s.orders.some((o) => o.holder !== null && o.holder >= n)) out.push("an order tile is held by a seat that does not exist");
  if (s.walls.some(([a, b]) => g.hex.edgeBetween(a, b) < 0)) out.push("a wall must lie between two neighbouring hexes");
  if ((s.settings.walls === "none") !== (s.wallRoll === null)) out.push("walls are rolled exactly in the Medium/Hard game");
  if (s.wallRoll === null && s.walls.length > 0) out.push("walls are drawn only from a chart roll");

  // Olive.
  if (s.olive) {
    s.olive.crosses.forEach((k, i) => k > regionCapacity(s, i) && out.push(`Olive crossed more hexes in region ${i + 1} than it has`));
    if (s.olive.won !== (s.olive.won && s.over)) out.push("Olive's win ends the game");
    if ((s.olive.die !== null) !== (s.turn?.stage === "olive4")) out.push("Olive waits at her step 4 exactly in the olive4 stage");
  }

  // Round 0 is the starting powers' alone: "then round one" begins (startRound) before any die.
  if (s.powers === null && s.round < 1) out.push("only the starting powers come before round one: a game past them is in round one or later");
  if (gameShouldHaveEnded(s)) out.push("the last round ended with three or more empty cities (or no delivery left for anyone): the game is over, yet a new round began");
  out.push(...turnProblems(s));
  return out;
}

/**
 * A new round that the end of the last one forbids: "If at the end of a game round three or more
 * cities on the supply board are empty, the game is over" (End of the game), or the engine's
 * stalemate end (`deadlocked`). Nothing between the end of a round and the first die of the next
 * changes either, so a state there that meets them is a finished game reopened. Round one has no
 * round before it: its cities may start empty (setup removes goods of a city's own colour), but
 * then nobody has played yet, so a table meeting the end there that shows play is reopened too.
 */
function gameShouldHaveEnded(s: State): boolean {
  const t = s.turn;
  if (s.over || s.round < 1 || t === null) return false;
  const atRoundStart = t.player === s.startPlayer && t.actions === 0 && t.used.length === 0 && s.queue.length === s.players - 1 && s.white.every((d) => d.user === null && !d.spent);
  if (!atRoundStart || !(emptyCities(s) >= 3 || (!isSolo(s) && deadlocked(s)))) return false;
  return s.round > 1 || s.sheets.some((_, p) => playShown(s, p) > 0);
}

/**
 * The actions a sheet shows beyond its starting power (Starting powers): each track, ticked engine
 * box and action tile held took an action, and a scoring sheet delivered at least once.
 */
function playShown(s: State, p: number): number {
  const sh = s.sheets[p]!;
  let shown = sh.tracks.filter((x) => x !== null).length - (sh.power === "rail" ? 1 : 0);
  shown += sh.engine.filter(Boolean).length - (sh.power === "engine" ? 1 : 0);
  shown += s.tiles.filter((x) => x.holder === p).length - (sh.power === "tile" ? 1 : 0);
  return shown + Math.max(sh.delivered > 0 ? 1 : 0, sh.kept.reduce((a, b) => a + b, 0));
}

function turnProblems(s: State): string[] {
  const out: string[] = [];
  const n = s.players;
  const t = s.turn;
  if (s.over) {
    if (t || s.claim || s.powers) out.push("a finished game has no turn in progress");
    return out;
  }
  if (!t) return ["a game in progress has a turn"];
  if (t.player >= n) return ["the turn player must be a seat"];
  const solo = n === 1;
  const stage = t.stage;
  const powerStage = stage === "power" || stage === "powerRail" || stage === "powerGood";
  if (powerStage !== (s.powers !== null)) return ["starting powers are chosen exactly before round one"];
  if (s.powers) {
    const p = s.powers;
    if (!s.settings.startingPowers || p.queue[0] !== t.player) out.push("the seat choosing a starting power must head the queue");
    if (new Set(p.queue).size !== p.queue.length || p.queue.some((q) => q >= n)) out.push("the starting power queue must list distinct seats");
    if (p.left.length !== 5 - (n - p.queue.length) - (stage === "power" ? 0 : 1) || new Set(p.left).size !== p.left.length) out.push("the starting powers left do not match the seats that chose");
    if ((stage === "powerRail") !== (p.hex !== null) || (stage === "powerGood") !== (p.good !== null)) out.push("the starting power step does not match the stage");
    if (p.hex !== null && (mapGrid(comps(s).map).cityOf[p.hex] !== -1 || s.sheets[t.player]!.tracks[p.hex] !== null)) out.push("the Rail power needs an empty hex");
    if (stage === "power" && p.left.length === 0) out.push("no starting power is left to choose");
    if (s.round !== 0) out.push("starting powers come before round one");
    return out;
  }
  const whites = solo ? 3 : n + 1;
  if (s.white.length !== whites) out.push(`a round uses ${whites} white dice`);
  if (s.white.some((d) => d.user !== null && d.user >= n)) out.push("a die is held by a seat that does not exist");
  if (s.white.some((d) => d.spent && d.user === null)) out.push("a die is spent only by the seat that took it (Olive's die is spent as the turn ends)");
  const order = Array.from({ length: n }, (_, i) => (s.startPlayer + i) % n);
  const at = order.indexOf(t.player);
  if (s.queue.join() !== order.slice(at + 1).join()) out.push("the seats still to play must follow the turn player clockwise");
  const mine = s.white.filter((d) => d.user === t.player);
  const maxDice = solo ? 2 : 2;
  if (mine.length > maxDice) out.push("a seat uses at most two dice");
  if (mine.filter((d) => d.spent).length !== t.actions) out.push("the turn's actions do not match its spent dice");
  if (s.white.some((d, i) => d.user !== null && d.user !== t.player && !s.queue.includes(d.user) && !d.spent && i >= 0)) out.push("a seat that has played left an unused die");
  if (s.white.some((d) => d.user !== null && s.queue.includes(d.user) && d.spent)) out.push("a seat still to play has already used a die");
  if (s.queue.some((q) => s.white.filter((d) => d.user === q).length > 1)) out.push("a seat still to play holds at most one claimed die");
  const needing = s.queue.filter((q) => !s.white.some((d) => d.user === q)).length;
  const current = t.die !== null ? s.white[t.die] : undefined;
  if (t.die !== null && (!current || current.user !== t.player || current.spent)) out.push("the die in use must be the turn player's unspent die");
  const inHand = mine.filter((d) => !d.spent).length;
  if (inHand > (t.die !== null ? 1 : 0) + (stage === "claim" ? 0 : 0)) out.push("the turn player holds a die she is not using");
  if (t.actions > (solo ? 2 : 2) || (!solo && t.actions === 2 && !t.used.includes(2))) out.push("a second action needs tile 2a");
  if (s.claim && stage !== "claim") out.push("a die is claimed only in the claim stage");
  // "right before she drafts a white die, she must turn the tile upright": until her first action
  // of the turn (which alone can take a tile sideways) the turn player's tiles stand upright.
  if (t.actions === 0 && s.tiles.some((x) => x.holder === t.player && x.sideways)) out.push("tiles are straightened before the pick");
  switch (stage) {
    case "pick":
      if (t.die !== null) out.push("a seat picking a die holds none");
      if (freeDice(s).length < needing + 1) out.push("no white die is left to pick");
      if (solo ? t.actions > 1 : t.actions !== 0) out.push("a seat picks a die at the start of her turn");
      break;
    case "claim": {
      if (!s.claim || s.claim.die !== t.die) {
        out.push("the claim stage names the die just chosen");
        break;
      }
      const h = claimant(s);
      if (h !== s.claim.seat) out.push("only the holder of tile 2b who has not drafted may claim a die");
      break;
    }
    case "act":
      if (t.die === null) out.push("a seat acts with a die");
      break;
    case "end":
      if (solo || t.die !== null || t.actions === 0) out.push("the end of a turn comes after an action");
      else if (!orderChoicesExist(s) && !canTakeSecondDie(s)) out.push("the end stage offers a choice");
      break;
    case "beforeOlive":
    case "olive4":
      if (!solo || t.actions !== 2 || t.die !== null) out.push("Olive plays after the human's two actions");
      if (!canUseTile(s, 0, 2, stage === "beforeOlive" ? "a" : "b")) out.push("this stage offers solo tile 2, which the human cannot use");
      if (stage === "olive4" && s.olive && s.olive.die !== null && (s.cities[s.olive.die - 1]!.length === 0 || s.olive.crosses[s.olive.die - 1]! < 3)) {
        out.push("Olive removes a good only from a city with goods where she has three crosses");
      }
      if (s.white.filter((d) => d.user === null && !d.spent).length !== 1) out.push("one white die is left for Olive");
      break;
    default:
      out.push("this stage belongs to the starting powers");
  }
  if (solo && stage !== "beforeOlive" && stage !== "olive4" && s.white.filter((d) => d.user === null).length < 1) out.push("a die must be left for Olive");
  return out;
}
