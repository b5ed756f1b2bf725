package android.view;

import android.content.Context;

/** A compile-time stand-in for android.view.View (CI has no Android SDK). */
public class View {
  public View(Context context) {}
}
