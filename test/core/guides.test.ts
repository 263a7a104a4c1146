// The typedoc site's guide pages hold: each game page's example state is what the engine really
// produces, and every game of the `rules` command has a page that the site includes.
import { readFileSync, existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { game as donkeyValley } from "@rules/donkey-valley";
import { games } from "../../packages/cli/src/games.js";

const root = new URL("../../", import.meta.url).pathname;
const read = (p: string) => readFileSync(root + p, "utf8");

/** A state as the guides print it: one top-level field a line, without the RNG and the component set. */
function exampleJson(state: object): string {
  const { rng: _rng, components: _components, ...rest } = state as Record<string, unknown>;
  return `{\n${Object.entries(rest).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(",\n")}\n}`;
}

describe("guide pages", () => {
  it("every game of the rules command has a page in docs/games, included in the typedoc site", () => {
    const typedoc = JSON.parse(read("typedoc.json")) as { projectDocuments: string[] };
    expect(typedoc.projectDocuments).toContain("docs/games/*.md");
    for (const id of Object.keys(games)) expect(existsSync(`${root}docs/games/${id}.md`), id).toBe(true);
  });

  it("the Donkey Valley page's example action and state are real", () => {
    const s0 = donkeyValley.initialState(2024, { players: 3 });
    const action = { type: "playLoad", player: 0, value: 7 } as const;
    const page = read("docs/games/donkey-valley.md");
    expect(page).toContain(JSON.stringify(action));
    expect(page).toContain(exampleJson(donkeyValley.apply(s0, action)));
  });
});
