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
// opened again from the last event seen (`Table.watch`). The board is the bot
// page's (draw.ts), each tab from its own seat's side (Black's tab with Black
// at the near side); the log is its Narrator's, a line a turn in the usual
// notation from the mover's side. Moves are played by picking a whole play's
// button (the PLAYS view), so the board takes no clicks.
// Query parameters: gateway (default http://127.0.0.1:8080), match (the match
// length, default 3; 0 for money play), seed (seeded dice).
// The body's data-seat (white, black), data-phase (connecting, wait, act, over),
// data-events (events seen), data-version and data-sequence (the table's, as
// last read) say where the tab stands.
import {
  type Action,
  ActionKind,
  ActionsView,
  Color,
  CubeOwner,
  DiceSource,
  type Event,
  EventKind,
  EventSchema,
  type LogEntry,
  Phase,
  type Play,
  ResultKind,
  Table,
  type TableEvent,
  create,
  gammond,
  pipCounts,
} from "@gammond/client";
import { browserTransport } from "@gammond/client/web";
import { type BoardView, drawBoard } from "./draw.js";
import { Narrator } from "./narrate.js";

const params = new URLSearchParams(location.search);
const api = gammond(browserTransport(params.get("gateway") ?? "http://127.0.0.1:8080"));
const $ = (id: string) => document.getElementById(id) as HTMLElement;
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
// Both tabs tell the same story: the players by their colours, the same in either tab.
const NAMES = { [Color.WHITE]: "White", [Color.BLACK]: "Black" } as const;

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

// ---- the story: the stream's log entries told as the Narrator tells a game's events ----

// A table's events carry log entries (a roll, a whole play, a cube action),
// not a game's events: each is turned into the events the Narrator reads. The
// cube's value is followed here (the entries do not carry it) from the
// game's start, as the stream replays a table from its first event.
let narrator = new Narrator(NAMES);
let cube = 1n;
let offer = 1n;
// Who rolled last and has not played yet: a roll with no play after it passed.
let unplayed: Color | undefined;
// The last roll, drawn dimmed on its player's side until the other rolls.
let lastRoll: { player: Color; die1: number; die2: number } | undefined;

const gameEvent = (init: Parameters<typeof create<typeof EventSchema>>[1]): Event => create(EventSchema, init);

function eventsOf(entry: LogEntry): Event[] {
  const out: Event[] = [];
  const { player, dice } = entry;
  // The other player acting next (rolling or doubling) means the roll before had no play.
  if (unplayed !== undefined && player !== unplayed && entry.kind !== ActionKind.PLAY) {
    out.push(gameEvent({ kind: EventKind.TURN_PASSED, player: unplayed }));
    unplayed = undefined;
  }
  switch (entry.kind) {
    case ActionKind.ROLL:
      if (!dice) break;
      if (player === Color.UNSPECIFIED) {
        // The opening roll-off: die1 White's, die2 Black's; the higher plays both.
        if (dice.die1 === dice.die2) return [...out, gameEvent({ kind: EventKind.OPENING_TIE, dice })];
        unplayed = dice.die1 > dice.die2 ? Color.WHITE : Color.BLACK;
        out.push(gameEvent({ kind: EventKind.OPENING_ROLL, player: unplayed, dice }));
      } else {
        unplayed = player;
        out.push(gameEvent({ kind: EventKind.ROLLED, player, dice }));
      }
      lastRoll = { player: unplayed, die1: dice.die1, die2: dice.die2 };
      break;
    case ActionKind.PLAY:
      unplayed = undefined;
      for (const move of entry.moves) out.push(gameEvent({ kind: EventKind.MOVED, player, move }));
      out.push(gameEvent({ kind: EventKind.TURN_ENDED, player }));
      break;
    case ActionKind.DOUBLE:
      offer = cube * 2n;
      out.push(gameEvent({ kind: EventKind.DOUBLED, player, cubeValue: offer }));
      break;
    case ActionKind.BEAVER:
    case ActionKind.RACCOON:
      offer *= 2n;
      out.push(gameEvent({ kind: entry.kind === ActionKind.BEAVER ? EventKind.BEAVERED : EventKind.RACCOONED, player, cubeValue: offer }));
      break;
    case ActionKind.TAKE:
      cube = offer;
      out.push(gameEvent({ kind: EventKind.TOOK, player, cubeValue: cube }));
      break;
    case ActionKind.DROP:
      out.push(gameEvent({ kind: EventKind.DROPPED, player }));
      break;
    case ActionKind.RESIGN:
      out.push(gameEvent({ kind: EventKind.RESIGNED, player, resignKind: entry.resignKind }));
      break;
    case ActionKind.ACCEPT:
      out.push(gameEvent({ kind: EventKind.RESIGNATION_ACCEPTED, player }));
      break;
    case ActionKind.REJECT:
      out.push(gameEvent({ kind: EventKind.RESIGNATION_REJECTED, player }));
      break;
    default:
      break;
  }
  return out;
}

/** The log lines one event of the table's stream adds. */
function describe(tableEvent: TableEvent): string[] {
  const kind = tableEvent.kind;
  if (kind.case === "gameStarted") {
    narrator = new Narrator(NAMES);
    cube = offer = 1n;
    unplayed = undefined;
    lastRoll = undefined;
    return [`Game ${tableEvent.gameNumber} starts`];
  }
  if (kind.case === "gameOver") {
    const result = kind.value.result;
    unplayed = undefined;
    const points = result?.points ?? 0n;
    return [`Game ${tableEvent.gameNumber} over: ${colorName(result?.winner ?? Color.UNSPECIFIED)} wins ${points} point${points === 1n ? "" : "s"}`];
  }
  if (kind.case === "entry") return narrator.lines(eventsOf(kind.value));
  return [];
}

// ---- drawing ----

// The board fills the window: turned upright on a phone held upright (as the bot page's).
const upright = matchMedia("(orientation: portrait) and (max-width: 760px)");
upright.addEventListener("change", () => {
  if (table) draw();
});

function drawTable() {
  const game = table.state;
  const board = game?.boardNow ?? game?.board;
  if (!game || !board) return;
  // A spectator sees White's side.
  const me = table.seat === Color.BLACK ? Color.BLACK : Color.WHITE;
  const toAct = table.choices?.toAct ?? [];
  const turn = table.gameOver || toAct.length !== 1 ? undefined : toAct[0];
  const moving = game.phase === Phase.MOVING && !!game.dice?.die1;
  const result = game.result;
  const score = table.gameOver ? (game.scoreAfter ?? game.score) : game.score;
  let caption = "";
  if (table.gameOver && result) {
    caption = `${colorName(result.winner)} wins ${result.points} point${result.points === 1n ? "" : "s"}`;
  } else if (turn === me && game.phase === Phase.BEFORE_ROLL) {
    caption = "Your roll";
  } else if (turn !== undefined && turn !== me) {
    caption = `${colorName(turn)}'s turn`;
  }
  const view: BoardView = {
    board,
    perspective: me,
    portrait: upright.matches,
    names: NAMES,
    turn,
    dice: moving ? game.dice : undefined,
    diceLeft: moving ? table.choices?.diceLeft : undefined,
    lastRoll: !moving && !table.gameOver && lastRoll ? lastRoll : undefined,
    cube: !game.cube || game.rules?.cubeless ? undefined : { value: game.cube.value, owner: game.cube.owner, offeredBy: game.cube.pending?.offeredBy },
    score: { white: score?.whiteScore ?? 0n, black: score?.blackScore ?? 0n },
    matchLength: game.rules?.matchLength ?? 0,
    caption,
  };
  drawBoard($("board") as unknown as SVGSVGElement, view);

  // The same in words, for screen readers (the board is a picture).
  const [white, black] = pipCounts(board.points, board.whiteBar, board.blackBar);
  $("pips").textContent = `White ${white}, Black ${black}`;
  $("bar").textContent = `White ${board.whiteBar}, Black ${board.blackBar}; off: White ${board.whiteOff}, Black ${board.blackOff}`;
  const dice = game.dice;
  $("dice").textContent = dice && dice.die1 ? `${dice.die1}-${dice.die2}` : "-";
  const owner = !game.cube || game.cube.owner === CubeOwner.CENTERED || game.cube.owner === CubeOwner.UNSPECIFIED ? "centred" : game.cube.owner === CubeOwner.WHITE ? "White's" : "Black's";
  $("cube").textContent = game.cube ? `${game.cube.value}, ${owner}${game.cube.pending ? ", a double is on offer" : ""}` : "-";
  $("score").textContent = score ? `White ${score.whiteScore}, Black ${score.blackScore}` : "-";
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
    // Resigning is offered at each size: "Resign single", "Resign gammon", "Resign backgammon".
    const size = action.kind === ActionKind.RESIGN && action.resignKind ? ` ${ResultKind[action.resignKind].toLowerCase()}` : "";
    if (label) add(label + size, action.kind, () => table.act(action as Action));
  }
}

function draw() {
  const game = table.state;
  drawTable();
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
    for (const line of describe(event)) {
      const item = document.createElement("li");
      item.textContent = line;
      $("log").prepend(item);
    }
    if (!acting) {
      await table.refresh();
      draw();
    }
  }
  await table.refresh();
  draw();
}

main().catch((error: Error) => status(`Error: ${error.message}`, "error"));
