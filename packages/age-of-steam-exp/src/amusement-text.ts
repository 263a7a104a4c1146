import { COLORS, LETTERS, PARK_ACTIONS, RULES } from "./data.js";
import { attractions, cleared, discLimit, nextDiscCost, parkBreakdown, visitorsFor, walkTransport, whyUnclearable } from "./amusement.js";
import { turnsFor } from "./map.js";
import type { Action, State } from "./schema.js";

// The Amusement Park's log lines (for `rules play`) and its consistency checks (for loadState).

const NAMES: Record<string, string> = {
  locomotive: "Locomotive",
  engineer: "Engineer",
  urbanization: "Urbanization",
  souvenir: "Souvenir (Priority Transport)",
  firstMove: "First Move",
  firstBuild: "First Build",
};

function place(state: State, i: number): string {
  return state.map.park!.attractions[i]?.name ?? `attraction ${i}`;
}

/** One line for an action on the Amusement Park. */
export function describeParkAction(state: State, a: Action): string {
  const g = state.map.park!;
  switch (a.type) {
    case "issueShare":
      return `You issue a share for $5 (${state.shares[0]! + 1} shares)`;
    case "done":
      return state.phase === "shares" ? `You issue no more shares` : `You end your build (${state.build.count} disc${state.build.count === 1 ? "" : "s"} this turn)`;
    case "select":
      return `You take ${NAMES[a.action] ?? a.action}${a.action === "locomotive" ? ` (locomotive ${Math.min(RULES.maxLoco, state.loco[0]! + 1)})` : ""}`;
    case "lay": {
      const l = g.links[a.link];
      if (!l) return `You lay a disc on link ${a.link}`;
      const cost = nextDiscCost(state);
      const done = state.park!.discs[a.link]! + 1 === l.icons;
      return `You lay a disc on ${l.id} (${place(state, g.attractions.findIndex((x) => x.id === l.ends[0]))} – ${place(state, g.attractions.findIndex((x) => x.id === l.ends[1]))}) for ${cost === 0 ? "free (Engineer)" : `$${cost}`}${done ? ": the link is complete" : `: ${state.park!.discs[a.link]! + 1} of ${l.icons} icons`}`;
    }
    case "urbanize": {
      const c = state.newCities.find((n) => n.letter === a.letter);
      return `You urbanize ${place(state, a.hex)} with new city ${a.letter} (${c?.color}): a 6-sided large attraction`;
    }
    case "transport": {
      const w = walkTransport(state, a);
      const dest = w.stops.at(-1)!;
      const sides = attractions(state)[dest]?.sides ?? 0;
      const souvenir = w.why === undefined && a.links.length < sides ? `, under the ${sides}-side minimum with the Souvenir` : "";
      return `You carry a ${a.color} visitor ${w.stops.map((i) => place(state, i)).join(" → ")} (${a.links.length} link${a.links.length === 1 ? "" : "s"}${souvenir}: income +${a.links.length})`;
    }
    case "raiseLoco":
      return `You raise your locomotive to ${state.loco[0]! + 1} instead of a transport`;
    case "pass":
      return `You make no transport this round`;
    default:
      return `You ${a.type}`;
  }
}

/** Log lines for what happened besides the action (setup, the end of a turn, the end). */
export function describeParkEvents(before: State | null, after: State): string[] {
  const out: string[] = [];
  const p = after.park!;
  if (before === null) {
    out.push(`${after.map.name} (${p.difficulty}), solo, at most ${after.lastTurn} turns; you have $${after.cash[0]}, ${after.shares[0]} shares, income 0, locomotive 1`);
    const kinds = attractions(after);
    const large = kinds.flatMap((k, i) => (k.large ? [`${place(after, i)} (${k.color}, ${k.sides} sides): ${p.visitors[i]!.join("/") || "none"}`] : []));
    out.push(`Visitors waiting: ${large.join("; ")}`);
    out.push(`Clear the park: carry every visitor, and let every large attraction receive at least one`);
    return out;
  }
  if (before.phase === "move" && (after.phase !== "move" || after.turn !== before.turn)) {
    if (after.park!.result === "cleared") {
      /* the transport line says it */
    } else if (after.eliminated[0]) out.push(`You cannot pay expenses of $${before.shares[0]! + before.loco[0]!}: bankrupt`);
    else out.push(`Income $${before.income[0]} collected, expenses $${before.shares[0]! + before.loco[0]!} (shares + locomotive): cash $${after.cash[0]}, income now ${after.income[0]}`);
  }
  if (after.turn !== before.turn && after.phase !== "over") out.push(`Turn ${after.turn} of ${after.lastTurn} begins (${p.visitors.reduce((n, v) => n + v.length, 0)} visitors waiting)`);
  if (after.phase === "over" && before.phase !== "over") {
    const why = {
      cleared: "The park is cleared: every visitor carried and every large attraction served. You win!",
      bankrupt: "The game is lost: bankrupt.",
      turnLimit: `The game is lost: turn ${after.lastTurn}, the last, is over and the park is not cleared.`,
      unwinnable: `The game is lost: the park can no longer be cleared (${whyUnclearable(after, after.lastTurn - after.turn + 1) ?? "see the rules guide"}).`,
    }[p.result ?? "turnLimit"];
    out.push(why);
    const b = parkBreakdown(after);
    out.push(`Visitors carried ${b.transported} of ${b.visitors}; large attractions served ${b.served} of ${b.large}; turn ${b.turn}; score (ASSUMED: visitors carried) ${b.total}`);
  }
  return out;
}

/** Consistency of an Amusement Park state beyond its field shapes. */
export function parkProblems(s: State): string[] {
  const out: string[] = [];
  const bad = (m: string): void => void out.push(m);
  const p = s.park;
  const g = s.map.park;
  if (!p || !g || s.map.topology !== "graph") return ["an Amusement Park state needs a graph map and its park state, together"];
  if (s.players !== 1) return [`the Amusement Park is for 1 player, not ${s.players}`];
  for (const [k, v] of [["cash", s.cash], ["income", s.income], ["shares", s.shares], ["loco", s.loco], ["eliminated", s.eliminated], ["selected", s.selected], ["move.locoRaised", s.move.locoRaised]] as const) {
    if (v.length !== 1) return [`${k} has ${v.length} entries for 1 player`];
  }
  const nA = g.attractions.length;
  for (const [k, v, n] of [["park.discs", p.discs, g.links.length], ["park.visitors", p.visitors, nA], ["park.served", p.served, nA], ["park.newCity", p.newCity, nA]] as const) {
    if (v.length !== n) return [`${k} has ${v.length} entries, the park has ${n}`];
  }
  if (s.lastTurn !== turnsFor(s.map, 1)) bad(`the park lasts ${turnsFor(s.map, 1)} turns, not ${s.lastTurn}`);
  if (s.turn > s.lastTurn) bad(`turn ${s.turn} is past the last turn ${s.lastTurn}`);
  // No hex-map parts, and no base-game parts the park removes.
  if (s.goods.length > 0 || s.track.length > 0 || s.urbanized.length > 0 || s.production.length > 0 || s.connections.length > 0) bad(`the park has no cities, track tiles, printed connections, hex urbanizations or Production cubes`);
  if (s.display.some((c) => c.length > 0) || s.newCityGoods.some((c) => c.length > 0)) bad(`the park has no goods display`);
  if (s.auction !== null || s.turnOrderPass !== null || s.lastRoll !== null) bad(`the park has no auction, Turn Order or goods growth`);
  if (s.build.hexes.length > 0) bad(`the park builds no hexes`);
  // Discs.
  p.discs.forEach((d, l) => {
    if (d > g.links[l]!.icons) bad(`planned link ${g.links[l]!.id} has ${d} discs on ${g.links[l]!.icons} icons`);
  });
  if (p.discs.reduce((a, b) => a + b, 0) > g.discSupply) bad(`more discs on the board than the ${g.discSupply} in the supply`);
  // Visitors: each cube once (attractions + bag + carried = the box); only on printed large attractions, never more than set up there.
  const counted = [0, 0, 0, 0, 0];
  p.visitors.forEach((vs, i) => {
    const a = g.attractions[i]!;
    if (vs.length > (a.kind === "large" ? visitorsFor(g, a.color, p.difficulty) : 0)) bad(`${a.name} holds ${vs.length} visitors, more than set up there on ${p.difficulty}`);
    vs.forEach((c) => (counted[COLORS.indexOf(c)]! += 1));
  });
  if (counted[4]! > 0 || s.outOfPlay[4]! > 0) bad(`the park has no black visitors`);
  const setUp = g.attractions.reduce((n, a) => n + (a.kind === "large" ? visitorsFor(g, a.color, p.difficulty) : 0), 0);
  const carried = s.outOfPlay.reduce((a, b) => a + b, 0);
  if (counted.reduce((a, b) => a + b, 0) + carried !== setUp) bad(`visitors waiting and carried add up to ${counted.reduce((a, b) => a + b, 0) + carried}, ${setUp} were set up on ${p.difficulty}`);
  COLORS.forEach((c, k) => {
    if (counted[k]! + s.bag[k]! + s.outOfPlay[k]! !== s.cubeCounts[k]) bad(`${c} cubes: ${counted[k]} waiting + ${s.bag[k]} in the bag + ${s.outOfPlay[k]} carried ≠ ${s.cubeCounts[k]} in the box`);
  });
  // Urbanized attractions and the served markers.
  const letters = p.newCity.filter((x) => x !== null);
  if (new Set(letters).size !== letters.length) bad(`a new-city tile is on two attractions`);
  p.newCity.forEach((x, i) => {
    if (x === null) return;
    if (g.attractions[i]!.kind !== "small") bad(`${g.attractions[i]!.name} is not a small attraction but holds new city ${x}`);
    if (s.map.removedNewCities.includes(x) || !LETTERS.includes(x)) bad(`new city ${x} is not in play`);
  });
  const kinds = attractions(s);
  const served = p.served.filter((x, i) => {
    if (x && !kinds[i]!.large) bad(`${g.attractions[i]!.name} is a small attraction and never a destination, yet marked served`);
    return x;
  }).length;
  if (served > carried) bad(`${served} attractions are marked served but only ${carried} visitors were carried`);
  // The turn's steps.
  const over = s.phase === "over";
  if (!["shares", "select", "build", "move", "over"].includes(s.phase)) bad(`the park has no ${s.phase} phase`);
  if (over !== (p.result !== null)) bad(over ? `the game is over without a result` : `a result (${p.result}) before the end`);
  if ((p.result === "cleared") !== cleared(s)) bad(p.result === "cleared" ? `the park is marked cleared but is not` : `the park is cleared but the game goes on`);
  if (s.eliminated[0] !== (p.result === "bankrupt")) bad(`bankruptcy and the result disagree`);
  if (p.result === "turnLimit" && s.turn !== s.lastTurn) bad(`lost to the turn limit before the last turn`);
  if (canonical(s.order) !== canonical(s.eliminated[0] ? [] : [0])) bad(`the player order is [${s.order.join(", ")}]`);
  if (canonical(s.queue) !== canonical(over ? [] : [0])) bad(`the seats to act are [${s.queue.join(", ")}]`);
  const sel = s.selected[0] ?? null;
  if (sel !== null && !(PARK_ACTIONS as readonly string[]).includes(sel)) bad(`${sel} is not an Amusement Park action`);
  if (!over && (sel === null) !== (s.phase === "shares" || s.phase === "select")) bad(sel === null ? `no action selected in the ${s.phase} step` : `an action selected before the selection`);
  if (s.phase !== "build" && !over && (s.build.count > 0 || s.build.urbanized) && s.phase !== "move") bad(`discs laid before the build`);
  if (s.build.count > discLimit(s)) bad(`${s.build.count} discs laid this turn, the limit is ${discLimit(s)}`);
  if (s.build.urbanized && sel !== "urbanization") bad(`an urbanization without the Urbanization action`);
  if (s.build.urbanized && letters.length === 0) bad(`an urbanization this turn but no new city on the board`);
  if (!over && s.phase !== "move" && (s.move.round !== 1 || s.move.locoRaised[0])) bad(`a transport round outside Move Goods`);
  if (p.souvenirUsed && sel !== "souvenir") bad(`the Souvenir exemption used without the Souvenir action`);
  if (p.souvenirUsed && !over && s.phase !== "move") bad(`the Souvenir exemption used outside Move Goods`);
  return out;
}

function canonical(xs: readonly number[]): string {
  return xs.join(",");
}
