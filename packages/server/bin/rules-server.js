#!/usr/bin/env node
// The `rules-server` command. This small launcher exists before any build, so npm links it on install;
// it loads the built program, or says how to build it.
import("../dist/main.js").catch((e) => {
  if (e && e.code === "ERR_MODULE_NOT_FOUND" && String(e.message).includes("dist")) {
    process.stderr.write("rules-server: @rules/server is not built yet; run `npm run build` first.\n");
    process.exit(1);
  }
  throw e;
});
