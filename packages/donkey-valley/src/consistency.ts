import { favor8Seats, favorEffectQueue } from "./round.js";
import { baseLimit, callOrder, clockwiseFrom, favorKindOf, isAskedForFavors, loadsPerSeat, peeksOwed } from "./rules.js";
import type { Card, Round, State } from "./schema.js";

// The trust boundary: a state that parses could still be one no game reaches (a hand moved to the
// discard, loads revealed during step 1, a finished donkey back on the deck). `stateProblems`
// refuses those, so that a state `game.loadState` accepts keeps the contract: some seat can act
// until the end, views hide what they must, and the game ends under any legal play. Each check
// below follows from a rule of the rulebook; hand-made test states skip it (they never pass
// through loadState).

type Fail = (message: string) => void;

/**
 * Why `s` is not a state the rules can reach; one short line per problem, `[]` when consistent.
 *
 * @example
 * ```ts
 * import { initialState, stateProblems } from "@rules/donkey-valley";
 *
 * const s = initialState(1, { players: 3 });
 * console.log(stateProblems(s)); // []
 * console.log(stateProblems({ ...s, hands: [[], [], []] }).length > 0); // true: the cards no longer add up
 * ```
 */
export function stateProblems(s: State): string[] {
  const problems: string[] = [];
  const fail: Fail = (m) => {
    if (problems.length < 20) problems.push(m);
  };
  const n = s.players;
  for (const key of ["hands", "favorsUsed", "scorePiles", "buried"] as const) {
    if (s[key].length !== n) fail(`${key} must have one entry per seat (${n})`);
  }
  if (s.firstPlayer >= n) fail("the first player must be a seat");
  if (s.components.colours.length < n) fail("there are not enough colours for the seats");
  for (const lp of s.lostPending) {
    if (lp.plays.length !== n || lp.plays.some((cards, p) => cards.length !== 1 || cards[0]!.colour !== p)) {
      fail("a Lost donkey holds one face-down load card per seat, of that seat's colour");
    }
  }
  const r = s.round;
  if (r && (r.plays.length !== n || r.favors.length !== n || r.calls.length !== n)) fail("the round must hold plays, favors and calls for every seat");
  // Everything below indexes per-seat arrays by seat.
  if (problems.length > 0) return problems;

  checkLoadCards(s, fail);
  checkFavors(s, fail);
  checkDonkeys(s, fail);
  checkProgress(s, fail);
  checkHandLooks(s, fail);
  if (r) checkRound(s, r, fail);
  return problems;
}

/** Every colour in play keeps exactly its load cards across all zones; hands are sorted. */
function checkLoadCards(s: State, fail: Fail): void {
  const seen: number[][] = Array.from({ length: s.players }, () => []);
  let stray = false;
  const add = (c: Card): void => {
    const list = seen[c.colour];
    if (list) list.push(c.value);
    else stray = true;
  };
  s.hands.forEach((h, p) => h.forEach((value) => add({ colour: p, value })));
  s.favorsUsed.forEach((h, p) => h.forEach((value) => add({ colour: p, value })));
  const piles = [...s.scorePiles, ...s.buried, s.discard, s.removed, ...(s.round?.plays ?? []), ...s.lostPending.flatMap((l) => l.plays)];
  for (const pile of piles) for (const c of pile) add(c);
  if (stray) fail("a load card belongs to no seat");
  const expected = [...s.components.loadValues].sort((a, b) => a - b).join(",");
  seen.forEach((values, p) => {
    if (values.sort((a, b) => a - b).join(",") !== expected) fail(`the load cards of seat ${p} do not add up to its colour's set`);
  });
  s.hands.forEach((h, p) => {
    if (h.some((v, i) => i > 0 && v < h[i - 1]!)) fail(`the hand of seat ${p} is not in ascending order`);
  });
  s.buried.forEach((cards, p) => {
    if (cards.some((c) => c.colour !== p)) fail(`cards removed unseen are kept by their owner (seat ${p})`);
  });
}

/** Step 2: at most the allowed favors per game, each on a card that carries one. */
function checkFavors(s: State, fail: Fail): void {
  s.favorsUsed.forEach((used, p) => {
    if (used.length > s.components.maxFavorsPerGame) fail(`seat ${p} used more than ${s.components.maxFavorsPerGame} favors`);
    if (used.some((v) => favorKindOf(s.components, v) === null)) fail(`seat ${p} used a favor on a card that carries none`);
  });
}

/**
 * The donkeys in every zone add up to the box; the deck held `deckSize` donkeys at setup and each
 * one is still there, set aside by a Double, finished, waiting as a Lost donkey, or in play.
 */
function checkDonkeys(s: State, fail: Fail): void {
  const c = s.components;
  const all = [
    ...s.donkeyDeck,
    ...s.boxed,
    ...s.setAside,
    ...s.donkeysDone,
    ...s.lostPending.map(() => "lost" as const),
    ...(s.round ? [s.round.donkey] : []),
  ];
  if ([...all].sort().join(",") !== [...c.donkeys].sort().join(",")) fail("the donkeys do not add up to the box");
  if (s.boxed.length !== c.donkeys.length - c.deckSize) fail("the box holds exactly the donkeys not dealt to the deck");
  const dealt = s.donkeyDeck.length + s.setAside.length + s.donkeysDone.length + s.lostPending.length + (s.round ? 1 : 0);
  if (dealt !== c.deckSize) fail(`the ${c.deckSize} donkeys of the deck are not all accounted for`);
  const doubles = s.donkeysDone.filter((d) => d === "double").length + (s.round?.donkey === "double" ? 1 : 0);
  if (s.setAside.length > doubles) fail("only a Double donkey sets a donkey aside");
  if (s.round === null && (s.donkeyDeck.length > 0 || s.lostPending.length > 0)) fail("the game cannot be over while donkeys are left");
  if (s.round?.lostResume && s.donkeyDeck.length > 0) fail("a Lost donkey comes back only after all other donkeys");
}

/**
 * Rounds and cards played agree: every finished round moved the first player card on by one, and
 * every seat played the same number of load cards from its hand (one per donkey, two on a Double).
 */
function checkProgress(s: State, fail: Fail): void {
  const r = s.round;
  const resumedLost = s.donkeysDone.filter((d) => d === "lost").length + (r?.lostResume ? 1 : 0);
  const roundsEnded = s.donkeysDone.length + s.lostPending.length + resumedLost;
  if (s.roundNumber !== roundsEnded) fail(`${roundsEnded} rounds have ended, not ${s.roundNumber}`);
  if (s.firstPlayer !== s.roundNumber % s.players) fail("the first player card moves one seat clockwise each round");
  if (s.roundNumber === 0 && s.lastResult !== null && !r?.revealed) fail("no round has been checked yet");
  // Load cards each seat has played from its hand so far (favors aside).
  const doubleExtra = s.setAside.length - (r?.effect === "double" ? 1 : 0);
  const before = s.donkeysDone.length + s.lostPending.length + (r?.lostResume ? 1 : 0) + doubleExtra;
  // Cards face up (score piles, discard, removed, loads turned in step 4) are exactly the cards of
  // the rounds checked so far; the Stubborn donkey removes one card of every seat unseen instead.
  const buriedRounds = s.buried[0]!.length;
  if (s.buried.some((b) => b.length !== buriedRounds)) fail("the Stubborn donkey removes one load card of every seat");
  if (buriedRounds > s.donkeysDone.filter((d) => d === "stubborn").length) fail("more cards were removed unseen than Stubborn donkeys finished");
  const faceUp = s.scorePiles.flat().length + s.discard.length + s.removed.length + (r?.revealed ? r.plays.flat().length : 0);
  const turned = s.donkeysDone.length + doubleExtra - buriedRounds + (r?.revealed ? loadsPerSeat(r.effect) : 0);
  if (faceUp !== s.players * turned) fail("the face-up load cards do not match the rounds checked");
  s.hands.forEach((hand, p) => {
    const now = r === null || r.lostResume ? 0 : r.stage === "load" ? r.plays[p]!.length : loadsPerSeat(r.effect);
    if (hand.length + s.favorsUsed[p]!.length + before + now !== s.components.loadValues.length) {
      fail(`seat ${p} holds ${hand.length} load cards, which does not match the rounds played`);
    }
  });
}

/** The round's stage agrees with who has acted; loads are face up only in step 4. */
function checkRound(s: State, r: Round, fail: Fail): void {
  const n = s.players;
  const need = loadsPerSeat(r.effect);
  if (!effectFits(s, r)) fail(`a ${r.donkey} donkey cannot act as ${r.effect} here`);
  if (r.queue.some((q) => q.seat >= n)) fail("queue entries must be seats");
  const queued = new Set(r.queue.map((q) => q.seat));
  const head = r.queue[0];
  const calls = r.calls.filter((c) => c !== null).length;
  const step4 = r.stage === "exchange" || r.stage === "pick";
  if (r.revealed !== step4) fail("loads are face up exactly during step 4");
  if ((r.overloaded !== null) !== r.revealed) fail("the check is known exactly once the loads are face up");
  if (r.stage === "load") {
    if (r.queue.length > 0) fail("nobody waits in turn during step 1");
    if (r.lostResume) fail("a Lost donkey taken up again starts at step 2");
    if (r.plays.some((cards) => cards.length > need)) fail(`each seat plays ${need} load card(s) on this donkey`);
    if (r.plays.every((cards) => cards.length === need)) fail("every seat has played, yet step 1 goes on");
  } else {
    if (head === undefined) fail(`the ${r.stage} stage has nobody to act`);
    else if (head.step !== (r.stage === "peek" ? "call" : r.stage)) fail("the acting step does not match the stage");
    if (!r.revealed && r.plays.some((cards) => cards.length !== need)) fail(`each seat has ${need} load card(s) on the donkey after step 1`);
  }
  if (!r.revealed && r.plays.some((cards, p) => cards.some((c) => c.colour !== p))) fail("face-down loads belong to the seat that played them");
  const beforeCalls = r.stage === "load" || r.stage === "favor";
  const calling = r.stage === "peek" || r.stage === "call";
  if (beforeCalls && calls > 0) fail("calls come after step 2");
  if (!beforeCalls && !calling && calls !== n) fail("every seat calls before the favors act and step 4");
  if (calling) {
    if (r.queue.some((q) => q.step !== "call") || queued.size !== r.queue.length) fail("the callers wait once each");
    r.calls.forEach((c, p) => {
      if ((c === null) !== queued.has(p)) fail(`seat ${p} must either have called or wait to call`);
    });
  }
  if (r.stage === "favor") {
    if (r.queue.some((q) => q.step !== "favor" || !isAskedForFavors(s, q.seat)) || queued.size !== r.queue.length) {
      fail("only seats that may still call in a favor wait in step 2, once each");
    }
  }
  if (!beforeCalls && !calling && r.queue.some((q) => q.step === "favor" || q.step === "call")) fail("the queue does not match the stage");
  if (step4 && r.queue.some((q) => q.step !== r.stage)) fail("the queue does not match the stage");
  // Who still waits is what is left of the turn order the rules set for this part of the round.
  const order =
    r.stage === "favor"
      ? clockwiseFrom(s.firstPlayer, n).map((seat) => ({ seat, step: "favor" }))
      : calling
        ? callOrder(s, r).map((seat) => ({ seat, step: "call" }))
        : r.stage === "swap" || r.stage === "adjust"
          ? favorEffectQueue(s, r)
          : step4
            ? favor8Seats(s, r).map((seat) => ({ seat, step: r.stage }))
            : [];
  if (r.stage !== "load" && !inOrder(r.queue, order, r.stage === "favor" || step4)) fail(`the seats waiting do not follow the turn order of the ${r.stage} stage`);
  if (step4 && (r.stage === "pick") !== (r.overloaded === true)) fail("a correct denier picks only from an overloaded donkey");
  if ((r.stage === "peek") !== r.peeksLeft > 0) fail("looks are only pending in the peek stage");
  if (r.peeksLeft > 0 && head && r.peeksLeft + r.peeks.filter((p) => p.viewer === head.seat).length > peeksOwed(s, r, head.seat)) {
    fail("the caller has more looks pending than the rules give");
  }
  if (r.effect === "lost" && r.stage !== "load") fail("a Lost donkey is set aside right after step 1");
  checkPeeks(s, r, fail);
  checkRoundFavors(s, r, fail);
  if (!r.revealed && (r.blocked.length > 0 || r.picked.length > 0)) fail("cards are removed or picked only in step 4");
  if (r.blocked.length > 0 && r.effect !== "attacked") fail("only the Attacked donkey stops seats from scoring");
  if (new Set(r.blocked).size !== r.blocked.length || new Set(r.picked).size !== r.picked.length) fail("a seat is listed twice");
  if (!limitReachable(s, r, beforeCalls || calling)) fail("the capacity changes only through the 6 favor, after the calls, by its step");
  if (r.revealed && (s.lastResult === null || s.lastResult.donkey !== r.donkey)) fail("step 4 records the loads it turned face up");
}

/**
 * True when `queue` is what is left of `order`: its tail (`skips`: a subsequence of it, for parts
 * where seats with nothing to choose are passed over).
 */
function inOrder(queue: Round["queue"], order: Array<{ seat: number; step: string }>, skips: boolean): boolean {
  const key = (q: { seat: number; step: string }) => `${q.seat}/${q.step}`;
  const want = order.map(key);
  const have = queue.map(key);
  if (!skips) return have.join(",") === want.slice(want.length - have.length).join(",") && have.length <= want.length;
  let i = 0;
  for (const k of have) {
    while (i < want.length && want[i] !== k) i++;
    if (i === want.length) return false;
    i++;
  }
  return true;
}

/**
 * Favor 6: the capacity (Precision: the spread) is the donkey's own, moved by at most one step per 6
 * favor that has already acted (a seat still waiting with its `adjust` turn has not moved it yet).
 */
function limitReachable(s: State, r: Round, beforeAdjusting: boolean): boolean {
  const base = baseLimit(r.effect, s.players, s.components);
  if (beforeAdjusting) return r.limit === base;
  const sixes = r.favors.filter((values) => values.some((v) => favorKindOf(s.components, v) === "adjustCapacity")).length;
  const waiting = r.queue.filter((q) => q.step === "adjust").length;
  const reach = Math.max(0, sixes - waiting) * s.components.favorCapacityStep;
  if (Math.abs(r.limit - base) > reach) return false;
  if (r.effect !== "precision") return true;
  const p = s.components.precision;
  return r.limit === base || (r.limit >= p.lowestLimit && r.limit <= p.highestLimit);
}

/** The donkey's effect: its own, a last Double acting as Normal, or a Lost donkey taken up again. */
function effectFits(s: State, r: Round): boolean {
  if (r.lostResume) return r.donkey === "lost" && r.effect === "normal";
  if (r.effect === r.donkey) return true;
  return r.donkey === "double" && r.effect === "normal" && s.donkeyDeck.length === 0;
}

/** Looks at face-down cards: at another seat's card, by a seat that has had its looks, face down only. */
function checkPeeks(s: State, r: Round, fail: Fail): void {
  if (r.peeks.length === 0) return;
  const current = r.stage === "peek" || r.stage === "call" ? r.queue[0]?.seat : undefined;
  const keys = new Set(r.peeks.map((p) => `${p.viewer}/${p.seat}/${p.slot}`));
  if (keys.size !== r.peeks.length) fail("a card is looked at twice");
  if (r.revealed || r.stage === "load" || r.stage === "favor") fail("looks are taken only right before a call");
  for (const p of r.peeks) {
    if (p.viewer >= s.players || p.viewer === p.seat || r.plays[p.seat]?.[p.slot] === undefined) {
      fail("a look must be at another seat's played card");
    } else if (r.calls[p.viewer] === null && p.viewer !== current) {
      fail(`seat ${p.viewer} looked at a card before its turn to call`);
    }
  }
  for (let v = 0; v < s.players; v++) {
    if (r.peeks.filter((p) => p.viewer === v).length > peeksOwed(s, r, v)) fail(`seat ${v} looked at more cards than the rules give`);
  }
}

/** Favor 4 after a look: the looker (another seat) knows cards that are in the owner's hand. */
function checkHandLooks(s: State, fail: Fail): void {
  for (let viewer = 0; viewer < s.players; viewer++) {
    for (let seat = 0; seat < s.players; seat++) {
      const hand = [...s.hands[seat]!];
      for (const k of s.handLooks) {
        if (k.viewer !== viewer || k.seat !== seat) continue;
        const i = hand.indexOf(k.value);
        if (viewer === seat || i < 0) fail(`seat ${viewer} remembers a ${k.value} in seat ${seat}'s hand that is not there`);
        else hand.splice(i, 1);
      }
    }
  }
  if (s.handLooks.some((k) => k.viewer >= s.players || k.seat >= s.players)) fail("a remembered look names a seat that does not exist");
}

/** Favors of this round: face-up cards also counted among the game's favors, one of each kind. */
function checkRoundFavors(s: State, r: Round, fail: Fail): void {
  r.favors.forEach((values, p) => {
    if (values.length === 0) return;
    if (r.effect === "hastily" || r.stage === "load") fail("no favors are called in on this donkey or before step 2");
    const kinds = values.map((v) => favorKindOf(s.components, v));
    if (kinds.includes(null) || new Set(kinds).size !== kinds.length) fail(`seat ${p} called in a favor twice or on a card without one`);
    const used = [...s.favorsUsed[p]!];
    for (const v of values) {
      const i = used.indexOf(v);
      if (i < 0) fail(`seat ${p}'s favors this round are not among its favors used`);
      else used.splice(i, 1);
    }
  });
}
