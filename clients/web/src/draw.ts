// Drawing a board into an <svg>, from either side, landscape or portrait.
// Everything is laid out once in the board's own frame, "u" along its length
// (left rail with the cube, twelve points, the bar, the trays) and "v" across
// it (top frame with point numbers, the far player's points, the middle, the
// near player's points, bottom frame); `map` turns the frame into the
// screen: as is for a landscape window, turned a quarter clockwise for a
// phone held upright, so the board fills the screen either way. Shapes are
// mapped corner by corner; dice, cube and text stay upright. The page passes
// the game (`BoardView`) and who sits at the bottom (`perspective`); the
// friend mode draws the same board from Black's side. Pure drawing: no calls.
import { Color, CubeOwner } from "@gammond/client";

/** The checkers on the board, White's numbering: positive White's, negative Black's. */
export interface Checkers {
  points: number[];
  whiteBar: number;
  blackBar: number;
  whiteOff: number;
  blackOff: number;
}

export interface BoardView {
  board: Checkers;
  /** Who sits at the near side, points numbered from their side. */
  perspective: Color;
  /** Turned for a phone held upright. */
  portrait: boolean;
  names: Record<Color.WHITE | Color.BLACK, string>;
  /** Who acts now (rolls, moves or answers); unset when nobody does. */
  turn?: Color;
  /** The dice rolled this turn, and those still to play. */
  dice?: { die1: number; die2: number };
  diceLeft?: number[];
  /** The other player's last roll, drawn dimmed on their side while there are no dice: what they just played. */
  lastRoll?: { player: Color; die1: number; die2: number };
  /** Cube value, owner, and the player offering a double (pending). */
  cube?: { value: bigint; owner: CubeOwner; offeredBy?: Color };
  score: { white: bigint; black: bigint };
  /** 0 for money play. */
  matchLength: number;
  /** Points (White's numbering; 25 White's bar, 0 Black's bar) whose checkers may move, the one picked, and where it may go ("off" as off). */
  movable?: Set<number>;
  selected?: number;
  targets?: Set<number | "off">;
  /** A word in the middle of the near or far half when there are no dice: "Roll or double". */
  caption?: string;
}

/** Checkers drawn on one point at most; more show the count on the last one drawn. */
export const STACK_CAP = 5;

/** How a stack of `count` checkers is drawn: `drawn` of them, the last labelled with the count when some are not drawn. */
export function stack(count: number, cap = STACK_CAP): { drawn: number; label?: string } {
  if (count <= cap) return { drawn: Math.max(0, count) };
  return { drawn: cap, label: String(count) };
}

// ---- the frame (landscape units) ----
const P = 50; // a point's width
const R = 20; // a checker's radius: five fill a point's length
const LEFT = 64; // the left rail: the cube
const Q1 = LEFT; // the far-left quarter starts
const BAR = Q1 + 6 * P; // the bar
const BAR_W = 56;
const Q2 = BAR + BAR_W; // the near-right quarter (home) starts
const TRAY = Q2 + 6 * P + 10; // the trays
const TRAY_W = 100;
const L = TRAY + TRAY_W + 12; // the length
const EDGE = 26; // the frame above and below the points: their numbers
const DEPTH = 2 * R * STACK_CAP; // a point's length: five checkers
const MID = EDGE + DEPTH + 40; // the middle across
const D = 2 * MID; // the depth
const OFF_SLAB = 7; // a borne-off checker, seen edge on: fifteen and their count clear the plate

export function viewBox(portrait: boolean): string {
  return portrait ? `0 0 ${D} ${L}` : `0 0 ${L} ${D}`;
}

const SVG = "http://www.w3.org/2000/svg";

class Pen {
  constructor(private readonly portrait: boolean) {}
  map(u: number, v: number): [number, number] {
    return this.portrait ? [D - v, u] : [u, v];
  }
  el(name: string, attrs: Record<string, string | number>, parent: Element): SVGElement {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
    parent.appendChild(node);
    return node;
  }
  rect(u0: number, v0: number, u1: number, v1: number, attrs: Record<string, string | number>, parent: Element): SVGElement {
    const [x0, y0] = this.map(u0, v0);
    const [x1, y1] = this.map(u1, v1);
    return this.el("rect", { x: Math.min(x0, x1), y: Math.min(y0, y1), width: Math.abs(x1 - x0), height: Math.abs(y1 - y0), ...attrs }, parent);
  }
  polygon(corners: [number, number][], attrs: Record<string, string | number>, parent: Element): SVGElement {
    return this.el("polygon", { points: corners.map(([u, v]) => this.map(u, v).join(",")).join(" "), ...attrs }, parent);
  }
  circle(u: number, v: number, r: number, attrs: Record<string, string | number>, parent: Element): SVGElement {
    const [cx, cy] = this.map(u, v);
    return this.el("circle", { cx, cy, r, ...attrs }, parent);
  }
  text(u: number, v: number, content: string, attrs: Record<string, string | number>, parent: Element, dy = 0): SVGElement {
    const [x, y] = this.map(u, v);
    const node = this.el("text", { x, y: y + dy, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, parent);
    node.textContent = content;
    return node;
  }
}

// A point in the near player's numbering (1..24) to its place: 13..24 along the far side, 12..1 along the near side.
function pointU(display: number): number {
  const index = display >= 13 ? display - 13 : 12 - display;
  return (index < 6 ? Q1 + P * index : Q2 + P * (index - 6)) + P / 2;
}

const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

function die(pen: Pen, u: number, v: number, value: number, color: "white" | "black", used: boolean, parent: Element): void {
  const [x, y] = pen.map(u, v);
  const size = 40;
  const g = pen.el("g", { class: `die ${color}${used ? " used" : ""}`, "data-value": value }, parent);
  pen.el("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 7 }, g);
  for (const [dx, dy] of PIPS[value] ?? []) pen.el("circle", { class: "pip", cx: x + dx * 10, cy: y + dy * 10, r: 4 }, g);
}

function pips(board: Checkers): [number, number] {
  let white = 25 * board.whiteBar;
  let black = 25 * board.blackBar;
  board.points.forEach((n, i) => {
    if (n > 0) white += n * (i + 1);
    if (n < 0) black += -n * (24 - i);
  });
  return [white, black];
}

/** Draws the board, the dice, the cube, both players' plates (name, score, pips, off) and whose turn it is. */
export function drawBoard(svg: SVGSVGElement, view: BoardView): void {
  const pen = new Pen(view.portrait);
  svg.setAttribute("viewBox", viewBox(view.portrait));
  svg.dataset.layout = view.portrait ? "portrait" : "landscape";
  svg.replaceChildren();
  const near = view.perspective === Color.BLACK ? Color.BLACK : Color.WHITE;
  const far = near === Color.WHITE ? Color.BLACK : Color.WHITE;
  const colorName = (c: Color) => (c === Color.WHITE ? "white" : "black");
  const display = (n: number) => (near === Color.WHITE ? n : 25 - n);
  const { board } = view;
  const movable = view.movable ?? new Set<number>();
  const targets = view.targets ?? new Set<number | "off">();

  pen.rect(0, 0, L, D, { class: "frame", rx: 10 }, svg);
  pen.rect(Q1, EDGE, BAR, D - EDGE, { class: "field" }, svg);
  pen.rect(Q2, EDGE, Q2 + 6 * P, D - EDGE, { class: "field" }, svg);

  for (let n = 1; n <= 24; n++) {
    const d = display(n);
    const farSide = d >= 13;
    const u = pointU(d);
    const base = farSide ? EDGE : D - EDGE;
    const tip = farSide ? EDGE + DEPTH : D - EDGE - DEPTH;
    const classes = ["point", d % 2 ? "odd" : "even"];
    if (movable.has(n)) classes.push("movable");
    if (view.selected === n) classes.push("selected");
    if (targets.has(n)) classes.push("target");
    const g = pen.el("g", { class: classes.join(" "), "data-point": n }, svg);
    pen.rect(u - P / 2, base, u + P / 2, MID, { class: "hit-area" }, g);
    pen.polygon([[u - P / 2, base], [u + P / 2, base], [u, tip]], { class: "triangle" }, g);
    const count = board.points[n - 1] ?? 0;
    const { drawn, label } = stack(Math.abs(count));
    for (let i = 0; i < drawn; i++) {
      const v = farSide ? EDGE + R + 2 * R * i : D - EDGE - R - 2 * R * i;
      pen.circle(u, v, R - 1, { class: `checker ${count > 0 ? "white" : "black"}` }, g);
      if (label && i === drawn - 1) pen.text(u, v, label, { class: `stack-count ${count > 0 ? "on-white" : "on-black"}` }, g);
    }
    // Numbers in the frame, where no stack can cover them.
    pen.text(u, farSide ? EDGE / 2 : D - EDGE / 2, String(d), { class: "point-number" }, svg);
  }

  // The bar: each player's checkers wait on the far side of the middle from their home, as they enter there.
  const barCount = (c: Color) => (c === Color.WHITE ? board.whiteBar : board.blackBar);
  pen.rect(BAR, 0, BAR + BAR_W, D, { class: "bar" }, svg);
  for (const c of [near, far]) {
    const point = c === Color.WHITE ? 25 : 0;
    const classes = ["zone", "bar-zone", movable.has(point) ? "movable" : "", view.selected === point ? "selected" : ""];
    const g = pen.el("g", { class: classes.join(" ").trim(), "data-point": point }, svg);
    const up = c === near; // the near player's wait above the middle
    pen.rect(BAR, up ? EDGE : MID, BAR + BAR_W, up ? MID : D - EDGE, { class: "hit-area" }, g);
    const { drawn, label } = stack(barCount(c), 4);
    for (let i = 0; i < drawn; i++) {
      const v = up ? MID - 30 - 2 * R * i : MID + 30 + 2 * R * i;
      pen.circle(BAR + BAR_W / 2, v, R - 1, { class: `checker ${colorName(c)}` }, g);
      if (label && i === drawn - 1) pen.text(BAR + BAR_W / 2, v, label, { class: `stack-count on-${colorName(c)}` }, g);
    }
  }

  // The trays: the near player's below, the far one's above; a plate for each player inside.
  const [whitePips, blackPips] = pips(board);
  for (const c of [near, far]) {
    const atNear = c === near;
    const v0 = atNear ? D - EDGE : EDGE;
    const v1 = atNear ? MID + 24 : MID - 24;
    // Only the near tray takes clicks: the near player bears off there.
    const g = pen.el("g", { class: `zone tray${atNear && targets.has("off") ? " target" : ""}`, ...(atNear ? { "data-point": "off" } : {}) }, svg);
    pen.rect(TRAY, v0, TRAY + TRAY_W, v1, { class: "tray-box", rx: 4 }, g);
    const off = c === Color.WHITE ? board.whiteOff : board.blackOff;
    for (let i = 0; i < off; i++) {
      const vs = atNear ? v0 - 3 - OFF_SLAB * (i + 1) : v0 + 3 + OFF_SLAB * i;
      pen.rect(TRAY + 10, vs, TRAY + TRAY_W - 10, vs + OFF_SLAB - 1, { class: `slab ${colorName(c)}`, rx: 2 }, g);
    }
    // How many are off, past the last one.
    if (off > 0) pen.text(TRAY + TRAY_W / 2, atNear ? v0 - 14 - OFF_SLAB * off : v0 + 14 + OFF_SLAB * off, `${off} off`, { class: "off-count" }, g);
    // The plate: name and score, pips, on the tray's inner part, upright on screen.
    const plateV = atNear ? MID + 74 : MID - 74;
    const score = c === Color.WHITE ? view.score.white : view.score.black;
    const turn = view.turn === c;
    const plate = pen.el("g", { class: `plate ${colorName(c)}${turn ? " on-turn" : ""}`, "data-player": colorName(c) }, svg);
    const [px, py] = pen.map(TRAY + TRAY_W / 2, plateV);
    pen.el("rect", { class: "plate-box", x: px - 46, y: py - 34, width: 92, height: 68, rx: 6 }, plate);
    pen.el("circle", { class: `checker ${colorName(c)}`, cx: px - 32, cy: py - 18, r: 8 }, plate);
    const name = pen.el("text", { class: "plate-name", x: px - 20, y: py - 17, "dominant-baseline": "central" }, plate);
    name.textContent = view.names[c === Color.WHITE ? Color.WHITE : Color.BLACK];
    const points = pen.el("text", { class: "plate-score", x: px, y: py + 4, "text-anchor": "middle", "dominant-baseline": "central" }, plate);
    points.textContent = `${score} pt${score === 1n ? "" : "s"}`;
    const pipText = pen.el("text", { class: "plate-pips", x: px, y: py + 22, "text-anchor": "middle", "dominant-baseline": "central" }, plate);
    pipText.textContent = `${c === Color.WHITE ? whitePips : blackPips} pips`;
  }
  // Between the trays, in two short lines (the gap is narrow either way up).
  const [first, second] = view.matchLength > 0 ? ["match", `to ${view.matchLength}`] : ["money", "game"];
  pen.text(TRAY + TRAY_W / 2, MID, first, { class: "match" }, svg, -8);
  pen.text(TRAY + TRAY_W / 2, MID, second, { class: "match" }, svg, 8);

  // The cube on the left rail: in the middle while centred, at its owner's side once taken; an offer in the middle of the doubled player's half.
  if (view.cube) {
    const { value, owner, offeredBy } = view.cube;
    let u = LEFT / 2;
    let v = MID;
    let shown = value;
    if (offeredBy !== undefined) {
      u = offeredBy === near ? Q1 + 3 * P : Q2 + 3 * P;
      shown = value * 2n;
    } else if (owner === CubeOwner.WHITE || owner === CubeOwner.BLACK) {
      const ownerColor = owner === CubeOwner.WHITE ? Color.WHITE : Color.BLACK;
      v = ownerColor === near ? D - EDGE - 30 : EDGE + 30;
    }
    const [x, y] = pen.map(u, v);
    const g = pen.el("g", { class: `cube${offeredBy !== undefined ? " offered" : ""}`, "data-value": String(shown) }, svg);
    pen.el("rect", { x: x - 22, y: y - 22, width: 44, height: 44, rx: 6 }, g);
    const t = pen.el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central" }, g);
    t.textContent = String(shown === 1n ? 64 : shown); // a centred cube on 1 shows 64, as on a real board
  }

  // Dice in the mover's half, used ones dimmed; without dice, a caption there.
  const moverHalf = (c: Color | undefined) => (c === far ? Q1 + 3 * P : Q2 + 3 * P);
  if (view.dice && view.dice.die1 > 0) {
    const { die1, die2 } = view.dice;
    const left = [...(view.diceLeft ?? [die1, die2])];
    const c = view.turn ?? near;
    const half = moverHalf(c);
    const usedFirst = die1 === die2 ? left.length < 2 : !left.includes(die1);
    const usedSecond = die1 === die2 ? left.length === 0 : !left.includes(die2);
    die(pen, half - 26, MID, die1, colorName(c), usedFirst, svg);
    die(pen, half + 26, MID, die2, colorName(c), usedSecond, svg);
    if (die1 === die2 && left.length > 0) pen.text(half + 62, MID, `×${left.length}`, { class: "dice-left" }, svg);
  } else {
    if (view.lastRoll && view.lastRoll.die1 > 0 && view.lastRoll.player !== view.turn) {
      const { player, die1, die2 } = view.lastRoll;
      const half = moverHalf(player);
      die(pen, half - 26, MID, die1, colorName(player), true, svg);
      die(pen, half + 26, MID, die2, colorName(player), true, svg);
    }
    if (view.caption) pen.text(moverHalf(view.turn), MID, view.caption, { class: "caption" }, svg);
  }
}
