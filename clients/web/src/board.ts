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
import { type BoardView, drawBoard } from "./draw.js";
import { Narrator } from "./narrate.js";

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

// The log: a line a turn, each play from the mover's side ("The bot plays 6-4: 24/18 13/9").
const NAMES = { [Color.WHITE]: "You", [Color.BLACK]: "The bot" } as const;
let narrator = new Narrator(NAMES);

// The bot's last roll stays on its side of the board until you roll.
let botRoll: { die1: number; die2: number } | undefined;

function log(events: Event[]): void {
  for (const event of events) {
    if (event.kind === EventKind.ROLLED && event.dice) botRoll = event.player === Color.BLACK ? event.dice : undefined;
  }
  for (const line of narrator.lines(events)) {
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
  narrator = new Narrator(NAMES);
  botRoll = undefined;
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

// The board fills the window: turned upright on a phone held upright.
const upright = matchMedia("(orientation: portrait) and (max-width: 760px)");
upright.addEventListener("change", () => render());

function render(): void {
  // While moving, the board after the moves made so far: the answer's Game has
  // it (`board_now`; a server may list it in the choices instead).
  const board: Pick<Board, "points" | "whiteBar" | "blackBar" | "whiteOff" | "blackOff"> =
    (view === "move" ? (game?.boardNow ?? listing?.boardNow) : undefined) ??
    game?.board ?? { points: STARTING_POINTS, whiteBar: 0, blackBar: 0, whiteOff: 0, blackOff: 0 };
  const moving = view === "move";
  const moves = moving ? mine().filter((a) => a.kind === ActionKind.MOVE) : [];
  const froms = new Set(moves.map((a) => a.move!.fromPoint));
  const targets = new Set<number | "off">(
    moves.filter((a) => a.move!.fromPoint === selected).map((a) => (a.move!.toPoint === WHITE_OFF ? "off" : a.move!.toPoint)),
  );
  const cube = game?.cube;
  const result = game?.result;
  const score = view === "over" ? game?.scoreAfter : game?.score;
  const captions: Record<View, string> = {
    loading: "",
    roll: "Your roll",
    move: "",
    answer: "",
    resignation: "The bot resigns",
    bot: "The bot's turn",
    over: result ? `${result.winner === Color.WHITE ? "You win" : "The bot wins"} ${result.points} point${result.points === 1n ? "" : "s"}` : "Game over",
  };
  const state: BoardView = {
    board,
    perspective: Color.WHITE,
    portrait: upright.matches,
    names: { [Color.WHITE]: "You", [Color.BLACK]: "Bot" },
    turn: view === "bot" ? Color.BLACK : view === "over" || view === "loading" ? undefined : Color.WHITE,
    dice: moving && game?.dice ? game.dice : undefined,
    lastRoll: !moving && botRoll && view !== "over" ? { player: Color.BLACK, ...botRoll } : undefined,
    diceLeft: moving ? listing?.diceLeft : undefined,
    cube: !cube || game?.rules?.cubeless ? undefined : { value: cube.value, owner: cube.owner, offeredBy: cube.pending?.offeredBy },
    score: { white: score?.whiteScore ?? 0n, black: score?.blackScore ?? 0n },
    matchLength: game?.rules?.matchLength ?? 0,
    movable: froms,
    selected,
    targets,
    caption: captions[view],
  };
  drawBoard($("board") as unknown as SVGSVGElement, state);

  const [whitePips, blackPips] = pipCounts(board.points, board.whiteBar, board.blackBar);
  $("pips").textContent = `you ${whitePips}, bot ${blackPips}`;
  // The same in words, for screen readers (the board is a picture).
  const dice = game?.dice;
  const left = moving && listing ? ` (to play: ${listing.diceLeft.join(", ") || "none"})` : "";
  $("dice").textContent = dice && dice.die1 ? `${dice.die1}-${dice.die2}${left}` : "-";
  const owner = !cube || cube.owner === CubeOwner.CENTERED || cube.owner === CubeOwner.UNSPECIFIED ? "centred" : cube.owner === CubeOwner.WHITE ? "yours" : "the bot's";
  $("cube").textContent = cube ? `${cube.value}, ${owner}${cube.pending ? ", a double is on offer" : ""}` : "-";
  $("score").textContent = `you ${score?.whiteScore ?? 0n}, bot ${score?.blackScore ?? 0n} (game ${game?.gameNumber ?? 1})`;
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
