// The web board's "play a friend" mode (friend.html): two browser tabs (or two
// devices) at one table the server holds (TableService), over gRPC-Web through
// the gateway. The tab that opens friend.html with no table creates one, takes
// White's seat and shows a link carrying the table and Black's seat token in
// the URL's fragment (`#table=ID&seat=TOKEN`: a fragment never reaches a
// server's log); whoever opens the link sits as Black. Each tab acts with its
// own seat token, on the version it saw (`Table.act` sends expected_version),
// and draws from the table's WatchTable stream: each event (a roll, a play, a
// cube action, a game's start or end) is listed and the table read again
// (GetTable) to draw its board and what this seat may do. A dropped stream is
// opened again from the last event seen (`Table.watch`).
// Query parameters: gateway (default http://127.0.0.1:8080), match (the match
// length, default 3; 0 for money play), seed (seeded dice).
// The body's data-seat (white, black), data-phase (connecting, wait, act, over),
// data-events (events seen), data-version and data-sequence (the table's, as
// last read) say where the tab stands.
import {
  type Action,
  ActionKind,
  ActionsView,
  type Board,
  Color,
  DiceSource,
  type Play,
  Table,
  type TableEvent,
  gammond,
  pipCounts,
} from "@gammond/client";
import { browserTransport } from "@gammond/client/web";

const params = new URLSearchParams(location.search);
const api = gammond(browserTransport(params.get("gateway") ?? "http://127.0.0.1:8080"));
const $ = (id: string) => document.getElementById(id) as HTMLElement;
const SVG = "http://www.w3.org/2000/svg";
const KIND_TEXT: Partial<Record<ActionKind, string>> = {
  [ActionKind.ROLL]: "Roll",
  [ActionKind.DOUBLE]: "Double",
  [ActionKind.TAKE]: "Take",
  [ActionKind.DROP]: "Drop",
  [ActionKind.BEAVER]: "Beaver",
  [ActionKind.RACCOON]: "Raccoon",
  [ActionKind.RESIGN]: "Resign",
  [ActionKind.ACCEPT]: "Accept",
  [ActionKind.REJECT]: "Reject",
};
const colorName = (color: Color) => (color === Color.WHITE ? "White" : color === Color.BLACK ? "Black" : "Nobody");

let table: Table;
let events = 0;

function status(text: string, phase?: string) {
  $("status").textContent = text;
  if (phase) document.body.dataset.phase = phase;
}

/** The table from the fragment, or a new one (this tab then sits as White and invites Black). */
async function seat(): Promise<Table> {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const tableId = fragment.get("table");
  const token = fragment.get("seat");
  if (tableId && token) return new Table(api, tableId, token, ActionsView.PLAYS);
  const seed = params.get("seed");
  const created = await Table.create(api, {
    rules: { matchLength: Number(params.get("match") ?? "3") },
    ...(seed ? { diceSource: DiceSource.SEEDED, seed: new TextEncoder().encode(seed) } : {}),
  });
  // This tab's own seat goes in its address (a reload sits it again); the friend's in the link.
  history.replaceState(null, "", `#table=${created.tableId}&seat=${created.whiteToken}`);
  const invite = new URL(location.href);
  invite.hash = `table=${created.tableId}&seat=${created.blackToken}`;
  const link = $("invite") as HTMLAnchorElement;
  link.href = invite.href;
  link.textContent = invite.href;
  $("invitation").hidden = false;
  return new Table(api, created.tableId, created.whiteToken, ActionsView.PLAYS);
}

function drawBoard(board: Board | undefined) {
  const svg = $("board");
  svg.replaceChildren();
  if (!board) return;
  // Points 1..24 in White's numbering: 1-12 along the bottom (right to left), 13-24 along the top.
  board.points.forEach((count, i) => {
    const point = i + 1;
    const top = point > 12;
    const column = top ? point - 13 : 12 - point;
    const x = 20 + column * 55 + (column >= 6 ? 40 : 0);
    const group = document.createElementNS(SVG, "g");
    group.setAttribute("class", "point");
    group.dataset.point = String(point);
    const triangle = document.createElementNS(SVG, "polygon");
    const base = top ? 10 : 410;
    const tip = top ? 180 : 240;
    triangle.setAttribute("points", `${x},${base} ${x + 50},${base} ${x + 25},${tip}`);
    triangle.setAttribute("fill", point % 2 ? "#c8a165" : "#5a2d0c");
    group.append(triangle);
    for (let k = 0; k < Math.min(Math.abs(count), 5); k++) {
      const checker = document.createElementNS(SVG, "circle");
      checker.setAttribute("class", `checker ${count > 0 ? "white" : "black"}`);
      checker.setAttribute("cx", String(x + 25));
      checker.setAttribute("cy", String(top ? 33 + 46 * k : 387 - 46 * k));
      checker.setAttribute("r", "22");
      group.append(checker);
    }
    if (Math.abs(count) > 5) {
      const label = document.createElementNS(SVG, "text");
      label.setAttribute("class", "count");
      label.setAttribute("x", String(x + 18));
      label.setAttribute("y", String(top ? 210 : 220));
      label.textContent = String(Math.abs(count));
      group.append(label);
    }
    svg.append(group);
  });
  const [white, black] = pipCounts(board.points, board.whiteBar, board.blackBar);
  $("pips").textContent = `White ${white}, Black ${black}`;
  $("bar").textContent = `White ${board.whiteBar}, Black ${board.blackBar}; off: White ${board.whiteOff}, Black ${board.blackOff}`;
}

/** One button per thing this seat may do: each whole play (in notation) and each other action. */
function drawActions() {
  const box = $("actions");
  box.replaceChildren();
  if (table.seat === Color.UNSPECIFIED) return;
  const add = (label: string, kind: ActionKind, act: () => Promise<unknown>) => {
    const button = document.createElement("button");
    button.textContent = label;
    button.dataset.kind = ActionKind[kind];
    button.onclick = () => run(act);
    box.append(button);
  };
  // Between the games of a match either seat starts the next; nobody's turn.
  if (table.gameOver && !table.matchOver) add("Next game", ActionKind.UNSPECIFIED, () => table.nextGame());
  if (!table.myTurn) return;
  for (const play of table.choices?.plays ?? []) {
    add(play.notation || "(no move)", ActionKind.PLAY, () => table.act({ kind: ActionKind.PLAY, moves: (play as Play).moves }));
  }
  for (const action of table.actions()) {
    const label = KIND_TEXT[action.kind];
    if (label) add(label, action.kind, () => table.act(action as Action));
  }
}

function draw() {
  const game = table.state;
  drawBoard(game?.boardNow ?? game?.board);
  const dice = game?.dice;
  $("dice").textContent = dice && dice.die1 ? `${dice.die1}-${dice.die2}` : "-";
  $("score").textContent = game?.score ? `White ${game.score.whiteScore}, Black ${game.score.blackScore}` : "-";
  document.body.dataset.version = String(table.version);
  document.body.dataset.sequence = String(table.lastSequence);
  drawActions();
  const me = colorName(table.seat);
  if (table.matchOver) {
    const winner = game?.result?.winner;
    status(`Match over: ${colorName(winner ?? Color.UNSPECIFIED)} wins. You were ${me}.`, "over");
  } else if (table.gameOver) {
    const winner = game?.result?.winner;
    status(`Game over: ${colorName(winner ?? Color.UNSPECIFIED)} wins. You are ${me}: start the next game when ready.`, "act");
  } else if (table.myTurn) {
    status(`You are ${me}: your move.`, "act");
  } else {
    status(`You are ${me}: waiting for your friend.`, "wait");
  }
}

function describe(event: TableEvent): string {
  const kind = event.kind;
  if (kind.case === "gameStarted") return `Game ${event.gameNumber} starts`;
  if (kind.case === "gameOver") return `Game ${event.gameNumber} over: ${colorName(kind.value.result?.winner ?? Color.UNSPECIFIED)} wins`;
  if (kind.case === "entry") {
    const entry = kind.value;
    const dice = entry.dice ? ` ${entry.dice.die1}-${entry.dice.die2}` : "";
    // Each player's moves in their own numbering (the wire's is White's), as players write them.
    const own = (point: number) => (entry.player === Color.BLACK ? 25 - point : point);
    const name = (point: number) => (point === 25 ? "bar" : point === 0 ? "off" : String(point));
    const moves = entry.moves.map((m) => `${name(own(m.fromPoint))}/${name(own(m.toPoint))}`).join(" ");
    return `${colorName(entry.player)} ${ActionKind[entry.kind].toLowerCase()}${dice}${moves ? ` ${moves}` : ""}`;
  }
  return "";
}

let acting = false;
async function run(act: () => Promise<unknown>) {
  if (acting) return;
  acting = true;
  document.body.dataset.busy = "true";
  try {
    await act();
  } catch (error) {
    // E.g. stale (the friend acted first, or both started the next game): listed, then redrawn as the table is.
    const item = document.createElement("li");
    item.textContent = `Refused: ${(error as Error).message}`;
    $("log").prepend(item);
    await table.refresh();
  } finally {
    acting = false;
    document.body.dataset.busy = "false";
    draw();
  }
}

async function main() {
  table = await seat();
  document.body.dataset.table = table.tableId;
  await table.refresh();
  document.body.dataset.seat = colorName(table.seat).toLowerCase();
  draw();
  for await (const event of table.watch()) {
    events += 1;
    document.body.dataset.events = String(events);
    const item = document.createElement("li");
    item.textContent = describe(event);
    $("log").prepend(item);
    if (!acting) {
      await table.refresh();
      draw();
    }
  }
  await table.refresh();
  draw();
}

main().catch((error: Error) => status(`Error: ${error.message}`, "error"));
