package backgammon.v1;

import static io.grpc.MethodDescriptor.generateFullMethodName;

/**
 * <pre>
 * Converting game states to and from the usual text identifiers.
 * </pre>
 */
@javax.annotation.Generated(
    value = "by gRPC proto compiler",
    comments = "Source: backgammon/v1/notation_service.proto")
@io.grpc.stub.annotations.GrpcGenerated
public final class NotationServiceGrpc {

  private NotationServiceGrpc() {}

  public static final String SERVICE_NAME = "backgammon.v1.NotationService";

  // Static method descriptors that strictly reflect the proto.
  private static volatile io.grpc.MethodDescriptor<backgammon.v1.NotationServiceOuterClass.EncodeIdsRequest,
      backgammon.v1.NotationServiceOuterClass.EncodeIdsResponse> getEncodeIdsMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "EncodeIds",
      requestType = backgammon.v1.NotationServiceOuterClass.EncodeIdsRequest.class,
      responseType = backgammon.v1.NotationServiceOuterClass.EncodeIdsResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.NotationServiceOuterClass.EncodeIdsRequest,
      backgammon.v1.NotationServiceOuterClass.EncodeIdsResponse> getEncodeIdsMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.NotationServiceOuterClass.EncodeIdsRequest, backgammon.v1.NotationServiceOuterClass.EncodeIdsResponse> getEncodeIdsMethod;
    if ((getEncodeIdsMethod = NotationServiceGrpc.getEncodeIdsMethod) == null) {
      synchronized (NotationServiceGrpc.class) {
        if ((getEncodeIdsMethod = NotationServiceGrpc.getEncodeIdsMethod) == null) {
          NotationServiceGrpc.getEncodeIdsMethod = getEncodeIdsMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.NotationServiceOuterClass.EncodeIdsRequest, backgammon.v1.NotationServiceOuterClass.EncodeIdsResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "EncodeIds"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.NotationServiceOuterClass.EncodeIdsRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.NotationServiceOuterClass.EncodeIdsResponse.getDefaultInstance()))
              .setSchemaDescriptor(new NotationServiceMethodDescriptorSupplier("EncodeIds"))
              .build();
        }
      }
    }
    return getEncodeIdsMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.NotationServiceOuterClass.DecodeIdsRequest,
      backgammon.v1.NotationServiceOuterClass.DecodeIdsResponse> getDecodeIdsMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "DecodeIds",
      requestType = backgammon.v1.NotationServiceOuterClass.DecodeIdsRequest.class,
      responseType = backgammon.v1.NotationServiceOuterClass.DecodeIdsResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.NotationServiceOuterClass.DecodeIdsRequest,
      backgammon.v1.NotationServiceOuterClass.DecodeIdsResponse> getDecodeIdsMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.NotationServiceOuterClass.DecodeIdsRequest, backgammon.v1.NotationServiceOuterClass.DecodeIdsResponse> getDecodeIdsMethod;
    if ((getDecodeIdsMethod = NotationServiceGrpc.getDecodeIdsMethod) == null) {
      synchronized (NotationServiceGrpc.class) {
        if ((getDecodeIdsMethod = NotationServiceGrpc.getDecodeIdsMethod) == null) {
          NotationServiceGrpc.getDecodeIdsMethod = getDecodeIdsMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.NotationServiceOuterClass.DecodeIdsRequest, backgammon.v1.NotationServiceOuterClass.DecodeIdsResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "DecodeIds"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.NotationServiceOuterClass.DecodeIdsRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.NotationServiceOuterClass.DecodeIdsResponse.getDefaultInstance()))
              .setSchemaDescriptor(new NotationServiceMethodDescriptorSupplier("DecodeIds"))
              .build();
        }
      }
    }
    return getDecodeIdsMethod;
  }

  /**
   * Creates a new async stub that supports all call types for the service
   */
  public static NotationServiceStub newStub(io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<NotationServiceStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<NotationServiceStub>() {
        @java.lang.Override
        public NotationServiceStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new NotationServiceStub(channel, callOptions);
        }
      };
    return NotationServiceStub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports unary and streaming output calls on the service
   */
  public static NotationServiceBlockingStub newBlockingStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<NotationServiceBlockingStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<NotationServiceBlockingStub>() {
        @java.lang.Override
        public NotationServiceBlockingStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new NotationServiceBlockingStub(channel, callOptions);
        }
      };
    return NotationServiceBlockingStub.newStub(factory, channel);
  }

  /**
   * Creates a new ListenableFuture-style stub that supports unary calls on the service
   */
  public static NotationServiceFutureStub newFutureStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<NotationServiceFutureStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<NotationServiceFutureStub>() {
        @java.lang.Override
        public NotationServiceFutureStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new NotationServiceFutureStub(channel, callOptions);
        }
      };
    return NotationServiceFutureStub.newStub(factory, channel);
  }

  /**
   * <pre>
   * Converting game states to and from the usual text identifiers.
   * </pre>
   */
  public static abstract class NotationServiceImplBase implements io.grpc.BindableService {

    /**
     * <pre>
     * A game state as a Position ID, a Match ID and an XGID.
     * </pre>
     */
    public void encodeIds(backgammon.v1.NotationServiceOuterClass.EncodeIdsRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.NotationServiceOuterClass.EncodeIdsResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getEncodeIdsMethod(), responseObserver);
    }

    /**
     * <pre>
     * A game state from a Position ID (with or without a Match ID) or an
     * XGID.
     * </pre>
     */
    public void decodeIds(backgammon.v1.NotationServiceOuterClass.DecodeIdsRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.NotationServiceOuterClass.DecodeIdsResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getDecodeIdsMethod(), responseObserver);
    }

    @java.lang.Override public final io.grpc.ServerServiceDefinition bindService() {
      return io.grpc.ServerServiceDefinition.builder(getServiceDescriptor())
          .addMethod(
            getEncodeIdsMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.NotationServiceOuterClass.EncodeIdsRequest,
                backgammon.v1.NotationServiceOuterClass.EncodeIdsResponse>(
                  this, METHODID_ENCODE_IDS)))
          .addMethod(
            getDecodeIdsMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.NotationServiceOuterClass.DecodeIdsRequest,
                backgammon.v1.NotationServiceOuterClass.DecodeIdsResponse>(
                  this, METHODID_DECODE_IDS)))
          .build();
    }
  }

  /**
   * <pre>
   * Converting game states to and from the usual text identifiers.
   * </pre>
   */
  public static final class NotationServiceStub extends io.grpc.stub.AbstractAsyncStub<NotationServiceStub> {
    private NotationServiceStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected NotationServiceStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new NotationServiceStub(channel, callOptions);
    }

    /**
     * <pre>
     * A game state as a Position ID, a Match ID and an XGID.
     * </pre>
     */
    public void encodeIds(backgammon.v1.NotationServiceOuterClass.EncodeIdsRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.NotationServiceOuterClass.EncodeIdsResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getEncodeIdsMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * A game state from a Position ID (with or without a Match ID) or an
     * XGID.
     * </pre>
     */
    public void decodeIds(backgammon.v1.NotationServiceOuterClass.DecodeIdsRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.NotationServiceOuterClass.DecodeIdsResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getDecodeIdsMethod(), getCallOptions()), request, responseObserver);
    }
  }

  /**
   * <pre>
   * Converting game states to and from the usual text identifiers.
   * </pre>
   */
  public static final class NotationServiceBlockingStub extends io.grpc.stub.AbstractBlockingStub<NotationServiceBlockingStub> {
    private NotationServiceBlockingStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected NotationServiceBlockingStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new NotationServiceBlockingStub(channel, callOptions);
    }

    /**
     * <pre>
     * A game state as a Position ID, a Match ID and an XGID.
     * </pre>
     */
    public backgammon.v1.NotationServiceOuterClass.EncodeIdsResponse encodeIds(backgammon.v1.NotationServiceOuterClass.EncodeIdsRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getEncodeIdsMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * A game state from a Position ID (with or without a Match ID) or an
     * XGID.
     * </pre>
     */
    public backgammon.v1.NotationServiceOuterClass.DecodeIdsResponse decodeIds(backgammon.v1.NotationServiceOuterClass.DecodeIdsRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getDecodeIdsMethod(), getCallOptions(), request);
    }
  }

  /**
   * <pre>
   * Converting game states to and from the usual text identifiers.
   * </pre>
   */
  public static final class NotationServiceFutureStub extends io.grpc.stub.AbstractFutureStub<NotationServiceFutureStub> {
    private NotationServiceFutureStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected NotationServiceFutureStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new NotationServiceFutureStub(channel, callOptions);
    }

    /**
     * <pre>
     * A game state as a Position ID, a Match ID and an XGID.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.NotationServiceOuterClass.EncodeIdsResponse> encodeIds(
        backgammon.v1.NotationServiceOuterClass.EncodeIdsRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getEncodeIdsMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * A game state from a Position ID (with or without a Match ID) or an
     * XGID.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.NotationServiceOuterClass.DecodeIdsResponse> decodeIds(
        backgammon.v1.NotationServiceOuterClass.DecodeIdsRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getDecodeIdsMethod(), getCallOptions()), request);
    }
  }

  private static final int METHODID_ENCODE_IDS = 0;
  private static final int METHODID_DECODE_IDS = 1;

  private static final class MethodHandlers<Req, Resp> implements
      io.grpc.stub.ServerCalls.UnaryMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ServerStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ClientStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.BidiStreamingMethod<Req, Resp> {
    private final NotationServiceImplBase serviceImpl;
    private final int methodId;

    MethodHandlers(NotationServiceImplBase serviceImpl, int methodId) {
      this.serviceImpl = serviceImpl;
      this.methodId = methodId;
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public void invoke(Req request, io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_ENCODE_IDS:
          serviceImpl.encodeIds((backgammon.v1.NotationServiceOuterClass.EncodeIdsRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.NotationServiceOuterClass.EncodeIdsResponse>) responseObserver);
          break;
        case METHODID_DECODE_IDS:
          serviceImpl.decodeIds((backgammon.v1.NotationServiceOuterClass.DecodeIdsRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.NotationServiceOuterClass.DecodeIdsResponse>) responseObserver);
          break;
        default:
          throw new AssertionError();
      }
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public io.grpc.stub.StreamObserver<Req> invoke(
        io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        default:
          throw new AssertionError();
      }
    }
  }

  private static abstract class NotationServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoFileDescriptorSupplier, io.grpc.protobuf.ProtoServiceDescriptorSupplier {
    NotationServiceBaseDescriptorSupplier() {}

    @java.lang.Override
    public com.google.protobuf.Descriptors.FileDescriptor getFileDescriptor() {
      return backgammon.v1.NotationServiceOuterClass.getDescriptor();
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.ServiceDescriptor getServiceDescriptor() {
      return getFileDescriptor().findServiceByName("NotationService");
    }
  }

  private static final class NotationServiceFileDescriptorSupplier
      extends NotationServiceBaseDescriptorSupplier {
    NotationServiceFileDescriptorSupplier() {}
  }

  private static final class NotationServiceMethodDescriptorSupplier
      extends NotationServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoMethodDescriptorSupplier {
    private final String methodName;

    NotationServiceMethodDescriptorSupplier(String methodName) {
      this.methodName = methodName;
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.MethodDescriptor getMethodDescriptor() {
      return getServiceDescriptor().findMethodByName(methodName);
    }
  }

  private static volatile io.grpc.ServiceDescriptor serviceDescriptor;

  public static io.grpc.ServiceDescriptor getServiceDescriptor() {
    io.grpc.ServiceDescriptor result = serviceDescriptor;
    if (result == null) {
      synchronized (NotationServiceGrpc.class) {
        result = serviceDescriptor;
        if (result == null) {
          serviceDescriptor = result = io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
              .setSchemaDescriptor(new NotationServiceFileDescriptorSupplier())
              .addMethod(getEncodeIdsMethod())
              .addMethod(getDecodeIdsMethod())
              .build();
        }
      }
    }
    return result;
  }
}
