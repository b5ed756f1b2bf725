// The web board: you (White) against gammond's bot (Black) through the game
// protocol (PlayService) over gRPC-Web, through the gateway, the lean way. The
// page keeps the `Game` message (a lean one: constant size, its log's digest
// instead of the log) and sends it back with every call, as small as the
// server takes it: a sealed Game's `seal` alone, an unsealed one without its
// output-only `board_now` and `score_after` (`sendable`); it draws from the
// whole Game the last answer gave. The server keeps nothing.
// Every answer (NewGame, Act) carries its `choices`, in the MOVES view: what
// you may do now, so no ListActions follows an action. Their MOVE actions
// light the points a picked checker may reach, and the buttons follow their
// ROLL, DOUBLE, TAKE, DROP, RESIGN, UNDO and CONFIRM actions. The bot replies
// in the same call as your action (Act's `bot_reply`: its actions in
// `bot_actions`, its events after yours); BotAct is called only when an
// answer leaves you nothing to do. The log entries the answers report
// (`logged`) are kept, the game's record; the body's data-calls and
// data-bytes count this game's calls and their protobuf bytes.
// Query parameters: gateway (default http://127.0.0.1:8080), seed (seeded
// dice, a reproducible game), level (beginner ... world_class).
import {
  type Action,
  ActionKind,
  ActionsView,
  type Board,
  BotLevel,
  Color,
  CubeOwner,
  DiceSource,
  type Event,
  EventKind,
  type Game,
  GameForm,
  type ListActionsResponse,
  type LogEntry,
  Phase,
  ResultKind,
  Traffic,
  gammond,
  pipCounts,
  sendable,
} from "@gammond/client";
import { browserTransport } from "@gammond/client/web";

type View = "loading" | "roll" | "move" | "answer" | "resignation" | "bot" | "over";

const params = new URLSearchParams(location.search);
const traffic = new Traffic();
const api = gammond(browserTransport(params.get("gateway") ?? "http://127.0.0.1:8080", { interceptors: [traffic.interceptor] }));
// A board moves one checker at a time: MOVE, UNDO and CONFIRM, no whole plays.
const VIEW = ActionsView.MOVES;
const seed = params.get("seed");
const level = BotLevel[(params.get("level") ?? "intermediate").toUpperCase() as keyof typeof BotLevel] ?? BotLevel.INTERMEDIATE;

const STARTING_POINTS = [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2];
const WHITE_BAR = 25; // White enters from point 25 and bears off to 0
const WHITE_OFF = 0;
const MAX_BOT_CALLS = 50; // BotAct (rarely needed: the bot replies within Act) acts until White must act

let game: Game | undefined; // the whole Game of the last answer: drawn from; `sendable(game)` goes back
let listing: ListActionsResponse | undefined;
let logged: LogEntry[] = []; // this game's log, entry by entry: with the lean Game, its record
let selected: number | undefined;
let view: View = "loading";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const buttons = ["roll", "double", "take", "drop", "accept", "reject", "undo", "done", "resign", "new-game"] as const;

function mine(): Action[] {
  return (listing?.actions ?? []).filter((a) => a.player === Color.WHITE);
}

function find(kind: ActionKind): Action | undefined {
  return mine().find((a) => a.kind === kind && (kind !== ActionKind.RESIGN || a.resignKind === ResultKind.SINGLE));
}

function who(color: Color): string {
  return color === Color.WHITE ? "You" : "The bot";
}

function describe(event: Event): string | undefined {
  const dice = event.dice ? `${event.dice.die1}-${event.dice.die2}` : "";
  const move = event.move ? `${event.move.fromPoint}/${event.move.toPoint}${event.move.hit ? "*" : ""}` : "";
  switch (event.kind) {
    case EventKind.OPENING_TIE: return `Opening roll tied: ${dice}`;
    case EventKind.OPENING_ROLL: return `${who(event.player)} start${event.player === Color.WHITE ? "" : "s"} with ${dice}`;
    case EventKind.ROLLED: return `${who(event.player)} rolled ${dice}`;
    case EventKind.TURN_PASSED: return `${who(event.player)} cannot move`;
    case EventKind.MOVED: return event.player === Color.BLACK ? `The bot moves ${move}` : undefined;
    case EventKind.DOUBLED: return `${who(event.player)} doubled to ${event.cubeValue}`;
    case EventKind.TOOK: return `${who(event.player)} took`;
    case EventKind.DROPPED: return `${who(event.player)} dropped`;
    case EventKind.RESIGNED: return `${who(event.player)} resigned (${ResultKind[event.resignKind].toLowerCase()})`;
    case EventKind.RESIGNATION_ACCEPTED: return `${who(event.player)} accepted the resignation`;
    case EventKind.RESIGNATION_REJECTED: return `${who(event.player)} rejected the resignation`;
    case EventKind.GAME_WON: {
      const points = event.outcome?.points ?? 0n;
      return `${who(event.player)} won ${points} point${points === 1n ? "" : "s"}`;
    }
    default: return undefined;
  }
}

function log(events: Event[]): void {
  for (const event of events) {
    const line = describe(event);
    if (!line) continue;
    const item = document.createElement("li");
    item.textContent = line;
    $("log").prepend(item);
  }
}

function viewOf(current: Game, actions: ListActionsResponse): View {
  if (current.phase === Phase.GAME_OVER || current.phase === Phase.MATCH_OVER) return "over";
  if (!actions.toAct.includes(Color.WHITE)) return "bot";
  switch (current.phase) {
    case Phase.MOVING: return "move";
    case Phase.CUBE_OFFERED: return "answer";
    case Phase.RESIGNATION_OFFERED: return "resignation";
    default: return "roll";
  }
}

function count(): void {
  const { calls, bytes } = traffic.total();
  document.body.dataset.calls = String(calls);
  document.body.dataset.bytes = String(bytes);
}

interface Answer {
  game?: Game;
  events?: Event[];
  choices?: ListActionsResponse;
  logged?: LogEntry[];
}

// After every answer: its choices say what may be done; should the bot still
// have to act (its reply came in the Act answer, so this is rare), BotAct.
async function advance(answer: Answer): Promise<void> {
  for (let calls = 0; ; calls++) {
    game = answer.game!;
    selected = undefined;
    log(answer.events ?? []);
    // A full Game carries its log; a lean one its digest, the entries coming in `logged`.
    logged = game.log.length > 0 ? [...game.log] : [...logged, ...(answer.logged ?? [])];
    // A server without the lean flow answers no choices: ask, as before.
    listing = answer.choices ?? (await api.play.listActions({ game: sendable(game), view: VIEW }));
    view = viewOf(game, listing);
    count();
    if (view !== "bot") return;
    if (calls >= MAX_BOT_CALLS) throw new Error("the bot did not hand the turn back");
    render();
    answer = await api.play.botAct({ game: sendable(game), level, player: Color.BLACK, view: VIEW });
  }
}

// Your action, and the bot's reply to it (its turn, its answer to your double
// or resignation) in the same call.
async function act(action: Action): Promise<void> {
  await advance(await api.play.act({ game: sendable(game!), action, view: VIEW, botReply: level }));
}

async function newGame(): Promise<void> {
  traffic.reset();
  logged = [];
  // The next game keeps the previous one's form (lean).
  const answer = game
    ? await api.play.newGame({ previous: sendable(game), view: VIEW })
    : await api.play.newGame({
        form: GameForm.LEAN,
        view: VIEW,
        ...(seed === null ? {} : { diceSource: DiceSource.SEEDED, seed: new TextEncoder().encode(seed) }),
      });
  await advance(answer);
}

async function pick(point: number): Promise<void> {
  const moves = mine().filter((a) => a.kind === ActionKind.MOVE);
  if (selected !== undefined) {
    const move = moves.find((a) => a.move?.fromPoint === selected && a.move?.toPoint === point);
    if (move) return act(move);
  }
  const movable = moves.some((a) => a.move?.fromPoint === point);
  selected = movable && selected !== point ? point : undefined;
}

async function press(kind: ActionKind): Promise<void> {
  const action = find(kind);
  if (action) await act(action);
}

// ---- drawing ----

const SVG = "http://www.w3.org/2000/svg";
function el(name: string, attrs: Record<string, string | number>, parent: Element): SVGElement {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  parent.appendChild(node);
  return node;
}

function pointX(n: number): number {
  const index = n >= 13 ? n - 13 : 12 - n; // 13..24 along the top, 12..1 along the bottom
  return 40 + 50 * index + (index >= 6 ? 60 : 0);
}

function checkers(parent: Element, x: number, top: boolean, count: number, color: "white" | "black", y0 = top ? 32 : 388): void {
  for (let i = 0; i < Math.min(count, 5); i++) {
    el("circle", { class: `checker ${color}`, cx: x + 25, cy: top ? y0 + 42 * i : y0 - 42 * i, r: 20 }, parent);
  }
  if (count > 5) {
    const label = el("text", { class: "count", x: x + 20, y: top ? y0 + 4 * 42 + 5 : y0 - 4 * 42 + 5, fill: color === "white" ? "#222" : "#eee" }, parent);
    label.textContent = String(count);
  }
}

function render(): void {
  // While moving, the board after the moves made so far: the answer's Game has
  // it (`board_now`; a server may list it in the choices instead).
  const board: Pick<Board, "points" | "whiteBar" | "blackBar" | "whiteOff" | "blackOff"> =
    (view === "move" ? (game?.boardNow ?? listing?.boardNow) : undefined) ??
    game?.board ?? { points: STARTING_POINTS, whiteBar: 0, blackBar: 0, whiteOff: 0, blackOff: 0 };
  const svg = $("board") as unknown as SVGSVGElement;
  svg.replaceChildren();
  const moving = view === "move";
  const moves = moving ? mine().filter((a) => a.kind === ActionKind.MOVE) : [];
  const froms = new Set(moves.map((a) => a.move!.fromPoint));
  const targets = new Set(moves.filter((a) => a.move!.fromPoint === selected).map((a) => a.move!.toPoint));
  for (let n = 1; n <= 24; n++) {
    const top = n >= 13;
    const x = pointX(n);
    const classes = ["point"];
    if (froms.has(n)) classes.push("movable");
    if (selected === n) classes.push("selected");
    if (targets.has(n)) classes.push("target");
    const g = el("g", { class: classes.join(" "), "data-point": n }, svg);
    const tip = top ? 190 : 230;
    const base = top ? 10 : 410;
    el("polygon", { points: `${x},${base} ${x + 50},${base} ${x + 25},${tip}`, fill: n % 2 ? "#c9a26b" : "#5c2e0e" }, g);
    el("rect", { x, y: top ? 10 : 230, width: 50, height: 180, fill: "transparent" }, g);
    const count = board.points[n - 1] ?? 0;
    if (count !== 0) checkers(g, x, top, Math.abs(count), count > 0 ? "white" : "black");
    const label = el("text", { x: x + 18, y: top ? 205 : 222, "font-size": 11, fill: "#f4efe6" }, svg);
    label.textContent = String(n);
  }
  // The bar: White's checkers wait on the upper half (they enter on 19..24), Black's on the lower.
  const barClasses = ["zone", froms.has(WHITE_BAR) ? "movable" : "", selected === WHITE_BAR ? "selected" : ""];
  const bar = el("g", { class: barClasses.join(" ").trim(), "data-point": WHITE_BAR }, svg);
  el("rect", { x: 340, y: 10, width: 60, height: 400, fill: "#4a2c14" }, bar);
  checkers(bar, 345, true, board.whiteBar, "white", 60);
  checkers(bar, 345, false, board.blackBar, "black", 360);
  // The trays: White bears off on the lower right (past point 1), Black on the upper right.
  const off = el("g", { class: `zone${targets.has(WHITE_OFF) ? " target" : ""}`, "data-point": "off" }, svg);
  el("rect", { x: 705, y: 230, width: 50, height: 180, fill: "#3b2412" }, off);
  el("rect", { x: 705, y: 10, width: 50, height: 180, fill: "#3b2412" }, svg);
  const whiteOff = el("text", { x: 712, y: 400, fill: "#fff", class: "count" }, off);
  whiteOff.textContent = `${board.whiteOff} off`;
  const blackOff = el("text", { x: 712, y: 30, fill: "#fff", class: "count" }, svg);
  blackOff.textContent = `${board.blackOff} off`;

  const [whitePips, blackPips] = pipCounts(board.points, board.whiteBar, board.blackBar);
  $("pips").textContent = `you ${whitePips}, bot ${blackPips}`;
  const dice = game?.dice;
  const left = moving && listing ? ` (to play: ${listing.diceLeft.join(", ") || "none"})` : "";
  $("dice").textContent = dice && dice.die1 ? `${dice.die1}-${dice.die2}${left}` : "-";
  const cube = game?.cube;
  const owner = !cube || cube.owner === CubeOwner.CENTERED || cube.owner === CubeOwner.UNSPECIFIED ? "centred" : cube.owner === CubeOwner.WHITE ? "yours" : "the bot's";
  $("cube").textContent = cube ? `${cube.value}, ${owner}${cube.pending ? ", a double is on offer" : ""}` : "-";
  const score = view === "over" ? game?.scoreAfter : game?.score;
  $("score").textContent = `you ${score?.whiteScore ?? 0n}, bot ${score?.blackScore ?? 0n} (game ${game?.gameNumber ?? 1})`;
  const result = game?.result;
  const status: Record<View, string> = {
    loading: "Starting...",
    roll: "Your turn: roll, or double",
    move: find(ActionKind.CONFIRM) ? "Press Done to end your turn, or Undo" : "Pick a checker, then a lit point",
    answer: "The bot doubles: take or drop",
    resignation: "The bot resigns: accept or reject",
    bot: "The bot is thinking...",
    over: result ? `Game over: ${result.winner === Color.WHITE ? "you win" : "the bot wins"} ${result.points} point${result.points === 1n ? "" : "s"}` : "Game over",
  };
  $("status").textContent = status[view];
  document.body.dataset.phase = view;
}

function enable(busy: boolean): void {
  const on: Record<(typeof buttons)[number], boolean> = {
    roll: !!find(ActionKind.ROLL),
    double: !!find(ActionKind.DOUBLE),
    take: !!find(ActionKind.TAKE),
    drop: !!find(ActionKind.DROP),
    accept: !!find(ActionKind.ACCEPT),
    reject: !!find(ActionKind.REJECT),
    undo: !!find(ActionKind.UNDO),
    done: !!find(ActionKind.CONFIRM),
    resign: !!find(ActionKind.RESIGN),
    "new-game": view === "over",
  };
  for (const id of buttons) {
    const button = $(id) as HTMLButtonElement;
    button.disabled = busy || !on[id];
    if (id === "accept" || id === "reject") button.hidden = !on[id];
  }
  document.body.dataset.busy = String(busy);
}

// One step at a time: the buttons are off while a call is in flight.
let running = false;
async function step(work: () => Promise<void>): Promise<void> {
  if (running) return;
  running = true;
  enable(true);
  try {
    await work();
  } catch (error) {
    const item = document.createElement("li");
    item.textContent = `Error: ${error instanceof Error ? error.message : String(error)}`;
    $("log").prepend(item);
  } finally {
    running = false;
    render();
    enable(false);
  }
}

const pressing: Record<string, ActionKind> = {
  roll: ActionKind.ROLL,
  double: ActionKind.DOUBLE,
  take: ActionKind.TAKE,
  drop: ActionKind.DROP,
  accept: ActionKind.ACCEPT,
  reject: ActionKind.REJECT,
  undo: ActionKind.UNDO,
  done: ActionKind.CONFIRM,
  resign: ActionKind.RESIGN,
};
for (const [id, kind] of Object.entries(pressing)) $(id).addEventListener("click", () => step(() => press(kind)));
$("new-game").addEventListener("click", () => step(newGame));
$("board").addEventListener("click", (event) => {
  if (view !== "move") return;
  const target = (event.target as Element).closest("[data-point]");
  if (!target) return;
  const raw = target.getAttribute("data-point")!;
  void step(() => pick(raw === "off" ? WHITE_OFF : Number(raw)));
});

render();
void step(newGame);
