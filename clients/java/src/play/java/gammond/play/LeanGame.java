package gammond.play;

import backgammon.v1.BoardOuterClass.Color;
import backgammon.v1.BotServiceOuterClass.BotLevel;
import backgammon.v1.GameOuterClass.Action;
import backgammon.v1.GameOuterClass.ActionKind;
import backgammon.v1.GameOuterClass.DiceSource;
import backgammon.v1.GameOuterClass.Event;
import backgammon.v1.GameOuterClass.Game;
import backgammon.v1.GameOuterClass.GameForm;
import backgammon.v1.GameOuterClass.LogEntry;
import backgammon.v1.GameOuterClass.Phase;
import backgammon.v1.PlayServiceGrpc;
import backgammon.v1.PlayServiceOuterClass.ActRequest;
import backgammon.v1.PlayServiceOuterClass.ActResponse;
import backgammon.v1.PlayServiceOuterClass.ActionsView;
import backgammon.v1.PlayServiceOuterClass.BotActRequest;
import backgammon.v1.PlayServiceOuterClass.BotActResponse;
import backgammon.v1.PlayServiceOuterClass.ListActionsRequest;
import backgammon.v1.PlayServiceOuterClass.ListActionsResponse;
import backgammon.v1.PlayServiceOuterClass.NewGameRequest;
import backgammon.v1.PlayServiceOuterClass.NewGameResponse;
import com.google.protobuf.ByteString;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The lean game flow of a board UI, in plain Java: what an Android Activity calls (off its main
 * thread) and what {@code gammond.example.PlayGame} runs on the JVM, the same code on both. It
 * plays one money game through PlayService: a lean Game (GAME_FORM_LEAN, constant size: its log's
 * digest instead of the log) that it keeps and sends back with every call, every answer (NewGame,
 * Act, BotAct) carrying the actions open next in {@code choices} (no ListActions during a game);
 * White action by action in ACTIONS_VIEW_MOVES (roll, move one checker by one die, confirm, take),
 * Black by the bot answering in the same call ({@code bot_reply}; BotAct only as a fallback). The
 * Game goes back as small as the server takes it ({@link #wire}); the entries each answer adds to
 * the log ({@code logged}) are kept as the game's record.
 *
 * <p>Java 8 and the message API that protobuf-lite shares with full protobuf (getters, builders,
 * {@code parseFrom}), so it builds unchanged against Android's lite messages: CI compiles it with
 * {@code --release 8} against lite code generated from the protos, as well as running it.
 */
public final class LeanGame {
  /** The view a board UI asks for: single-checker MOVEs, UNDO, CONFIRM, the cube and roll. */
  public static final ActionsView VIEW = ActionsView.ACTIONS_VIEW_MOVES;

  private static final int MAX_CALLS = 5000;
  private static final List<ActionKind> PREFERENCE =
      Arrays.asList(
          ActionKind.ACTION_KIND_TAKE,
          ActionKind.ACTION_KIND_ACCEPT,
          ActionKind.ACTION_KIND_ROLL,
          ActionKind.ACTION_KIND_CONFIRM,
          ActionKind.ACTION_KIND_MOVE);

  /** Told each event as the answers bring them: a UI draws it, a console prints it. */
  public interface Listener {
    void event(String line);
  }

  /** A game played: the finished Game, the log entries kept, and a Game stored on the way. */
  public static final class Played {
    public final Game game;
    public final List<LogEntry> logged;
    /** The first Game met with a MOVE open, and the choices its answer listed (to check ListActions). */
    public final Game stored;
    public final ListActionsResponse storedChoices;
    /** BotAct calls made: the fallback for a turn bot_reply did not play. */
    public final int botActs;

    Played(Game game, List<LogEntry> logged, Game stored, ListActionsResponse storedChoices, int botActs) {
      this.game = game;
      this.logged = logged;
      this.stored = stored;
      this.storedChoices = storedChoices;
      this.botActs = botActs;
    }
  }

  private final PlayServiceGrpc.PlayServiceBlockingStub play;
  private final BotLevel level;

  /** Plays through {@code play} (a blocking stub: call from a worker thread on Android), the bot at {@code level}. */
  public LeanGame(PlayServiceGrpc.PlayServiceBlockingStub play, BotLevel level) {
    this.play = play;
    this.level = level;
  }

  public static boolean over(Game game) {
    return game.getPhase() == Phase.PHASE_GAME_OVER || game.getPhase() == Phase.PHASE_MATCH_OVER;
  }

  /**
   * White's choice among its listed actions: answer the cube, roll, confirm a complete turn, move
   * one checker by one die (as a board UI's drag does).
   */
  public static Action choose(List<Action> actions) {
    for (ActionKind kind : PREFERENCE) {
      Action found = null;
      for (Action action : actions) {
        if (action.getKind() == kind && action.getPlayer() == Color.COLOR_WHITE) {
          if (kind != ActionKind.ACTION_KIND_MOVE || action.getDiceUsedCount() <= 1) {
            return action;
          }
          if (found == null) {
            found = action;
          }
        }
      }
      if (found != null) {
        return found;
      }
    }
    throw new IllegalStateException("nothing for White to do among " + actions.size() + " actions");
  }

  /**
   * The Game as sent back to the server: the smallest it accepts. A sealed Game is read from its
   * seal alone ({@code seal.state}), so only the seal goes back; an unsealed one goes back without
   * what the server derives again and only ever writes ({@code board_now}, {@code score_after}).
   * Keep the whole answer's Game to show (board, score, result).
   */
  public static Game wire(Game game) {
    if (game.hasSeal()) {
      return Game.newBuilder().setSeal(game.getSeal()).build();
    }
    return game.toBuilder().clearBoardNow().clearScoreAfter().build();
  }

  public static String name(Color color) {
    return color == Color.COLOR_WHITE ? "White" : "Black";
  }

  /** An event as a line of text: "White rolls 3-1", "Black moves 13/7*", "White doubles to 2". */
  public static String describe(Event event) {
    String who = name(event.getPlayer());
    switch (event.getKind()) {
      case EVENT_KIND_ROLLED:
      case EVENT_KIND_OPENING_ROLL:
        return String.format(Locale.ROOT, "%s rolls %d-%d", who, event.getDice().getDie1(), event.getDice().getDie2());
      case EVENT_KIND_MOVED:
        return String.format(
            Locale.ROOT,
            "%s moves %d/%d%s",
            who,
            event.getMove().getFromPoint(),
            event.getMove().getToPoint(),
            event.getMove().getHit() ? "*" : "");
      case EVENT_KIND_DOUBLED:
        return who + " doubles to " + event.getCubeValue();
      default:
        return who + " " + event.getKind().name().substring("EVENT_KIND_".length()).toLowerCase(Locale.ROOT);
    }
  }

  /** The actions open in a stored Game: the one call a lean client makes to ListActions. */
  public ListActionsResponse listChoices(Game game) {
    return play.listActions(ListActionsRequest.newBuilder().setGame(wire(game)).setView(VIEW).build());
  }

  /** Starts a lean money game with dice seeded by {@code seed} and plays it to its end. */
  public Played play(String seed, Listener listener) {
    NewGameResponse started =
        play.newGame(
            NewGameRequest.newBuilder()
                .setDiceSource(DiceSource.DICE_SOURCE_SEEDED)
                .setSeed(ByteString.copyFromUtf8(seed))
                .setForm(GameForm.GAME_FORM_LEAN)
                .setView(VIEW)
                .build());
    return playFrom(started.getGame(), started.getChoices(), listener);
  }

  /**
   * Plays {@code game} to its end. {@code choices} are the actions open in it, as the answer that
   * brought it listed them; null for a Game read from storage (then ListActions, once).
   */
  public Played playFrom(Game game, ListActionsResponse choices, Listener listener) {
    if (choices == null) {
      choices = listChoices(game);
    }
    List<LogEntry> logged = new ArrayList<>();
    Game stored = null;
    ListActionsResponse storedChoices = null;
    int botActs = 0;
    for (int calls = 0; calls < MAX_CALLS; calls++) {
      if (over(game)) {
        return new Played(game, logged, stored, storedChoices, botActs);
      }
      if (stored == null && hasMove(choices.getActionsList())) {
        stored = game;
        storedChoices = choices;
      }
      List<Event> events;
      if (choices.getToActList().contains(Color.COLOR_WHITE)) {
        // bot_reply: the bot (Black) answers in the same call, whenever it alone is to act next
        // (its whole turn, its cube answer), and the answer's choices are White's next ones.
        ActResponse answer =
            play.act(
                ActRequest.newBuilder()
                    .setGame(wire(game))
                    .setAction(choose(choices.getActionsList()))
                    .setView(VIEW)
                    .setBotReply(level)
                    .build());
        game = answer.getGame();
        choices = answer.getChoices();
        events = answer.getEventsList();
        logged.addAll(answer.getLoggedList());
      } else {
        // Only when White has nothing to do and the bot was not asked yet (with bot_reply on
        // every Act this does not happen in a game White starts).
        botActs++;
        BotActResponse answer =
            play.botAct(
                BotActRequest.newBuilder()
                    .setGame(wire(game))
                    .setLevel(level)
                    .setPlayer(Color.COLOR_BLACK)
                    .setView(VIEW)
                    .build());
        game = answer.getGame();
        choices = answer.getChoices();
        events = answer.getEventsList();
        logged.addAll(answer.getLoggedList());
      }
      for (Event event : events) {
        listener.event(describe(event));
      }
    }
    throw new IllegalStateException("no result after " + MAX_CALLS + " calls");
  }

  private static boolean hasMove(List<Action> actions) {
    for (Action action : actions) {
      if (action.getKind() == ActionKind.ACTION_KIND_MOVE) {
        return true;
      }
    }
    return false;
  }
}
