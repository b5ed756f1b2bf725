package gammond.example;

import backgammon.v1.BoardOuterClass.Color;
import backgammon.v1.BoardOuterClass.Dice;
import backgammon.v1.BoardOuterClass.Position;
import backgammon.v1.BoardOuterClass.PositionId;
import backgammon.v1.BoardOuterClass.PositionInput;
import backgammon.v1.BotServiceGrpc;
import backgammon.v1.BotServiceOuterClass.BestPlayRequest;
import backgammon.v1.BotServiceOuterClass.BotLevel;
import backgammon.v1.BotServiceOuterClass.CubeAdvice;
import backgammon.v1.BotServiceOuterClass.CubeDecisionRequest;
import backgammon.v1.BotServiceOuterClass.CubeDecisionResponse;
import backgammon.v1.DiceServiceGrpc;
import backgammon.v1.DiceServiceOuterClass.RollDiceRequest;
import backgammon.v1.DiceServiceOuterClass.RollOpeningRequest;
import backgammon.v1.DiceServiceOuterClass.RollOpeningResponse;
import backgammon.v1.GameServiceGrpc;
import backgammon.v1.GameServiceOuterClass.ApplyCubeActionRequest;
import backgammon.v1.GameServiceOuterClass.ApplyCubeActionResponse;
import backgammon.v1.GameServiceOuterClass.ApplyPlayRequest;
import backgammon.v1.GameServiceOuterClass.ApplyPlayResponse;
import backgammon.v1.MatchServiceGrpc;
import backgammon.v1.MatchServiceOuterClass.RecordGameRequest;
import backgammon.v1.MatchServiceOuterClass.RecordGameResponse;
import backgammon.v1.Rules.CubeAction;
import backgammon.v1.Rules.CubeContext;
import backgammon.v1.Rules.CubeState;
import backgammon.v1.Rules.GameResult;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.util.concurrent.TimeUnit;

/**
 * Plays one money game, bot against bot, through a running gammond server over gRPC: the opening
 * roll and the dice (DiceService), the cube (BotService.CubeDecision, GameService.ApplyCubeAction),
 * the plays (BotService.BestPlay, GameService.ApplyPlay) and the score sheet
 * (MatchService.RecordGame). The server keeps nothing; every call carries the state.
 *
 * <pre>java -cp ... gammond.example.PlayGame --target 127.0.0.1:50051 --seed 7</pre>
 *
 * Prints every step and, last, "White wins N point(s)"; exits 1 if the game has no scored end.
 */
public final class PlayGame {
  private static final String STARTING_POSITION_ID = "4HPwATDgc/ABMA";
  private static final int MAX_TURNS = 1000;

  private final GameServiceGrpc.GameServiceBlockingStub game;
  private final BotServiceGrpc.BotServiceBlockingStub bot;
  private final DiceServiceGrpc.DiceServiceBlockingStub dice;
  private final MatchServiceGrpc.MatchServiceBlockingStub match;
  private final long seed;
  private int drawn;
  private final int[] rolls = new int[3];

  PlayGame(ManagedChannel channel, long seed) {
    this.game = GameServiceGrpc.newBlockingStub(channel);
    this.bot = BotServiceGrpc.newBlockingStub(channel);
    this.dice = DiceServiceGrpc.newBlockingStub(channel);
    this.match = MatchServiceGrpc.newBlockingStub(channel);
    this.seed = seed;
  }

  private static String name(Color color) {
    return color == Color.COLOR_WHITE ? "White" : "Black";
  }

  private static Color other(Color color) {
    return color == Color.COLOR_WHITE ? Color.COLOR_BLACK : Color.COLOR_WHITE;
  }

  private CubeContext context(CubeState cube, Color turn) {
    return CubeContext.newBuilder()
        .setCube(cube)
        .setTurn(turn)
        .setWhiteRolls(rolls[Color.COLOR_WHITE_VALUE])
        .setBlackRolls(rolls[Color.COLOR_BLACK_VALUE])
        .build();
  }

  private Dice nextRoll() {
    // Roll N of one seeded sequence, so the same seed replays the same game.
    Dice roll =
        dice.rollDice(RollDiceRequest.newBuilder().setSeed(seed + 1).setSkip(drawn).setCount(1).build())
            .getRolls(0);
    drawn += 1;
    return roll;
  }

  GameResult play() {
    RollOpeningResponse opening = dice.rollOpening(RollOpeningRequest.newBuilder().setSeed(seed).build());
    Color turn = opening.getFirst();
    PositionInput position =
        PositionInput.newBuilder()
            .setPositionId(PositionId.newBuilder().setId(STARTING_POSITION_ID).setTurn(turn))
            .build();
    CubeState cube = opening.getCube();
    Dice roll = opening.getDice();
    System.out.printf("%s wins the opening roll with %d-%d%n", name(turn), roll.getDie1(), roll.getDie2());
    for (int number = 1; number <= MAX_TURNS; number++) {
      if (number > 1) {
        CubeDecisionResponse decision =
            bot.cubeDecision(
                CubeDecisionRequest.newBuilder().setPosition(position).setContext(context(cube, turn)).build());
        boolean advised =
            decision.getAdvice() == CubeAdvice.CUBE_ADVICE_DOUBLE_TAKE
                || decision.getAdvice() == CubeAdvice.CUBE_ADVICE_DOUBLE_PASS;
        if (decision.getMayDouble() && advised) {
          ApplyCubeActionResponse offered =
              game.applyCubeAction(
                  ApplyCubeActionRequest.newBuilder()
                      .setContext(context(cube, turn))
                      .setPlayer(turn)
                      .setAction(CubeAction.CUBE_ACTION_DOUBLE)
                      .build());
          System.out.printf("%s doubles to %d%n", name(turn), 2 * cube.getValue());
          CubeAction answer = decision.getTake() ? CubeAction.CUBE_ACTION_TAKE : CubeAction.CUBE_ACTION_DROP;
          ApplyCubeActionResponse answered =
              game.applyCubeAction(
                  ApplyCubeActionRequest.newBuilder()
                      .setContext(context(offered.getCube(), turn))
                      .setPlayer(other(turn))
                      .setAction(answer)
                      .build());
          System.out.printf("%s %s%n", name(other(turn)), decision.getTake() ? "takes" : "drops");
          if (answered.hasResult()) {
            return answered.getResult();
          }
          cube = answered.getCube();
        }
        roll = nextRoll();
      }
      rolls[turn.getNumber()] += 1;
      String notation =
          bot.bestPlay(
                  BestPlayRequest.newBuilder()
                      .setPosition(position)
                      .setDice(roll)
                      .setLevel(BotLevel.BOT_LEVEL_BEGINNER)
                      .build())
              .getBest()
              .getPlay()
              .getNotation();
      ApplyPlayResponse applied =
          game.applyPlay(
              ApplyPlayRequest.newBuilder()
                  .setPosition(position)
                  .setDice(roll)
                  .setNotation(notation)
                  .setCube(cube)
                  .build());
      System.out.printf("%s %d-%d: %s%n", name(turn), roll.getDie1(), roll.getDie2(), notation);
      if (applied.hasResult()) {
        return applied.getResult();
      }
      Position next = applied.getNextPosition();
      position = PositionInput.newBuilder().setPosition(next).build();
      turn = next.getTurn();
      cube = cube.toBuilder().setDoubledThisTurn(false).build(); // the turn passes
    }
    throw new IllegalStateException("no result after " + MAX_TURNS + " turns");
  }

  public static void main(String[] args) throws InterruptedException {
    String target = "127.0.0.1:50051";
    long seed = 7;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--target" -> target = args[i + 1];
        case "--seed" -> seed = Long.parseLong(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    ManagedChannel channel = ManagedChannelBuilder.forTarget(target).usePlaintext().build();
    try {
      PlayGame player = new PlayGame(channel, seed);
      GameResult result = player.play();
      RecordGameResponse record =
          player.match.recordGame(RecordGameRequest.newBuilder().setGame(result).build());
      int score =
          result.getWinner() == Color.COLOR_WHITE
              ? record.getMatch().getWhiteScore()
              : record.getMatch().getBlackScore();
      if (result.getPoints() < 1 || score != result.getPoints()) {
        System.err.println("no scored end: " + result + " " + record);
        System.exit(1);
      }
      System.out.printf(
          "%s wins %d point(s) (%s, cube %d); score sheet: White %d, Black %d%n",
          name(result.getWinner()),
          result.getPoints(),
          result.getKind(),
          result.getCubeValue(),
          record.getMatch().getWhiteScore(),
          record.getMatch().getBlackScore());
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }
}
