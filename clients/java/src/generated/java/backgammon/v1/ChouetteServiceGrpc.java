package backgammon.v1;

import static io.grpc.MethodDescriptor.generateFullMethodName;

/**
 * <pre>
 * The chouette's line-up and its settlement after each game.
 * </pre>
 */
@javax.annotation.Generated(
    value = "by gRPC proto compiler",
    comments = "Source: backgammon/v1/chouette_service.proto")
@io.grpc.stub.annotations.GrpcGenerated
public final class ChouetteServiceGrpc {

  private ChouetteServiceGrpc() {}

  public static final String SERVICE_NAME = "backgammon.v1.ChouetteService";

  // Static method descriptors that strictly reflect the proto.
  private static volatile io.grpc.MethodDescriptor<backgammon.v1.ChouetteServiceOuterClass.LineUpRequest,
      backgammon.v1.ChouetteServiceOuterClass.LineUpResponse> getLineUpMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "LineUp",
      requestType = backgammon.v1.ChouetteServiceOuterClass.LineUpRequest.class,
      responseType = backgammon.v1.ChouetteServiceOuterClass.LineUpResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.ChouetteServiceOuterClass.LineUpRequest,
      backgammon.v1.ChouetteServiceOuterClass.LineUpResponse> getLineUpMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.ChouetteServiceOuterClass.LineUpRequest, backgammon.v1.ChouetteServiceOuterClass.LineUpResponse> getLineUpMethod;
    if ((getLineUpMethod = ChouetteServiceGrpc.getLineUpMethod) == null) {
      synchronized (ChouetteServiceGrpc.class) {
        if ((getLineUpMethod = ChouetteServiceGrpc.getLineUpMethod) == null) {
          ChouetteServiceGrpc.getLineUpMethod = getLineUpMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.ChouetteServiceOuterClass.LineUpRequest, backgammon.v1.ChouetteServiceOuterClass.LineUpResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "LineUp"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.ChouetteServiceOuterClass.LineUpRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.ChouetteServiceOuterClass.LineUpResponse.getDefaultInstance()))
              .setSchemaDescriptor(new ChouetteServiceMethodDescriptorSupplier("LineUp"))
              .build();
        }
      }
    }
    return getLineUpMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.ChouetteServiceOuterClass.SettleChouetteRequest,
      backgammon.v1.ChouetteServiceOuterClass.SettleChouetteResponse> getSettleChouetteMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "SettleChouette",
      requestType = backgammon.v1.ChouetteServiceOuterClass.SettleChouetteRequest.class,
      responseType = backgammon.v1.ChouetteServiceOuterClass.SettleChouetteResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.ChouetteServiceOuterClass.SettleChouetteRequest,
      backgammon.v1.ChouetteServiceOuterClass.SettleChouetteResponse> getSettleChouetteMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.ChouetteServiceOuterClass.SettleChouetteRequest, backgammon.v1.ChouetteServiceOuterClass.SettleChouetteResponse> getSettleChouetteMethod;
    if ((getSettleChouetteMethod = ChouetteServiceGrpc.getSettleChouetteMethod) == null) {
      synchronized (ChouetteServiceGrpc.class) {
        if ((getSettleChouetteMethod = ChouetteServiceGrpc.getSettleChouetteMethod) == null) {
          ChouetteServiceGrpc.getSettleChouetteMethod = getSettleChouetteMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.ChouetteServiceOuterClass.SettleChouetteRequest, backgammon.v1.ChouetteServiceOuterClass.SettleChouetteResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "SettleChouette"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.ChouetteServiceOuterClass.SettleChouetteRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.ChouetteServiceOuterClass.SettleChouetteResponse.getDefaultInstance()))
              .setSchemaDescriptor(new ChouetteServiceMethodDescriptorSupplier("SettleChouette"))
              .build();
        }
      }
    }
    return getSettleChouetteMethod;
  }

  /**
   * Creates a new async stub that supports all call types for the service
   */
  public static ChouetteServiceStub newStub(io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<ChouetteServiceStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<ChouetteServiceStub>() {
        @java.lang.Override
        public ChouetteServiceStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new ChouetteServiceStub(channel, callOptions);
        }
      };
    return ChouetteServiceStub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports unary and streaming output calls on the service
   */
  public static ChouetteServiceBlockingStub newBlockingStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<ChouetteServiceBlockingStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<ChouetteServiceBlockingStub>() {
        @java.lang.Override
        public ChouetteServiceBlockingStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new ChouetteServiceBlockingStub(channel, callOptions);
        }
      };
    return ChouetteServiceBlockingStub.newStub(factory, channel);
  }

  /**
   * Creates a new ListenableFuture-style stub that supports unary calls on the service
   */
  public static ChouetteServiceFutureStub newFutureStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<ChouetteServiceFutureStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<ChouetteServiceFutureStub>() {
        @java.lang.Override
        public ChouetteServiceFutureStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new ChouetteServiceFutureStub(channel, callOptions);
        }
      };
    return ChouetteServiceFutureStub.newStub(factory, channel);
  }

  /**
   * <pre>
   * The chouette's line-up and its settlement after each game.
   * </pre>
   */
  public static abstract class ChouetteServiceImplBase implements io.grpc.BindableService {

    /**
     * <pre>
     * The line-up from a roll-off: the highest roller is the box, the second
     * the captain, the rest wait in order; ties roll again.
     * </pre>
     */
    public void lineUp(backgammon.v1.ChouetteServiceOuterClass.LineUpRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.ChouetteServiceOuterClass.LineUpResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getLineUpMethod(), responseObserver);
    }

    /**
     * <pre>
     * Who pays whom after a game, and the line-up for the next game.
     * </pre>
     */
    public void settleChouette(backgammon.v1.ChouetteServiceOuterClass.SettleChouetteRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.ChouetteServiceOuterClass.SettleChouetteResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getSettleChouetteMethod(), responseObserver);
    }

    @java.lang.Override public final io.grpc.ServerServiceDefinition bindService() {
      return io.grpc.ServerServiceDefinition.builder(getServiceDescriptor())
          .addMethod(
            getLineUpMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.ChouetteServiceOuterClass.LineUpRequest,
                backgammon.v1.ChouetteServiceOuterClass.LineUpResponse>(
                  this, METHODID_LINE_UP)))
          .addMethod(
            getSettleChouetteMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.ChouetteServiceOuterClass.SettleChouetteRequest,
                backgammon.v1.ChouetteServiceOuterClass.SettleChouetteResponse>(
                  this, METHODID_SETTLE_CHOUETTE)))
          .build();
    }
  }

  /**
   * <pre>
   * The chouette's line-up and its settlement after each game.
   * </pre>
   */
  public static final class ChouetteServiceStub extends io.grpc.stub.AbstractAsyncStub<ChouetteServiceStub> {
    private ChouetteServiceStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected ChouetteServiceStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new ChouetteServiceStub(channel, callOptions);
    }

    /**
     * <pre>
     * The line-up from a roll-off: the highest roller is the box, the second
     * the captain, the rest wait in order; ties roll again.
     * </pre>
     */
    public void lineUp(backgammon.v1.ChouetteServiceOuterClass.LineUpRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.ChouetteServiceOuterClass.LineUpResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getLineUpMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Who pays whom after a game, and the line-up for the next game.
     * </pre>
     */
    public void settleChouette(backgammon.v1.ChouetteServiceOuterClass.SettleChouetteRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.ChouetteServiceOuterClass.SettleChouetteResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getSettleChouetteMethod(), getCallOptions()), request, responseObserver);
    }
  }

  /**
   * <pre>
   * The chouette's line-up and its settlement after each game.
   * </pre>
   */
  public static final class ChouetteServiceBlockingStub extends io.grpc.stub.AbstractBlockingStub<ChouetteServiceBlockingStub> {
    private ChouetteServiceBlockingStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected ChouetteServiceBlockingStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new ChouetteServiceBlockingStub(channel, callOptions);
    }

    /**
     * <pre>
     * The line-up from a roll-off: the highest roller is the box, the second
     * the captain, the rest wait in order; ties roll again.
     * </pre>
     */
    public backgammon.v1.ChouetteServiceOuterClass.LineUpResponse lineUp(backgammon.v1.ChouetteServiceOuterClass.LineUpRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getLineUpMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Who pays whom after a game, and the line-up for the next game.
     * </pre>
     */
    public backgammon.v1.ChouetteServiceOuterClass.SettleChouetteResponse settleChouette(backgammon.v1.ChouetteServiceOuterClass.SettleChouetteRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getSettleChouetteMethod(), getCallOptions(), request);
    }
  }

  /**
   * <pre>
   * The chouette's line-up and its settlement after each game.
   * </pre>
   */
  public static final class ChouetteServiceFutureStub extends io.grpc.stub.AbstractFutureStub<ChouetteServiceFutureStub> {
    private ChouetteServiceFutureStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected ChouetteServiceFutureStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new ChouetteServiceFutureStub(channel, callOptions);
    }

    /**
     * <pre>
     * The line-up from a roll-off: the highest roller is the box, the second
     * the captain, the rest wait in order; ties roll again.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.ChouetteServiceOuterClass.LineUpResponse> lineUp(
        backgammon.v1.ChouetteServiceOuterClass.LineUpRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getLineUpMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Who pays whom after a game, and the line-up for the next game.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.ChouetteServiceOuterClass.SettleChouetteResponse> settleChouette(
        backgammon.v1.ChouetteServiceOuterClass.SettleChouetteRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getSettleChouetteMethod(), getCallOptions()), request);
    }
  }

  private static final int METHODID_LINE_UP = 0;
  private static final int METHODID_SETTLE_CHOUETTE = 1;

  private static final class MethodHandlers<Req, Resp> implements
      io.grpc.stub.ServerCalls.UnaryMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ServerStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ClientStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.BidiStreamingMethod<Req, Resp> {
    private final ChouetteServiceImplBase serviceImpl;
    private final int methodId;

    MethodHandlers(ChouetteServiceImplBase serviceImpl, int methodId) {
      this.serviceImpl = serviceImpl;
      this.methodId = methodId;
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public void invoke(Req request, io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_LINE_UP:
          serviceImpl.lineUp((backgammon.v1.ChouetteServiceOuterClass.LineUpRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.ChouetteServiceOuterClass.LineUpResponse>) responseObserver);
          break;
        case METHODID_SETTLE_CHOUETTE:
          serviceImpl.settleChouette((backgammon.v1.ChouetteServiceOuterClass.SettleChouetteRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.ChouetteServiceOuterClass.SettleChouetteResponse>) responseObserver);
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

  private static abstract class ChouetteServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoFileDescriptorSupplier, io.grpc.protobuf.ProtoServiceDescriptorSupplier {
    ChouetteServiceBaseDescriptorSupplier() {}

    @java.lang.Override
    public com.google.protobuf.Descriptors.FileDescriptor getFileDescriptor() {
      return backgammon.v1.ChouetteServiceOuterClass.getDescriptor();
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.ServiceDescriptor getServiceDescriptor() {
      return getFileDescriptor().findServiceByName("ChouetteService");
    }
  }

  private static final class ChouetteServiceFileDescriptorSupplier
      extends ChouetteServiceBaseDescriptorSupplier {
    ChouetteServiceFileDescriptorSupplier() {}
  }

  private static final class ChouetteServiceMethodDescriptorSupplier
      extends ChouetteServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoMethodDescriptorSupplier {
    private final String methodName;

    ChouetteServiceMethodDescriptorSupplier(String methodName) {
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
      synchronized (ChouetteServiceGrpc.class) {
        result = serviceDescriptor;
        if (result == null) {
          serviceDescriptor = result = io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
              .setSchemaDescriptor(new ChouetteServiceFileDescriptorSupplier())
              .addMethod(getLineUpMethod())
              .addMethod(getSettleChouetteMethod())
              .build();
        }
      }
    }
    return result;
  }
}
