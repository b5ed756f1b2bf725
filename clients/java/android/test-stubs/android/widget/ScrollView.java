package android.widget;

import android.content.Context;
import android.view.ViewGroup;

/** A compile-time stand-in for android.widget.ScrollView (CI has no Android SDK). */
public class ScrollView extends ViewGroup {
  public ScrollView(Context context) {
    super(context);
  }
}
