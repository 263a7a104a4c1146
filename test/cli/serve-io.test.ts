// The I/O layer of `rules serve`: limits on what a request may be, framing of bytes into lines,
// backpressure. Driven in-process through run(["serve"]) with streams of chunks, and once through
// the real binary over pipes.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { run } from "../../packages/cli/src/index.js";
import { games } from "../../packages/cli/src/games.js";
import { createServer } from "../../packages/cli/src/serve.js";
import { MAX_LINE_BYTES, MAX_REQUEST_DEPTH, frameLines } from "../../packages/cli/src/serve-io.js";
import { nodeArgs } from "../programs.js";

interface Reply {
  id: unknown;
  ok: boolean;
  result?: any;
  error?: { code: string; message: string };
}

/** Serve `chunks` (strings or bytes) in-process; the replies, parsed. */
async function serve(chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>): Promise<Reply[]> {
  let out = "";
  let err = "";
  const input = (async function* () {
    yield* chunks;
  })();
  const code = await run(["serve"], { games, input, out: (t) => void (out += t), err: (t) => void (err += t) });
  expect({ code, err }).toEqual({ code: 0, err: "" });
  return out.trimEnd().split("\n").map((l) => JSON.parse(l) as Reply);
}

const games1 = (id: unknown) => JSON.stringify({ id, cmd: "games" }) + "\n";
const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("rules serve: deep JSON", () => {
  it("answers a request whose id is nested 10,000 deep with an error, and keeps serving", async () => {
    const reply = createServer(games);
    const deepId = JSON.parse(reply(`{"id":${nested(10_000)},"cmd":"games"}`)) as Reply;
    expect(deepId).toMatchObject({ id: null, ok: false, error: { code: "BAD_REQUEST" } });
    expect(deepId.error!.message).toContain("nested more than");
    const deepArg = JSON.parse(reply(`{"id":7,"cmd":"apply","session":"s1","action":${nested(10_000)}}`)) as Reply;
    expect(deepArg).toMatchObject({ id: 7, ok: false, error: { code: "BAD_REQUEST" } });
    expect((JSON.parse(reply(games1(8))) as Reply).ok).toBe(true);
  });

  it("takes a request and an id up to the depth limit, and echoes such an id", async () => {
    const reply = createServer(games);
    const idDepth = MAX_REQUEST_DEPTH - 1;
    const ok = JSON.parse(reply(`{"id":${nested(idDepth)},"cmd":"games"}`)) as Reply;
    expect(ok.ok).toBe(true);
    expect(JSON.stringify(ok.id)).toBe(nested(idDepth));
    const over = JSON.parse(reply(`{"id":${nested(idDepth + 1)},"cmd":"games"}`)) as Reply;
    expect(over).toMatchObject({ id: null, ok: false, error: { code: "BAD_REQUEST" } });
    // A state is at most 64 levels deep, so a `load` of a too-deep state still reaches the engine.
    const s = (JSON.parse(reply(JSON.stringify({ cmd: "new", game: "donkey-valley" }))) as Reply).result.session as string;
    const load = JSON.parse(reply(`{"id":1,"cmd":"load","session":"${s}","state":{"x":${nested(80)}}}`)) as Reply;
    expect(load.error?.code).toBe("INVALID_STATE");
  });
});

describe("rules serve: framing under a byte limit", () => {
  it("counts the limit in bytes of UTF-8: a 1,000,001-byte line of two-byte characters is refused, 1,000,000 bytes pass", async () => {
    const head = '{"id":1,"cmd":"games","pad":"';
    const fill = (bytes: number) => {
      const n = bytes - head.length - 2;
      return head + "a".repeat(n % 2) + "é".repeat(Math.floor(n / 2)) + '"}';
    };
    const exact = fill(MAX_LINE_BYTES);
    expect(Buffer.byteLength(exact)).toBe(MAX_LINE_BYTES);
    const over = exact.replace('"id":1', '"id":12');
    expect(over.length).toBeLessThan(MAX_LINE_BYTES / 1.9); // about 500,000 UTF-16 units: the old limit let it in
    const replies = await serve([exact + "\n", over + "\n", games1(3)]);
    expect(replies.map((r) => r.ok)).toEqual([true, false, true]);
    expect(replies[1]).toMatchObject({ id: null, error: { code: "BAD_REQUEST" } });
    expect(replies[1]!.error!.message).toBe(`request of ${MAX_LINE_BYTES + 1} bytes is longer than the limit of ${MAX_LINE_BYTES} bytes`);
    // The same holds through createServer on its own (a caller that frames lines itself).
    expect((JSON.parse(createServer(games)(over)) as Reply).error?.code).toBe("BAD_REQUEST");
  });

  it("skips a 200 MB line streamed in 64 kB chunks to its end, then answers the next request", async () => {
    const chunk = Buffer.alloc(65_536, "x".charCodeAt(0));
    const chunks = (function* () {
      yield '{"id":"long","cmd":"games","pad":"';
      for (let i = 0; i < 3200; i++) yield chunk; // the same buffer each time: the test itself holds 64 kB
      yield `"}\n${games1("after").trimEnd()}`; // the last line has no newline: it still counts
    })();
    const replies = await serve(chunks);
    expect(replies).toHaveLength(2);
    expect(replies[0]).toMatchObject({ id: null, ok: false, error: { code: "BAD_REQUEST" } });
    expect(replies[0]!.error!.message).toMatch(/^request of 2097\d{5} bytes is longer than the limit/);
    expect(replies[1]).toMatchObject({ id: "after", ok: true });
  });

  it("frames LF and CRLF lines split anywhere across chunks, a multi-byte character included, and skips blank lines", async () => {
    const text = `${games1("a")}\r\n\n${JSON.stringify({ id: "é€😀", cmd: "games" })}\r\n${games1(2)}`;
    const bytes = Buffer.from(text);
    for (const size of [1, 2, 3, 7, bytes.length]) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect((await serve(chunks)).map((r) => r.id)).toEqual(["a", "é€😀", 2]);
    }
  });

  it("keeps at most the limit of one line: the frames of a line over it are dropped as it passes", async () => {
    const seen: Array<string | { tooLong: number }> = [];
    for await (const f of frameLines(["abc", "defg", "h\nij\n", "0123456789".repeat(3), "\n"], 8)) seen.push(f);
    expect(seen).toEqual(["abcdefgh", "ij", { tooLong: 30 }]);
  });
});

describe("rules serve: backpressure", () => {
  it("reads no more input while the output is full, and goes on after drain", async () => {
    let pulled = 0;
    const input = (async function* () {
      for (let i = 0; i < 1000; i++) {
        pulled++;
        yield games1(i);
      }
    })();
    let written = 0;
    let hold = true;
    let release: (() => void) | undefined;
    const done = run(["serve"], {
      games,
      input,
      out: () => {
        written++;
        return false; // full after every reply: each waits for a drain
      },
      err: () => {},
      drained: () => (hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()),
    });
    for (let round = 1; round <= 5; round++) {
      await new Promise((r) => setImmediate(r));
      expect({ written, pulled }).toEqual({ written: round, pulled: round }); // nothing read ahead while the output waits
      release!();
    }
    hold = false; // an output that keeps up from now on
    expect(await done).toBe(0);
    expect({ written, pulled }).toEqual({ written: 1000, pulled: 1000 });
  });
});

describe("rules serve: the binary over pipes", () => {
  it("answers a 3 MB line, a 10,000-deep id and bad UTF-8 with errors, each in order, and serves on", async () => {
    const child = spawn(...nodeArgs("rules", "serve"), { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (err += c.toString("utf8")));
    const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
    child.stdin.write('{"id":"long","cmd":"games","pad":"');
    child.stdin.write(Buffer.alloc(3_000_000, "x".charCodeAt(0)));
    child.stdin.write('"}\n');
    child.stdin.write(`{"id":${nested(10_000)},"cmd":"games"}\n`);
    child.stdin.write(Buffer.from([0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d, 0x0a])); // {"id":"\xff\xfe"}
    child.stdin.end(games1("last"));
    expect(await closed).toBe(0);
    expect(err).toBe("");
    const replies = out.trimEnd().split("\n").map((l) => JSON.parse(l) as Reply);
    expect(replies.map((r) => [r.ok, r.error?.code ?? null])).toEqual([
      [false, "BAD_REQUEST"],
      [false, "BAD_REQUEST"],
      [false, "BAD_REQUEST"],
      [true, null],
    ]);
    expect(replies[3]!.id).toBe("last");
  });
});
