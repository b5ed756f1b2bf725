// The web board: you (White) against gammond's bot (Black), every step a
// gRPC-Web call through the gateway. The page keeps the game; the server
// keeps nothing. Query parameters: gateway (default http://127.0.0.1:8080),
// seed (reproducible dice), level (beginner ... world_class).
import {
  BotLevel,
  type CheckerMove,
  Color,
  CubeAction,
  CubeAdvice,
  type CubeState,
  type Dice,
  type GameResult,
  type MatchState,
  type Position,
  PositionSchema,
  ResultKind,
  create,
  gammond,
  pipCounts,
  positionInput,
} from "@gammond/client";
import { browserTransport } from "@gammond/client/web";

type Phase = "loading" | "roll" | "move" | "answer" | "bot" | "over";

const params = new URLSearchParams(location.search);
const api = gammond(browserTransport(params.get("gateway") ?? "http://127.0.0.1:8080"));
const seedParam = params.get("seed");
const seed = seedParam === null ? undefined : BigInt(seedParam);
const level = BotLevel[(params.get("level") ?? "intermediate").toUpperCase() as keyof typeof BotLevel] ?? BotLevel.INTERMEDIATE;

const STARTING_POINTS = [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2];
const WHITE_BAR = 25; // White enters from point 25 and bears off to 0
const WHITE_OFF = 0;
const DOUBLES = [CubeAdvice.DOUBLE_TAKE, CubeAdvice.DOUBLE_PASS];

const game = {
  phase: "loading" as Phase,
  position: create(PositionSchema) as Position, // the position at the start of the current turn
  shown: create(PositionSchema) as Position, // what the board shows: after the moves made so far
  cube: undefined as CubeState | undefined,
  dice: undefined as Dice | undefined,
  made: [] as CheckerMove[],
  next: [] as CheckerMove[],
  complete: false,
  selected: undefined as number | undefined,
  canDouble: false,
  rolls: { [Color.WHITE]: 0, [Color.BLACK]: 0 } as Record<number, number>,
  drawn: 0,
  score: undefined as MatchState | undefined,
  gamesPlayed: 0,
  result: undefined as GameResult | undefined,
};

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const buttons = ["roll", "double", "take", "drop", "undo", "done", "resign", "new-game"] as const;

function log(line: string): void {
  const item = document.createElement("li");
  item.textContent = line;
  $("log").prepend(item);
}

function context(turn: Color, cube = game.cube) {
  return { cube, turn, whiteRolls: game.rolls[Color.WHITE], blackRolls: game.rolls[Color.BLACK] };
}

async function nextRoll(): Promise<Dice> {
  // Roll N of one seeded sequence, so the same seed replays the same game.
  const answer =
    seed === undefined
      ? await api.dice.rollDice({ count: 1 })
      : await api.dice.rollDice({ seed: seed + 1n, skip: game.drawn, count: 1 });
  game.drawn += 1;
  return answer.rolls[0];
}

// ---- the game's steps ----

async function newGame(): Promise<void> {
  Object.assign(game, { made: [], next: [], selected: undefined, result: undefined, drawn: 0, dice: undefined });
  game.rolls = { [Color.WHITE]: 0, [Color.BLACK]: 0 };
  const gameSeed = seed === undefined ? undefined : seed + BigInt(1000 * game.gamesPlayed);
  const opening = await api.dice.rollOpening(gameSeed === undefined ? {} : { seed: gameSeed });
  game.cube = opening.cube;
  game.position = create(PositionSchema, { board: { points: STARTING_POINTS }, turn: opening.first });
  game.shown = game.position;
  log(`${opening.first === Color.WHITE ? "You win" : "The bot wins"} the opening roll: ${opening.dice!.die1}-${opening.dice!.die2}`);
  if (opening.first === Color.WHITE) await startMoving(opening.dice!);
  else await botPlays(opening.dice!);
}

async function humanTurn(): Promise<void> {
  game.phase = "roll";
  game.dice = undefined;
  game.shown = game.position;
  const actions = await api.game.listCubeActions({ context: context(Color.WHITE), player: Color.WHITE });
  game.canDouble = actions.actions.includes(CubeAction.DOUBLE);
}

async function roll(): Promise<void> {
  await startMoving(await nextRoll());
}

async function startMoving(dice: Dice): Promise<void> {
  game.rolls[Color.WHITE] += 1;
  game.dice = dice;
  game.made = [];
  game.phase = "move";
  await refreshMoves();
  if (game.next.length === 0 && game.complete) log(`You roll ${dice.die1}-${dice.die2}: no legal play, press Done`);
}

async function refreshMoves(): Promise<void> {
  const answer = await api.game.listNextMoves({
    position: positionInput(game.position),
    dice: game.dice,
    made: game.made,
  });
  game.shown = answer.position!;
  game.next = answer.moves;
  game.complete = answer.complete;
  game.selected = undefined;
}

async function pick(point: number): Promise<void> {
  const froms = new Set(game.next.map((m) => m.fromPoint));
  if (game.selected !== undefined) {
    const move = game.next.find((m) => m.fromPoint === game.selected && m.toPoint === point);
    if (move) {
      game.made = [...game.made, move];
      await refreshMoves();
      return;
    }
  }
  game.selected = froms.has(point) && game.selected !== point ? point : undefined;
}

async function undo(): Promise<void> {
  game.made = game.made.slice(0, -1);
  await refreshMoves();
}

async function done(): Promise<void> {
  const applied = await api.game.applyPlay({
    position: positionInput(game.position),
    dice: game.dice,
    play: { case: "moves", value: { moves: game.made } },
    cube: game.cube,
  });
  log(`You play ${game.dice!.die1}-${game.dice!.die2}: ${applied.play!.notation}`);
  if (applied.result) return gameOver(applied.result, applied.play?.result);
  game.position = applied.nextPosition!;
  game.cube!.doubledThisTurn = false; // the turn passes
  await botTurn();
}

async function botTurn(): Promise<void> {
  game.phase = "bot";
  game.shown = game.position;
  render();
  const decision = await api.bot.cubeDecision({ position: positionInput(game.position), context: context(Color.BLACK) });
  if (decision.mayDouble && DOUBLES.includes(decision.advice)) {
    const offered = await api.game.applyCubeAction({ context: context(Color.BLACK), player: Color.BLACK, action: CubeAction.DOUBLE });
    if (offered.outcome.case !== "cube") throw new Error("a double leaves a cube");
    game.cube = offered.outcome.value;
    game.phase = "answer";
    log(`The bot doubles to ${2 * game.cube.value}: take or drop?`);
    return;
  }
  game.rolls[Color.BLACK] += 1;
  await botPlays(await nextRoll());
}

async function botPlays(dice: Dice): Promise<void> {
  game.phase = "bot";
  game.dice = dice;
  const best = await api.bot.bestPlay({ position: positionInput(game.position), dice, level });
  const notation = best.best!.play!.notation;
  const applied = await api.game.applyPlay({
    position: positionInput(game.position),
    dice,
    play: { case: "notation", value: notation },
    cube: game.cube,
  });
  log(`The bot plays ${dice.die1}-${dice.die2}: ${notation}`);
  if (applied.result) return gameOver(applied.result, applied.play?.result);
  game.position = applied.nextPosition!;
  game.cube!.doubledThisTurn = false;
  await humanTurn();
}

async function answer(take: boolean): Promise<void> {
  const action = take ? CubeAction.TAKE : CubeAction.DROP;
  const answered = await api.game.applyCubeAction({ context: context(Color.BLACK), player: Color.WHITE, action });
  log(take ? "You take" : "You drop");
  if (answered.outcome.case === "result") return gameOver(answered.outcome.value);
  game.cube = answered.outcome.value!;
  game.rolls[Color.BLACK] += 1;
  await botPlays(await nextRoll());
}

async function double(): Promise<void> {
  const before = game.cube;
  const offered = await api.game.applyCubeAction({ context: context(Color.WHITE), player: Color.WHITE, action: CubeAction.DOUBLE });
  if (offered.outcome.case !== "cube") throw new Error("a double leaves a cube");
  log(`You double to ${2 * before!.value}`);
  // The bot answers as its evaluation says: `take` is the answer it advises the opponent.
  const decision = await api.bot.cubeDecision({ position: positionInput(game.position), context: context(Color.WHITE, before) });
  const action = decision.take ? CubeAction.TAKE : CubeAction.DROP;
  const answered = await api.game.applyCubeAction({
    context: context(Color.WHITE, offered.outcome.value),
    player: Color.BLACK,
    action,
  });
  log(decision.take ? "The bot takes" : "The bot drops");
  if (answered.outcome.case === "result") return gameOver(answered.outcome.value);
  game.cube = answered.outcome.value!;
  game.canDouble = false;
}

async function resign(): Promise<void> {
  const offer = await api.game.offerResignation({
    offer: { by: Color.WHITE, kind: ResultKind.SINGLE },
    toAct: Color.WHITE,
    cube: game.cube,
  });
  log("You resign a single game; the bot accepts");
  const accepted = await api.game.acceptResignation({ offer: offer.offer, player: Color.BLACK, cube: game.cube });
  await gameOver(accepted.result!);
}

async function gameOver(result: GameResult, final?: Position): Promise<void> {
  const record = await api.match.recordGame({ game: result, match: game.score, gamesPlayed: game.gamesPlayed });
  game.score = record.match;
  game.gamesPlayed += 1;
  game.result = result;
  game.phase = "over";
  game.shown = final ?? game.position; // after a winning play, the board it left
  const who = result.winner === Color.WHITE ? "You win" : "The bot wins";
  log(`${who} ${result.points} point${result.points === 1 ? "" : "s"}`);
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
  const board = game.shown.board ?? { points: STARTING_POINTS, whiteBar: 0, blackBar: 0, whiteOff: 0, blackOff: 0 };
  const svg = $("board") as unknown as SVGSVGElement;
  svg.replaceChildren();
  const froms = new Set(game.next.map((m) => m.fromPoint));
  const targets = new Set(game.next.filter((m) => m.fromPoint === game.selected).map((m) => m.toPoint));
  const moving = game.phase === "move";
  for (let n = 1; n <= 24; n++) {
    const top = n >= 13;
    const x = pointX(n);
    const classes = ["point"];
    if (moving && froms.has(n)) classes.push("movable");
    if (moving && game.selected === n) classes.push("selected");
    if (moving && targets.has(n)) classes.push("target");
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
  const bar = el("g", { class: `zone${moving && froms.has(WHITE_BAR) ? " movable" : ""}${moving && game.selected === WHITE_BAR ? " selected" : ""}`, "data-point": WHITE_BAR }, svg);
  el("rect", { x: 340, y: 10, width: 60, height: 400, fill: "#4a2c14" }, bar);
  checkers(bar, 345, true, board.whiteBar, "white", 60);
  checkers(bar, 345, false, board.blackBar, "black", 360);
  // The trays: White bears off on the lower right (past point 1), Black on the upper right.
  const off = el("g", { class: `zone${moving && targets.has(WHITE_OFF) ? " target" : ""}`, "data-point": "off" }, svg);
  el("rect", { x: 705, y: 230, width: 50, height: 180, fill: "#3b2412" }, off);
  el("rect", { x: 705, y: 10, width: 50, height: 180, fill: "#3b2412" }, svg);
  const whiteOff = el("text", { x: 712, y: 400, fill: "#fff", class: "count" }, off);
  whiteOff.textContent = `${board.whiteOff} off`;
  const blackOff = el("text", { x: 712, y: 30, fill: "#fff", class: "count" }, svg);
  blackOff.textContent = `${board.blackOff} off`;

  const [whitePips, blackPips] = pipCounts(board.points, board.whiteBar, board.blackBar);
  $("pips").textContent = `you ${whitePips}, bot ${blackPips}`;
  $("dice").textContent = game.dice ? `${game.dice.die1}-${game.dice.die2}` : "-";
  const cube = game.cube;
  const owner = !cube || cube.owner <= 1 ? "centred" : cube.owner === 2 ? "yours" : "the bot's";
  $("cube").textContent = cube ? `${cube.value}, ${owner}${cube.pending ? ", a double is on offer" : ""}` : "-";
  const score = game.score;
  $("score").textContent = `you ${score?.whiteScore ?? 0}, bot ${score?.blackScore ?? 0} (games: ${game.gamesPlayed})`;
  const status: Record<Phase, string> = {
    loading: "Starting...",
    roll: "Your turn: roll or double",
    move: game.complete ? "Press Done to finish your turn, or Undo" : "Pick a checker, then a lit point",
    answer: "The bot doubles: take or drop",
    bot: "The bot is thinking...",
    over: game.result ? `Game over: ${game.result.winner === Color.WHITE ? "you win" : "the bot wins"} ${game.result.points} point${game.result.points === 1 ? "" : "s"}` : "Game over",
  };
  $("status").textContent = status[game.phase];
  document.body.dataset.phase = game.phase;
}

function enable(busy: boolean): void {
  const on: Record<(typeof buttons)[number], boolean> = {
    roll: game.phase === "roll",
    double: game.phase === "roll" && game.canDouble,
    take: game.phase === "answer",
    drop: game.phase === "answer",
    undo: game.phase === "move" && game.made.length > 0,
    done: game.phase === "move" && game.complete,
    resign: game.phase === "roll" || game.phase === "move",
    "new-game": game.phase === "over",
  };
  for (const id of buttons) ($(id) as HTMLButtonElement).disabled = busy || !on[id];
  document.body.dataset.busy = String(busy);
}

// Every action runs one at a time: buttons are off while a call is in flight.
async function act(step: () => Promise<void>): Promise<void> {
  if (document.body.dataset.busy === "true" && game.phase !== "loading") return;
  enable(true);
  try {
    await step();
  } catch (error) {
    log(`Error: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    render();
    enable(false);
  }
}

$("roll").addEventListener("click", () => act(roll));
$("double").addEventListener("click", () => act(double));
$("take").addEventListener("click", () => act(() => answer(true)));
$("drop").addEventListener("click", () => act(() => answer(false)));
$("undo").addEventListener("click", () => act(undo));
$("done").addEventListener("click", () => act(done));
$("resign").addEventListener("click", () => act(resign));
$("new-game").addEventListener("click", () => act(newGame));
$("board").addEventListener("click", (event) => {
  if (game.phase !== "move") return;
  const target = (event.target as Element).closest("[data-point]");
  if (!target) return;
  const raw = target.getAttribute("data-point")!;
  const point = raw === "off" ? WHITE_OFF : Number(raw);
  void act(() => pick(point));
});

render();
void act(newGame);
