// The bot seats of every match of a process take turns: one bot decision per turn of the event
// loop, matches in the order they asked (round robin). A bot thinks on the main thread, so while it
// thinks nothing else runs; between two decisions the process reads and answers every socket and
// request that is waiting. What another match waits because of bots is therefore one decision (at
// most `maxBotMs` for `mcts`), never the sum of every match's bots.

/** Something with a bot decision to make (a match whose active seat is a bot). */
export interface BotTurn {
  /** Makes one decision and submits it; the returned promise settles once it is stored (or refused). */
  runBot(): Promise<void>;
}

/** A queue of matches waiting for their bot's decision, served one per turn of the event loop. */
export class BotQueue {
  private readonly waiting = new Set<BotTurn>();
  private timer: NodeJS.Immediate | undefined;
  private closed = false;

  /** Asks for one decision of `turn` (once, however often it asks before its decision). */
  request(turn: BotTurn): void {
    if (this.closed) return;
    this.waiting.add(turn);
    this.pump();
  }

  /** Drops a match's request (it is closing). */
  cancel(turn: BotTurn): void {
    this.waiting.delete(turn);
  }

  close(): void {
    this.closed = true;
    this.waiting.clear();
    if (this.timer) clearImmediate(this.timer);
    this.timer = undefined;
  }

  /** One decision on a later turn of the event loop (after the sockets and requests waiting now). */
  private pump(): void {
    if (this.timer || this.waiting.size === 0) return;
    this.timer = setImmediate(() => {
      this.timer = undefined;
      const next = this.waiting.values().next();
      if (next.done) return;
      this.waiting.delete(next.value);
      // The bot thinks now; the next decision waits for the next turn of the loop, however long
      // this one's storage takes.
      void next.value.runBot();
      this.pump();
    });
  }
}
