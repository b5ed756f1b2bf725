// The game's story, a line a turn, for the page's log: each play in the usual
// notation from the mover's side ("The bot plays 6-4: 24/18 13/9", never raw
// 25/0 indices). The answers report single checker moves (MOVED, UNDONE
// events); a Narrator gathers a player's moves until the turn ends (or
// anything else happens) and writes the play once. Keep one per game view:
// your own moves come over several answers, undone ones drop out.
import { Color, type Event, EventKind, ResultKind } from "@gammond/client";
import { type Hop, formatMoves } from "./notation.js";

/** Names for the players: "You" and "The bot", "White" and "Black", ... */
export type Names = Record<Color.WHITE | Color.BLACK, string>;

const dice = (event: Event) => (event.dice ? `${event.dice.die1}-${event.dice.die2}` : "");

export class Narrator {
  private moves: Hop[] = [];
  private mover: Color | undefined;
  private rolled = new Map<Color, string>();

  constructor(private readonly names: Names) {}

  private who(color: Color): string {
    return color === Color.BLACK ? this.names[Color.BLACK] : this.names[Color.WHITE];
  }

  // "You play", "The bot plays".
  private does(color: Color, verb: string): string {
    const name = this.who(color);
    return `${name} ${verb}${name === "You" ? "" : "s"}`;
  }

  private flush(): string[] {
    if (this.mover === undefined || this.moves.length === 0) return [];
    const line = `${this.does(this.mover, "play")} ${this.rolled.get(this.mover) ?? ""}: ${formatMoves(this.moves, this.mover === Color.BLACK)}`;
    this.moves = [];
    this.mover = undefined;
    return [line.replace(" :", ":")];
  }

  /** The log lines these events add, in order (a play's line once its turn ends). */
  lines(events: Event[]): string[] {
    const out: string[] = [];
    for (const event of events) {
      const player = event.player;
      if (event.kind === EventKind.MOVED && event.move) {
        if (this.mover !== player) out.push(...this.flush());
        this.mover = player;
        this.moves.push({ fromPoint: event.move.fromPoint, toPoint: event.move.toPoint, hit: event.move.hit });
        continue;
      }
      if (event.kind === EventKind.UNDONE && event.move) {
        const { fromPoint, toPoint } = event.move;
        for (let at = this.moves.length - 1; at >= 0; at--) {
          if (this.moves[at].fromPoint !== fromPoint || this.moves[at].toPoint !== toPoint) continue;
          this.moves.splice(at, 1);
          break;
        }
        continue;
      }
      out.push(...this.flush());
      const line = this.describe(event);
      if (line) out.push(line);
    }
    return out;
  }

  private describe(event: Event): string | undefined {
    const player = event.player;
    switch (event.kind) {
      case EventKind.OPENING_TIE: return `Opening roll tied: ${dice(event)}`;
      case EventKind.OPENING_ROLL:
        this.rolled.set(player, dice(event));
        return `${this.does(player, "start")} with ${dice(event)}`;
      case EventKind.ROLLED:
        this.rolled.set(player, dice(event));
        return undefined; // told with the play
      case EventKind.TURN_PASSED: return `${this.who(player)} rolled ${dice(event) || this.rolled.get(player)}: no play`;
      case EventKind.AUTOMATIC_DOUBLE: return `Automatic double: the cube is on ${event.cubeValue}`;
      case EventKind.DOUBLED: return `${this.does(player, "double")} to ${event.cubeValue}`;
      case EventKind.BEAVERED: return `${this.does(player, "beaver")} to ${event.cubeValue}`;
      case EventKind.RACCOONED: return `${this.does(player, "raccoon")} to ${event.cubeValue}`;
      case EventKind.TOOK: return `${this.does(player, "take")}: the cube is on ${event.cubeValue}`;
      case EventKind.DROPPED: return `${this.does(player, "drop")}`;
      case EventKind.RESIGNED: return `${this.does(player, "resign")} (${ResultKind[event.resignKind].toLowerCase()})`;
      case EventKind.RESIGNATION_ACCEPTED: return `${this.does(player, "accept")} the resignation`;
      case EventKind.RESIGNATION_REJECTED: return `${this.does(player, "reject")} the resignation`;
      case EventKind.GAME_WON: {
        const points = event.outcome?.points ?? 0n;
        const kind = event.outcome && event.outcome.kind !== ResultKind.SINGLE ? ` (${ResultKind[event.outcome.kind].toLowerCase()})` : "";
        return `${this.who(player)} won ${points} point${points === 1n ? "" : "s"}${kind}`;
      }
      case EventKind.MATCH_WON: return `${this.who(player)} won the match`;
      default: return undefined;
    }
  }
}
