import { cloneJson } from "@rules/core";
import { type Face } from "./data.js";
import { colourLetters, drawPark } from "./draw.js";
import { rideCount } from "./park.js";
import { bonusValue, cardName, dirtPhase, faceOf } from "./rules.js";
import { comps, type Action, type State } from "./schema.js";
import { finalAccounts } from "./score.js";

const FACE_TEXT: Record<Face, string> = { rides: "Rides", stands: "Stands", attract: "Attract", clean: "Clean", bonus: "Bonus", blank: "Blank" };
const TOKEN_TEXT = { first: "1st", second: "2nd", third: "3rd", last: "Last" } as const;

function dice(s: State, sides: readonly number[]): string {
  return sides.length === 0 ? "no dice" : sides.map((d) => FACE_TEXT[faceOf(s, d)]).join(", ");
}

function pieceText(s: State, p: NonNullable<NonNullable<State["step"]>["pending"]>): string {
  if (p.kind === "ride") return `the ${p.size} ${comps(s).colours[p.colour]} ride`;
  if (p.kind === "stand") return `${article(comps(s).stands[p.type]?.name ?? "?")} stand`;
  return "an additional ground";
}

/** One line a player understands, e.g. "Seat 2 builds the big red ride (3 Rides dice)". */
export function describeAction(s: State, a: Action): string {
  const who = `Seat ${a.player}`;
  const seat = s.seats[a.player];
  switch (a.type) {
    case "keepCard":
      return `${who} keeps a bonus card`;
    case "lock":
      return `${who} puts ${article(FACE_TEXT[faceOf(s, a.side)])} die on the Pig board`;
    case "lockAll":
      return `${who} puts the dice on the table on the Pig board as they lie (${dice(s, seat?.rolled ?? [])})`;
    case "reroll":
      return `${who} re-rolls ${seat?.rolled.length ?? 0} ${seat?.rolled.length === 1 ? "die" : "dice"}${s.finalRerolls !== null ? ` (final roll ${4 - s.finalRerolls} of 3)` : ""}`;
    case "buildRide":
      return `${who} builds the ${a.size} ${comps(s).colours[a.colour]} ride (${comps(s).rides[a.size].seats} Rides ${comps(s).rides[a.size].seats === 1 ? "die" : "dice"})`;
    case "buildStand":
      return `${who} builds ${article(comps(s).stands[a.stand]?.name ?? "?")} stand (1 Stands die)`;
    case "expand":
      return `${who} buys an additional ground with ${article(FACE_TEXT[a.face])} die`;
    case "place": {
      const p = s.step?.pending;
      return `${who} places ${p ? pieceText(s, p) : "the piece"} at (${a.x}, ${a.y})${a.rotation > 0 ? `, turned ${a.rotation}` : ""}`;
    }
    case "attract":
      return `${who} puts a ${comps(s).colours[a.colour]} visitor from the pool into the bag (1 Attract die)`;
    case "drawVisitors":
      return `${who} shakes the bag and draws ${s.step?.attracting ?? 0} visitor${s.step?.attracting === 1 ? "" : "s"}`;
    case "clean":
      return `${who} cleans with ${a.dice} Clean ${a.dice === 1 ? "die" : "dice"}`;
    case "playBonus":
      return `${who} plays the bonus card "${cardName(s, a.card)}" for ${seat ? bonusValue(s, seat, a.card) : 0} Danari`;
    case "seatVisitor": {
      const c = s.step?.toSeat[0];
      const name = c === undefined ? "the" : `the ${comps(s).colours[c]}`;
      return a.accept ? `${who} seats ${name} visitor on their ride` : `${who} sends ${name} visitor back to the pool`;
    }
    case "endActions":
      return `${who} ends their actions${seat && seat.locked.length > 0 ? `, setting aside ${dice(s, seat.locked)}` : ""}`;
  }
}

function rollLines(s: State): string[] {
  return [`Turn ${s.turn}: the Roll phase, everyone rolls six dice`, ...s.seats.map((x, p) => `Seat ${p} rolls ${dice(s, x.rolled)}`)];
}

/** The Dirt phase of each seat, as it happened between `before` (race) and `after` (actions). */
function dirtLines(before: State, after: State): string[] {
  return after.seats.map((x, p) => {
    const t = cloneJson(x);
    t.dirt = before.seats[p]!.dirt;
    const d = dirtPhase(after, t);
    const parts = [`${d.dice} for dice`, `${d.visitors} for visitors`, `${d.token >= 0 ? "+" : ""}${d.token} for the ${TOKEN_TEXT[after.tokens[x.token!]!]} token`];
    if (d.stands !== 0) parts.push(`${d.stands} for stands`);
    return `Dirt phase, seat ${p}: ${parts.join(", ")}: ${x.dirt} Dirt in the Dump`;
  });
}

/**
 * What happened by itself after an action: dice rolled, tokens taken, the Dirt phase, visitors
 * drawn and seated, money earned, a new turn, the final fees and every park drawn at the end.
 */
export function describeEvents(before: State | null, action: Action | null, after: State): string[] {
  if (before === null) {
    if (after.phase === "draft") return ["Setup: each player draws 6 bonus cards to keep 3", `Turn order tokens in play: ${after.tokens.map((t) => TOKEN_TEXT[t]).join(", ")}`];
    return ["Setup (beginner variant): no bonus cards", ...rollLines(after)];
  }
  const lines: string[] = [];
  const p = action?.player ?? 0;
  if (action?.type === "reroll") lines.push(`Seat ${p} rolls ${dice(after, after.seats[p]!.rolled.length > 0 ? after.seats[p]!.rolled : after.seats[p]!.locked.slice(-before.seats[p]!.rolled.length))}`);
  if (before.phase === "roll") {
    after.seats.forEach((x, q) => {
      const was = before.seats[q]!;
      if (was.token === null && x.token !== null && after.phase === "roll") lines.push(`Seat ${q} takes the ${TOKEN_TEXT[after.tokens[x.token]!]} token`);
      if (was.token === null && after.phase !== "roll") lines.push(`Seat ${q} takes the ${TOKEN_TEXT[after.tokens[after.seats[q]!.token!]!]} token; Pig board: ${dice(after, after.seats[q]!.locked)}`);
    });
    if (before.finalRerolls === null && after.finalRerolls !== null) lines.push(`Seat ${after.seats.findIndex((x) => x.token === null)} is the last one rolling: three final rolls`);
    if (before.phase === "roll" && after.phase === "actions") lines.push(...dirtLines(before, after));
  }
  if (action?.type === "drawVisitors" || (action?.type === "attract" && before.step && after.step?.attracting !== before.step.attracting + 1)) {
    const seated = after.seats[p]!.park.seated.map((n, c) => n - before.seats[p]!.park.seated[c]!);
    const back = after.pool.map((n, c) => n - before.pool[c]! + (action.type === "attract" && action.colour === c ? 1 : 0));
    const name = (c: number): string => comps(after).colours[c] ?? "?";
    const sat = seated.flatMap((n, c) => Array.from({ length: n }, () => name(c)));
    const left = back.flatMap((n, c) => Array.from({ length: Math.max(0, n) }, () => name(c)));
    const waiting = (after.step?.toSeat ?? []).map(name);
    if (waiting.length > 0) lines.push(`Seat ${p} draws ${waiting.join(", ")}, who could sit: the player decides`);
    lines.push(`Seat ${p} draws: ${sat.length > 0 ? `${sat.join(", ")} seated` : "nobody seated"}${left.length > 0 ? `; ${left.join(", ")} ${left.length === 1 ? "finds" : "find"} no free space and ${left.length === 1 ? "goes" : "go"} back to the pool` : ""}`);
  }
  const actorChanged = before.actor !== after.actor;
  if (before.phase === "actions" && actorChanged && action?.type !== "endActions") lines.push(`Seat ${before.actor} has spent all its dice`);
  if (after.phase === "actions" && actorChanged && after.actor !== null) {
    lines.push(`Seat ${after.actor} takes its actions (${TOKEN_TEXT[after.tokens[after.seats[after.actor]!.token!]!]} token)`);
  }
  if (before.phase === "actions" && after.phase !== "actions") {
    lines.push(
      ...after.seats.map((x, q) => `Income phase, seat ${q}: +${x.money - before.seats[q]!.money} Danari (${x.money} in all)`),
    );
  }
  if ((before.phase === "draft" || before.phase === "refill") && after.phase === "roll") {
    if (before.phase === "draft") lines.push("Everyone has chosen: the cards passed over are shuffled back into the deck");
    lines.push(...rollLines(after));
  }
  if (before.phase === "actions" && after.phase === "roll") lines.push(...rollLines(after));
  if (before.phase === "actions" && after.phase === "refill") {
    const who = after.seats.flatMap((x, q) => (x.offer.length > 0 ? [q] : []));
    lines.push(`Seats ${who.join(", ")} draw 2 bonus cards to keep 1`);
  }
  if (before.phase !== "over" && after.phase === "over") lines.push(...endLines(after));
  return lines;
}

function article(word: string): string {
  return `${/^[AEIOU]/.test(word) ? "an" : "a"} ${word}`;
}

function endLines(s: State): string[] {
  const lines = ["End of the 6th turn: the Final Dirt Track"];
  finalAccounts(s).forEach((a, p) => {
    lines.push(
      a.skull
        ? `Seat ${p}: ${a.dirt} Dirt, the skull: loses all ${a.money} Danari and the game`
        : `Seat ${p}: ${a.dirt} Dirt costs ${a.fee} of ${a.money} Danari: ${a.final} left, ${a.visitors} visitor${a.visitors === 1 ? "" : "s"}`,
    );
  });
  const letters = colourLetters(comps(s));
  lines.push(
    `Parks: . starting ground, : additional ground; rides by colour (${comps(s).colours.map((c, i) => `${letters[i]} ${c}`).join(", ")}); stands by number (${comps(s).stands.map((t, i) => `${i + 1} ${t.name}`).join(", ")})`,
  );
  s.seats.forEach((x, p) => {
    const rides = rideCount(x.park);
    lines.push(`Park of seat ${p} (${rides} ride${rides === 1 ? "" : "s"} in ${x.park.rides.length} piece${x.park.rides.length === 1 ? "" : "s"}, ${x.park.stands.length} stand${x.park.stands.length === 1 ? "" : "s"}, ${x.park.grounds.length} additional ground${x.park.grounds.length === 1 ? "" : "s"}):`);
    for (const row of drawPark(x.park, comps(s))) lines.push(`    ${row}`);
  });
  return lines;
}
