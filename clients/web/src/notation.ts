// Moves in the usual notation, from the mover's own side: "8/5 6/5",
// "bar/22*", "6/off", "13/7(2)", "13/7*/5", as the server writes a play's
// `notation` (gammond/engine/notation.py: the same joining and counting).
// The game's checker moves are in White's numbering (docs/api.md): White's
// bar is 25 and off is 0; Black's bar is 0 and off is 25, its point n being
// its own 25 - n. So the bot's bear-off 23 -> 25 reads "2/off", never "23/25".
// Pure functions, no DOM: the page's log and its tests share them.

/** A checker move as the game gives it (White's numbering). */
export interface Hop {
  fromPoint: number;
  toPoint: number;
  hit?: boolean;
}

/** A point in the mover's own numbering: 1..24, 25 the bar, 0 off. */
export function moverPoint(point: number, black: boolean): number {
  return black ? 25 - point : point;
}

function pointName(point: number): string {
  return point === 25 ? "bar" : point === 0 ? "off" : String(point);
}

// One checker's path: [point, hit there] from where it starts to where it stops.
type Chain = [number, boolean][];

function chains(hops: Hop[]): Chain[] {
  const found: Chain[] = [];
  for (const hop of hops) {
    const chain = found.find((c) => c[c.length - 1][0] === hop.fromPoint && hop.fromPoint !== 0);
    if (chain) chain.push([hop.toPoint, !!hop.hit]);
    else found.push([[hop.fromPoint, false], [hop.toPoint, !!hop.hit]]);
  }
  return found;
}

// A path names its ends and only the stops where it hits: "13/7*/5".
function formatChain(chain: Chain): string {
  const parts = [pointName(chain[0][0])];
  chain.slice(1).forEach(([point, hit], i) => {
    if (hit || i === chain.length - 2) parts.push(pointName(point) + (hit ? "*" : ""));
  });
  return parts.join("/");
}

/**
 * A play's moves in the usual notation from the mover's side; "(no play)"
 * when there are none. `black`: the moves are Black's (in White's numbering).
 *
 *   formatMoves([{ fromPoint: 23, toPoint: 25 }], true) === "2/off"
 *   formatMoves([{ fromPoint: 13, toPoint: 7 }, { fromPoint: 13, toPoint: 7 }], false) === "13/7(2)"
 */
export function formatMoves(hops: Hop[], black: boolean): string {
  if (hops.length === 0) return "(no play)";
  const own = hops.map((h) => ({ fromPoint: moverPoint(h.fromPoint, black), toPoint: moverPoint(h.toPoint, black), hit: !!h.hit }));
  const sorted = chains(own).sort((a, b) => b[0][0] - a[0][0] || b[b.length - 1][0] - a[a.length - 1][0]);
  const counts = new Map<string, number>();
  for (const chain of sorted) {
    const text = formatChain(chain);
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return [...counts].map(([text, n]) => (n === 1 ? text : `${text}(${n})`)).join(" ");
}
