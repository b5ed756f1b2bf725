package android.view;

import android.content.Context;

/** A compile-time stand-in for android.view.ViewGroup (CI has no Android SDK). */
public abstract class ViewGroup extends View {
  public ViewGroup(Context context) {
    super(context);
  }

  public void addView(View child) {
    throw new UnsupportedOperationException("a compile-time stand-in of android.view.ViewGroup");
  }
}
