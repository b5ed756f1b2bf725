package gammond.example;

import backgammon.v1.BoardOuterClass.Color;
import backgammon.v1.BotServiceOuterClass.BotLevel;
import backgammon.v1.GameOuterClass.Action;
import backgammon.v1.GameOuterClass.ActionKind;
import backgammon.v1.GameOuterClass.DiceSource;
import backgammon.v1.GameOuterClass.Event;
import backgammon.v1.GameOuterClass.Game;
import backgammon.v1.GameOuterClass.GameForm;
import backgammon.v1.GameOuterClass.GameOutcome;
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
import backgammon.v1.RecordServiceGrpc;
import backgammon.v1.RecordServiceOuterClass.ExportMatchRequest;
import com.google.protobuf.ByteString;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Plays one money game through the game protocol (PlayService) over gRPC, the way an Android or
 * desktop board UI would, in the lean flow: the game is a lean Game (GAME_FORM_LEAN, constant size:
 * its log's digest instead of the log), the client keeps it and sends it with every call, and every
 * answer (NewGame, Act, BotAct) carries the actions open next in {@code choices}, so no ListActions
 * is needed. White is played action by action in ACTIONS_VIEW_MOVES (roll, move checker by checker
 * one die at a time, confirm, take), Black by the bot, which answers in the same call ({@code
 * bot_reply} on every Act; BotAct only as a fallback). The client sends back the smallest Game the
 * server accepts: a sealed Game's seal alone, else the Game without its output-only fields. The
 * entries each answer adds to the log ({@code logged}) are kept: they are the game's record
 * (ExportMatch).
 *
 * <pre>java -cp ... gammond.example.PlayGame --target 127.0.0.1:50051 --seed java-7</pre>
 *
 * Prints the game's events, the calls and protobuf bytes the game took (it fails above 150 calls
 * or 100 KB) and, last, who won how many points; exits 1 if the game has no scored end, its kept
 * log does not match its digest, or the server accepts an action it should refuse.
 */
public final class PlayGame {
  private static final int MAX_CALLS = 5000;
  /** A board UI's game, one die per MOVE: at most this many calls... */
  static final long CALL_BUDGET = 150;
  /** ...and this many protobuf bytes, requests and responses together. */
  static final long BYTE_BUDGET = 100_000;
  static final ActionsView VIEW = ActionsView.ACTIONS_VIEW_MOVES;
  static final BotLevel LEVEL = BotLevel.BOT_LEVEL_BEGINNER;
  /** BotAct calls made (the fallback for a turn bot_reply did not play). */
  static int botActs;

  private static final List<ActionKind> PREFERENCE =
      List.of(
          ActionKind.ACTION_KIND_TAKE,
          ActionKind.ACTION_KIND_ACCEPT,
          ActionKind.ACTION_KIND_ROLL,
          ActionKind.ACTION_KIND_CONFIRM,
          ActionKind.ACTION_KIND_MOVE);

  private PlayGame() {}

  /** A game played: the finished Game, the log entries kept, and a Game stored on the way. */
  record Played(Game game, List<LogEntry> logged, Game stored, ListActionsResponse storedChoices) {}

  private static String name(Color color) {
    return color == Color.COLOR_WHITE ? "White" : "Black";
  }

  private static String describe(Event event) {
    return switch (event.getKind()) {
      case EVENT_KIND_ROLLED, EVENT_KIND_OPENING_ROLL -> String.format(
          "%s rolls %d-%d", name(event.getPlayer()), event.getDice().getDie1(), event.getDice().getDie2());
      case EVENT_KIND_MOVED -> String.format(
          "%s moves %d/%d%s",
          name(event.getPlayer()),
          event.getMove().getFromPoint(),
          event.getMove().getToPoint(),
          event.getMove().getHit() ? "*" : "");
      case EVENT_KIND_DOUBLED -> name(event.getPlayer()) + " doubles to " + event.getCubeValue();
      default -> name(event.getPlayer()) + " " + event.getKind().name().substring("EVENT_KIND_".length()).toLowerCase();
    };
  }

  /**
   * White's choice among its listed actions: answer the cube, roll, confirm a complete turn, move
   * one checker by one die (as a board UI's drag does).
   */
  static Action choose(List<Action> actions) {
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
    throw new IllegalStateException("nothing for White to do among " + actions);
  }

  static boolean over(Game game) {
    return game.getPhase() == Phase.PHASE_GAME_OVER || game.getPhase() == Phase.PHASE_MATCH_OVER;
  }

  /**
   * The Game as sent back to the server: the smallest it accepts. A sealed Game is read from its
   * seal alone ({@code seal.state}), so only the seal goes back; an unsealed one goes back without
   * what the server derives again and only ever writes ({@code board_now}, {@code score_after}).
   * The client keeps the whole answer's Game to show (board, score, result).
   */
  static Game wire(Game game) {
    if (game.hasSeal()) {
      return Game.newBuilder().setSeal(game.getSeal()).build();
    }
    return game.toBuilder().clearBoardNow().clearScoreAfter().build();
  }

  /** The actions open in a stored Game: the one call a lean client makes to ListActions. */
  static ListActionsResponse listChoices(PlayServiceGrpc.PlayServiceBlockingStub play, Game game) {
    return play.listActions(ListActionsRequest.newBuilder().setGame(wire(game)).setView(VIEW).build());
  }

  /** Starts a lean game and plays it to its end. */
  static Played play(PlayServiceGrpc.PlayServiceBlockingStub play, String seed) {
    NewGameResponse started =
        play.newGame(
            NewGameRequest.newBuilder()
                .setDiceSource(DiceSource.DICE_SOURCE_SEEDED)
                .setSeed(ByteString.copyFromUtf8(seed))
                .setForm(GameForm.GAME_FORM_LEAN)
                .setView(VIEW)
                .build());
    return playFrom(play, started.getGame(), started.getChoices(), new ArrayList<>());
  }

  /**
   * Plays {@code game} to its end. {@code choices} are the actions open in it, as the answer that
   * brought it listed them; null for a Game read from storage (then ListActions, once).
   */
  static Played playFrom(
      PlayServiceGrpc.PlayServiceBlockingStub play, Game game, ListActionsResponse choices, List<LogEntry> logged) {
    if (choices == null) {
      choices = listChoices(play, game);
    }
    Game stored = null;
    ListActionsResponse storedChoices = null;
    for (int calls = 0; calls < MAX_CALLS; calls++) {
      if (over(game)) {
        return new Played(game, logged, stored, storedChoices);
      }
      if (stored == null && choices.getActionsList().stream().anyMatch(a -> a.getKind() == ActionKind.ACTION_KIND_MOVE)) {
        // Kept to check, after the game, that a client starting from a stored Game lists the same.
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
                    .setBotReply(LEVEL)
                    .build());
        game = answer.getGame();
        choices = answer.getChoices();
        events = answer.getEventsList();
        logged.addAll(answer.getLoggedList());
      } else {
        // Only when White has nothing to do and the bot was not asked yet (a fallback: with
        // bot_reply on every Act this does not happen in a game White starts).
        botActs++;
        BotActResponse answer =
            play.botAct(
                BotActRequest.newBuilder()
                    .setGame(wire(game))
                    .setLevel(LEVEL)
                    .setPlayer(Color.COLOR_BLACK)
                    .setView(VIEW)
                    .build());
        game = answer.getGame();
        choices = answer.getChoices();
        events = answer.getEventsList();
        logged.addAll(answer.getLoggedList());
      }
      for (Event event : events) {
        System.out.println(describe(event));
      }
    }
    throw new IllegalStateException("no result after " + MAX_CALLS + " calls");
  }

  private static int failures;

  /** Notes a failed check; main exits 1 after the rest have run. */
  private static void fail(String why) {
    System.err.println("FAILED: " + why);
    failures++;
  }

  public static void main(String[] args) throws InterruptedException {
    String target = "127.0.0.1:50051";
    String seed = "java-7";
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--target" -> target = args[i + 1];
        case "--seed" -> seed = args[i + 1];
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    ManagedChannel channel = ManagedChannelBuilder.forTarget(target).usePlaintext().build();
    try {
      CallMeter meter = new CallMeter();
      Channel metered = ClientInterceptors.intercept(channel, meter);
      PlayServiceGrpc.PlayServiceBlockingStub play = PlayServiceGrpc.newBlockingStub(metered);
      Played played = play(play, seed);
      long calls = meter.calls();
      long sent = meter.sent();
      long received = meter.received();
      Game game = played.game();
      System.out.printf(
          "the game took %d calls (%d BotAct) and %d bytes of protobuf (%d sent, %d received; %d per call); "
              + "Game %d bytes at the end, %d as sent back%n",
          calls, botActs, sent + received, sent, received, (sent + received) / Math.max(calls, 1),
          game.getSerializedSize(), wire(game).getSerializedSize());
      if (calls > CALL_BUDGET) {
        fail("more than " + CALL_BUDGET + " calls for one game");
      }
      if (sent + received > BYTE_BUDGET) {
        fail("more than " + BYTE_BUDGET + " bytes of protobuf for one game");
      }
      GameOutcome result = game.getResult();
      long won =
          result.getWinner() == Color.COLOR_WHITE
              ? game.getScoreAfter().getWhiteScore()
              : game.getScoreAfter().getBlackScore();
      if (result.getPoints() < 1 || won != result.getPoints()) {
        fail("no scored end: " + result + " " + game.getScoreAfter());
        System.exit(1);
      }
      // The lean Game carries no log; its digest counts the entries the answers handed out. A sealed
      // Game may carry the digest only inside its seal (the Game as the server serialised it).
      Game sealed = game;
      if (!game.hasDigest() && game.hasSeal()) {
        try {
          sealed = Game.parseFrom(game.getSeal().getState());
        } catch (com.google.protobuf.InvalidProtocolBufferException error) {
          fail("seal.state is not a Game: " + error.getMessage());
        }
      }
      if (game.getLogCount() != 0 || !sealed.hasDigest() || sealed.getDigest().getLength() != played.logged().size()) {
        fail("the kept log (" + played.logged().size() + " entries) does not match the lean game's digest: "
            + sealed.getDigest().getLength() + " entries, " + game.getLogCount() + " in the Game");
      } else {
        System.out.printf(
            "kept %d log entries, as the digest%s counts; version %d%n",
            played.logged().size(), sealed == game ? "" : " (in the seal)", game.getVersion());
      }
      // The record: the lean Game with the kept entries as its log.
      try {
        String mat =
            RecordServiceGrpc.newBlockingStub(metered)
                .exportMatch(
                    ExportMatchRequest.newBuilder()
                        .addGames(game.toBuilder().addAllLog(played.logged()))
                        .build())
                .getMat();
        if (mat.isBlank()) {
          fail("ExportMatch answered no record");
        } else {
          System.out.printf("ExportMatch of the kept log: %d characters of .mat%n", mat.length());
        }
      } catch (StatusRuntimeException error) {
        fail("ExportMatch of the lean Game with its kept log: " + error.getStatus());
      }
      // A client that starts from a stored Game lists its actions once, as the answers did (but
      // board_now, which an answer's choices may leave to its Game).
      if (played.stored() == null
          || !listChoices(play, played.stored()).toBuilder().clearBoardNow().build()
              .equals(played.storedChoices().toBuilder().clearBoardNow().build())) {
        fail("ListActions on a stored Game lists other actions than the answer that brought it");
      }
      System.out.println("ListActions on a stored Game lists what the answer's choices did");
      // A finished game allows nothing: the server refuses, FAILED_PRECONDITION.
      try {
        play.act(
            ActRequest.newBuilder()
                .setGame(wire(game))
                .setAction(
                    Action.newBuilder().setKind(ActionKind.ACTION_KIND_ROLL).setPlayer(Color.COLOR_WHITE))
                .build());
        fail("a roll after the end was accepted");
      } catch (StatusRuntimeException error) {
        if (error.getStatus().getCode() != Status.Code.FAILED_PRECONDITION) {
          throw error;
        }
        System.out.println("a roll after the end is refused: FAILED_PRECONDITION");
      }
      if (failures > 0) {
        System.err.println(failures + " check(s) failed");
        System.exit(1);
      }
      System.out.printf(
          "%s wins %d point(s) (%s, cube %d); score: White %d, Black %d; %d calls, %d bytes%n",
          name(result.getWinner()),
          result.getPoints(),
          result.getKind(),
          result.getCubeValue(),
          game.getScoreAfter().getWhiteScore(),
          game.getScoreAfter().getBlackScore(),
          calls,
          sent + received);
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }
}
