import { defineConfig } from "tsup";
import base from "../../tsup.config.js";

// The shared config with one entry per game: `@rules/boards/<game>` bundles only that game's board
// (and the shared panel code), so an app that draws one game loads none of the others.
export default defineConfig({
  ...(base as object),
  entry: ["src/index.ts", "src/donkey-valley.ts", "src/steam-donkey.ts", "src/steamrollers.ts", "src/steam-park.ts", "src/age-of-steam-exp.ts"],
});
