package android.app;

import android.content.Context;
import android.os.Bundle;
import android.view.View;

/**
 * A stand-in for the members of android.app.Activity that the example uses, so that CI compiles
 * the Activity without the Android SDK. Compile-only: never run, never shipped.
 */
public class Activity extends Context {
  protected void onCreate(Bundle savedInstanceState) {
    throw new UnsupportedOperationException("a compile-time stand-in of android.app.Activity");
  }

  protected void onDestroy() {
    throw new UnsupportedOperationException("a compile-time stand-in of android.app.Activity");
  }

  public void setContentView(View view) {
    throw new UnsupportedOperationException("a compile-time stand-in of android.app.Activity");
  }

  public final void runOnUiThread(Runnable action) {
    throw new UnsupportedOperationException("a compile-time stand-in of android.app.Activity");
  }
}
