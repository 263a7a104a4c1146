// Runs `rules-server` (bundled from source, test/programs.ts) as a child process on a loopback port, as a user would run it.
import { spawn, type ChildProcess } from "node:child_process";
import { programPath } from "../programs.js";

export interface Child {
  url: string;
  process: ChildProcess;
  output(): string;
  /** SIGKILL: no chance to flush or close anything. */
  kill9(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

export function spawnServer(args: string[], env: Record<string, string | undefined> = {}): Promise<Child> {
  const child = spawn(process.execPath, [programPath("rulesServer"), "--port", "0", "--host", "127.0.0.1", ...args], {
    env: { ...process.env, DATABASE_URL: undefined, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const wait = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += String(d);
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, process: child, output: () => out, kill9: () => wait("SIGKILL"), stop: () => wait("SIGTERM") });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (d: Buffer) => (out += String(d)));
    child.once("exit", (code) => reject(new Error(`rules-server exited (${code}) before listening:\n${out}`)));
  });
}
