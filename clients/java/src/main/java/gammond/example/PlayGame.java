package gammond.example;

import backgammon.v1.BoardOuterClass.Color;
import backgammon.v1.BotServiceOuterClass.BotLevel;
import backgammon.v1.GameOuterClass.Action;
import backgammon.v1.GameOuterClass.ActionKind;
import backgammon.v1.GameOuterClass.Game;
import backgammon.v1.GameOuterClass.GameOutcome;
import backgammon.v1.PlayServiceGrpc;
import backgammon.v1.PlayServiceOuterClass.ActRequest;
import backgammon.v1.RecordServiceGrpc;
import backgammon.v1.RecordServiceOuterClass.ExportMatchRequest;
import gammond.play.LeanGame;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.concurrent.TimeUnit;

/**
 * Plays one money game through the game protocol (PlayService) over gRPC, the way an Android or
 * desktop board UI would, with {@link LeanGame} (the lean flow, the same class an Android Activity
 * calls: clients/java/android): a lean Game kept by the client and sent back with every call,
 * every answer's {@code choices} acted on (no ListActions), White action by action in
 * ACTIONS_VIEW_MOVES, Black by the bot answering in the same call ({@code bot_reply}), the Game
 * sent back as small as the server takes it, the answers' {@code logged} entries kept as the
 * game's record (ExportMatch).
 *
 * <pre>java -cp ... gammond.example.PlayGame --target 127.0.0.1:50051 --seed java-7</pre>
 *
 * Prints the game's events, the calls and protobuf bytes the game took (it fails above 150 calls
 * or 100 KB) and, last, who won how many points; exits 1 if the game has no scored end, its kept
 * log does not match its digest, or the server accepts an action it should refuse.
 */
public final class PlayGame {
  /** A board UI's game, one die per MOVE: at most this many calls... */
  static final long CALL_BUDGET = 150;
  /** ...and this many protobuf bytes, requests and responses together. */
  static final long BYTE_BUDGET = 100_000;

  private PlayGame() {}

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
      LeanGame lean = new LeanGame(play, BotLevel.BOT_LEVEL_BEGINNER);
      LeanGame.Played played = lean.play(seed, System.out::println);
      long calls = meter.calls();
      long sent = meter.sent();
      long received = meter.received();
      Game game = played.game;
      System.out.printf(
          "the game took %d calls (%d BotAct) and %d bytes of protobuf (%d sent, %d received; %d per call); "
              + "Game %d bytes at the end, %d as sent back%n",
          calls, played.botActs, sent + received, sent, received, (sent + received) / Math.max(calls, 1),
          game.getSerializedSize(), LeanGame.wire(game).getSerializedSize());
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
      if (game.getLogCount() != 0 || !sealed.hasDigest() || sealed.getDigest().getLength() != played.logged.size()) {
        fail("the kept log (" + played.logged.size() + " entries) does not match the lean game's digest: "
            + sealed.getDigest().getLength() + " entries, " + game.getLogCount() + " in the Game");
      } else {
        System.out.printf(
            "kept %d log entries, as the digest%s counts; version %d%n",
            played.logged.size(), sealed == game ? "" : " (in the seal)", game.getVersion());
      }
      // The record: the lean Game with the kept entries as its log.
      try {
        String mat =
            RecordServiceGrpc.newBlockingStub(metered)
                .exportMatch(
                    ExportMatchRequest.newBuilder()
                        .addGames(game.toBuilder().addAllLog(played.logged))
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
      if (played.stored == null
          || !lean.listChoices(played.stored).toBuilder().clearBoardNow().build()
              .equals(played.storedChoices.toBuilder().clearBoardNow().build())) {
        fail("ListActions on a stored Game lists other actions than the answer that brought it");
      }
      System.out.println("ListActions on a stored Game lists what the answer's choices did");
      // A finished game allows nothing: the server refuses, FAILED_PRECONDITION.
      try {
        play.act(
            ActRequest.newBuilder()
                .setGame(LeanGame.wire(game))
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
          LeanGame.name(result.getWinner()),
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
