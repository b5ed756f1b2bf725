package backgammon.v1;

import static io.grpc.MethodDescriptor.generateFullMethodName;

/**
 * <pre>
 * Fair dice from the operating system's randomness, or reproducible dice
 * from a seed (for tests and replays).
 * </pre>
 */
@javax.annotation.Generated(
    value = "by gRPC proto compiler",
    comments = "Source: backgammon/v1/dice_service.proto")
@io.grpc.stub.annotations.GrpcGenerated
public final class DiceServiceGrpc {

  private DiceServiceGrpc() {}

  public static final String SERVICE_NAME = "backgammon.v1.DiceService";

  // Static method descriptors that strictly reflect the proto.
  private static volatile io.grpc.MethodDescriptor<backgammon.v1.DiceServiceOuterClass.RollDiceRequest,
      backgammon.v1.DiceServiceOuterClass.RollDiceResponse> getRollDiceMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "RollDice",
      requestType = backgammon.v1.DiceServiceOuterClass.RollDiceRequest.class,
      responseType = backgammon.v1.DiceServiceOuterClass.RollDiceResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.DiceServiceOuterClass.RollDiceRequest,
      backgammon.v1.DiceServiceOuterClass.RollDiceResponse> getRollDiceMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.DiceServiceOuterClass.RollDiceRequest, backgammon.v1.DiceServiceOuterClass.RollDiceResponse> getRollDiceMethod;
    if ((getRollDiceMethod = DiceServiceGrpc.getRollDiceMethod) == null) {
      synchronized (DiceServiceGrpc.class) {
        if ((getRollDiceMethod = DiceServiceGrpc.getRollDiceMethod) == null) {
          DiceServiceGrpc.getRollDiceMethod = getRollDiceMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.DiceServiceOuterClass.RollDiceRequest, backgammon.v1.DiceServiceOuterClass.RollDiceResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "RollDice"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.DiceServiceOuterClass.RollDiceRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.DiceServiceOuterClass.RollDiceResponse.getDefaultInstance()))
              .setSchemaDescriptor(new DiceServiceMethodDescriptorSupplier("RollDice"))
              .build();
        }
      }
    }
    return getRollDiceMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.DiceServiceOuterClass.RollOpeningRequest,
      backgammon.v1.DiceServiceOuterClass.RollOpeningResponse> getRollOpeningMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "RollOpening",
      requestType = backgammon.v1.DiceServiceOuterClass.RollOpeningRequest.class,
      responseType = backgammon.v1.DiceServiceOuterClass.RollOpeningResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.DiceServiceOuterClass.RollOpeningRequest,
      backgammon.v1.DiceServiceOuterClass.RollOpeningResponse> getRollOpeningMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.DiceServiceOuterClass.RollOpeningRequest, backgammon.v1.DiceServiceOuterClass.RollOpeningResponse> getRollOpeningMethod;
    if ((getRollOpeningMethod = DiceServiceGrpc.getRollOpeningMethod) == null) {
      synchronized (DiceServiceGrpc.class) {
        if ((getRollOpeningMethod = DiceServiceGrpc.getRollOpeningMethod) == null) {
          DiceServiceGrpc.getRollOpeningMethod = getRollOpeningMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.DiceServiceOuterClass.RollOpeningRequest, backgammon.v1.DiceServiceOuterClass.RollOpeningResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "RollOpening"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.DiceServiceOuterClass.RollOpeningRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.DiceServiceOuterClass.RollOpeningResponse.getDefaultInstance()))
              .setSchemaDescriptor(new DiceServiceMethodDescriptorSupplier("RollOpening"))
              .build();
        }
      }
    }
    return getRollOpeningMethod;
  }

  /**
   * Creates a new async stub that supports all call types for the service
   */
  public static DiceServiceStub newStub(io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<DiceServiceStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<DiceServiceStub>() {
        @java.lang.Override
        public DiceServiceStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new DiceServiceStub(channel, callOptions);
        }
      };
    return DiceServiceStub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports unary and streaming output calls on the service
   */
  public static DiceServiceBlockingStub newBlockingStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<DiceServiceBlockingStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<DiceServiceBlockingStub>() {
        @java.lang.Override
        public DiceServiceBlockingStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new DiceServiceBlockingStub(channel, callOptions);
        }
      };
    return DiceServiceBlockingStub.newStub(factory, channel);
  }

  /**
   * Creates a new ListenableFuture-style stub that supports unary calls on the service
   */
  public static DiceServiceFutureStub newFutureStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<DiceServiceFutureStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<DiceServiceFutureStub>() {
        @java.lang.Override
        public DiceServiceFutureStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new DiceServiceFutureStub(channel, callOptions);
        }
      };
    return DiceServiceFutureStub.newStub(factory, channel);
  }

  /**
   * <pre>
   * Fair dice from the operating system's randomness, or reproducible dice
   * from a seed (for tests and replays).
   * </pre>
   */
  public static abstract class DiceServiceImplBase implements io.grpc.BindableService {

    /**
     * <pre>
     * Rolls two dice, once or several times.
     * </pre>
     */
    public void rollDice(backgammon.v1.DiceServiceOuterClass.RollDiceRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.DiceServiceOuterClass.RollDiceResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getRollDiceMethod(), responseObserver);
    }

    /**
     * <pre>
     * The opening roll-off: each player rolls one die until they differ.
     * </pre>
     */
    public void rollOpening(backgammon.v1.DiceServiceOuterClass.RollOpeningRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.DiceServiceOuterClass.RollOpeningResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getRollOpeningMethod(), responseObserver);
    }

    @java.lang.Override public final io.grpc.ServerServiceDefinition bindService() {
      return io.grpc.ServerServiceDefinition.builder(getServiceDescriptor())
          .addMethod(
            getRollDiceMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.DiceServiceOuterClass.RollDiceRequest,
                backgammon.v1.DiceServiceOuterClass.RollDiceResponse>(
                  this, METHODID_ROLL_DICE)))
          .addMethod(
            getRollOpeningMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.DiceServiceOuterClass.RollOpeningRequest,
                backgammon.v1.DiceServiceOuterClass.RollOpeningResponse>(
                  this, METHODID_ROLL_OPENING)))
          .build();
    }
  }

  /**
   * <pre>
   * Fair dice from the operating system's randomness, or reproducible dice
   * from a seed (for tests and replays).
   * </pre>
   */
  public static final class DiceServiceStub extends io.grpc.stub.AbstractAsyncStub<DiceServiceStub> {
    private DiceServiceStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected DiceServiceStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new DiceServiceStub(channel, callOptions);
    }

    /**
     * <pre>
     * Rolls two dice, once or several times.
     * </pre>
     */
    public void rollDice(backgammon.v1.DiceServiceOuterClass.RollDiceRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.DiceServiceOuterClass.RollDiceResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getRollDiceMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The opening roll-off: each player rolls one die until they differ.
     * </pre>
     */
    public void rollOpening(backgammon.v1.DiceServiceOuterClass.RollOpeningRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.DiceServiceOuterClass.RollOpeningResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getRollOpeningMethod(), getCallOptions()), request, responseObserver);
    }
  }

  /**
   * <pre>
   * Fair dice from the operating system's randomness, or reproducible dice
   * from a seed (for tests and replays).
   * </pre>
   */
  public static final class DiceServiceBlockingStub extends io.grpc.stub.AbstractBlockingStub<DiceServiceBlockingStub> {
    private DiceServiceBlockingStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected DiceServiceBlockingStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new DiceServiceBlockingStub(channel, callOptions);
    }

    /**
     * <pre>
     * Rolls two dice, once or several times.
     * </pre>
     */
    public backgammon.v1.DiceServiceOuterClass.RollDiceResponse rollDice(backgammon.v1.DiceServiceOuterClass.RollDiceRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getRollDiceMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The opening roll-off: each player rolls one die until they differ.
     * </pre>
     */
    public backgammon.v1.DiceServiceOuterClass.RollOpeningResponse rollOpening(backgammon.v1.DiceServiceOuterClass.RollOpeningRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getRollOpeningMethod(), getCallOptions(), request);
    }
  }

  /**
   * <pre>
   * Fair dice from the operating system's randomness, or reproducible dice
   * from a seed (for tests and replays).
   * </pre>
   */
  public static final class DiceServiceFutureStub extends io.grpc.stub.AbstractFutureStub<DiceServiceFutureStub> {
    private DiceServiceFutureStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected DiceServiceFutureStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new DiceServiceFutureStub(channel, callOptions);
    }

    /**
     * <pre>
     * Rolls two dice, once or several times.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.DiceServiceOuterClass.RollDiceResponse> rollDice(
        backgammon.v1.DiceServiceOuterClass.RollDiceRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getRollDiceMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The opening roll-off: each player rolls one die until they differ.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.DiceServiceOuterClass.RollOpeningResponse> rollOpening(
        backgammon.v1.DiceServiceOuterClass.RollOpeningRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getRollOpeningMethod(), getCallOptions()), request);
    }
  }

  private static final int METHODID_ROLL_DICE = 0;
  private static final int METHODID_ROLL_OPENING = 1;

  private static final class MethodHandlers<Req, Resp> implements
      io.grpc.stub.ServerCalls.UnaryMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ServerStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ClientStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.BidiStreamingMethod<Req, Resp> {
    private final DiceServiceImplBase serviceImpl;
    private final int methodId;

    MethodHandlers(DiceServiceImplBase serviceImpl, int methodId) {
      this.serviceImpl = serviceImpl;
      this.methodId = methodId;
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public void invoke(Req request, io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_ROLL_DICE:
          serviceImpl.rollDice((backgammon.v1.DiceServiceOuterClass.RollDiceRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.DiceServiceOuterClass.RollDiceResponse>) responseObserver);
          break;
        case METHODID_ROLL_OPENING:
          serviceImpl.rollOpening((backgammon.v1.DiceServiceOuterClass.RollOpeningRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.DiceServiceOuterClass.RollOpeningResponse>) responseObserver);
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

  private static abstract class DiceServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoFileDescriptorSupplier, io.grpc.protobuf.ProtoServiceDescriptorSupplier {
    DiceServiceBaseDescriptorSupplier() {}

    @java.lang.Override
    public com.google.protobuf.Descriptors.FileDescriptor getFileDescriptor() {
      return backgammon.v1.DiceServiceOuterClass.getDescriptor();
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.ServiceDescriptor getServiceDescriptor() {
      return getFileDescriptor().findServiceByName("DiceService");
    }
  }

  private static final class DiceServiceFileDescriptorSupplier
      extends DiceServiceBaseDescriptorSupplier {
    DiceServiceFileDescriptorSupplier() {}
  }

  private static final class DiceServiceMethodDescriptorSupplier
      extends DiceServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoMethodDescriptorSupplier {
    private final String methodName;

    DiceServiceMethodDescriptorSupplier(String methodName) {
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
      synchronized (DiceServiceGrpc.class) {
        result = serviceDescriptor;
        if (result == null) {
          serviceDescriptor = result = io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
              .setSchemaDescriptor(new DiceServiceFileDescriptorSupplier())
              .addMethod(getRollDiceMethod())
              .addMethod(getRollOpeningMethod())
              .build();
        }
      }
    }
    return result;
  }
}
