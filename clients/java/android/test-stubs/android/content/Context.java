package android.content;

/** A compile-time stand-in for android.content.Context (CI has no Android SDK). */
public abstract class Context {}
