// A game through the game protocol (PlayService), the lean way: the client
// keeps the `Game` message and sends it with every call; the server keeps
// nothing. NewGame starts a lean Game (GAME_FORM_LEAN: constant size, its
// log's digest instead of the log), and every answer of NewGame, Act and
// BotAct carries its `choices` (what may be done next, in the view asked
// for), so no ListActions follows an action. Act and BotAct also answer the
// log entries they added (`logged`): `PlaySession` keeps them, for a record
// (ExportMatch takes the lean Game with its `log` filled with them).
//
// The session keeps the whole Game each answer gave (to draw from) and sends
// back the smallest Game the server accepts (`sendable`): a sealed Game's
// `seal` alone (the server reads only the sealed state), an unsealed one
// without its output-only `board_now` and `score_after`.
//
// `playGame` plays a whole game with it: White as a board UI plays it (roll,
// move checker by checker, one die at a time, confirm, answer the cube), or
// by the bot; Black is always the bot (Act's `bot_reply`: the bot answers in
// White's calls; BotAct only where White has nothing to do).
import { clone, create, fromBinary, type MessageInitShape } from "@bufbuild/protobuf";
import type { Gammond } from "./index.js";
import { Color, type Play } from "./gen/backgammon/v1/board_pb.js";
import { BotLevel } from "./gen/backgammon/v1/bot_service_pb.js";
import {
  type Action,
  ActionKind,
  type ActionSchema,
  DiceSource,
  type Event,
  type Game,
  GameForm,
  GameSchema,
  type LogDigest,
  type LogEntry,
  LogEntrySchema,
  Phase,
} from "./gen/backgammon/v1/game_pb.js";
import {
  ActionsView,
  type ListActionsResponse,
  type NewGameRequestSchema,
} from "./gen/backgammon/v1/play_service_pb.js";

const MAX_CALLS = 5000;

/** A NewGame request, as `api.play.newGame` takes it. */
export type NewGameInit = MessageInitShape<typeof NewGameRequestSchema>;

export interface SessionOptions {
  /**
   * Which actions each answer's `choices` lists: ACTIONS_VIEW_MOVES for a board
   * UI that moves one checker at a time, ACTIONS_VIEW_PLAYS for a client that
   * picks whole plays, ACTIONS_VIEW_COMPACT (the default) for both.
   */
  view?: ActionsView;
}

export interface BotActOptions {
  /** How hard the bot tries (default BOT_LEVEL_BEGINNER). */
  level?: BotLevel;
  /** The bot's player; unset: the one who must act now (required at the opening roll). */
  player?: Color;
  /** Makes the deliberate mistakes of the weaker levels repeatable. */
  seed?: bigint;
  /** Refuse (FAILED_PRECONDITION, STALE_GAME) unless the game is at this version. */
  expectedVersion?: bigint;
}

export interface ActOptions {
  /** Refuse (FAILED_PRECONDITION, STALE_GAME) unless the game is at this version. */
  expectedVersion?: bigint;
  /**
   * Playing the bot: once the action is taken, the bot answers for the other
   * player at this level whenever that player alone must act (its turn, its
   * answer to a double or a resignation), in the same call; its actions are
   * in `botActions`.
   */
  botReply?: BotLevel;
}

/**
 * A lean Game's log digest, or undefined for a full Game. A sealed Game is
 * read from its seal (the state the server signed), as the server reads it.
 */
export function logDigest(game: Game): LogDigest | undefined {
  if (game.digest !== undefined) return game.digest;
  if (game.seal && game.seal.state.length > 0) return fromBinary(GameSchema, game.seal.state).digest;
  return undefined;
}

/**
 * The smallest Game the server takes back for `game`: a sealed Game's `seal`
 * alone (a server with state keys reads nothing but `seal.state`), an
 * unsealed one without the output-only `board_now` and `score_after`. Keep
 * `game` itself to draw from; send this.
 */
export function sendable(game: Game): Game {
  if (game.seal && game.seal.state.length > 0) return create(GameSchema, { seal: game.seal });
  if (game.boardNow === undefined && game.scoreAfter === undefined) return game;
  // A shallow copy: the answer's Game stays whole.
  return { ...game, boardNow: undefined, scoreAfter: undefined };
}

function isOver(game: Game): boolean {
  return game.phase === Phase.GAME_OVER || game.phase === Phase.MATCH_OVER;
}

/**
 * One match or money session, one game at a time: the `Game` to store and
 * send back, what may be done now (`choices`, from the last answer), what the
 * last call did (`events`), and the log entries of this game (`logged`).
 */
export class PlaySession {
  /**
   * The game as the server last sent it, whole (draw from it; store it as
   * received: it may be sealed). Calls send `sendable(game)`.
   */
  game: Game;
  /** What may be done now, in `view`; unset after `resume` until `listActions`. */
  choices: ListActionsResponse | undefined;
  /** What the last call did, in order, to animate. */
  events: Event[] = [];
  /** The bot's actions in the last call (BotAct, or Act with `botReply`). */
  botActions: Action[] = [];
  /** This game's log entries, in order, as the answers reported them (a full Game's own log after `resume`). */
  logged: LogEntry[];
  /** The finished games of this match before this one, each with its log (for ExportMatch). */
  readonly previous: Game[] = [];
  /** Calls made through this session. */
  calls = 0;
  readonly view: ActionsView;

  private constructor(
    readonly api: Gammond,
    game: Game,
    choices: ListActionsResponse | undefined,
    logged: LogEntry[],
    options: SessionOptions,
  ) {
    this.game = game;
    this.choices = choices;
    this.logged = logged;
    this.view = options.view ?? ActionsView.COMPACT;
  }

  /**
   * A new game (NewGame): lean unless `request.form` says otherwise (the next
   * game after `request.previous` keeps its form), its first choices in
   * `options.view`.
   */
  static async start(api: Gammond, request: NewGameInit = {}, options: SessionOptions = {}): Promise<PlaySession> {
    const view = options.view ?? request.view ?? ActionsView.COMPACT;
    const form = request.form ?? (request.previous ? GameForm.UNSPECIFIED : GameForm.LEAN);
    const answer = await api.play.newGame({ ...request, form, view });
    const session = new PlaySession(api, answer.game!, answer.choices, [], { ...options, view });
    session.calls = 1;
    return session;
  }

  /**
   * A stored Game, picked up again: no call is made; `choices` is unset until
   * `listActions`. `logged`: the entries kept so far (a lean Game has only
   * their digest; a full Game's own log is used when none are given).
   */
  static resume(api: Gammond, game: Game, options: SessionOptions & { logged?: LogEntry[] } = {}): PlaySession {
    return new PlaySession(api, game, undefined, [...(options.logged ?? game.log)], options);
  }

  /** A lean Game (its log's digest instead of the log). */
  get lean(): boolean {
    return logDigest(this.game) !== undefined;
  }

  /** Every entry of this game's log is at hand (`logged` is whole): `record()` can fill a lean Game's log. */
  get hasRecord(): boolean {
    const digest = logDigest(this.game);
    return digest === undefined || this.logged.length === digest.length;
  }

  /** This game is over (the match may go on: `nextGame`). */
  get over(): boolean {
    return isOver(this.game);
  }

  /** Asks ListActions what may be done now (after `resume`; never needed after an answer with choices). */
  async listActions(view: ActionsView = this.view): Promise<ListActionsResponse> {
    this.calls += 1;
    this.choices = await this.api.play.listActions({
      game: sendable(this.game),
      view: view === ActionsView.NONE ? ActionsView.UNSPECIFIED : view,
    });
    return this.choices;
  }

  /** What may be done now: the last answer's choices, or ListActions' when there are none. */
  async current(): Promise<ListActionsResponse> {
    return this.choices ?? (await this.listActions());
  }

  /** The actions allowed now, all or `player`'s. */
  async actions(player?: Color): Promise<Action[]> {
    const { actions } = await this.current();
    return player === undefined ? actions : actions.filter((a) => a.player === player);
  }

  /** Takes one action (as listed, or built by hand); returns its events. */
  async act(action: MessageInitShape<typeof ActionSchema>, options: ActOptions = {}): Promise<Event[]> {
    this.calls += 1;
    const answer = await this.api.play.act({
      game: sendable(this.game),
      action,
      view: this.view,
      expectedVersion: options.expectedVersion,
      botReply: options.botReply ?? BotLevel.UNSPECIFIED,
    });
    this.take(answer.game!, answer.events, answer.choices, answer.logged);
    this.botActions = answer.botActions;
    return this.events;
  }

  /** Lets the bot act until the other player must act or the game ends; returns its actions. */
  async botAct(options: BotActOptions = {}): Promise<Action[]> {
    this.calls += 1;
    const answer = await this.api.play.botAct({
      game: sendable(this.game),
      level: options.level ?? BotLevel.BEGINNER,
      player: options.player ?? Color.UNSPECIFIED,
      seed: options.seed,
      view: this.view,
      expectedVersion: options.expectedVersion,
    });
    this.take(answer.game!, answer.events, answer.choices, answer.logged);
    this.botActions = answer.actions;
    return answer.actions;
  }

  /** Adds a player's own seed to a DICE_SOURCE_FAIR game before its first roll (the choices stay as they were). */
  async addClientSeed(player: Color, seed: Uint8Array): Promise<void> {
    this.calls += 1;
    const answer = await this.api.play.addClientSeed({ game: sendable(this.game), player, seed });
    this.game = answer.game!;
  }

  /** Starts the next game of the match once this one is over (same form, same view). */
  async nextGame(): Promise<void> {
    // A lean game resumed without its entries has no record: it is kept as it is.
    const finished = this.hasRecord ? this.record() : this.game;
    this.calls += 1;
    const answer = await this.api.play.newGame({ previous: sendable(this.game), view: this.view });
    this.previous.push(finished);
    this.game = answer.game!;
    this.choices = answer.choices;
    this.events = [];
    this.botActions = [];
    this.logged = [];
  }

  /**
   * This game with its whole log, for ExportMatch or AnalyseMatch: a full
   * Game as it is, a lean one with `log` filled with the kept entries.
   */
  record(): Game {
    const digest = logDigest(this.game);
    if (digest === undefined) return this.game;
    const length = digest.length;
    if (this.logged.length !== length) {
      throw new Error(`the log's digest counts ${length} entries, but ${this.logged.length} were kept`);
    }
    const game = clone(GameSchema, this.game);
    game.log = this.logged.map((entry) => clone(LogEntrySchema, entry));
    return game;
  }

  /** The match so far, each game with its log (ExportMatch's `games`). */
  match(): Game[] {
    return [...this.previous, this.record()];
  }

  private take(game: Game, events: Event[], choices: ListActionsResponse | undefined, logged: LogEntry[]): void {
    this.game = game;
    this.events = events;
    this.choices = choices;
    // A full Game carries its log: keep that; a lean one only its digest: keep what the answer added.
    this.logged = game.log.length > 0 ? [...game.log] : [...this.logged, ...logged];
  }
}

export interface PlayOptions {
  /** Seeds the dice (DICE_SOURCE_SEEDED), for a reproducible game; unset, the server rolls. */
  seed?: string;
  /** How hard the bot tries. */
  level?: BotLevel;
  /** Who plays White: "client" (Act, as a board UI: the default) or "bot" (BotAct). */
  white?: "client" | "bot";
  /** White doubles once, the first time it may from this many of its own rolls on (client only). */
  doubleAfterRolls?: number;
  /** GAME_FORM_LEAN (the default) or GAME_FORM_FULL (the Game carries its log). */
  form?: GameForm;
  /** The answers' choices (default ACTIONS_VIEW_MOVES: White moves one checker, one die, at a time). */
  view?: ActionsView;
  /**
   * The bot answers White's actions in the same call (Act's `bot_reply`: the
   * default) instead of a BotAct call of its own (client only). With either,
   * BotAct plays only where White has nothing to do (not in `choices.toAct`).
   */
  botReply?: boolean;
}

export interface GameLog {
  /** The finished game: `result` says who won what, `scoreAfter` the score with it. */
  game: Game;
  events: Event[];
  /** The game's log entries, as the answers reported them (a lean Game carries only their digest). */
  logged: LogEntry[];
  /** Calls made: NewGame, then one Act or BotAct per step (no ListActions). */
  calls: number;
}

/** What White does, of the actions open to it: answer the cube, roll, confirm, move one checker by one die. */
function choose(actions: Action[], plays: Play[], game: Game, options: PlayOptions, doubled: boolean): MessageInitShape<typeof ActionSchema> {
  const byKind = (kind: ActionKind) => actions.find((a) => a.kind === kind);
  const double = byKind(ActionKind.DOUBLE);
  if (double && !doubled && options.doubleAfterRolls !== undefined && game.whiteRolls >= options.doubleAfterRolls) {
    return double;
  }
  for (const kind of [ActionKind.TAKE, ActionKind.ACCEPT, ActionKind.ROLL, ActionKind.CONFIRM]) {
    const action = byKind(kind);
    if (action) return action;
  }
  // As a board UI moves: one checker by one die (whole-checker moves over several dice are listed too).
  const moves = actions.filter((a) => a.kind === ActionKind.MOVE);
  const move = moves.find((a) => a.diceUsed.length <= 1) ?? moves[0];
  if (move) return move;
  // ACTIONS_VIEW_PLAYS lists whole plays instead: one is sent as a PLAY action with its moves.
  if (plays.length > 0) return { kind: ActionKind.PLAY, player: Color.WHITE, moves: plays[0].moves };
  throw new Error(`nothing to do among ${actions.map((a) => ActionKind[a.kind]).join(", ")}`);
}

/**
 * Plays a whole game against the bot, the lean way: NewGame, then one Act per
 * step of White's (the bot replying in the same call), BotAct only when White
 * is not to act.
 */
export async function playGame(gammond: Gammond, options: PlayOptions = {}): Promise<GameLog> {
  const level = options.level ?? BotLevel.BEGINNER;
  const seeded = options.seed !== undefined;
  const session = await PlaySession.start(
    gammond,
    {
      diceSource: seeded ? DiceSource.SEEDED : DiceSource.SERVER,
      seed: seeded ? new TextEncoder().encode(options.seed) : new Uint8Array(),
      form: options.form ?? GameForm.LEAN,
    },
    { view: options.view ?? ActionsView.MOVES },
  );
  const events: Event[] = [];
  let doubled = false;
  while (!session.over) {
    if (session.calls > MAX_CALLS) throw new Error(`no result after ${MAX_CALLS} calls`);
    const choices = await session.current();
    const whiteActs = choices.toAct.includes(Color.WHITE);
    if (whiteActs && options.white !== "bot") {
      const mine = choices.actions.filter((a) => a.player === Color.WHITE);
      const action = choose(mine, choices.plays, session.game, options, doubled);
      doubled ||= action.kind === ActionKind.DOUBLE;
      await session.act(action, options.botReply === false ? {} : { botReply: level });
    } else if (whiteActs && options.white === "bot" && choices.toAct.length === 1) {
      await session.botAct({ level, player: Color.WHITE });
    } else {
      // During the opening roll both may act: the bot rolls for Black.
      await session.botAct({ level, player: Color.BLACK });
    }
    events.push(...session.events);
  }
  return { game: session.game, events, logged: session.logged, calls: session.calls };
}
