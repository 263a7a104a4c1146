// `npm run bench:server`: load on rules-server over loopback. A report, never a test.
// Starts the server as child processes (as users run it), plays MATCHES concurrent Donkey Valley
// matches to their end (3 seats: 2 scripted socket clients choosing at random among their legal
// actions, 1 random bot on the server), and reports per configuration: matches, messages per
// second (sent + received by the clients), the median and 99th percentile time from an action
// sent to every seat of its match holding the update, and the server processes' peak memory.
// Configurations: embedded PostgreSQL (PGlite) with one process; PostgreSQL with one and with two
// processes (seats of a match split between them) when DATABASE_URL or TEST_DATABASE_URL is set.
//
//   npm run bench:server [-- --matches N]     (default 20)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { randomInt, seedRng } from "@rules/core";
import type { ServerMessage } from "@rules/server";
import { WebSocket } from "ws";
import { spawnServer, type Child } from "../test/server/spawn.js";

const args = process.argv.slice(2);
if (args.includes("--help")) {
  console.log("usage: npm run bench:server [-- --matches N]");
  process.exit(0);
}
const mi = args.indexOf("--matches");
const MATCHES = mi >= 0 ? Number(args[mi + 1]) : 20;
if (!Number.isInteger(MATCHES) || MATCHES < 1 || MATCHES > 2000) {
  console.error("bench:server: --matches must be a whole number from 1 to 2000");
  process.exit(2);
}
const PG = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function post(url: string, path: string, body: unknown): Promise<any> {
  const res = await fetch(url + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return res.json();
}

function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/** Plays one match with two scripted sockets (on `hosts[0]` and `hosts[1]`); resolves at its end. */
async function playMatch(hosts: string[], seed: number, latencies: number[], counts: { sent: number; received: number }): Promise<void> {
  const created = await post(hosts[0]!, "/matches", { game: "donkey-valley", seats: [{}, {}, { bot: "random" }] });
  const rng = seedRng(seed);
  const sockets: WebSocket[] = [];
  const versions = [0, 0];
  const sentAt = new Map<number, number>(); // action id -> time sent
  const pending = new Map<number, number>(); // version -> time its action was sent
  let nextId = 0;
  await new Promise<void>((resolve, reject) => {
    let finished = 0;
    const settle = () => {
      for (const [v, t] of pending) if (versions.every((x) => x >= v)) {
        latencies.push(performance.now() - t);
        pending.delete(v);
      }
    };
    for (let s = 0; s < 2; s++) {
      void post(hosts[s % hosts.length]!, `/matches/${created.id}/join`, { seat: s }).then((joined) => {
        const ws = new WebSocket(hosts[s % hosts.length]!.replace("http", "ws") + "/ws");
        sockets.push(ws);
        let waiting = false;
        let latest: Extract<ServerMessage, { type: "update" }> | undefined;
        const act = () => {
          if (waiting || !latest || latest.terminal || latest.legal.length === 0) return;
          waiting = true;
          const id = ++nextId;
          sentAt.set(id, performance.now());
          ws.send(JSON.stringify({ type: "action", action: latest.legal[randomInt(rng, 0, latest.legal.length - 1)], id }));
          counts.sent++;
        };
        ws.on("open", () => {
          ws.send(JSON.stringify({ type: "auth", match: created.id, token: joined.token }));
          counts.sent++;
        });
        ws.on("error", reject);
        ws.on("message", (data) => {
          counts.received++;
          const m = JSON.parse(String(data)) as ServerMessage;
          if (m.type === "ack") {
            pending.set(m.version, sentAt.get(m.id as number)!);
            settle();
            waiting = false;
            return act();
          }
          if (m.type === "refused") {
            waiting = false;
            return act(); // the state moved on meanwhile: choose again from the latest update
          }
          if (m.type !== "update") return;
          latest = m;
          versions[s] = m.version;
          settle();
          if (m.terminal) {
            ws.close();
            if (++finished === 2) resolve();
            return;
          }
          act();
        });
      }, reject);
    }
  });
}

interface Row {
  name: string;
  matches: number;
  seconds: number;
  messagesPerSecond: number;
  p50: number;
  p99: number;
  memory: string;
}

async function runConfig(name: string, servers: Child[]): Promise<Row> {
  const hosts = servers.map((s) => s.url);
  const latencies: number[] = [];
  const counts = { sent: 0, received: 0 };
  const t0 = performance.now();
  // Every match at once: MATCHES concurrent games.
  await Promise.all(Array.from({ length: MATCHES }, (_, i) => playMatch(i % 2 === 0 ? hosts : [...hosts].reverse(), i + 1, latencies, counts)));
  const seconds = (performance.now() - t0) / 1000;
  const memory = servers.map((s) => `${peakRssMb(s.process.pid!).toFixed(0)} MB`).join(" + ");
  return { name, matches: MATCHES, seconds, messagesPerSecond: (counts.sent + counts.received) / seconds, p50: pct(latencies, 50), p99: pct(latencies, 99), memory };
}

async function freshDatabase(): Promise<string> {
  const db = `rules_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  const u = new URL(PG!);
  u.pathname = `/${db}`;
  return u.toString();
}

const rows: Row[] = [];
{
  const dir = mkdtempSync(join(tmpdir(), "rules-bench-"));
  const server = await spawnServer(["--data", dir]);
  rows.push(await runConfig("embedded (PGlite), 1 process", [server]));
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
if (PG) {
  let url = await freshDatabase();
  const one = await spawnServer([], { DATABASE_URL: url });
  rows.push(await runConfig("PostgreSQL, 1 process", [one]));
  await one.stop();
  url = await freshDatabase();
  const two = await Promise.all([spawnServer([], { DATABASE_URL: url }), spawnServer([], { DATABASE_URL: url })]);
  rows.push(await runConfig("PostgreSQL, 2 processes", two));
  await Promise.all(two.map((s) => s.stop()));
} else console.log("(no DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL rows are left out; start one with `bash .ci/postgres.sh`)\n");

console.log(`${MATCHES} concurrent Donkey Valley matches, 2 scripted socket clients + 1 server bot each, loopback\n`);
console.log("| configuration | matches | time | messages/s | action → all seats updated, median | p99 | server peak memory (RSS) |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const r of rows) console.log(`| ${r.name} | ${r.matches} | ${r.seconds.toFixed(1)} s | ${r.messagesPerSecond.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.memory} |`);
