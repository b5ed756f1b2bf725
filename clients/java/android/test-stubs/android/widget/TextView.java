package android.widget;

import android.content.Context;
import android.view.View;

/** A compile-time stand-in for android.widget.TextView (CI has no Android SDK). */
public class TextView extends View {
  public TextView(Context context) {
    super(context);
  }

  public final void append(CharSequence text) {
    throw new UnsupportedOperationException("a compile-time stand-in of android.widget.TextView");
  }
}
