package backgammon.v1;

import static io.grpc.MethodDescriptor.generateFullMethodName;

/**
 * <pre>
 * Optional: the one service that keeps state. A table lives in the
 * server's table store (--table-store: in-process for a single worker, or
 * Redis shared by every replica), so any replica answers any call; it
 * expires once no call touched it for --table-ttl seconds (NOT_FOUND
 * after). Each player acts with a seat token, which any replica with the
 * same state keys checks; a missing, wrong or forged token is
 * UNAUTHENTICATED (ErrorInfo reason BAD_SEAT_TOKEN). An action is applied
 * as PlayService.Act applies it, to the table's latest Game, and stored
 * only if no other action was stored since (compare-and-set on the
 * table's version): of two actions on the same version exactly one is
 * taken, the other is FAILED_PRECONDITION with reason STALE_GAME. A server
 * that cannot keep tables (several workers and no shared store) answers
 * FAILED_PRECONDITION with reason TABLES_UNAVAILABLE.
 * </pre>
 */
@javax.annotation.Generated(
    value = "by gRPC proto compiler",
    comments = "Source: backgammon/v1/table_service.proto")
@io.grpc.stub.annotations.GrpcGenerated
public final class TableServiceGrpc {

  private TableServiceGrpc() {}

  public static final String SERVICE_NAME = "backgammon.v1.TableService";

  // Static method descriptors that strictly reflect the proto.
  private static volatile io.grpc.MethodDescriptor<backgammon.v1.TableServiceOuterClass.CreateTableRequest,
      backgammon.v1.TableServiceOuterClass.CreateTableResponse> getCreateTableMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "CreateTable",
      requestType = backgammon.v1.TableServiceOuterClass.CreateTableRequest.class,
      responseType = backgammon.v1.TableServiceOuterClass.CreateTableResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.TableServiceOuterClass.CreateTableRequest,
      backgammon.v1.TableServiceOuterClass.CreateTableResponse> getCreateTableMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.TableServiceOuterClass.CreateTableRequest, backgammon.v1.TableServiceOuterClass.CreateTableResponse> getCreateTableMethod;
    if ((getCreateTableMethod = TableServiceGrpc.getCreateTableMethod) == null) {
      synchronized (TableServiceGrpc.class) {
        if ((getCreateTableMethod = TableServiceGrpc.getCreateTableMethod) == null) {
          TableServiceGrpc.getCreateTableMethod = getCreateTableMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.TableServiceOuterClass.CreateTableRequest, backgammon.v1.TableServiceOuterClass.CreateTableResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "CreateTable"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.TableServiceOuterClass.CreateTableRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.TableServiceOuterClass.CreateTableResponse.getDefaultInstance()))
              .setSchemaDescriptor(new TableServiceMethodDescriptorSupplier("CreateTable"))
              .build();
        }
      }
    }
    return getCreateTableMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.TableServiceOuterClass.GetTableRequest,
      backgammon.v1.TableServiceOuterClass.GetTableResponse> getGetTableMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "GetTable",
      requestType = backgammon.v1.TableServiceOuterClass.GetTableRequest.class,
      responseType = backgammon.v1.TableServiceOuterClass.GetTableResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.TableServiceOuterClass.GetTableRequest,
      backgammon.v1.TableServiceOuterClass.GetTableResponse> getGetTableMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.TableServiceOuterClass.GetTableRequest, backgammon.v1.TableServiceOuterClass.GetTableResponse> getGetTableMethod;
    if ((getGetTableMethod = TableServiceGrpc.getGetTableMethod) == null) {
      synchronized (TableServiceGrpc.class) {
        if ((getGetTableMethod = TableServiceGrpc.getGetTableMethod) == null) {
          TableServiceGrpc.getGetTableMethod = getGetTableMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.TableServiceOuterClass.GetTableRequest, backgammon.v1.TableServiceOuterClass.GetTableResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "GetTable"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.TableServiceOuterClass.GetTableRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.TableServiceOuterClass.GetTableResponse.getDefaultInstance()))
              .setSchemaDescriptor(new TableServiceMethodDescriptorSupplier("GetTable"))
              .build();
        }
      }
    }
    return getGetTableMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.TableServiceOuterClass.TableActRequest,
      backgammon.v1.TableServiceOuterClass.TableActResponse> getTableActMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "TableAct",
      requestType = backgammon.v1.TableServiceOuterClass.TableActRequest.class,
      responseType = backgammon.v1.TableServiceOuterClass.TableActResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.TableServiceOuterClass.TableActRequest,
      backgammon.v1.TableServiceOuterClass.TableActResponse> getTableActMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.TableServiceOuterClass.TableActRequest, backgammon.v1.TableServiceOuterClass.TableActResponse> getTableActMethod;
    if ((getTableActMethod = TableServiceGrpc.getTableActMethod) == null) {
      synchronized (TableServiceGrpc.class) {
        if ((getTableActMethod = TableServiceGrpc.getTableActMethod) == null) {
          TableServiceGrpc.getTableActMethod = getTableActMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.TableServiceOuterClass.TableActRequest, backgammon.v1.TableServiceOuterClass.TableActResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "TableAct"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.TableServiceOuterClass.TableActRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.TableServiceOuterClass.TableActResponse.getDefaultInstance()))
              .setSchemaDescriptor(new TableServiceMethodDescriptorSupplier("TableAct"))
              .build();
        }
      }
    }
    return getTableActMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.TableServiceOuterClass.WatchTableRequest,
      backgammon.v1.TableServiceOuterClass.WatchTableResponse> getWatchTableMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "WatchTable",
      requestType = backgammon.v1.TableServiceOuterClass.WatchTableRequest.class,
      responseType = backgammon.v1.TableServiceOuterClass.WatchTableResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING)
  public static io.grpc.MethodDescriptor<backgammon.v1.TableServiceOuterClass.WatchTableRequest,
      backgammon.v1.TableServiceOuterClass.WatchTableResponse> getWatchTableMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.TableServiceOuterClass.WatchTableRequest, backgammon.v1.TableServiceOuterClass.WatchTableResponse> getWatchTableMethod;
    if ((getWatchTableMethod = TableServiceGrpc.getWatchTableMethod) == null) {
      synchronized (TableServiceGrpc.class) {
        if ((getWatchTableMethod = TableServiceGrpc.getWatchTableMethod) == null) {
          TableServiceGrpc.getWatchTableMethod = getWatchTableMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.TableServiceOuterClass.WatchTableRequest, backgammon.v1.TableServiceOuterClass.WatchTableResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "WatchTable"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.TableServiceOuterClass.WatchTableRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.TableServiceOuterClass.WatchTableResponse.getDefaultInstance()))
              .setSchemaDescriptor(new TableServiceMethodDescriptorSupplier("WatchTable"))
              .build();
        }
      }
    }
    return getWatchTableMethod;
  }

  /**
   * Creates a new async stub that supports all call types for the service
   */
  public static TableServiceStub newStub(io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<TableServiceStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<TableServiceStub>() {
        @java.lang.Override
        public TableServiceStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new TableServiceStub(channel, callOptions);
        }
      };
    return TableServiceStub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports unary and streaming output calls on the service
   */
  public static TableServiceBlockingStub newBlockingStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<TableServiceBlockingStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<TableServiceBlockingStub>() {
        @java.lang.Override
        public TableServiceBlockingStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new TableServiceBlockingStub(channel, callOptions);
        }
      };
    return TableServiceBlockingStub.newStub(factory, channel);
  }

  /**
   * Creates a new ListenableFuture-style stub that supports unary calls on the service
   */
  public static TableServiceFutureStub newFutureStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<TableServiceFutureStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<TableServiceFutureStub>() {
        @java.lang.Override
        public TableServiceFutureStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new TableServiceFutureStub(channel, callOptions);
        }
      };
    return TableServiceFutureStub.newStub(factory, channel);
  }

  /**
   * <pre>
   * Optional: the one service that keeps state. A table lives in the
   * server's table store (--table-store: in-process for a single worker, or
   * Redis shared by every replica), so any replica answers any call; it
   * expires once no call touched it for --table-ttl seconds (NOT_FOUND
   * after). Each player acts with a seat token, which any replica with the
   * same state keys checks; a missing, wrong or forged token is
   * UNAUTHENTICATED (ErrorInfo reason BAD_SEAT_TOKEN). An action is applied
   * as PlayService.Act applies it, to the table's latest Game, and stored
   * only if no other action was stored since (compare-and-set on the
   * table's version): of two actions on the same version exactly one is
   * taken, the other is FAILED_PRECONDITION with reason STALE_GAME. A server
   * that cannot keep tables (several workers and no shared store) answers
   * FAILED_PRECONDITION with reason TABLES_UNAVAILABLE.
   * </pre>
   */
  public static abstract class TableServiceImplBase implements io.grpc.BindableService {

    /**
     * <pre>
     * A new table at its first game's opening roll: its seat tokens.
     * </pre>
     */
    public void createTable(backgammon.v1.TableServiceOuterClass.CreateTableRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.TableServiceOuterClass.CreateTableResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getCreateTableMethod(), responseObserver);
    }

    /**
     * <pre>
     * The table's latest Game and what may be done now.
     * </pre>
     */
    public void getTable(backgammon.v1.TableServiceOuterClass.GetTableRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.TableServiceOuterClass.GetTableResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getGetTableMethod(), responseObserver);
    }

    /**
     * <pre>
     * One action by the player of the token's seat.
     * </pre>
     */
    public void tableAct(backgammon.v1.TableServiceOuterClass.TableActRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.TableServiceOuterClass.TableActResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getTableActMethod(), responseObserver);
    }

    /**
     * <pre>
     * The table's events, in order, from the one after `after_sequence`:
     * the events stored since (a client that lost its connection resumes
     * from the last sequence it saw), then each new one as it is stored.
     * The stream ends after the match's last game is over. Watchers are
     * bounded per table and per connection on each worker
     * (RESOURCE_EXHAUSTED beyond, with a RetryInfo).
     * </pre>
     */
    public void watchTable(backgammon.v1.TableServiceOuterClass.WatchTableRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.TableServiceOuterClass.WatchTableResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getWatchTableMethod(), responseObserver);
    }

    @java.lang.Override public final io.grpc.ServerServiceDefinition bindService() {
      return io.grpc.ServerServiceDefinition.builder(getServiceDescriptor())
          .addMethod(
            getCreateTableMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.TableServiceOuterClass.CreateTableRequest,
                backgammon.v1.TableServiceOuterClass.CreateTableResponse>(
                  this, METHODID_CREATE_TABLE)))
          .addMethod(
            getGetTableMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.TableServiceOuterClass.GetTableRequest,
                backgammon.v1.TableServiceOuterClass.GetTableResponse>(
                  this, METHODID_GET_TABLE)))
          .addMethod(
            getTableActMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.TableServiceOuterClass.TableActRequest,
                backgammon.v1.TableServiceOuterClass.TableActResponse>(
                  this, METHODID_TABLE_ACT)))
          .addMethod(
            getWatchTableMethod(),
            io.grpc.stub.ServerCalls.asyncServerStreamingCall(
              new MethodHandlers<
                backgammon.v1.TableServiceOuterClass.WatchTableRequest,
                backgammon.v1.TableServiceOuterClass.WatchTableResponse>(
                  this, METHODID_WATCH_TABLE)))
          .build();
    }
  }

  /**
   * <pre>
   * Optional: the one service that keeps state. A table lives in the
   * server's table store (--table-store: in-process for a single worker, or
   * Redis shared by every replica), so any replica answers any call; it
   * expires once no call touched it for --table-ttl seconds (NOT_FOUND
   * after). Each player acts with a seat token, which any replica with the
   * same state keys checks; a missing, wrong or forged token is
   * UNAUTHENTICATED (ErrorInfo reason BAD_SEAT_TOKEN). An action is applied
   * as PlayService.Act applies it, to the table's latest Game, and stored
   * only if no other action was stored since (compare-and-set on the
   * table's version): of two actions on the same version exactly one is
   * taken, the other is FAILED_PRECONDITION with reason STALE_GAME. A server
   * that cannot keep tables (several workers and no shared store) answers
   * FAILED_PRECONDITION with reason TABLES_UNAVAILABLE.
   * </pre>
   */
  public static final class TableServiceStub extends io.grpc.stub.AbstractAsyncStub<TableServiceStub> {
    private TableServiceStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected TableServiceStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new TableServiceStub(channel, callOptions);
    }

    /**
     * <pre>
     * A new table at its first game's opening roll: its seat tokens.
     * </pre>
     */
    public void createTable(backgammon.v1.TableServiceOuterClass.CreateTableRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.TableServiceOuterClass.CreateTableResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getCreateTableMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The table's latest Game and what may be done now.
     * </pre>
     */
    public void getTable(backgammon.v1.TableServiceOuterClass.GetTableRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.TableServiceOuterClass.GetTableResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getGetTableMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * One action by the player of the token's seat.
     * </pre>
     */
    public void tableAct(backgammon.v1.TableServiceOuterClass.TableActRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.TableServiceOuterClass.TableActResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getTableActMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The table's events, in order, from the one after `after_sequence`:
     * the events stored since (a client that lost its connection resumes
     * from the last sequence it saw), then each new one as it is stored.
     * The stream ends after the match's last game is over. Watchers are
     * bounded per table and per connection on each worker
     * (RESOURCE_EXHAUSTED beyond, with a RetryInfo).
     * </pre>
     */
    public void watchTable(backgammon.v1.TableServiceOuterClass.WatchTableRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.TableServiceOuterClass.WatchTableResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncServerStreamingCall(
          getChannel().newCall(getWatchTableMethod(), getCallOptions()), request, responseObserver);
    }
  }

  /**
   * <pre>
   * Optional: the one service that keeps state. A table lives in the
   * server's table store (--table-store: in-process for a single worker, or
   * Redis shared by every replica), so any replica answers any call; it
   * expires once no call touched it for --table-ttl seconds (NOT_FOUND
   * after). Each player acts with a seat token, which any replica with the
   * same state keys checks; a missing, wrong or forged token is
   * UNAUTHENTICATED (ErrorInfo reason BAD_SEAT_TOKEN). An action is applied
   * as PlayService.Act applies it, to the table's latest Game, and stored
   * only if no other action was stored since (compare-and-set on the
   * table's version): of two actions on the same version exactly one is
   * taken, the other is FAILED_PRECONDITION with reason STALE_GAME. A server
   * that cannot keep tables (several workers and no shared store) answers
   * FAILED_PRECONDITION with reason TABLES_UNAVAILABLE.
   * </pre>
   */
  public static final class TableServiceBlockingStub extends io.grpc.stub.AbstractBlockingStub<TableServiceBlockingStub> {
    private TableServiceBlockingStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected TableServiceBlockingStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new TableServiceBlockingStub(channel, callOptions);
    }

    /**
     * <pre>
     * A new table at its first game's opening roll: its seat tokens.
     * </pre>
     */
    public backgammon.v1.TableServiceOuterClass.CreateTableResponse createTable(backgammon.v1.TableServiceOuterClass.CreateTableRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getCreateTableMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The table's latest Game and what may be done now.
     * </pre>
     */
    public backgammon.v1.TableServiceOuterClass.GetTableResponse getTable(backgammon.v1.TableServiceOuterClass.GetTableRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getGetTableMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * One action by the player of the token's seat.
     * </pre>
     */
    public backgammon.v1.TableServiceOuterClass.TableActResponse tableAct(backgammon.v1.TableServiceOuterClass.TableActRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getTableActMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The table's events, in order, from the one after `after_sequence`:
     * the events stored since (a client that lost its connection resumes
     * from the last sequence it saw), then each new one as it is stored.
     * The stream ends after the match's last game is over. Watchers are
     * bounded per table and per connection on each worker
     * (RESOURCE_EXHAUSTED beyond, with a RetryInfo).
     * </pre>
     */
    public java.util.Iterator<backgammon.v1.TableServiceOuterClass.WatchTableResponse> watchTable(
        backgammon.v1.TableServiceOuterClass.WatchTableRequest request) {
      return io.grpc.stub.ClientCalls.blockingServerStreamingCall(
          getChannel(), getWatchTableMethod(), getCallOptions(), request);
    }
  }

  /**
   * <pre>
   * Optional: the one service that keeps state. A table lives in the
   * server's table store (--table-store: in-process for a single worker, or
   * Redis shared by every replica), so any replica answers any call; it
   * expires once no call touched it for --table-ttl seconds (NOT_FOUND
   * after). Each player acts with a seat token, which any replica with the
   * same state keys checks; a missing, wrong or forged token is
   * UNAUTHENTICATED (ErrorInfo reason BAD_SEAT_TOKEN). An action is applied
   * as PlayService.Act applies it, to the table's latest Game, and stored
   * only if no other action was stored since (compare-and-set on the
   * table's version): of two actions on the same version exactly one is
   * taken, the other is FAILED_PRECONDITION with reason STALE_GAME. A server
   * that cannot keep tables (several workers and no shared store) answers
   * FAILED_PRECONDITION with reason TABLES_UNAVAILABLE.
   * </pre>
   */
  public static final class TableServiceFutureStub extends io.grpc.stub.AbstractFutureStub<TableServiceFutureStub> {
    private TableServiceFutureStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected TableServiceFutureStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new TableServiceFutureStub(channel, callOptions);
    }

    /**
     * <pre>
     * A new table at its first game's opening roll: its seat tokens.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.TableServiceOuterClass.CreateTableResponse> createTable(
        backgammon.v1.TableServiceOuterClass.CreateTableRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getCreateTableMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The table's latest Game and what may be done now.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.TableServiceOuterClass.GetTableResponse> getTable(
        backgammon.v1.TableServiceOuterClass.GetTableRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getGetTableMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * One action by the player of the token's seat.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.TableServiceOuterClass.TableActResponse> tableAct(
        backgammon.v1.TableServiceOuterClass.TableActRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getTableActMethod(), getCallOptions()), request);
    }
  }

  private static final int METHODID_CREATE_TABLE = 0;
  private static final int METHODID_GET_TABLE = 1;
  private static final int METHODID_TABLE_ACT = 2;
  private static final int METHODID_WATCH_TABLE = 3;

  private static final class MethodHandlers<Req, Resp> implements
      io.grpc.stub.ServerCalls.UnaryMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ServerStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ClientStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.BidiStreamingMethod<Req, Resp> {
    private final TableServiceImplBase serviceImpl;
    private final int methodId;

    MethodHandlers(TableServiceImplBase serviceImpl, int methodId) {
      this.serviceImpl = serviceImpl;
      this.methodId = methodId;
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public void invoke(Req request, io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_CREATE_TABLE:
          serviceImpl.createTable((backgammon.v1.TableServiceOuterClass.CreateTableRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.TableServiceOuterClass.CreateTableResponse>) responseObserver);
          break;
        case METHODID_GET_TABLE:
          serviceImpl.getTable((backgammon.v1.TableServiceOuterClass.GetTableRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.TableServiceOuterClass.GetTableResponse>) responseObserver);
          break;
        case METHODID_TABLE_ACT:
          serviceImpl.tableAct((backgammon.v1.TableServiceOuterClass.TableActRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.TableServiceOuterClass.TableActResponse>) responseObserver);
          break;
        case METHODID_WATCH_TABLE:
          serviceImpl.watchTable((backgammon.v1.TableServiceOuterClass.WatchTableRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.TableServiceOuterClass.WatchTableResponse>) responseObserver);
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

  private static abstract class TableServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoFileDescriptorSupplier, io.grpc.protobuf.ProtoServiceDescriptorSupplier {
    TableServiceBaseDescriptorSupplier() {}

    @java.lang.Override
    public com.google.protobuf.Descriptors.FileDescriptor getFileDescriptor() {
      return backgammon.v1.TableServiceOuterClass.getDescriptor();
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.ServiceDescriptor getServiceDescriptor() {
      return getFileDescriptor().findServiceByName("TableService");
    }
  }

  private static final class TableServiceFileDescriptorSupplier
      extends TableServiceBaseDescriptorSupplier {
    TableServiceFileDescriptorSupplier() {}
  }

  private static final class TableServiceMethodDescriptorSupplier
      extends TableServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoMethodDescriptorSupplier {
    private final String methodName;

    TableServiceMethodDescriptorSupplier(String methodName) {
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
      synchronized (TableServiceGrpc.class) {
        result = serviceDescriptor;
        if (result == null) {
          serviceDescriptor = result = io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
              .setSchemaDescriptor(new TableServiceFileDescriptorSupplier())
              .addMethod(getCreateTableMethod())
              .addMethod(getGetTableMethod())
              .addMethod(getTableActMethod())
              .addMethod(getWatchTableMethod())
              .build();
        }
      }
    }
    return result;
  }
}
