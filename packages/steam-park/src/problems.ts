import { BAG_PER_COLOUR, DICE_PER_PLAYER, GROUNDS_PER_TURN, HAND_SIZE, SETUP_DRAW, TURNS, tokensInPlay } from "./data.js";
import { FREE, OFF, parkGrid, setSquare, squareAt, type Cell } from "./grid.js";
import { key, placements, seatsOf, turnsOf, whyNotAt } from "./park.js";
import { comps, type Park, type State } from "./schema.js";

// The trust boundary: a state that parses but could not arise in play is refused by loadState.
// Each check names what does not add up; together they keep the contract for any state accepted
// (legal actions exist exactly while the game runs, components are conserved, nothing is seen
// before its time).

type Fail = (message: string) => void;

/** Every problem of a parsed state (empty when it could arise in play). */
export function stateProblems(s: State): string[] {
  const out: string[] = [];
  const fail: Fail = (m) => void out.push(m);
  const n = s.players;
  const colours = comps(s).colours.length;
  if (s.seats.length !== n) fail(`there must be one seat per player (${n})`);
  if (s.gentleTwoPlayer && n !== 2) fail("the gentle two-player rule (Second player token instead of the First) is for 2 players only");
  if (JSON.stringify(s.tokens) !== JSON.stringify(tokensInPlay(n, s.gentleTwoPlayer))) fail("the turn order tokens do not match the player count");
  if (s.bag.length !== colours || s.pool.length !== colours) fail("the bag and the pool must count every colour");
  if (out.length > 0) return out;
  checkVisitors(s, fail);
  checkCards(s, fail);
  checkPhase(s, fail);
  s.seats.forEach((seat, p) => checkPark(s, seat.park, p, fail));
  checkSupply(s, fail);
  return out;
}

/** Each colour's visitors are in the pool, the bag or seated; the bag holds 6 between actions. */
function checkVisitors(s: State, fail: Fail): void {
  const colours = comps(s).colours.length;
  for (let c = 0; c < colours; c++) {
    const seated = s.seats.reduce((t, x) => t + (x.park.seated[c] ?? 0), 0) + (s.step?.toSeat.filter((x) => x === c).length ?? 0);
    if (s.pool[c]! + s.bag[c]! + seated !== comps(s).visitorsPerColour) fail(`the ${comps(s).colours[c]} visitors do not add up to ${comps(s).visitorsPerColour}`);
  }
  const inBag = s.bag.reduce((a, b) => a + b, 0);
  if (inBag !== colours * BAG_PER_COLOUR + (s.step?.attracting ?? 0)) fail("the bag must hold one visitor per colour, plus those put in by an Attract action in progress");
  s.seats.forEach((x, p) => {
    if (x.park.seated.length !== colours) fail(`seat ${p}'s seated visitors must count every colour`);
    x.park.seated.forEach((v, c) => {
      if (v > seatsOf(x.park, comps(s), c)) fail(`seat ${p} seats more ${comps(s).colours[c]} visitors than its rides have spaces`);
    });
  });
}

/** Every bonus card is in exactly one place; hands and offers fit the phase. */
function checkCards(s: State, fail: Fail): void {
  const total = comps(s).bonusCards.length;
  const all = [...s.deck, ...s.discard, ...s.draftDiscards, ...s.seats.flatMap((x) => [...x.hand, ...x.offer])];
  const seen = new Set(all);
  if (all.length !== total || seen.size !== total || all.some((c) => c >= total)) fail(`the ${total} bonus cards must each be in exactly one place`);
  if (s.beginner && (s.discard.length > 0 || s.seats.some((x) => x.hand.length + x.offer.length > 0))) fail("the beginner variant has no bonus cards in play");
  if (s.phase !== "draft" && s.draftDiscards.length > 0) fail("the cards passed over at setup go back into the deck once everyone has chosen");
  s.seats.forEach((x, p) => {
    if (x.hand.length > HAND_SIZE) fail(`seat ${p} holds more than ${HAND_SIZE} bonus cards`);
    if (s.phase === "draft") {
      // Setup 13: once a seat has kept 3, the rest of its 6 are set aside at once.
      const choosing = x.offer.length > 0 && x.hand.length < HAND_SIZE;
      if (x.offer.length > 0 ? !choosing || x.hand.length + x.offer.length !== SETUP_DRAW : x.hand.length !== HAND_SIZE) fail(`seat ${p} must keep ${HAND_SIZE} of the ${SETUP_DRAW} cards drawn at setup`);
    } else if (s.phase === "refill") {
      if (x.offer.length > 2 || (x.offer.length > 0 && x.hand.length >= HAND_SIZE)) fail(`seat ${p} draws 2 cards to keep 1 only while it holds fewer than ${HAND_SIZE}`);
    } else if (x.offer.length > 0) fail(`seat ${p} has drawn cards outside the setup and the Income phase`);
  });
  for (const c of s.step?.played ?? []) if (!s.discard.includes(c)) fail("a bonus card played this turn must be in the discard pile");
}

/** The phase agrees with the dice, the tokens, the actor and who still has to act. */
function checkPhase(s: State, fail: Fail): void {
  const n = s.players;
  const tokens = s.seats.map((x) => x.token);
  const held = tokens.filter((t): t is number => t !== null);
  if (new Set(held).size !== held.length || held.some((t) => t >= s.tokens.length)) fail("each turn order token is held by one seat at most");
  if ((s.phase === "actions") !== (s.actor !== null) || (s.actor !== null) !== (s.step !== null)) fail("only the Actions phase has an acting seat");
  const sides = comps(s).dieSides.length;
  if (s.seats.some((x) => [...x.rolled, ...x.locked].some((d) => d >= sides))) fail(`a die shows a side it does not have (the dice have ${sides} sides)`);
  if (s.phase !== "roll" && s.finalRerolls !== null) fail("final rolls exist only in the Roll phase");
  if (s.phase !== "roll" && s.seats.some((x) => x.rolled.length > 0)) fail("dice are on the table only in the Roll phase");
  if (s.phase !== "roll" && s.phase !== "actions" && s.seats.some((x) => x.locked.length > 0)) fail("dice are on the Pig boards only from the Roll phase to the player's actions");
  switch (s.phase) {
    case "draft":
      if (s.turn !== 1 || held.length > 0) fail("bonus cards are chosen at setup, before the first roll");
      if (s.seats.every((x) => x.offer.length === 0)) fail("the setup choice is over but the first roll has not started");
      break;
    case "refill":
      if (s.turn >= TURNS) fail("no cards are drawn after the last turn");
      if (held.length !== n) fail("the tokens stay with their seats until the next turn");
      if (s.seats.every((x) => x.offer.length === 0)) fail("nobody is choosing a card but the next turn has not started");
      break;
    case "over":
      if (s.turn !== TURNS || held.length > 0 || s.seats.some((x) => x.offer.length > 0)) fail("the game ends after the sixth turn's Income phase");
      break;
    case "roll": {
      s.seats.forEach((x, p) => {
        if (x.rolled.length + x.locked.length !== DICE_PER_PLAYER) fail(`seat ${p} must have its ${DICE_PER_PLAYER} dice on the table or the Pig board`);
        if ((x.token === null) !== (x.rolled.length > 0)) fail(`seat ${p} takes a token exactly when all its dice are on the Pig board`);
      });
      const rolling = n - held.length;
      if (rolling === 0) fail("everyone has finished rolling but the Dirt phase has not come");
      if ([...held].sort().some((t, i) => t !== i)) fail("tokens are taken lowest first");
      if ((rolling === 1) !== (s.finalRerolls !== null) || s.finalRerolls === 0) fail("the last seat rolling, and only it, has 1 to 3 final rolls left");
      break;
    }
    case "actions":
      checkActor(s, fail);
      break;
  }
}

function checkActor(s: State, fail: Fail): void {
  const n = s.players;
  const held = s.seats.map((x) => x.token);
  if (held.some((t) => t === null)) {
    fail("every seat holds a token in the Actions phase");
    return;
  }
  const actor = s.seats[s.actor!];
  if (!actor) {
    fail("the acting seat does not exist");
    return;
  }
  s.seats.forEach((x, p) => {
    if (x.token! < actor.token! && x.locked.length > 0) fail(`seat ${p} has acted and set its dice aside`);
    if (x.token! > actor.token! && x.locked.length !== DICE_PER_PLAYER) fail(`seat ${p} has not acted yet and keeps its ${DICE_PER_PLAYER} dice`);
  });
  if (n !== s.tokens.length) fail("one token per seat");
  const step = s.step!;
  if (step.toSeat.length > 0) {
    if (!s.optionalSeating) fail("drawn visitors wait for a choice only with the option optionalSeating");
    if (step.attracting > 0 || step.pending !== null || step.open !== "attract") fail("drawn visitors wait for a choice only at the end of an Attract action");
    const park = actor.park;
    step.toSeat.forEach((c) => {
      if (c >= comps(s).colours.length || (park.seated[c] ?? 0) + step.toSeat.filter((x) => x === c).length > seatsOf(park, comps(s), c)) fail("a drawn visitor waits for a space that is not there");
    });
  }
  if (actor.locked.length === 0 && step.pending === null && step.attracting === 0 && step.toSeat.length === 0) fail("a seat that has spent every die has ended its actions");
  if (new Set(step.used).size !== step.used.length) fail("each action is taken once per turn");
  if (step.open !== null && !step.used.includes(step.open)) fail("the action in progress must be among those taken");
  if (step.rideSizes.length > 0 && !step.used.includes("rides")) fail("rides were built without the Build rides action");
  if (new Set(step.rideSizes).size !== step.rideSizes.length) fail("one ride of each size per turn");
  if (step.standTypes.length > 0 && !step.used.includes("stands")) fail("stands were built without the Build stands action");
  if (new Set(step.standTypes).size !== step.standTypes.length) fail("one stand of each type per turn");
  if (step.grounds > GROUNDS_PER_TURN || (step.grounds > 0 && !step.used.includes("expand"))) fail("additional grounds come from the Expand action, two at most");
  if (step.played.length > 0 && !step.used.includes("bonus")) fail("bonus cards were played without the Play bonus cards action");
  if (step.attracting > 0 && (step.open !== "attract" || step.pending !== null)) fail("visitors put into the bag are drawn before anything else");
  const p = step.pending;
  if (p) {
    const open = p.kind === "ride" ? "rides" : p.kind === "stand" ? "stands" : "expand";
    if (step.open !== open) fail("the piece waiting to be placed belongs to the action in progress");
    if (p.kind === "ride" && (p.colour >= comps(s).colours.length || !step.rideSizes.includes(p.size))) fail("the ride waiting to be placed was not paid for");
    if (p.kind === "stand" && (p.type >= comps(s).stands.length || !step.standTypes.includes(p.type))) fail("the stand waiting to be placed was not paid for");
    if (p.kind === "ground" && step.grounds === 0) fail("the ground waiting to be placed was not paid for");
    if (out(s, p)) fail("the piece waiting to be placed has no legal place");
  }
}

function out(s: State, p: NonNullable<NonNullable<State["step"]>["pending"]>): boolean {
  if ((p.kind === "ride" && p.colour >= comps(s).colours.length) || (p.kind === "stand" && p.type >= comps(s).stands.length)) return true;
  return placements(s.seats[s.actor!]!.park, comps(s), p, true).length === 0;
}

/** True when `cells` are footprint `shape` (in one of its turns) moved somewhere. */
function isPlaced(cells: readonly Cell[], shape: ReadonlyArray<readonly [number, number]>, rotate: boolean): boolean {
  if (cells.length === 0) return false;
  let mx = Infinity;
  let my = Infinity;
  for (const [x, y] of cells) {
    mx = Math.min(mx, x);
    my = Math.min(my, y);
  }
  const has = (list: ReadonlyArray<readonly [number, number]>, x: number, y: number): boolean => list.some((q) => q[0] === x && q[1] === y);
  // The same squares as a turn (each turn's squares are distinct, so matching both ways also refuses a repeated square).
  return turnsOf(shape, rotate).some(
    (turn) => turn.length === cells.length && cells.every(([x, y]) => has(turn, x - mx, y - my)) && turn.every(([x, y]) => has(cells, x + mx, y + my)),
  );
}

/** A park obeys the Construction Rules and the Expand rule (rebuilt ground tile by tile). */
function checkPark(s: State, park: Park, p: number, fail: Fail): void {
  const c = comps(s);
  const where = `seat ${p}'s park`;
  // Grounds, in the order added: each touches the park so far with two squares and overlaps nothing.
  // One grid over the whole park's box, its additional grounds laid one by one.
  const grown: Park = { grounds: [], rides: [], stands: [], seated: [] };
  const grid = parkGrid({ ...grown, grounds: park.grounds }, c);
  for (const g of park.grounds) for (const [x, y] of g) setSquare(grid, x, y, OFF);
  for (let y = 0; y < c.startingGroundSize; y++) for (let x = 0; x < c.startingGroundSize; x++) setSquare(grid, x, y, FREE);
  for (const g of park.grounds) {
    if (!isPlaced(g, c.additionalGround.shape, c.piecesRotate)) fail(`${where}: an additional ground does not have the tile's shape`);
    else if (whyNotAt(grown, grid, { kind: "ground" }, g) !== null) fail(`${where}: an additional ground overlaps or does not touch the park with two squares`);
    grown.grounds.push(g);
    for (const [x, y] of g) setSquare(grid, x, y, FREE);
  }
  const owner = new Map<number, string>();
  const pieces: Array<{ id: string; group: string; cells: Cell[] }> = [];
  park.rides.forEach((r, i) => {
    if (!isPlaced(r.cells, c.rides[r.size].shape, c.piecesRotate)) fail(`${where}: a ${r.size} ride does not have its footprint`);
    if (r.colour >= c.colours.length) fail(`${where}: a ride has no colour of the set`);
    pieces.push({ id: `r${i}`, group: `ride ${r.colour}`, cells: r.cells });
  });
  park.stands.forEach((x, i) => {
    if (!isPlaced(x.cells, c.standShape, c.piecesRotate)) fail(`${where}: a stand does not have the stand footprint`);
    if (x.type >= c.stands.length) fail(`${where}: a stand has no type of the set`);
    pieces.push({ id: `s${i}`, group: `stand ${x.type}`, cells: x.cells });
  });
  for (const piece of pieces) {
    for (const [x, y] of piece.cells) {
      const k = key(x, y);
      if (squareAt(grid, x, y) === OFF) fail(`${where}: a piece lies off the ground`);
      if (owner.has(k)) fail(`${where}: two pieces share a square`);
      owner.set(k, piece.id);
    }
  }
  if (new Set(park.rides.map((r) => `${r.colour}/${r.size}`)).size !== park.rides.length) fail(`${where}: a ride appears twice`);
  // Contacts: other colours and types never touch, even at a corner; one group stays one piece.
  const groupOf = new Map(pieces.map((x) => [x.id, x.group]));
  const edges = new Map<string, number>();
  for (const piece of pieces) {
    for (const [x, y] of piece.cells) {
      for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1], [-1, 1], [-1, -1], [-1, 0], [0, -1]] as const) {
        const other = owner.get(key(x + dx, y + dy));
        if (other === undefined || other === piece.id) continue;
        if (groupOf.get(other) !== piece.group) {
          fail(`${where}: ${piece.group.startsWith("ride") ? "a ride" : "a stand"} touches a ${groupOf.get(other)!.startsWith("ride") ? "ride" : "stand"} it may not touch`);
          return;
        }
        if (dx === 0 || dy === 0) {
          const pair = piece.id < other ? `${piece.id}|${other}` : `${other}|${piece.id}`;
          edges.set(pair, (edges.get(pair) ?? 0) + 1);
        }
      }
    }
  }
  const groups = new Map<string, string[]>();
  for (const x of pieces) groups.set(x.group, [...(groups.get(x.group) ?? []), x.id]);
  for (const [group, ids] of groups) {
    if (ids.length < 2) continue;
    const links = [...edges.entries()].filter(([pair]) => pair.split("|").every((id) => ids.includes(id)));
    const connected = isConnected(ids, links.map(([pair]) => pair.split("|") as [string, string]));
    const contacts = links.reduce((t, [, v]) => t + v / 2, 0);
    if (!connected) fail(`${where}: the ${group.startsWith("ride") ? "rides of one colour" : "stands of one type"} must be connected`);
    else if (group.startsWith("ride") && contacts !== ids.length - 1) fail(`${where}: rides of one colour join at precisely one square side each`);
  }
}

function isConnected(ids: string[], links: Array<[string, string]>): boolean {
  const seen = new Set([ids[0]!]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [a, b] of links) {
      if (seen.has(a) !== seen.has(b)) {
        seen.add(a);
        seen.add(b);
        grew = true;
      }
    }
  }
  return seen.size === ids.length;
}

/** One ride of each colour and size in the box; stands and grounds within their supply. */
function checkSupply(s: State, fail: Fail): void {
  // A piece paid for and waiting for its position has left the supply too.
  const pending = s.step?.pending ?? null;
  const rides = s.seats.flatMap((x) => x.park.rides.map((r) => `${r.colour}/${r.size}`));
  if (pending?.kind === "ride") rides.push(`${pending.colour}/${pending.size}`);
  if (new Set(rides).size !== rides.length) fail("each ride of a colour and size exists once");
  comps(s).stands.forEach((t, type) => {
    const built = s.seats.reduce((a, x) => a + x.park.stands.filter((st) => st.type === type).length, 0) + (pending?.kind === "stand" && pending.type === type ? 1 : 0);
    if (built > t.copies) fail(`only ${t.copies} ${t.name} stands exist`);
  });
  const grounds = s.seats.reduce((a, x) => a + x.park.grounds.length, 0) + (pending?.kind === "ground" ? 1 : 0);
  if (grounds > comps(s).additionalGround.count) fail(`only ${comps(s).additionalGround.count} additional grounds exist`);
}
