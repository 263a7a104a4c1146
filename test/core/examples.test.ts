// The examples in the README and the guides are real files that typecheck and run: a reader can
// paste them and they work.
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const read = (p: string) => readFileSync(root + p, "utf8");

describe("documentation examples", () => {
  for (const [example, docs] of [
    ["examples/quick-start.ts", ["README.md", "docs/getting-started.md"]],
    ["examples/simulate.ts", ["docs/getting-started.md"]],
    ["examples/client.ts", ["docs/guides/build-a-game-client.md"]],
    ["examples/sharing.ts", ["docs/guides/build-a-game-client.md"]],
    ["examples/bot.ts", ["docs/guides/write-a-bot.md"]],
  ] as const) {
    it(`${example} is shown verbatim in ${docs.join(", ")} and runs`, async () => {
      const code = read(example);
      for (const d of docs) expect(read(d)).toContain(code);
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      await import(/* @vite-ignore */ root + example);
      expect(log).toHaveBeenCalled();
      log.mockRestore();
    });
  }

  it("the quick start prints what its comments say", async () => {
    const lines: unknown[][] = [];
    const log = vi.spyOn(console, "log").mockImplementation((...args) => void lines.push(args));
    vi.resetModules();
    await import(/* @vite-ignore */ root + "examples/quick-start.ts?again");
    log.mockRestore();
    expect(lines[0]).toEqual([40, { type: "playLoad", player: 0, value: 1 }]);
    expect(lines[1]![0]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(lines[2]![0]).toBe("NOT_YOUR_TURN");
  });
});
