import { PLATFORM_SIZE } from "./data.js";
import type { State } from "./schema.js";
import { canPay, card, feralAvailable, handLimit, handRoom, resortComplete, spaceColour, spaceIndex, spaceKind, stalemate, topCard, componentsOf } from "./rules.js";
import { distinctPosterCount } from "./schema.js";
import { freshTurn } from "./turn.js";

// Consistency of an untrusted state beyond its schema (run by loadState): every card in exactly one
// place, hands within their limits, attractions in their own spaces, visitors only where they fit,
// a stage that agrees with the turn, the setup and the end, and no step that cannot be finished.

type Fail = (message: string) => void;

/**
 * Every problem found (empty when the state could arise in a game); `loadState` refuses a state
 * with problems.
 *
 * @example
 * ```ts
 * import { initialState, stateProblems } from "@rules/steam-donkey";
 *
 * const s = structuredClone(initialState(1, { players: 2 }));
 * console.log(stateProblems(s));
 * s.deck.pop();
 * console.log(stateProblems(s));
 * ```
 */
export function stateProblems(s: State): string[] {
  const out: string[] = [];
  const fail: Fail = (m) => void out.push(m);
  const n = s.players;
  for (const key of ["hands", "resorts", "posters", "kickOns", "characters"] as const) {
    if (s[key].length !== n) fail(`${key} must have one entry per seat (${n})`);
  }
  if (out.length > 0) return out;
  if (s.current >= n) fail("the current seat is not at the table");
  checkCards(s, fail);
  checkResorts(s, fail);
  checkSetup(s, fail);
  if (out.length > 0) return out;
  if (s.stage !== "poster" && s.stage !== "kickOn") checkTurn(s, fail);
  checkEnd(s, fail);
  return out;
}

/** Every card of the set is in exactly one place; hands are sorted and within the limit. */
function checkCards(s: State, fail: Fail): void {
  const total = componentsOf(s).cards.length;
  const seen = new Uint8Array(total);
  const piles = [s.deck, s.discard, s.platform, ...s.hands, ...s.resorts.flatMap((r) => [...r.spaces, ...r.visitors])];
  for (const pile of piles) {
    for (const id of pile) {
      if (id >= total) fail(`card ${id} is not in the component set`);
      else if (seen[id]! > 0) fail(`card ${id} is in two places at once`);
      else seen[id] = 1;
    }
  }
  if (seen.some((x) => x === 0)) fail("some cards of the set are nowhere");
  s.hands.forEach((h, p) => {
    if (h.some((id, i) => i > 0 && id <= h[i - 1]!)) fail(`seat ${p}'s hand is not kept in card order`);
    if (h.length > handLimit(s, p)) fail(`seat ${p} holds ${h.length} cards, over the hand limit of ${handLimit(s, p)}`);
  });
}

/** Attractions sit in the space of their colour and icon; visitors only on the top card of a space with room. */
function checkResorts(s: State, fail: Fail): void {
  const total = componentsOf(s).cards.length;
  s.resorts.forEach((r, p) => {
    r.spaces.forEach((stack, space) => {
      for (const id of stack) {
        if (id >= total) continue;
        const c = card(s, id);
        if (c.kind !== spaceKind(space) || (c.colour !== "any" && c.colour !== spaceColour(space))) {
          fail(`seat ${p}'s ${c.name} is in the wrong space of the resort`);
        }
      }
      const visitors = r.visitors[space]!.length;
      if (visitors === 0) return;
      const top = topCard(s, p, space);
      if (spaceKind(space) === "transport") fail("visitors are never placed on transport attractions");
      else if (top === undefined || top >= total) fail(`seat ${p} has visitors on an empty space`);
      else if (visitors > card(s, top).capacity) fail(`seat ${p}'s ${card(s, top).name} holds more visitors than its icons`);
    });
  });
}

/** Posters, Kick-ons and Characters agree with the stage of the setup. */
function checkSetup(s: State, fail: Fail): void {
  const n = s.players;
  const cards = s.posters.map((p) => p.card);
  if (cards.some((c) => c >= componentsOf(s).posters.length)) fail("a poster is not in the component set");
  else if (new Set(cards).size !== n) fail("two seats hold the same poster card");
  else if (s.rules.distinctPosters && distinctPosterCount(cards.map((c) => componentsOf(s).posters[c])) !== n) fail("two seats hold the same poster design");
  const unchosen = s.posters.some((p) => p.side === null);
  if ((s.stage === "poster") !== unchosen) fail(s.stage === "poster" ? "every poster side is chosen but the setup still waits" : "a poster side is still unchosen");
  if (s.stage === "poster" || s.stage === "kickOn") {
    const dealt = s.discard.length + s.platform.length + s.hands.flat().length + s.resorts.flatMap((r) => [...r.spaces, ...r.visitors]).flat().length;
    if (dealt > 0) fail("cards are dealt only after the setup choices");
    if (s.turns !== 0 || s.current !== 0 || JSON.stringify(s.turn) !== JSON.stringify(freshTurn())) fail("no turn is played during the setup");
  }
  if (!s.rules.advanced) {
    if (s.kickOns.some((k) => k !== null) || s.characters.some((c) => c !== null) || s.kickOnQueue.length > 0) fail("Kick-ons and Characters are used only in the advanced game");
    if (s.stage === "kickOn") fail("the basic game has no Kick-on choice");
    return;
  }
  const chosen = s.kickOns.filter((k) => k !== null);
  if (new Set(chosen).size !== chosen.length) fail("a Kick-on is held twice (they are never exchanged)");
  if (chosen.some((k) => !componentsOf(s).pairings.some((p) => p.kickOn === k))) fail("a Kick-on is not in the component set");
  if (s.stage === "poster") {
    if (chosen.length > 0 || s.characters.some((c) => c !== null) || s.kickOnQueue.length > 0) fail("Kick-ons are chosen after the posters");
    return;
  }
  if (s.stage === "kickOn") {
    const waiting = s.kickOns.flatMap((k, p) => (k === null ? [p] : [])).reverse();
    if (waiting.length === 0 || waiting.join() !== s.kickOnQueue.join()) fail("the Kick-on queue must hold the seats still to choose, in reverse turn order");
    if (s.kickOns.some((k, p) => k !== null && p < Math.max(...waiting))) fail("Kick-ons are chosen in reverse turn order");
    s.kickOns.forEach((k, p) => {
      const ch = s.characters[p];
      const paired = componentsOf(s).pairings.find((x) => x.kickOn === k)?.character;
      if (k === null ? ch !== null : ch?.name !== paired || !ch?.twisted) fail("each Kick-on comes with its Character, twisted");
    });
    return;
  }
  if (chosen.length !== s.players || s.kickOnQueue.length > 0) fail("every seat holds a Kick-on once the setup is over");
  const held = s.characters.map((c) => c?.name ?? "none").sort().join();
  const paired = chosen.map((k) => componentsOf(s).pairings.find((x) => x.kickOn === k)?.character ?? "?").sort().join();
  if (held !== paired) fail("the Characters in play must be those of the chosen Kick-ons");
}

/** The turn's record agrees with its stage, and the step in progress can be finished. */
function checkTurn(s: State, fail: Fail): void {
  const t = s.turn;
  const p = s.current;
  const st = s.stage;
  if (st === "over") return;
  if (s.discard.length === 0) fail("there must always be at least one card in the discard pile");
  if (s.deck.length === 0 && s.discard.length > 1) fail("an empty deck is refilled from the discard pile at once");
  if (st === "choose" && s.platform.length < PLATFORM_SIZE && s.deck.length > 0) fail(`a turn starts with at least ${PLATFORM_SIZE} visitors on the platform`);
  const expectMain = { choose: null, afterDog: null, build: "build", pay: "build", move: "move", return: "collect" } as Record<string, string | null>;
  if (st in expectMain ? t.main !== expectMain[st] : t.main === null) fail(`the turn's action (${t.main}) does not match the stage ${st}`);
  const colours = st === "build" || st === "pay" || st === "move" || (st === "after" && (t.main === "build" || t.main === "move"));
  if (colours ? t.colours.length === 0 || new Set(t.colours).size !== t.colours.length : t.colours.length > 0) fail("the turn's colours do not match its action");
  if ((st === "pay") !== (t.paying !== null)) fail("a payment is in progress only in the pay stage");
  if ((st === "return") !== t.returnsOwed > 0) fail("visitors are owed back to the platform only in the return stage");
  if (t.fetched.some((c) => !t.colours.includes(c) || topCard(s, p, spaceIndex(c, "transport")) === undefined) || new Set(t.fetched).size !== t.fetched.length) {
    fail("only a transport of a chosen colour fetches, once");
  }
  if (t.fetched.length > 0 && t.main !== "move") fail("transports fetch only when visitors move");
  const own = s.characters[p];
  if (t.characterDone !== (own?.twisted ?? false) || (t.characterDone && !s.rules.advanced)) fail("the Character of the seat whose turn it is is twisted exactly when it was used this turn");
  if (t.colours.length === 2 && !(t.characterDone && own?.name === (t.main === "build" ? "lordAdmiral" : "madameIceCream"))) fail("a second colour needs the Lord Admiral (build) or Madame Ice-cream (move)");
  if (t.discount && !(t.characterDone && own?.name === "princessRoyal" && t.main === "build")) fail("one card fewer per attraction needs the Princess Royal");
  if (t.dogUsed && s.kickOns[p] !== "mechanicalDog") fail("only the Mechanical Dog drafts extra cards");
  if (t.dogUsed && t.main !== "move" && st !== "afterDog") fail("the Mechanical Dog drafts only before moving visitors");
  if (t.feralUsed && s.kickOns[p] !== "feralDonkey") fail("only the Feral Donkey lets an amusement stand in");
  if (t.paying) {
    const kind = spaceKind(t.paying.space);
    const top = topCard(s, p, t.paying.space);
    if (top === undefined || !t.colours.includes(spaceColour(t.paying.space))) fail("the attraction being paid for is not on a space of a build colour");
    if (t.paying.feral && !t.feralUsed) fail("the Feral Donkey's stand-in is recorded for the turn too");
    if (!canPay(s, s.hands[p]!, kind, t.paying.owed, feralAvailable(s, p, kind, t.paying.feral))) fail("the attraction being built can no longer be paid for");
  }
  if (st === "return") {
    const visitors = s.resorts[p]!.visitors.reduce((x, v) => x + v.length, 0);
    if (visitors - t.returnsOwed !== Math.max(0, handRoom(s, p))) fail("the visitors owed back must be exactly those over the hand limit");
  }
}

/** The end: triggered by a completed resort, then one final turn for every other seat. */
function checkEnd(s: State, fail: Fail): void {
  const n = s.players;
  const e = s.endTriggeredBy;
  if (s.stage === "over") {
    if (s.finalTurnsLeft !== 0) fail("the game ends only after the final turns");
    if (e === null && (s.deck.length > 0 || s.platform.length > 0)) fail("without a completed resort the game ends only in a stalemate, with the deck and the platform empty");
    if (s.hands.some((h) => h.length > 0) || s.resorts.some((r) => r.visitors.some((v) => v.length > 0))) fail("hands and visitors are discarded at the end");
    if (e !== null && e < n && !resortComplete(s, e)) fail("the seat that ended the game has not completed its resort");
    return;
  }
  if (e === null) {
    if (s.finalTurnsLeft !== 0) fail("final turns start only once a resort is complete");
    if (s.stage === "choose" && stalemate(s)) fail("a stalemate (empty station, no visitors, nobody able to build) ends the game");
    if (s.stage !== "poster" && s.stage !== "kickOn") {
      for (let q = 0; q < n; q++) if (q !== s.current && resortComplete(s, q)) fail(`seat ${q} completed their resort but the end was not triggered`);
    }
    return;
  }
  if (e >= n || !resortComplete(s, e)) fail("the seat that triggered the end has not completed its resort");
  const played = (s.current - e - 1 + n) % n;
  if (s.finalTurnsLeft !== n - 1 - played || s.finalTurnsLeft < 1) fail("the final turns left do not match whose turn it is");
}
