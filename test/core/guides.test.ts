// The typedoc site's guide pages hold: every game of the `rules` command has a page that the site
// includes; each page's options table lists exactly the engine's options with the defaults the
// engine uses; and each page's example action and state are what the engine really produces.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BaseAction, Game } from "@rules/core";
import { defaultComponents as aosComponents } from "@rules/age-of-steam-exp";
import { defaultComponents as dvComponents } from "@rules/donkey-valley";
import { defaultComponents as sdComponents } from "@rules/steam-donkey";
import { defaultComponents as spComponents } from "@rules/steam-park";
import { defaultComponents as srComponents } from "@rules/steamrollers";
import { games } from "../../packages/cli/src/games.js";

const root = new URL("../../", import.meta.url).pathname;
const read = (p: string) => readFileSync(root + p, "utf8");

/** A state as the guides print it: one top-level field a line, without the fields `omit` names. */
function exampleJson(state: object, omit: readonly string[] = ["rng", "components"]): string {
  const rest = Object.entries(state as Record<string, unknown>).filter(([k]) => !omit.includes(k));
  return `{\n${rest.map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(",\n")}\n}`;
}

/** What each page shows: the table it is set at, the action taken, the fields its state leaves out. */
const PAGES: Record<string, { players: number; action: BaseAction; omit: string[]; components: unknown }> = {
  "donkey-valley": { players: 3, action: { type: "playLoad", player: 0, value: 7 } as BaseAction, omit: ["rng", "components"], components: dvComponents },
  "steam-park": { players: 2, action: { type: "keepCard", player: 0, card: 5 } as BaseAction, omit: ["rng", "components"], components: spComponents },
  "age-of-steam-exp": { players: 3, action: { type: "issueShare", player: 1 }, omit: ["rng", "map"], components: aosComponents },
  "steam-donkey": { players: 2, action: { type: "choosePoster", player: 0, side: 0 } as BaseAction, omit: ["rng", "components"], components: sdComponents },
  steamrollers: { players: 2, action: { type: "pickDie", player: 0, die: 0 } as BaseAction, omit: ["rng", "components"], components: srComponents },
};

/** The rows of the page's options table (the table whose first header is "option"): name → default cell. */
function optionsTable(page: string): Map<string, string> {
  const lines = page.split("\n");
  const start = lines.findIndex((l) => /^\|\s*option\s*\|/i.test(l));
  const rows = new Map<string, string>();
  if (start < 0) return rows;
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const [name = "", def = ""] = line.split("|").slice(1).map((c) => c.trim().replace(/`/g, ""));
    rows.set(name, def);
  }
  return rows;
}

/** The engine's options with their defaults; an object-valued option (Age of Steam's `rules`) by its fields. */
function engineDefaults(game: Game): Map<string, unknown> {
  const shape = (game.schemas.options as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) throw new Error(`${game.id}: the options schema is not an object schema`);
  const parsed = game.schemas.options.parse({}) as Record<string, unknown>;
  const out = new Map<string, unknown>();
  for (const key of Object.keys(shape)) {
    const v = parsed[key];
    if (key !== "components" && typeof v === "object" && v !== null && !Array.isArray(v)) {
      for (const [sub, sv] of Object.entries(v)) out.set(`${key}.${sub}`, sv);
    } else out.set(key, v);
  }
  return out;
}

describe("guide pages", () => {
  it("every game of the rules command has a page in docs/games, included in the typedoc site", () => {
    const typedoc = JSON.parse(read("typedoc.json")) as { projectDocuments: string[] };
    expect(typedoc.projectDocuments).toContain("docs/games/*.md");
    for (const id of Object.keys(games)) expect(existsSync(`${root}docs/games/${id}.md`), id).toBe(true);
    expect(Object.keys(PAGES).sort()).toEqual(Object.keys(games).sort());
  });

  for (const [id, ex] of Object.entries(PAGES)) {
    it(`${id}: the options table lists exactly the engine's options, with its defaults`, () => {
      const game = games[id]!;
      const table = optionsTable(read(`docs/games/${id}.md`));
      const engine = engineDefaults(game);
      expect([...table.keys()].sort(), "options in the table").toEqual([...engine.keys()].sort());
      for (const [name, value] of engine) {
        const cell = table.get(name)!;
        if (name === "components") {
          expect(cell, name).toBe("defaultComponents");
          expect(value, "the default component set is the exported defaultComponents").toEqual(ex.components);
        } else if (value === undefined) {
          // No fixed default: the cell says in words what it follows ("= advanced").
          expect(cell, name).toMatch(/^=/);
        } else {
          expect([JSON.stringify(value), String(value)], `default of ${name}`).toContain(cell);
        }
      }
    });

    it(`${id}: the page's example action and state are what the engine produces`, () => {
      const game = games[id]!;
      const page = read(`docs/games/${id}.md`);
      const s0 = game.initialState(2024, { players: ex.players });
      expect(game.legalActions(s0)).toContainEqual(ex.action);
      expect(page).toContain(`\`${JSON.stringify(ex.action)}\` applied to \`initialState(2024, { players: ${ex.players} })\``);
      expect(page).toContain(`(${ex.omit.map((k) => `\`${k}\``).join(", ")} left out; one field a line)`);
      expect(page).toContain(exampleJson(game.apply(s0, ex.action), ex.omit));
    });
  }
  // Every ```ts block of a page typechecks and runs in test/docs/api-examples.test.ts, with every other
  // block of the docs, in the program the API examples build.
});
