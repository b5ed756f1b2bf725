package backgammon.v1;

import static io.grpc.MethodDescriptor.generateFullMethodName;

/**
 * <pre>
 * Match scoring: the Crawford rule and the score sheet.
 * </pre>
 */
@javax.annotation.Generated(
    value = "by gRPC proto compiler",
    comments = "Source: backgammon/v1/match_service.proto")
@io.grpc.stub.annotations.GrpcGenerated
public final class MatchServiceGrpc {

  private MatchServiceGrpc() {}

  public static final String SERVICE_NAME = "backgammon.v1.MatchService";

  // Static method descriptors that strictly reflect the proto.
  private static volatile io.grpc.MethodDescriptor<backgammon.v1.MatchServiceOuterClass.RecordGameRequest,
      backgammon.v1.MatchServiceOuterClass.RecordGameResponse> getRecordGameMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "RecordGame",
      requestType = backgammon.v1.MatchServiceOuterClass.RecordGameRequest.class,
      responseType = backgammon.v1.MatchServiceOuterClass.RecordGameResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.MatchServiceOuterClass.RecordGameRequest,
      backgammon.v1.MatchServiceOuterClass.RecordGameResponse> getRecordGameMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.MatchServiceOuterClass.RecordGameRequest, backgammon.v1.MatchServiceOuterClass.RecordGameResponse> getRecordGameMethod;
    if ((getRecordGameMethod = MatchServiceGrpc.getRecordGameMethod) == null) {
      synchronized (MatchServiceGrpc.class) {
        if ((getRecordGameMethod = MatchServiceGrpc.getRecordGameMethod) == null) {
          MatchServiceGrpc.getRecordGameMethod = getRecordGameMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.MatchServiceOuterClass.RecordGameRequest, backgammon.v1.MatchServiceOuterClass.RecordGameResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "RecordGame"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.MatchServiceOuterClass.RecordGameRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.MatchServiceOuterClass.RecordGameResponse.getDefaultInstance()))
              .setSchemaDescriptor(new MatchServiceMethodDescriptorSupplier("RecordGame"))
              .build();
        }
      }
    }
    return getRecordGameMethod;
  }

  /**
   * Creates a new async stub that supports all call types for the service
   */
  public static MatchServiceStub newStub(io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<MatchServiceStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<MatchServiceStub>() {
        @java.lang.Override
        public MatchServiceStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new MatchServiceStub(channel, callOptions);
        }
      };
    return MatchServiceStub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports unary and streaming output calls on the service
   */
  public static MatchServiceBlockingStub newBlockingStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<MatchServiceBlockingStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<MatchServiceBlockingStub>() {
        @java.lang.Override
        public MatchServiceBlockingStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new MatchServiceBlockingStub(channel, callOptions);
        }
      };
    return MatchServiceBlockingStub.newStub(factory, channel);
  }

  /**
   * Creates a new ListenableFuture-style stub that supports unary calls on the service
   */
  public static MatchServiceFutureStub newFutureStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<MatchServiceFutureStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<MatchServiceFutureStub>() {
        @java.lang.Override
        public MatchServiceFutureStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new MatchServiceFutureStub(channel, callOptions);
        }
      };
    return MatchServiceFutureStub.newStub(factory, channel);
  }

  /**
   * <pre>
   * Match scoring: the Crawford rule and the score sheet.
   * </pre>
   */
  public static abstract class MatchServiceImplBase implements io.grpc.BindableService {

    /**
     * <pre>
     * Adds a finished game to the score: new scores, the Crawford state, the
     * score-sheet row and the match winner once there is one.
     * </pre>
     */
    public void recordGame(backgammon.v1.MatchServiceOuterClass.RecordGameRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.MatchServiceOuterClass.RecordGameResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getRecordGameMethod(), responseObserver);
    }

    @java.lang.Override public final io.grpc.ServerServiceDefinition bindService() {
      return io.grpc.ServerServiceDefinition.builder(getServiceDescriptor())
          .addMethod(
            getRecordGameMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.MatchServiceOuterClass.RecordGameRequest,
                backgammon.v1.MatchServiceOuterClass.RecordGameResponse>(
                  this, METHODID_RECORD_GAME)))
          .build();
    }
  }

  /**
   * <pre>
   * Match scoring: the Crawford rule and the score sheet.
   * </pre>
   */
  public static final class MatchServiceStub extends io.grpc.stub.AbstractAsyncStub<MatchServiceStub> {
    private MatchServiceStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected MatchServiceStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new MatchServiceStub(channel, callOptions);
    }

    /**
     * <pre>
     * Adds a finished game to the score: new scores, the Crawford state, the
     * score-sheet row and the match winner once there is one.
     * </pre>
     */
    public void recordGame(backgammon.v1.MatchServiceOuterClass.RecordGameRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.MatchServiceOuterClass.RecordGameResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getRecordGameMethod(), getCallOptions()), request, responseObserver);
    }
  }

  /**
   * <pre>
   * Match scoring: the Crawford rule and the score sheet.
   * </pre>
   */
  public static final class MatchServiceBlockingStub extends io.grpc.stub.AbstractBlockingStub<MatchServiceBlockingStub> {
    private MatchServiceBlockingStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected MatchServiceBlockingStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new MatchServiceBlockingStub(channel, callOptions);
    }

    /**
     * <pre>
     * Adds a finished game to the score: new scores, the Crawford state, the
     * score-sheet row and the match winner once there is one.
     * </pre>
     */
    public backgammon.v1.MatchServiceOuterClass.RecordGameResponse recordGame(backgammon.v1.MatchServiceOuterClass.RecordGameRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getRecordGameMethod(), getCallOptions(), request);
    }
  }

  /**
   * <pre>
   * Match scoring: the Crawford rule and the score sheet.
   * </pre>
   */
  public static final class MatchServiceFutureStub extends io.grpc.stub.AbstractFutureStub<MatchServiceFutureStub> {
    private MatchServiceFutureStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected MatchServiceFutureStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new MatchServiceFutureStub(channel, callOptions);
    }

    /**
     * <pre>
     * Adds a finished game to the score: new scores, the Crawford state, the
     * score-sheet row and the match winner once there is one.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.MatchServiceOuterClass.RecordGameResponse> recordGame(
        backgammon.v1.MatchServiceOuterClass.RecordGameRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getRecordGameMethod(), getCallOptions()), request);
    }
  }

  private static final int METHODID_RECORD_GAME = 0;

  private static final class MethodHandlers<Req, Resp> implements
      io.grpc.stub.ServerCalls.UnaryMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ServerStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ClientStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.BidiStreamingMethod<Req, Resp> {
    private final MatchServiceImplBase serviceImpl;
    private final int methodId;

    MethodHandlers(MatchServiceImplBase serviceImpl, int methodId) {
      this.serviceImpl = serviceImpl;
      this.methodId = methodId;
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public void invoke(Req request, io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_RECORD_GAME:
          serviceImpl.recordGame((backgammon.v1.MatchServiceOuterClass.RecordGameRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.MatchServiceOuterClass.RecordGameResponse>) responseObserver);
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

  private static abstract class MatchServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoFileDescriptorSupplier, io.grpc.protobuf.ProtoServiceDescriptorSupplier {
    MatchServiceBaseDescriptorSupplier() {}

    @java.lang.Override
    public com.google.protobuf.Descriptors.FileDescriptor getFileDescriptor() {
      return backgammon.v1.MatchServiceOuterClass.getDescriptor();
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.ServiceDescriptor getServiceDescriptor() {
      return getFileDescriptor().findServiceByName("MatchService");
    }
  }

  private static final class MatchServiceFileDescriptorSupplier
      extends MatchServiceBaseDescriptorSupplier {
    MatchServiceFileDescriptorSupplier() {}
  }

  private static final class MatchServiceMethodDescriptorSupplier
      extends MatchServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoMethodDescriptorSupplier {
    private final String methodName;

    MatchServiceMethodDescriptorSupplier(String methodName) {
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
      synchronized (MatchServiceGrpc.class) {
        result = serviceDescriptor;
        if (result == null) {
          serviceDescriptor = result = io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
              .setSchemaDescriptor(new MatchServiceFileDescriptorSupplier())
              .addMethod(getRecordGameMethod())
              .build();
        }
      }
    }
    return result;
  }
}
