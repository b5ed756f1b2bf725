package gammond.example;

import backgammon.v1.BoardOuterClass.Color;
import backgammon.v1.BotServiceOuterClass.BotLevel;
import backgammon.v1.GameOuterClass.Action;
import backgammon.v1.GameOuterClass.ActionKind;
import backgammon.v1.GameOuterClass.DiceSource;
import backgammon.v1.GameOuterClass.Event;
import backgammon.v1.GameOuterClass.Game;
import backgammon.v1.GameOuterClass.GameOutcome;
import backgammon.v1.GameOuterClass.Phase;
import backgammon.v1.PlayServiceGrpc;
import backgammon.v1.PlayServiceOuterClass.ActRequest;
import backgammon.v1.PlayServiceOuterClass.ActResponse;
import backgammon.v1.PlayServiceOuterClass.BotActRequest;
import backgammon.v1.PlayServiceOuterClass.BotActResponse;
import backgammon.v1.PlayServiceOuterClass.ListActionsRequest;
import backgammon.v1.PlayServiceOuterClass.ListActionsResponse;
import backgammon.v1.PlayServiceOuterClass.NewGameRequest;
import com.google.protobuf.ByteString;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Plays one money game through the game protocol (PlayService) over gRPC, the way an Android or
 * desktop frontend would: the client keeps the {@code Game} message and sends it with every call.
 * White is played action by action (ListActions, then Act: roll, move checker by checker, confirm,
 * take), Black by the bot (BotAct).
 *
 * <pre>java -cp ... gammond.example.PlayGame --target 127.0.0.1:50051 --seed java-7</pre>
 *
 * Prints the game's events and, last, who won how many points; exits 1 if the game has no scored
 * end or the server accepts an action it should refuse.
 */
public final class PlayGame {
  private static final int MAX_CALLS = 5000;
  private static final List<ActionKind> PREFERENCE =
      List.of(
          ActionKind.ACTION_KIND_TAKE,
          ActionKind.ACTION_KIND_ACCEPT,
          ActionKind.ACTION_KIND_ROLL,
          ActionKind.ACTION_KIND_CONFIRM,
          ActionKind.ACTION_KIND_MOVE);

  private PlayGame() {}

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

  /** White's choice among its listed actions: answer the cube, roll, confirm a complete turn, move. */
  static Action choose(List<Action> actions) {
    for (ActionKind kind : PREFERENCE) {
      for (Action action : actions) {
        if (action.getKind() == kind && action.getPlayer() == Color.COLOR_WHITE) {
          return action;
        }
      }
    }
    throw new IllegalStateException("nothing for White to do among " + actions);
  }

  static Game play(PlayServiceGrpc.PlayServiceBlockingStub play, String seed) {
    Game game =
        play.newGame(
                NewGameRequest.newBuilder()
                    .setDiceSource(DiceSource.DICE_SOURCE_SEEDED)
                    .setSeed(ByteString.copyFromUtf8(seed))
                    .build())
            .getGame();
    for (int calls = 0; calls < MAX_CALLS; calls++) {
      if (game.getPhase() == Phase.PHASE_GAME_OVER || game.getPhase() == Phase.PHASE_MATCH_OVER) {
        return game;
      }
      ListActionsResponse listing = play.listActions(ListActionsRequest.newBuilder().setGame(game).build());
      List<Event> events;
      if (listing.getToActList().contains(Color.COLOR_WHITE)) {
        ActResponse answer =
            play.act(ActRequest.newBuilder().setGame(game).setAction(choose(listing.getActionsList())).build());
        game = answer.getGame();
        events = answer.getEventsList();
      } else {
        BotActResponse answer =
            play.botAct(
                BotActRequest.newBuilder()
                    .setGame(game)
                    .setLevel(BotLevel.BOT_LEVEL_BEGINNER)
                    .setPlayer(Color.COLOR_BLACK)
                    .build());
        game = answer.getGame();
        events = answer.getEventsList();
      }
      for (Event event : events) {
        System.out.println(describe(event));
      }
    }
    throw new IllegalStateException("no result after " + MAX_CALLS + " calls");
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
      PlayServiceGrpc.PlayServiceBlockingStub play = PlayServiceGrpc.newBlockingStub(channel);
      Game game = play(play, seed);
      GameOutcome result = game.getResult();
      long won =
          result.getWinner() == Color.COLOR_WHITE
              ? game.getScoreAfter().getWhiteScore()
              : game.getScoreAfter().getBlackScore();
      if (result.getPoints() < 1 || won != result.getPoints()) {
        System.err.println("no scored end: " + result + " " + game.getScoreAfter());
        System.exit(1);
      }
      // A finished game allows nothing: the server refuses, FAILED_PRECONDITION.
      try {
        play.act(
            ActRequest.newBuilder()
                .setGame(game)
                .setAction(
                    Action.newBuilder().setKind(ActionKind.ACTION_KIND_ROLL).setPlayer(Color.COLOR_WHITE))
                .build());
        System.err.println("a roll after the end was accepted");
        System.exit(1);
      } catch (StatusRuntimeException error) {
        if (error.getStatus().getCode() != Status.Code.FAILED_PRECONDITION) {
          throw error;
        }
        System.out.println("a roll after the end is refused: FAILED_PRECONDITION");
      }
      System.out.printf(
          "%s wins %d point(s) (%s, cube %d); score: White %d, Black %d%n",
          name(result.getWinner()),
          result.getPoints(),
          result.getKind(),
          result.getCubeValue(),
          game.getScoreAfter().getWhiteScore(),
          game.getScoreAfter().getBlackScore());
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }
}
