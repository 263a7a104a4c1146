// Everything in this process's memory: for tests and demos. Lost when the process ends.
import type { MatchRecord, MatchSummary, Storage, StorageEvent, StoredAction } from "./types.js";

/**
 * Storage in memory (nothing survives the process). Keeps the same contract as the database
 * backends, so tests of the protocol need no database.
 *
 * @example
 * ```ts
 * import { createMemoryStorage } from "@rules/server";
 *
 * const storage = createMemoryStorage();
 * ```
 */
export function createMemoryStorage(): Storage {
  const matches = new Map<string, MatchRecord>();
  const actions = new Map<string, StoredAction[]>();
  const listeners: Array<(e: StorageEvent) => void> = [];
  const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
  const emit = (e: StorageEvent) => queueMicrotask(() => listeners.forEach((l) => l(e)));

  return {
    async init() {},
    async createMatch(m) {
      if (matches.has(m.id)) throw new Error(`match ${m.id} exists`);
      matches.set(m.id, copy(m));
      actions.set(m.id, []);
    },
    async loadMatch(id) {
      const m = matches.get(id);
      return m && copy(m);
    },
    async listMatches({ open, limit }) {
      return [...matches.values()]
        .filter((m) => m.status === "playing" && (!open || m.seats.some((s) => s.kind === "human" && s.tokenHash === null)))
        .reverse()
        .slice(0, limit)
        .map(
          (m): MatchSummary => ({
            id: m.id,
            game: m.game,
            options: copy(m.options),
            status: m.status,
            version: m.version,
            createdAt: m.createdAt,
            seats: m.seats.map((s) => ({ seat: s.seat, kind: s.kind, bot: s.bot, name: s.name, taken: s.kind === "bot" || s.tokenHash !== null })),
          }),
        );
    },
    async playingMatchIds() {
      return [...matches.values()].filter((m) => m.status === "playing").map((m) => m.id);
    },
    async actionsSince(match, version) {
      return copy((actions.get(match) ?? []).filter((a) => a.seq > version));
    },
    async appendAction(match, version, entry, finished) {
      const m = matches.get(match);
      if (!m || m.version !== version || m.status !== "playing") return false;
      actions.get(match)!.push(copy(entry));
      m.version = entry.seq;
      m.stateHash = entry.stateHash;
      if (finished) m.status = "finished";
      emit({ kind: "action", match, version: entry.seq });
      return true;
    },
    async claimSeat(match, seat, tokenHash, name) {
      const s = matches.get(match)?.seats[seat];
      if (!s || s.kind !== "human" || s.tokenHash !== null) return false;
      s.tokenHash = tokenHash;
      s.name = name;
      emit({ kind: "seat", match, seat });
      return true;
    },
    async releaseSeat(match, seat, tokenHash) {
      const s = matches.get(match)?.seats[seat];
      if (!s || s.tokenHash !== tokenHash) return false;
      s.tokenHash = null;
      s.name = null;
      emit({ kind: "seat", match, seat });
      return true;
    },
    async seatOfToken(match, tokenHash) {
      return matches.get(match)?.seats.find((s) => s.tokenHash === tokenHash)?.seat;
    },
    async subscribe(listener) {
      listeners.push(listener);
    },
    async close() {},
  };
}
