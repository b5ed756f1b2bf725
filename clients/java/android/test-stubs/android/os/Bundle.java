package android.os;

/** A compile-time stand-in for android.os.Bundle (CI has no Android SDK). */
public final class Bundle {}
