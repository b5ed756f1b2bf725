package gammond.android;

import android.app.Activity;
import android.os.Bundle;
import android.widget.ScrollView;
import android.widget.TextView;
import backgammon.v1.BotServiceOuterClass.BotLevel;
import backgammon.v1.GameOuterClass.Game;
import backgammon.v1.PlayServiceGrpc;
import gammond.play.LeanGame;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.StatusRuntimeException;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Plays one lean game against the bot and shows it, line by line: the whole game is {@link
 * LeanGame}, the plain-Java class that {@code gammond.example.PlayGame} runs on the JVM in CI. This
 * Activity only gives it a worker thread (Android allows no network on the main thread) and posts
 * each event to the screen on the main thread. Over gRPC (grpc-okhttp on Android, plaintext: put
 * TLS in front in production) to {@link #TARGET}.
 */
public final class PlayGameActivity extends Activity {
  /** The server as the Android emulator reaches its host's loopback (scripts/serve's gRPC port). */
  static final String TARGET = "10.0.2.2:50051";

  private final ExecutorService worker = Executors.newSingleThreadExecutor();
  private ManagedChannel channel;
  private TextView log;

  @Override
  protected void onCreate(Bundle state) {
    super.onCreate(state);
    log = new TextView(this);
    ScrollView scroll = new ScrollView(this);
    scroll.addView(log);
    setContentView(scroll);
    channel = ManagedChannelBuilder.forTarget(TARGET).usePlaintext().build();
    worker.execute(this::play);
  }

  /** On the worker thread: the game, blocking call after blocking call. */
  private void play() {
    try {
      LeanGame lean = new LeanGame(PlayServiceGrpc.newBlockingStub(channel), BotLevel.BOT_LEVEL_BEGINNER);
      LeanGame.Played played = lean.play("android-7", this::show);
      Game game = played.game;
      show(
          String.format(
              Locale.ROOT,
              "%s wins %d point(s); score: White %d, Black %d",
              LeanGame.name(game.getResult().getWinner()),
              game.getResult().getPoints(),
              game.getScoreAfter().getWhiteScore(),
              game.getScoreAfter().getBlackScore()));
    } catch (StatusRuntimeException | IllegalStateException error) {
      show("error: " + error.getMessage());
    }
  }

  /** From any thread: one line on the screen, appended on the main thread. */
  private void show(final String line) {
    runOnUiThread(() -> log.append(line + "\n"));
  }

  @Override
  protected void onDestroy() {
    worker.shutdownNow();
    channel.shutdownNow();
    super.onDestroy();
  }
}
