import { RULES } from "./data.js";
import { applyPlacement } from "./build.js";
import { applyUrbanize } from "./urbanize.js";
import { applyDelivery } from "./move.js";
import { applyClaim } from "./connections.js";
import { afterBid, beginAuction, beginBuild, endBuildTurn, endMoveTurn, endProduction } from "./phases.js";
import { isPark, reducePark } from "./amusement.js";
import type { Action, State } from "./schema.js";

// The rules as one recipe per action type, mutating a draft (a private copy in `apply` and
// `applyUnchecked`, the caller's state in `applyInPlace`). Only legal actions reach it; it draws chance only from `draft.rng`.

/** Apply a legal action to `draft`. */
export function reduce(draft: State, action: Action): void {
  if (isPark(draft)) return reducePark(draft, action);
  const p = action.player;
  switch (action.type) {
    case "issueShare":
      draft.shares[p]! += 1;
      draft.cash[p] = Math.min(RULES.maxCash, draft.cash[p]! + RULES.shareValue);
      return;
    case "done":
      if (draft.phase === "shares") {
        draft.queue.shift();
        if (draft.queue.length === 0) beginAuction(draft);
      } else if (draft.phase === "build") endBuildTurn(draft, p);
      else endProduction(draft);
      return;
    case "bid": {
      const a = draft.auction!;
      a.bids[p] = action.amount;
      a.high = p;
      afterBid(draft, p);
      return;
    }
    case "pass":
      if (draft.phase === "auction") {
        draft.auction!.passUsed = true;
        afterBid(draft, p);
      } else endMoveTurn(draft);
      return;
    case "dropOut": {
      const a = draft.auction!;
      a.active = a.active.filter((q) => q !== p);
      a.dropped.push(p);
      if (a.high === p) a.high = null;
      afterBid(draft, p);
      return;
    }
    case "select":
      draft.selected[p] = action.action;
      if (action.action === "locomotive") draft.loco[p] = Math.min(RULES.maxLoco, draft.loco[p]! + 1);
      draft.queue.shift();
      if (draft.queue.length === 0) beginBuild(draft);
      return;
    case "build":
      applyPlacement(draft, p, action.hex, action.tile, action.rot);
      return;
    case "claim":
      applyClaim(draft, p, action.connection);
      return;
    case "urbanize":
      applyUrbanize(draft, p, action.hex, action.letter);
      return;
    case "move":
      applyDelivery(draft, p, action);
      endMoveTurn(draft);
      return;
    case "lay":
    case "transport":
      return;
    case "raiseLoco":
      draft.loco[p] = Math.min(RULES.maxLoco, draft.loco[p]! + 1);
      draft.move.locoRaised[p] = true;
      endMoveTurn(draft);
      return;
    case "produce": {
      const cube = draft.production.shift()!;
      const col = draft.display[action.column]!;
      col[col.indexOf(null)] = cube;
      if (draft.production.length === 0 || !draft.display.some((c) => c.includes(null))) endProduction(draft);
      return;
    }
  }
}
