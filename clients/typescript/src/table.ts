// Live play at a table (TableService): one seat's view of a game the server
// holds, for two devices (or two browser tabs) playing each other. As the
// Python client's `Table`: each device keeps its own `Table` with its own
// seat token; the server keeps the table's Game, so a `Table` is only the
// last state this device saw (`state`, `choices`, `version`, `lastSequence`).
//
//   const created = await Table.create(api, { rules: { matchLength: 3 } });
//   const white = new Table(api, created.tableId, created.whiteToken);
//   await white.refresh();
//   await white.act(white.actions()[0]);
//   for await (const event of black.watch()) { ... }   // on the other device
//
// `act` sends the version this device saw (`expected_version`): an action
// read on a stale table is refused (STALE_GAME) rather than taken twice, so a
// call that failed with UNAVAILABLE is sent again. `watch` is the table's
// server stream (gRPC from Node, gRPC-Web from a browser, through the
// gateway): it opens it again after a dropped connection from the last event
// it yielded, so no event is lost or repeated, and ends after the match.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type Client, type Transport } from "@connectrpc/connect";
import { Color } from "./gen/backgammon/v1/board_pb.js";
import { type Action, type ActionSchema, type Game, Phase } from "./gen/backgammon/v1/game_pb.js";
import { ActionsView, type ListActionsResponse, type NewGameRequestSchema } from "./gen/backgammon/v1/play_service_pb.js";
import {
  type CreateTableRequestSchema,
  type CreateTableResponse,
  type GetTableResponse,
  type TableActResponse,
  type TableEvent,
  TableActRequestSchema,
  TableService,
} from "./gen/backgammon/v1/table_service_pb.js";

/** TableService's client over any transport, or a `Gammond` set of clients that has one. */
export type TableClient = Client<typeof TableService>;

// A dropped connection or a replica that went away: the call or the stream is opened again.
const RESUMABLE = new Set([Code.Unavailable, Code.Canceled, Code.DeadlineExceeded]);
const ATTEMPTS = 4;

/** The rest of a CreateTable request besides its first game (a turn clock, where the server has them). */
export type CreateTableOptions = Omit<MessageInitShape<typeof CreateTableRequestSchema>, "game" | "$typeName">;

export interface WatchOptions {
  /** Stream opened again this many times in a row at most after losing it (default 5). */
  retries?: number;
  /** Waits this long times the failures in a row before opening it again (default 200 ms). */
  backoffMs?: number;
  /** Ends the watch (the stream is cancelled, the server's watcher freed). */
  signal?: AbortSignal;
}

function tableClient(from: TableClient | Transport | { table: TableClient }): TableClient {
  if ("table" in from) return from.table;
  if ("unary" in from && "stream" in from) return createClient(TableService, from as Transport);
  return from as TableClient;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Table {
  readonly client: TableClient;
  /** The latest Game this device saw. */
  state?: Game;
  /** What may be done now (both seats'), in `view`. */
  choices?: ListActionsResponse;
  /** This token's seat: WHITE, BLACK, or UNSPECIFIED for a spectator (known after `refresh`). */
  seat: Color = Color.UNSPECIFIED;
  version = 0n;
  lastSequence = 0n;
  /** How many times `watch` opened its stream again after losing it. */
  resumes = 0;

  constructor(
    from: TableClient | Transport | { table: TableClient },
    readonly tableId: string,
    readonly token: string,
    /** Which actions answers list (default ACTIONS_VIEW_COMPACT: actions and whole plays). */
    readonly view: ActionsView = ActionsView.COMPACT,
  ) {
    this.client = tableClient(from);
  }

  /** A new table: its id and the seat tokens to hand to each device. */
  static async create(
    from: TableClient | Transport | { table: TableClient },
    game: MessageInitShape<typeof NewGameRequestSchema> = {},
    options: CreateTableOptions = {},
  ): Promise<CreateTableResponse> {
    return tableClient(from).createTable({ ...options, game });
  }

  /** The table's latest state from the server (another device may have acted). */
  async refresh(): Promise<GetTableResponse> {
    const answer = await retried(() => this.client.getTable({ tableId: this.tableId, token: this.token, view: this.view }));
    this.seat = answer.seat;
    // An answer that crossed an action's on the wire is older than what this device knows: kept out.
    if (answer.version < this.version) return answer;
    this.state = answer.game;
    this.choices = answer.choices;
    this.version = answer.version;
    this.lastSequence = answer.lastSequence;
    return answer;
  }

  /** What this seat may do now (none for a spectator): its actions, read by the last answer. */
  actions(): Action[] {
    if (this.seat === Color.UNSPECIFIED) return [];
    return (this.choices?.actions ?? []).filter((action) => action.player === this.seat);
  }

  /** Whether this seat may act now. */
  get myTurn(): boolean {
    return this.seat !== Color.UNSPECIFIED && (this.choices?.toAct ?? []).includes(this.seat);
  }

  get gameOver(): boolean {
    return this.state?.phase === Phase.GAME_OVER || this.state?.phase === Phase.MATCH_OVER;
  }

  get matchOver(): boolean {
    return this.state?.phase === Phase.MATCH_OVER;
  }

  /**
   * Take `action` for this seat (`player` may be left unset). `checked`
   * (the default): only on the version this device saw last, and sent again
   * if the connection dropped under it.
   */
  async act(action: MessageInitShape<typeof ActionSchema>, options: { checked?: boolean } = {}): Promise<TableActResponse> {
    const checked = options.checked ?? true;
    const request = create(TableActRequestSchema, { tableId: this.tableId, token: this.token, action, view: this.view });
    if (checked) request.expectedVersion = this.version;
    return this.acted(() => this.client.tableAct(request), checked);
  }

  /** Start the match's next game once this one is over. */
  async nextGame(): Promise<TableActResponse> {
    const request = create(TableActRequestSchema, {
      tableId: this.tableId,
      token: this.token,
      nextGame: true,
      view: this.view,
      expectedVersion: this.version,
    });
    return this.acted(() => this.client.tableAct(request), true);
  }

  private async acted(call: () => Promise<TableActResponse>, retry: boolean): Promise<TableActResponse> {
    // Sent again only when checked: had the first been stored, the second is STALE_GAME, not a second action.
    const answer = retry ? await retried(call) : await call();
    this.state = answer.game;
    this.choices = answer.choices;
    this.version = answer.version;
    this.lastSequence = answer.lastSequence;
    return answer;
  }

  /**
   * The table's events after sequence number `after` (0: all), until the
   * match is over. A dropped stream is opened again from the last event
   * yielded, up to `retries` times in a row; any other error is thrown.
   */
  async *watch(after: bigint = 0n, options: WatchOptions = {}): AsyncGenerator<TableEvent> {
    const retries = options.retries ?? 5;
    const backoffMs = options.backoffMs ?? 200;
    let failures = 0;
    for (;;) {
      try {
        const stream = this.client.watchTable(
          { tableId: this.tableId, token: this.token, afterSequence: after },
          { signal: options.signal },
        );
        for await (const message of stream) {
          const event = message.event;
          if (event === undefined) continue;
          failures = 0;
          after = event.sequence;
          yield event;
        }
        return;
      } catch (error) {
        const code = ConnectError.from(error).code;
        failures += 1;
        if (options.signal?.aborted || !RESUMABLE.has(code) || failures > retries) throw error;
        await sleep(backoffMs * failures);
        this.resumes += 1;
      }
    }
  }
}

async function retried<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt === ATTEMPTS || ConnectError.from(error).code !== Code.Unavailable) throw error;
      await sleep(100 * attempt);
    }
  }
}
