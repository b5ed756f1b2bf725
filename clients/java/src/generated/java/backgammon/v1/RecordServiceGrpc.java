package backgammon.v1;

import static io.grpc.MethodDescriptor.generateFullMethodName;

/**
 * <pre>
 * A match is its games in order, each a Game of PlayService with its log
 * (the first game of the match first; every game but the last one over).
 * A .mat file that cannot be read is INVALID_ARGUMENT, its BadRequest
 * field "mat" and the description naming the line; games that do not
 * replay from their logs or do not follow each other are INVALID_ARGUMENT
 * naming the game ("games[2].log").
 * </pre>
 */
@javax.annotation.Generated(
    value = "by gRPC proto compiler",
    comments = "Source: backgammon/v1/record_service.proto")
@io.grpc.stub.annotations.GrpcGenerated
public final class RecordServiceGrpc {

  private RecordServiceGrpc() {}

  public static final String SERVICE_NAME = "backgammon.v1.RecordService";

  // Static method descriptors that strictly reflect the proto.
  private static volatile io.grpc.MethodDescriptor<backgammon.v1.RecordServiceOuterClass.ExportMatchRequest,
      backgammon.v1.RecordServiceOuterClass.ExportMatchResponse> getExportMatchMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ExportMatch",
      requestType = backgammon.v1.RecordServiceOuterClass.ExportMatchRequest.class,
      responseType = backgammon.v1.RecordServiceOuterClass.ExportMatchResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.RecordServiceOuterClass.ExportMatchRequest,
      backgammon.v1.RecordServiceOuterClass.ExportMatchResponse> getExportMatchMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.RecordServiceOuterClass.ExportMatchRequest, backgammon.v1.RecordServiceOuterClass.ExportMatchResponse> getExportMatchMethod;
    if ((getExportMatchMethod = RecordServiceGrpc.getExportMatchMethod) == null) {
      synchronized (RecordServiceGrpc.class) {
        if ((getExportMatchMethod = RecordServiceGrpc.getExportMatchMethod) == null) {
          RecordServiceGrpc.getExportMatchMethod = getExportMatchMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.RecordServiceOuterClass.ExportMatchRequest, backgammon.v1.RecordServiceOuterClass.ExportMatchResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ExportMatch"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.RecordServiceOuterClass.ExportMatchRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.RecordServiceOuterClass.ExportMatchResponse.getDefaultInstance()))
              .setSchemaDescriptor(new RecordServiceMethodDescriptorSupplier("ExportMatch"))
              .build();
        }
      }
    }
    return getExportMatchMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.RecordServiceOuterClass.ImportMatchRequest,
      backgammon.v1.RecordServiceOuterClass.ImportMatchResponse> getImportMatchMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ImportMatch",
      requestType = backgammon.v1.RecordServiceOuterClass.ImportMatchRequest.class,
      responseType = backgammon.v1.RecordServiceOuterClass.ImportMatchResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.RecordServiceOuterClass.ImportMatchRequest,
      backgammon.v1.RecordServiceOuterClass.ImportMatchResponse> getImportMatchMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.RecordServiceOuterClass.ImportMatchRequest, backgammon.v1.RecordServiceOuterClass.ImportMatchResponse> getImportMatchMethod;
    if ((getImportMatchMethod = RecordServiceGrpc.getImportMatchMethod) == null) {
      synchronized (RecordServiceGrpc.class) {
        if ((getImportMatchMethod = RecordServiceGrpc.getImportMatchMethod) == null) {
          RecordServiceGrpc.getImportMatchMethod = getImportMatchMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.RecordServiceOuterClass.ImportMatchRequest, backgammon.v1.RecordServiceOuterClass.ImportMatchResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ImportMatch"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.RecordServiceOuterClass.ImportMatchRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.RecordServiceOuterClass.ImportMatchResponse.getDefaultInstance()))
              .setSchemaDescriptor(new RecordServiceMethodDescriptorSupplier("ImportMatch"))
              .build();
        }
      }
    }
    return getImportMatchMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.RecordServiceOuterClass.AnalyseMatchRequest,
      backgammon.v1.RecordServiceOuterClass.AnalyseMatchResponse> getAnalyseMatchMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "AnalyseMatch",
      requestType = backgammon.v1.RecordServiceOuterClass.AnalyseMatchRequest.class,
      responseType = backgammon.v1.RecordServiceOuterClass.AnalyseMatchResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.RecordServiceOuterClass.AnalyseMatchRequest,
      backgammon.v1.RecordServiceOuterClass.AnalyseMatchResponse> getAnalyseMatchMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.RecordServiceOuterClass.AnalyseMatchRequest, backgammon.v1.RecordServiceOuterClass.AnalyseMatchResponse> getAnalyseMatchMethod;
    if ((getAnalyseMatchMethod = RecordServiceGrpc.getAnalyseMatchMethod) == null) {
      synchronized (RecordServiceGrpc.class) {
        if ((getAnalyseMatchMethod = RecordServiceGrpc.getAnalyseMatchMethod) == null) {
          RecordServiceGrpc.getAnalyseMatchMethod = getAnalyseMatchMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.RecordServiceOuterClass.AnalyseMatchRequest, backgammon.v1.RecordServiceOuterClass.AnalyseMatchResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "AnalyseMatch"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.RecordServiceOuterClass.AnalyseMatchRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.RecordServiceOuterClass.AnalyseMatchResponse.getDefaultInstance()))
              .setSchemaDescriptor(new RecordServiceMethodDescriptorSupplier("AnalyseMatch"))
              .build();
        }
      }
    }
    return getAnalyseMatchMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchRequest,
      backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchResponse> getStreamAnalyseMatchMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "StreamAnalyseMatch",
      requestType = backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchRequest.class,
      responseType = backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING)
  public static io.grpc.MethodDescriptor<backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchRequest,
      backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchResponse> getStreamAnalyseMatchMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchRequest, backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchResponse> getStreamAnalyseMatchMethod;
    if ((getStreamAnalyseMatchMethod = RecordServiceGrpc.getStreamAnalyseMatchMethod) == null) {
      synchronized (RecordServiceGrpc.class) {
        if ((getStreamAnalyseMatchMethod = RecordServiceGrpc.getStreamAnalyseMatchMethod) == null) {
          RecordServiceGrpc.getStreamAnalyseMatchMethod = getStreamAnalyseMatchMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchRequest, backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "StreamAnalyseMatch"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchResponse.getDefaultInstance()))
              .setSchemaDescriptor(new RecordServiceMethodDescriptorSupplier("StreamAnalyseMatch"))
              .build();
        }
      }
    }
    return getStreamAnalyseMatchMethod;
  }

  /**
   * Creates a new async stub that supports all call types for the service
   */
  public static RecordServiceStub newStub(io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<RecordServiceStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<RecordServiceStub>() {
        @java.lang.Override
        public RecordServiceStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new RecordServiceStub(channel, callOptions);
        }
      };
    return RecordServiceStub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports unary and streaming output calls on the service
   */
  public static RecordServiceBlockingStub newBlockingStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<RecordServiceBlockingStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<RecordServiceBlockingStub>() {
        @java.lang.Override
        public RecordServiceBlockingStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new RecordServiceBlockingStub(channel, callOptions);
        }
      };
    return RecordServiceBlockingStub.newStub(factory, channel);
  }

  /**
   * Creates a new ListenableFuture-style stub that supports unary calls on the service
   */
  public static RecordServiceFutureStub newFutureStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<RecordServiceFutureStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<RecordServiceFutureStub>() {
        @java.lang.Override
        public RecordServiceFutureStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new RecordServiceFutureStub(channel, callOptions);
        }
      };
    return RecordServiceFutureStub.newStub(factory, channel);
  }

  /**
   * <pre>
   * A match is its games in order, each a Game of PlayService with its log
   * (the first game of the match first; every game but the last one over).
   * A .mat file that cannot be read is INVALID_ARGUMENT, its BadRequest
   * field "mat" and the description naming the line; games that do not
   * replay from their logs or do not follow each other are INVALID_ARGUMENT
   * naming the game ("games[2].log").
   * </pre>
   */
  public static abstract class RecordServiceImplBase implements io.grpc.BindableService {

    /**
     * <pre>
     * The games of a match as .mat text, laid out as GNU Backgammon's
     * "export match mat" writes it.
     * </pre>
     */
    public void exportMatch(backgammon.v1.RecordServiceOuterClass.ExportMatchRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.RecordServiceOuterClass.ExportMatchResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getExportMatchMethod(), responseObserver);
    }

    /**
     * <pre>
     * .mat text back into games: every game replayed through the game flow,
     * so every position, cube action and result is checked.
     * </pre>
     */
    public void importMatch(backgammon.v1.RecordServiceOuterClass.ImportMatchRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.RecordServiceOuterClass.ImportMatchResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getImportMatchMethod(), responseObserver);
    }

    /**
     * <pre>
     * Every checker play and cube decision of the games scored at a level:
     * the error of each, the worst ones, each player's error rates,
     * performance rating and luck. Stops at the deadline (or the server's
     * cap) with what it scored, `complete` false.
     * </pre>
     */
    public void analyseMatch(backgammon.v1.RecordServiceOuterClass.AnalyseMatchRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.RecordServiceOuterClass.AnalyseMatchResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getAnalyseMatchMethod(), responseObserver);
    }

    /**
     * <pre>
     * The same analysis, streamed: progress messages as decisions are
     * scored, then one message with the report.
     * </pre>
     */
    public void streamAnalyseMatch(backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getStreamAnalyseMatchMethod(), responseObserver);
    }

    @java.lang.Override public final io.grpc.ServerServiceDefinition bindService() {
      return io.grpc.ServerServiceDefinition.builder(getServiceDescriptor())
          .addMethod(
            getExportMatchMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.RecordServiceOuterClass.ExportMatchRequest,
                backgammon.v1.RecordServiceOuterClass.ExportMatchResponse>(
                  this, METHODID_EXPORT_MATCH)))
          .addMethod(
            getImportMatchMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.RecordServiceOuterClass.ImportMatchRequest,
                backgammon.v1.RecordServiceOuterClass.ImportMatchResponse>(
                  this, METHODID_IMPORT_MATCH)))
          .addMethod(
            getAnalyseMatchMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.RecordServiceOuterClass.AnalyseMatchRequest,
                backgammon.v1.RecordServiceOuterClass.AnalyseMatchResponse>(
                  this, METHODID_ANALYSE_MATCH)))
          .addMethod(
            getStreamAnalyseMatchMethod(),
            io.grpc.stub.ServerCalls.asyncServerStreamingCall(
              new MethodHandlers<
                backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchRequest,
                backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchResponse>(
                  this, METHODID_STREAM_ANALYSE_MATCH)))
          .build();
    }
  }

  /**
   * <pre>
   * A match is its games in order, each a Game of PlayService with its log
   * (the first game of the match first; every game but the last one over).
   * A .mat file that cannot be read is INVALID_ARGUMENT, its BadRequest
   * field "mat" and the description naming the line; games that do not
   * replay from their logs or do not follow each other are INVALID_ARGUMENT
   * naming the game ("games[2].log").
   * </pre>
   */
  public static final class RecordServiceStub extends io.grpc.stub.AbstractAsyncStub<RecordServiceStub> {
    private RecordServiceStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected RecordServiceStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new RecordServiceStub(channel, callOptions);
    }

    /**
     * <pre>
     * The games of a match as .mat text, laid out as GNU Backgammon's
     * "export match mat" writes it.
     * </pre>
     */
    public void exportMatch(backgammon.v1.RecordServiceOuterClass.ExportMatchRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.RecordServiceOuterClass.ExportMatchResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getExportMatchMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * .mat text back into games: every game replayed through the game flow,
     * so every position, cube action and result is checked.
     * </pre>
     */
    public void importMatch(backgammon.v1.RecordServiceOuterClass.ImportMatchRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.RecordServiceOuterClass.ImportMatchResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getImportMatchMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Every checker play and cube decision of the games scored at a level:
     * the error of each, the worst ones, each player's error rates,
     * performance rating and luck. Stops at the deadline (or the server's
     * cap) with what it scored, `complete` false.
     * </pre>
     */
    public void analyseMatch(backgammon.v1.RecordServiceOuterClass.AnalyseMatchRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.RecordServiceOuterClass.AnalyseMatchResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getAnalyseMatchMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The same analysis, streamed: progress messages as decisions are
     * scored, then one message with the report.
     * </pre>
     */
    public void streamAnalyseMatch(backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncServerStreamingCall(
          getChannel().newCall(getStreamAnalyseMatchMethod(), getCallOptions()), request, responseObserver);
    }
  }

  /**
   * <pre>
   * A match is its games in order, each a Game of PlayService with its log
   * (the first game of the match first; every game but the last one over).
   * A .mat file that cannot be read is INVALID_ARGUMENT, its BadRequest
   * field "mat" and the description naming the line; games that do not
   * replay from their logs or do not follow each other are INVALID_ARGUMENT
   * naming the game ("games[2].log").
   * </pre>
   */
  public static final class RecordServiceBlockingStub extends io.grpc.stub.AbstractBlockingStub<RecordServiceBlockingStub> {
    private RecordServiceBlockingStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected RecordServiceBlockingStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new RecordServiceBlockingStub(channel, callOptions);
    }

    /**
     * <pre>
     * The games of a match as .mat text, laid out as GNU Backgammon's
     * "export match mat" writes it.
     * </pre>
     */
    public backgammon.v1.RecordServiceOuterClass.ExportMatchResponse exportMatch(backgammon.v1.RecordServiceOuterClass.ExportMatchRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getExportMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * .mat text back into games: every game replayed through the game flow,
     * so every position, cube action and result is checked.
     * </pre>
     */
    public backgammon.v1.RecordServiceOuterClass.ImportMatchResponse importMatch(backgammon.v1.RecordServiceOuterClass.ImportMatchRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getImportMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Every checker play and cube decision of the games scored at a level:
     * the error of each, the worst ones, each player's error rates,
     * performance rating and luck. Stops at the deadline (or the server's
     * cap) with what it scored, `complete` false.
     * </pre>
     */
    public backgammon.v1.RecordServiceOuterClass.AnalyseMatchResponse analyseMatch(backgammon.v1.RecordServiceOuterClass.AnalyseMatchRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getAnalyseMatchMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The same analysis, streamed: progress messages as decisions are
     * scored, then one message with the report.
     * </pre>
     */
    public java.util.Iterator<backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchResponse> streamAnalyseMatch(
        backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchRequest request) {
      return io.grpc.stub.ClientCalls.blockingServerStreamingCall(
          getChannel(), getStreamAnalyseMatchMethod(), getCallOptions(), request);
    }
  }

  /**
   * <pre>
   * A match is its games in order, each a Game of PlayService with its log
   * (the first game of the match first; every game but the last one over).
   * A .mat file that cannot be read is INVALID_ARGUMENT, its BadRequest
   * field "mat" and the description naming the line; games that do not
   * replay from their logs or do not follow each other are INVALID_ARGUMENT
   * naming the game ("games[2].log").
   * </pre>
   */
  public static final class RecordServiceFutureStub extends io.grpc.stub.AbstractFutureStub<RecordServiceFutureStub> {
    private RecordServiceFutureStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected RecordServiceFutureStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new RecordServiceFutureStub(channel, callOptions);
    }

    /**
     * <pre>
     * The games of a match as .mat text, laid out as GNU Backgammon's
     * "export match mat" writes it.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.RecordServiceOuterClass.ExportMatchResponse> exportMatch(
        backgammon.v1.RecordServiceOuterClass.ExportMatchRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getExportMatchMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * .mat text back into games: every game replayed through the game flow,
     * so every position, cube action and result is checked.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.RecordServiceOuterClass.ImportMatchResponse> importMatch(
        backgammon.v1.RecordServiceOuterClass.ImportMatchRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getImportMatchMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Every checker play and cube decision of the games scored at a level:
     * the error of each, the worst ones, each player's error rates,
     * performance rating and luck. Stops at the deadline (or the server's
     * cap) with what it scored, `complete` false.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.RecordServiceOuterClass.AnalyseMatchResponse> analyseMatch(
        backgammon.v1.RecordServiceOuterClass.AnalyseMatchRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getAnalyseMatchMethod(), getCallOptions()), request);
    }
  }

  private static final int METHODID_EXPORT_MATCH = 0;
  private static final int METHODID_IMPORT_MATCH = 1;
  private static final int METHODID_ANALYSE_MATCH = 2;
  private static final int METHODID_STREAM_ANALYSE_MATCH = 3;

  private static final class MethodHandlers<Req, Resp> implements
      io.grpc.stub.ServerCalls.UnaryMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ServerStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ClientStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.BidiStreamingMethod<Req, Resp> {
    private final RecordServiceImplBase serviceImpl;
    private final int methodId;

    MethodHandlers(RecordServiceImplBase serviceImpl, int methodId) {
      this.serviceImpl = serviceImpl;
      this.methodId = methodId;
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public void invoke(Req request, io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_EXPORT_MATCH:
          serviceImpl.exportMatch((backgammon.v1.RecordServiceOuterClass.ExportMatchRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.RecordServiceOuterClass.ExportMatchResponse>) responseObserver);
          break;
        case METHODID_IMPORT_MATCH:
          serviceImpl.importMatch((backgammon.v1.RecordServiceOuterClass.ImportMatchRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.RecordServiceOuterClass.ImportMatchResponse>) responseObserver);
          break;
        case METHODID_ANALYSE_MATCH:
          serviceImpl.analyseMatch((backgammon.v1.RecordServiceOuterClass.AnalyseMatchRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.RecordServiceOuterClass.AnalyseMatchResponse>) responseObserver);
          break;
        case METHODID_STREAM_ANALYSE_MATCH:
          serviceImpl.streamAnalyseMatch((backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.RecordServiceOuterClass.StreamAnalyseMatchResponse>) responseObserver);
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

  private static abstract class RecordServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoFileDescriptorSupplier, io.grpc.protobuf.ProtoServiceDescriptorSupplier {
    RecordServiceBaseDescriptorSupplier() {}

    @java.lang.Override
    public com.google.protobuf.Descriptors.FileDescriptor getFileDescriptor() {
      return backgammon.v1.RecordServiceOuterClass.getDescriptor();
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.ServiceDescriptor getServiceDescriptor() {
      return getFileDescriptor().findServiceByName("RecordService");
    }
  }

  private static final class RecordServiceFileDescriptorSupplier
      extends RecordServiceBaseDescriptorSupplier {
    RecordServiceFileDescriptorSupplier() {}
  }

  private static final class RecordServiceMethodDescriptorSupplier
      extends RecordServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoMethodDescriptorSupplier {
    private final String methodName;

    RecordServiceMethodDescriptorSupplier(String methodName) {
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
      synchronized (RecordServiceGrpc.class) {
        result = serviceDescriptor;
        if (result == null) {
          serviceDescriptor = result = io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
              .setSchemaDescriptor(new RecordServiceFileDescriptorSupplier())
              .addMethod(getExportMatchMethod())
              .addMethod(getImportMatchMethod())
              .addMethod(getAnalyseMatchMethod())
              .addMethod(getStreamAnalyseMatchMethod())
              .build();
        }
      }
    }
    return result;
  }
}
