import { AREA_NAMES, CHARACTER_NAMES, KICK_ON_NAMES, type Bonus, type PosterSide } from "./data.js";
import type { Action, State } from "./schema.js";
import { backOf, card, posterSide, spaceIndex, topCard, componentsOf } from "./rules.js";
import { isTerminal, outcome, scoreSeat } from "./score.js";

function cardText(s: State, id: number): string {
  const c = card(s, id);
  return `the ${c.name}`;
}

function backText(s: State, id: number | undefined): string {
  if (id === undefined) return "a visitor";
  const b = backOf(s, id);
  return `a ${b.colour === "tri" ? "three-colour" : b.colour} ${b.kind} visitor`;
}

function bonusText(b: Bonus): string {
  switch (b.per) {
    case "kind":
      return `+${b.points} per ${b.kind}`;
    case "area":
      return `+${b.points} per ${AREA_NAMES[b.colour]} attraction`;
    case "completeArea":
      return `+${b.points} per area with all four attractions`;
  }
}

export function posterText(side: PosterSide): string {
  return `${side.name} (${side.spaces} spaces, ${bonusText(side.bonus)})`;
}

function fromText(from: number | "deck"): string {
  return from === "deck" ? "the top of the deck" : `platform position ${from + 1}`;
}

/** One line a player understands, e.g. "Seat 0 builds the Hotel in the park (cost 2)". */
export function describeAction(s: State, a: Action): string {
  const who = `Seat ${a.player}`;
  switch (a.type) {
    case "choosePoster":
      return `${who} plays ${posterText(componentsOf(s).posters[s.posters[a.player]!.card]![a.side])}`;
    case "chooseKickOn": {
      const ch = componentsOf(s).pairings.find((p) => p.kickOn === a.kickOn)!.character;
      return `${who} takes the ${KICK_ON_NAMES[a.kickOn]} Kick-on, and the ${CHARACTER_NAMES[ch]} as Character (twisted)`;
    }
    case "build":
      return `${who} builds ${a.colour} (${AREA_NAMES[a.colour]}) attractions this turn`;
    case "moveVisitors":
      return `${who} moves ${a.colour} visitors from the station this turn`;
    case "collectVisitors": {
      const n = s.resorts[a.player]!.visitors.reduce((x, v) => x + v.length, 0);
      return `${who} adds the ${n} visitor${n === 1 ? "" : "s"} in their resort to their hand`;
    }
    case "takeDiscard":
      return `${who} takes ${cardText(s, s.discard[s.discard.length - 1]!)} from the discard pile (the last resort)`;
    case "draftExtra":
      return `${who}'s Mechanical Dog drafts three extra cards onto the platform`;
    case "buildAttraction": {
      const c = card(s, a.card);
      const under = topCard(s, a.player, spaceIndex(a.colour, c.kind));
      const cost = Math.max(0, c.cost - (s.turn.discount ? 1 : 0));
      return `${who} builds the ${c.name} (${a.colour} ${c.kind}, ${c.points} point${c.points === 1 ? "" : "s"}) in the ${AREA_NAMES[a.colour]}${
        under === undefined ? "" : `, covering ${cardText(s, under)}`
      }${cost === 0 ? ", free" : `, for ${cost} ${c.kind} card${cost === 1 ? "" : "s"}`}`;
    }
    case "pay":
      return `${who} pays with ${cardText(s, a.card)} (${card(s, a.card).kind})`;
    case "placeVisitor": {
      const id = a.from === "deck" ? s.deck[s.deck.length - 1] : s.platform[a.from];
      const target = topCard(s, a.player, spaceIndex(a.colour, a.kind));
      return `${who} moves ${backText(s, id)} from ${fromText(a.from)} onto ${target === undefined ? "an attraction" : cardText(s, target)} (${AREA_NAMES[a.colour]})`;
    }
    case "fetchVisitor": {
      const id = a.from === "deck" ? s.deck[s.deck.length - 1] : s.platform[a.from];
      return `${who}'s ${a.colour} transport fetches ${backText(s, id)} from ${fromText(a.from)} straight to hand`;
    }
    case "returnVisitor":
      return `${who} puts a visitor from their ${a.colour} ${a.kind} back on the platform (hand limit)`;
    case "useCharacter":
      return `${who} uses the ${CHARACTER_NAMES[s.characters[a.player]!.name]}${useText(s, s.characters[a.player]!.name, a.colour)}`;
    case "swapCharacter": {
      const theirs = s.characters[a.seat]!.name;
      return `${who} swaps Characters with seat ${a.seat} and uses the ${CHARACTER_NAMES[theirs]}${useText(s, theirs, a.colour)}`;
    }
    case "done":
      if (s.stage === "build") return `${who} stops building`;
      if (s.stage === "move") return `${who} stops moving visitors`;
      return `${who} ends their turn`;
  }
}

function useText(s: State, name: NonNullable<State["characters"][number]>["name"], colour: string | undefined): string {
  switch (name) {
    case "lordAdmiral":
      return `: also builds ${colour} attractions`;
    case "madameIceCream":
      return `: also moves ${colour} visitors`;
    case "princessRoyal":
      return ": one card fewer for each attraction built from now on this turn";
    case "donkeyBoy":
      return `: takes ${cardText(s, s.discard[s.discard.length - 1]!)} from the discard pile`;
  }
}

/** The final scoring, one line per seat, and the winners. */
export function scoringLines(s: State): string[] {
  const o = outcome(s);
  if (!o) return [];
  const lines = s.resorts.map((_, p) => {
    const b = scoreSeat(s, p);
    const side = posterSide(s, p);
    return `Seat ${p} (${side?.name ?? "?"}, ${b.filled}/${side?.spaces ?? "?"} spaces): attractions ${b.attractions}, poster bonus ${b.bonus}, missing spaces −${b.missing} = ${b.total}`;
  });
  const w = o.winners;
  lines.push(w.length === 1 ? `Seat ${w[0]} wins: Chief Architect by Royal Appointment` : `A tie remains a tie: seats ${w.join(", ")} share the win`);
  return lines;
}

/** What happened by itself after an action: the deal, the station's upkeep, the end being triggered, the final scoring. */
export function describeEvents(before: State | null, _action: Action | null, after: State): string[] {
  if (before === null) {
    return after.posters.map((p, seat) => {
      const poster = componentsOf(after).posters[p.card]!;
      return `Seat ${seat} is dealt the poster ${poster[0].name} / ${poster[1].name}`;
    });
  }
  const lines: string[] = [];
  const dealt = (before.stage === "poster" || before.stage === "kickOn") && after.stage !== "poster" && after.stage !== "kickOn";
  if (dealt) {
    lines.push(`Cards are dealt: ${after.hands.map((h, p) => `seat ${p} ${h.length}`).join(", ")}`);
    lines.push(`The discard pile starts with ${cardText(after, after.discard[0]!)}; ${after.platform.length} visitor${after.platform.length === 1 ? " goes" : "s go"} on the platform`);
  } else {
    if (after.rng.join() !== before.rng.join() && after.deck.length > before.deck.length) {
      lines.push(`The deck ran out: the discard pile is reshuffled into a new deck of ${after.deck.length + 1}, and ${cardText(after, after.discard[0]!)} starts a new discard pile`);
    } else if (before.discard.length === 0 || (after.discard.length === 1 && before.discard.length > 0 && after.discard[0] !== before.discard[0])) {
      if (after.discard.length > 0 && after.stage !== "over") lines.push(`${cardText(after, after.discard[after.discard.length - 1]!)} is turned up to keep the discard pile going`);
    }
    const fromDeck = after.platform.filter((id) => before.deck.includes(id)).length;
    if (fromDeck > 0) {
      const why = after.turns > before.turns ? "to keep four visitors on the platform" : "by the Mechanical Dog";
      lines.push(`${fromDeck} card${fromDeck === 1 ? " is" : "s are"} drafted from the deck onto the platform ${why} (now ${after.platform.length})`);
    }
  }
  if (after.endTriggeredBy !== null && before.endTriggeredBy === null) {
    lines.push(`Seat ${after.endTriggeredBy} has completed their resort: every other player gets one final turn`);
  }
  if (isTerminal(after) && !isTerminal(before)) {
    if (after.endTriggeredBy === null) lines.push("Stalemate: the station is empty, no resort holds a visitor and nobody can build, so the game ends");
    lines.push("The game is over: hands and resort visitors are discarded", ...scoringLines(after));
  } else if (after.turns > before.turns) {
    lines.push(`Seat ${after.current}'s turn${after.finalTurnsLeft > 0 ? " (a final turn)" : ""}`);
  }
  return lines;
}
