// docs/concepts.md, "One contract, five packages": every game package exports the contract's
// functions by name (each the same function as on its `game` bundle, with the same parameters),
// its schemas, its component set and `toJSONSchema` with the options; nothing else of the kind.
import * as ageOfSteam from "@rules/age-of-steam-exp";
import * as donkeyValley from "@rules/donkey-valley";
import * as steamDonkey from "@rules/steam-donkey";
import * as steamPark from "@rules/steam-park";
import * as steamrollers from "@rules/steamrollers";
import { describe, expect, it } from "vitest";

const packages: Record<string, Record<string, unknown>> = {
  "@rules/age-of-steam-exp": ageOfSteam,
  "@rules/donkey-valley": donkeyValley,
  "@rules/steam-donkey": steamDonkey,
  "@rules/steam-park": steamPark,
  "@rules/steamrollers": steamrollers,
};

/** The contract functions, each with the number of parameters it takes (`Function.length`). */
const FUNCTIONS: Record<string, number> = {
  initialState: 2,
  loadState: 1,
  legalActions: 2,
  activePlayers: 1,
  apply: 2,
  applyUnchecked: 2,
  applyInPlace: 2,
  playerView: 2,
  determinize: 3,
  isTerminal: 1,
  outcome: 1,
  scores: 1,
  describeAction: 2,
  describeEvents: 3,
  toJSONSchema: 0,
};
const VALUES = ["game", "StateSchema", "ActionSchema", "OptionsSchema", "ViewSchema", "ComponentsSchema", "defaultComponents"];

describe("every game package exports the same contract", () => {
  for (const [name, pkg] of Object.entries(packages)) {
    it(`${name}: every contract function and schema, by name, with the same shape`, () => {
      for (const [fn, arity] of Object.entries(FUNCTIONS)) {
        expect(typeof pkg[fn], `${name} exports ${fn}`).toBe("function");
        expect((pkg[fn] as (...a: unknown[]) => unknown).length, `${name}.${fn} parameters`).toBe(arity);
      }
      for (const v of VALUES) expect(pkg[v], `${name} exports ${v}`).toBeDefined();
      expect(pkg["comps"], `${name} exports no stray helper "comps"`).toBeUndefined();
      const game = pkg["game"] as { schemas: Record<string, unknown> };
      expect(game.schemas).toEqual({ state: pkg["StateSchema"], action: pkg["ActionSchema"], options: pkg["OptionsSchema"], view: pkg["ViewSchema"] });
      const js = (pkg["toJSONSchema"] as () => Record<string, { properties?: Record<string, unknown>; required?: string[] }>)();
      expect(Object.keys(js).sort()).toEqual(["action", "options", "state", "view"]);
      // The options as a caller writes them: `players` is there, and no defaulted field is required.
      expect(js["options"]!.properties).toHaveProperty("players");
      expect(js["options"]!.required ?? []).toEqual([]);
    });

    it(`${name}: the named functions are the bundle's, checks included`, () => {
      const g = pkg["game"] as Record<string, (...a: unknown[]) => unknown>;
      const call = <T>(fn: string, ...args: unknown[]): T => (pkg[fn] as (...a: unknown[]) => T)(...args);
      const s = call<Record<string, unknown>>("initialState", 1);
      const legal = call<Array<{ type: string; player: number }>>("legalActions", s);
      expect(call("activePlayers", s)).toEqual(g["activePlayers"]!(s));
      expect(pkg["scores"], "the bundle's scores hook is the named export").toBe(g["scores"]);
      expect(call("describeAction", s, legal[0])).toBe(g["describeAction"]!(s, legal[0]));
      expect(() => call("describeAction", s, null)).toThrow(/action/);
      expect(call("describeEvents", null, null, s)).toEqual(g["describeEvents"]!(null, null, s));
      expect(JSON.stringify(call("determinize", s, 0, 7))).toBe(JSON.stringify(g["determinize"]!(s, 0, 7)));
      expect(JSON.stringify(call("applyUnchecked", s, legal[0]))).toBe(JSON.stringify(call("apply", s, legal[0])));
      expect(JSON.stringify(call("loadState", JSON.parse(JSON.stringify(s))))).toBe(JSON.stringify(s));
      // view.components: null for the default set in every game (Age of Steam's view has no such field).
      const view = call<Record<string, unknown>>("playerView", s, 0);
      if (name === "@rules/age-of-steam-exp") expect(view).not.toHaveProperty("components");
      else expect(view["components"]).toBeNull();
      const own = JSON.parse(JSON.stringify(pkg["defaultComponents"]));
      // A set equal to the default (a copy of it, passed as options.components) is the default set.
      if (name !== "@rules/age-of-steam-exp") expect(call<Record<string, unknown>>("playerView", call("initialState", 1, { components: own }), 0)["components"]).toBeNull();
    });
  }
});
