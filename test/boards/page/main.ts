/// <reference lib="dom" />
// The page of test/boards/layout.test.ts: mounts any board of @rules/boards for a view and legal
// actions sent from the test, with no state behind it, and records the action a click reports.
import { mountBoard, type Board } from "@rules/boards";
import { donkeyValleyBoard } from "@rules/boards/donkey-valley";
import { steamDonkeyBoard } from "@rules/boards/steam-donkey";
import { steamrollersBoard } from "@rules/boards/steamrollers";
import { steamParkBoard } from "@rules/boards/steam-park";
import { ageOfSteamBoard } from "@rules/boards/age-of-steam-exp";

function boardOf(game: string, view: unknown): Board<any, any> {
  if (game === "age-of-steam-exp") return ageOfSteamBoard(view as never);
  const b = [donkeyValleyBoard, steamDonkeyBoard, steamrollersBoard, steamParkBoard].find((x) => x.game === game);
  if (!b) throw new Error(`no board for ${game}`);
  return b;
}

const host = document.getElementById("host")!;
(window as unknown as { boards: unknown }).boards = {
  chosen: [] as unknown[],
  mount(game: string, view: unknown, seat: number | null, legal: unknown[]): void {
    const api = (window as unknown as { boards: { chosen: unknown[] } }).boards;
    api.chosen = [];
    mountBoard(host, boardOf(game, view), { view, seat, legal: legal as never, onAction: (a) => void api.chosen.push(a) });
  },
};
document.body.dataset["ready"] = "true";
