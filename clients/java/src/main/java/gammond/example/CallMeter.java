package gammond.example;

import com.google.protobuf.MessageLite;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the calls made through a channel and the protobuf bytes they carried: each request's and
 * each response's serialized size (the messages alone, without gRPC's 5-byte frame headers, HTTP/2
 * framing or headers). {@code ClientInterceptors.intercept(channel, meter)} gives the channel to
 * build stubs on; {@link #reset} starts a new count.
 */
public final class CallMeter implements ClientInterceptor {
  private final AtomicLong calls = new AtomicLong();
  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong received = new AtomicLong();

  public long calls() {
    return calls.get();
  }

  /** Request bytes: the serialized size of every message sent. */
  public long sent() {
    return sent.get();
  }

  /** Response bytes: the serialized size of every message received. */
  public long received() {
    return received.get();
  }

  public long bytes() {
    return sent() + received();
  }

  public void reset() {
    calls.set(0);
    sent.set(0);
    received.set(0);
  }

  private static long size(Object message) {
    return message instanceof MessageLite ? ((MessageLite) message).getSerializedSize() : 0;
  }

  @Override
  public <Q, A> ClientCall<Q, A> interceptCall(
      MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
    calls.incrementAndGet();
    return new ForwardingClientCall.SimpleForwardingClientCall<Q, A>(next.newCall(method, options)) {
      @Override
      public void start(Listener<A> listener, Metadata headers) {
        super.start(
            new ForwardingClientCallListener.SimpleForwardingClientCallListener<A>(listener) {
              @Override
              public void onMessage(A message) {
                received.addAndGet(size(message));
                super.onMessage(message);
              }
            },
            headers);
      }

      @Override
      public void sendMessage(Q message) {
        sent.addAndGet(size(message));
        super.sendMessage(message);
      }
    };
  }
}
