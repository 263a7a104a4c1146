// The `rules-server` command: `npx rules-server [--port 8787] [--host 127.0.0.1] [--data DIR | --memory]`.
// With DATABASE_URL=postgres://... it stores matches in that PostgreSQL server (several processes
// may share it); otherwise in an embedded PostgreSQL database in DIR (default ./rules-server-data).
import { createMemoryStorage } from "./storage/memory.js";
import { createPgliteStorage } from "./storage/pglite.js";
import { createPostgresStorage } from "./storage/postgres.js";
import { createServer, type RulesServer } from "./server.js";
import type { Storage } from "./storage/types.js";

const USAGE = `usage: rules-server [--port N] [--host ADDRESS] [--data DIR | --memory]

Serves the @rules games over HTTP and WebSocket (docs/guides/run-a-game-online.md).
  --port N        port to listen on (default 8787; 0 picks a free one)
  --host ADDRESS  address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
  --data DIR      embedded database directory (default ./rules-server-data)
  --memory        keep everything in memory (lost on exit)
Environment: DATABASE_URL=postgres://user:pass@host:5432/db stores matches in PostgreSQL instead.`;

function fail(message: string): never {
  process.stderr.write(`rules-server: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function parse(argv: string[]): { port: number; host: string; data: string; memory: boolean } {
  const out = { port: 8787, host: "127.0.0.1", data: "rules-server-data", memory: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => argv[++i] ?? fail(`${a} needs a value`);
    if (a === "--help" || a === "-h") {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (a === "--port") {
      const v = value();
      if (!/^\d{1,5}$/.test(v) || Number(v) > 65535) fail(`--port must be a number from 0 to 65535, not ${JSON.stringify(v)}`);
      out.port = Number(v);
    } else if (a === "--host") out.host = value();
    else if (a === "--data") out.data = value();
    else if (a === "--memory") out.memory = true;
    else fail(`unknown option ${JSON.stringify(a)}`);
  }
  return out;
}

const args = parse(process.argv.slice(2));
const url = process.env.DATABASE_URL;
let server: RulesServer | undefined;
const storage: Storage = url
  ? createPostgresStorage(url, { onReconnect: () => void server?.resync() })
  : args.memory
    ? createMemoryStorage()
    : createPgliteStorage(args.data);
server = createServer({ storage });
const where = url ? "PostgreSQL (DATABASE_URL)" : args.memory ? "memory (lost on exit)" : `embedded PostgreSQL in ${args.data}`;
try {
  const { url: listening } = await server.listen(args.port, args.host);
  process.stdout.write(`rules-server listening on ${listening} (storage: ${where})\n`);
} catch (e) {
  process.stderr.write(`rules-server: could not start: ${(e as Error).message}\n`);
  process.exit(1);
}
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void server!.close().then(() => process.exit(0), () => process.exit(1));
  });
}
