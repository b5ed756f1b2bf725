package backgammon.v1;

import static io.grpc.MethodDescriptor.generateFullMethodName;

/**
 * <pre>
 * Stateless like the rest: every request carries the whole Game, which the
 * server checks before anything else. An action not allowed now is
 * FAILED_PRECONDITION (ErrorInfo reason ILLEGAL_ACTION, ILLEGAL_PLAY or
 * ILLEGAL_CUBE_ACTION) and changes nothing.
 * </pre>
 */
@javax.annotation.Generated(
    value = "by gRPC proto compiler",
    comments = "Source: backgammon/v1/play_service.proto")
@io.grpc.stub.annotations.GrpcGenerated
public final class PlayServiceGrpc {

  private PlayServiceGrpc() {}

  public static final String SERVICE_NAME = "backgammon.v1.PlayService";

  // Static method descriptors that strictly reflect the proto.
  private static volatile io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.NewGameRequest,
      backgammon.v1.PlayServiceOuterClass.NewGameResponse> getNewGameMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "NewGame",
      requestType = backgammon.v1.PlayServiceOuterClass.NewGameRequest.class,
      responseType = backgammon.v1.PlayServiceOuterClass.NewGameResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.NewGameRequest,
      backgammon.v1.PlayServiceOuterClass.NewGameResponse> getNewGameMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.NewGameRequest, backgammon.v1.PlayServiceOuterClass.NewGameResponse> getNewGameMethod;
    if ((getNewGameMethod = PlayServiceGrpc.getNewGameMethod) == null) {
      synchronized (PlayServiceGrpc.class) {
        if ((getNewGameMethod = PlayServiceGrpc.getNewGameMethod) == null) {
          PlayServiceGrpc.getNewGameMethod = getNewGameMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.PlayServiceOuterClass.NewGameRequest, backgammon.v1.PlayServiceOuterClass.NewGameResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "NewGame"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.PlayServiceOuterClass.NewGameRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.PlayServiceOuterClass.NewGameResponse.getDefaultInstance()))
              .setSchemaDescriptor(new PlayServiceMethodDescriptorSupplier("NewGame"))
              .build();
        }
      }
    }
    return getNewGameMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.ListActionsRequest,
      backgammon.v1.PlayServiceOuterClass.ListActionsResponse> getListActionsMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListActions",
      requestType = backgammon.v1.PlayServiceOuterClass.ListActionsRequest.class,
      responseType = backgammon.v1.PlayServiceOuterClass.ListActionsResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.ListActionsRequest,
      backgammon.v1.PlayServiceOuterClass.ListActionsResponse> getListActionsMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.ListActionsRequest, backgammon.v1.PlayServiceOuterClass.ListActionsResponse> getListActionsMethod;
    if ((getListActionsMethod = PlayServiceGrpc.getListActionsMethod) == null) {
      synchronized (PlayServiceGrpc.class) {
        if ((getListActionsMethod = PlayServiceGrpc.getListActionsMethod) == null) {
          PlayServiceGrpc.getListActionsMethod = getListActionsMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.PlayServiceOuterClass.ListActionsRequest, backgammon.v1.PlayServiceOuterClass.ListActionsResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListActions"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.PlayServiceOuterClass.ListActionsRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.PlayServiceOuterClass.ListActionsResponse.getDefaultInstance()))
              .setSchemaDescriptor(new PlayServiceMethodDescriptorSupplier("ListActions"))
              .build();
        }
      }
    }
    return getListActionsMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.ActRequest,
      backgammon.v1.PlayServiceOuterClass.ActResponse> getActMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "Act",
      requestType = backgammon.v1.PlayServiceOuterClass.ActRequest.class,
      responseType = backgammon.v1.PlayServiceOuterClass.ActResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.ActRequest,
      backgammon.v1.PlayServiceOuterClass.ActResponse> getActMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.ActRequest, backgammon.v1.PlayServiceOuterClass.ActResponse> getActMethod;
    if ((getActMethod = PlayServiceGrpc.getActMethod) == null) {
      synchronized (PlayServiceGrpc.class) {
        if ((getActMethod = PlayServiceGrpc.getActMethod) == null) {
          PlayServiceGrpc.getActMethod = getActMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.PlayServiceOuterClass.ActRequest, backgammon.v1.PlayServiceOuterClass.ActResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "Act"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.PlayServiceOuterClass.ActRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.PlayServiceOuterClass.ActResponse.getDefaultInstance()))
              .setSchemaDescriptor(new PlayServiceMethodDescriptorSupplier("Act"))
              .build();
        }
      }
    }
    return getActMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.BotActRequest,
      backgammon.v1.PlayServiceOuterClass.BotActResponse> getBotActMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "BotAct",
      requestType = backgammon.v1.PlayServiceOuterClass.BotActRequest.class,
      responseType = backgammon.v1.PlayServiceOuterClass.BotActResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.BotActRequest,
      backgammon.v1.PlayServiceOuterClass.BotActResponse> getBotActMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.BotActRequest, backgammon.v1.PlayServiceOuterClass.BotActResponse> getBotActMethod;
    if ((getBotActMethod = PlayServiceGrpc.getBotActMethod) == null) {
      synchronized (PlayServiceGrpc.class) {
        if ((getBotActMethod = PlayServiceGrpc.getBotActMethod) == null) {
          PlayServiceGrpc.getBotActMethod = getBotActMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.PlayServiceOuterClass.BotActRequest, backgammon.v1.PlayServiceOuterClass.BotActResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "BotAct"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.PlayServiceOuterClass.BotActRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.PlayServiceOuterClass.BotActResponse.getDefaultInstance()))
              .setSchemaDescriptor(new PlayServiceMethodDescriptorSupplier("BotAct"))
              .build();
        }
      }
    }
    return getBotActMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.AddClientSeedRequest,
      backgammon.v1.PlayServiceOuterClass.AddClientSeedResponse> getAddClientSeedMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "AddClientSeed",
      requestType = backgammon.v1.PlayServiceOuterClass.AddClientSeedRequest.class,
      responseType = backgammon.v1.PlayServiceOuterClass.AddClientSeedResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.AddClientSeedRequest,
      backgammon.v1.PlayServiceOuterClass.AddClientSeedResponse> getAddClientSeedMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.PlayServiceOuterClass.AddClientSeedRequest, backgammon.v1.PlayServiceOuterClass.AddClientSeedResponse> getAddClientSeedMethod;
    if ((getAddClientSeedMethod = PlayServiceGrpc.getAddClientSeedMethod) == null) {
      synchronized (PlayServiceGrpc.class) {
        if ((getAddClientSeedMethod = PlayServiceGrpc.getAddClientSeedMethod) == null) {
          PlayServiceGrpc.getAddClientSeedMethod = getAddClientSeedMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.PlayServiceOuterClass.AddClientSeedRequest, backgammon.v1.PlayServiceOuterClass.AddClientSeedResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "AddClientSeed"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.PlayServiceOuterClass.AddClientSeedRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.PlayServiceOuterClass.AddClientSeedResponse.getDefaultInstance()))
              .setSchemaDescriptor(new PlayServiceMethodDescriptorSupplier("AddClientSeed"))
              .build();
        }
      }
    }
    return getAddClientSeedMethod;
  }

  /**
   * Creates a new async stub that supports all call types for the service
   */
  public static PlayServiceStub newStub(io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<PlayServiceStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<PlayServiceStub>() {
        @java.lang.Override
        public PlayServiceStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new PlayServiceStub(channel, callOptions);
        }
      };
    return PlayServiceStub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports unary and streaming output calls on the service
   */
  public static PlayServiceBlockingStub newBlockingStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<PlayServiceBlockingStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<PlayServiceBlockingStub>() {
        @java.lang.Override
        public PlayServiceBlockingStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new PlayServiceBlockingStub(channel, callOptions);
        }
      };
    return PlayServiceBlockingStub.newStub(factory, channel);
  }

  /**
   * Creates a new ListenableFuture-style stub that supports unary calls on the service
   */
  public static PlayServiceFutureStub newFutureStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<PlayServiceFutureStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<PlayServiceFutureStub>() {
        @java.lang.Override
        public PlayServiceFutureStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new PlayServiceFutureStub(channel, callOptions);
        }
      };
    return PlayServiceFutureStub.newStub(factory, channel);
  }

  /**
   * <pre>
   * Stateless like the rest: every request carries the whole Game, which the
   * server checks before anything else. An action not allowed now is
   * FAILED_PRECONDITION (ErrorInfo reason ILLEGAL_ACTION, ILLEGAL_PLAY or
   * ILLEGAL_CUBE_ACTION) and changes nothing.
   * </pre>
   */
  public static abstract class PlayServiceImplBase implements io.grpc.BindableService {

    /**
     * <pre>
     * A new game at the opening roll: the first of a match or money session,
     * or the next one after a finished game.
     * </pre>
     */
    public void newGame(backgammon.v1.PlayServiceOuterClass.NewGameRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.NewGameResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getNewGameMethod(), responseObserver);
    }

    /**
     * <pre>
     * Every action each player may take now.
     * </pre>
     */
    public void listActions(backgammon.v1.PlayServiceOuterClass.ListActionsRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.ListActionsResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListActionsMethod(), responseObserver);
    }

    /**
     * <pre>
     * Take one action: the next Game and the events to animate.
     * </pre>
     */
    public void act(backgammon.v1.PlayServiceOuterClass.ActRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.ActResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getActMethod(), responseObserver);
    }

    /**
     * <pre>
     * Let the bot act for the player who must act now, until the other
     * player must act or the game ends.
     * </pre>
     */
    public void botAct(backgammon.v1.PlayServiceOuterClass.BotActRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.BotActResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getBotActMethod(), responseObserver);
    }

    /**
     * <pre>
     * Add a player's own seed to a game with provably fair dice, after the
     * server's commitment and before the first roll (once per player): the
     * seed committed to in NewGame.
     * </pre>
     */
    public void addClientSeed(backgammon.v1.PlayServiceOuterClass.AddClientSeedRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.AddClientSeedResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getAddClientSeedMethod(), responseObserver);
    }

    @java.lang.Override public final io.grpc.ServerServiceDefinition bindService() {
      return io.grpc.ServerServiceDefinition.builder(getServiceDescriptor())
          .addMethod(
            getNewGameMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.PlayServiceOuterClass.NewGameRequest,
                backgammon.v1.PlayServiceOuterClass.NewGameResponse>(
                  this, METHODID_NEW_GAME)))
          .addMethod(
            getListActionsMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.PlayServiceOuterClass.ListActionsRequest,
                backgammon.v1.PlayServiceOuterClass.ListActionsResponse>(
                  this, METHODID_LIST_ACTIONS)))
          .addMethod(
            getActMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.PlayServiceOuterClass.ActRequest,
                backgammon.v1.PlayServiceOuterClass.ActResponse>(
                  this, METHODID_ACT)))
          .addMethod(
            getBotActMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.PlayServiceOuterClass.BotActRequest,
                backgammon.v1.PlayServiceOuterClass.BotActResponse>(
                  this, METHODID_BOT_ACT)))
          .addMethod(
            getAddClientSeedMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.PlayServiceOuterClass.AddClientSeedRequest,
                backgammon.v1.PlayServiceOuterClass.AddClientSeedResponse>(
                  this, METHODID_ADD_CLIENT_SEED)))
          .build();
    }
  }

  /**
   * <pre>
   * Stateless like the rest: every request carries the whole Game, which the
   * server checks before anything else. An action not allowed now is
   * FAILED_PRECONDITION (ErrorInfo reason ILLEGAL_ACTION, ILLEGAL_PLAY or
   * ILLEGAL_CUBE_ACTION) and changes nothing.
   * </pre>
   */
  public static final class PlayServiceStub extends io.grpc.stub.AbstractAsyncStub<PlayServiceStub> {
    private PlayServiceStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected PlayServiceStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new PlayServiceStub(channel, callOptions);
    }

    /**
     * <pre>
     * A new game at the opening roll: the first of a match or money session,
     * or the next one after a finished game.
     * </pre>
     */
    public void newGame(backgammon.v1.PlayServiceOuterClass.NewGameRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.NewGameResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getNewGameMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Every action each player may take now.
     * </pre>
     */
    public void listActions(backgammon.v1.PlayServiceOuterClass.ListActionsRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.ListActionsResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListActionsMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Take one action: the next Game and the events to animate.
     * </pre>
     */
    public void act(backgammon.v1.PlayServiceOuterClass.ActRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.ActResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getActMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Let the bot act for the player who must act now, until the other
     * player must act or the game ends.
     * </pre>
     */
    public void botAct(backgammon.v1.PlayServiceOuterClass.BotActRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.BotActResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getBotActMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Add a player's own seed to a game with provably fair dice, after the
     * server's commitment and before the first roll (once per player): the
     * seed committed to in NewGame.
     * </pre>
     */
    public void addClientSeed(backgammon.v1.PlayServiceOuterClass.AddClientSeedRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.AddClientSeedResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getAddClientSeedMethod(), getCallOptions()), request, responseObserver);
    }
  }

  /**
   * <pre>
   * Stateless like the rest: every request carries the whole Game, which the
   * server checks before anything else. An action not allowed now is
   * FAILED_PRECONDITION (ErrorInfo reason ILLEGAL_ACTION, ILLEGAL_PLAY or
   * ILLEGAL_CUBE_ACTION) and changes nothing.
   * </pre>
   */
  public static final class PlayServiceBlockingStub extends io.grpc.stub.AbstractBlockingStub<PlayServiceBlockingStub> {
    private PlayServiceBlockingStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected PlayServiceBlockingStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new PlayServiceBlockingStub(channel, callOptions);
    }

    /**
     * <pre>
     * A new game at the opening roll: the first of a match or money session,
     * or the next one after a finished game.
     * </pre>
     */
    public backgammon.v1.PlayServiceOuterClass.NewGameResponse newGame(backgammon.v1.PlayServiceOuterClass.NewGameRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getNewGameMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Every action each player may take now.
     * </pre>
     */
    public backgammon.v1.PlayServiceOuterClass.ListActionsResponse listActions(backgammon.v1.PlayServiceOuterClass.ListActionsRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListActionsMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Take one action: the next Game and the events to animate.
     * </pre>
     */
    public backgammon.v1.PlayServiceOuterClass.ActResponse act(backgammon.v1.PlayServiceOuterClass.ActRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getActMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Let the bot act for the player who must act now, until the other
     * player must act or the game ends.
     * </pre>
     */
    public backgammon.v1.PlayServiceOuterClass.BotActResponse botAct(backgammon.v1.PlayServiceOuterClass.BotActRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getBotActMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Add a player's own seed to a game with provably fair dice, after the
     * server's commitment and before the first roll (once per player): the
     * seed committed to in NewGame.
     * </pre>
     */
    public backgammon.v1.PlayServiceOuterClass.AddClientSeedResponse addClientSeed(backgammon.v1.PlayServiceOuterClass.AddClientSeedRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getAddClientSeedMethod(), getCallOptions(), request);
    }
  }

  /**
   * <pre>
   * Stateless like the rest: every request carries the whole Game, which the
   * server checks before anything else. An action not allowed now is
   * FAILED_PRECONDITION (ErrorInfo reason ILLEGAL_ACTION, ILLEGAL_PLAY or
   * ILLEGAL_CUBE_ACTION) and changes nothing.
   * </pre>
   */
  public static final class PlayServiceFutureStub extends io.grpc.stub.AbstractFutureStub<PlayServiceFutureStub> {
    private PlayServiceFutureStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected PlayServiceFutureStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new PlayServiceFutureStub(channel, callOptions);
    }

    /**
     * <pre>
     * A new game at the opening roll: the first of a match or money session,
     * or the next one after a finished game.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.PlayServiceOuterClass.NewGameResponse> newGame(
        backgammon.v1.PlayServiceOuterClass.NewGameRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getNewGameMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Every action each player may take now.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.PlayServiceOuterClass.ListActionsResponse> listActions(
        backgammon.v1.PlayServiceOuterClass.ListActionsRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListActionsMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Take one action: the next Game and the events to animate.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.PlayServiceOuterClass.ActResponse> act(
        backgammon.v1.PlayServiceOuterClass.ActRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getActMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Let the bot act for the player who must act now, until the other
     * player must act or the game ends.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.PlayServiceOuterClass.BotActResponse> botAct(
        backgammon.v1.PlayServiceOuterClass.BotActRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getBotActMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Add a player's own seed to a game with provably fair dice, after the
     * server's commitment and before the first roll (once per player): the
     * seed committed to in NewGame.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.PlayServiceOuterClass.AddClientSeedResponse> addClientSeed(
        backgammon.v1.PlayServiceOuterClass.AddClientSeedRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getAddClientSeedMethod(), getCallOptions()), request);
    }
  }

  private static final int METHODID_NEW_GAME = 0;
  private static final int METHODID_LIST_ACTIONS = 1;
  private static final int METHODID_ACT = 2;
  private static final int METHODID_BOT_ACT = 3;
  private static final int METHODID_ADD_CLIENT_SEED = 4;

  private static final class MethodHandlers<Req, Resp> implements
      io.grpc.stub.ServerCalls.UnaryMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ServerStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ClientStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.BidiStreamingMethod<Req, Resp> {
    private final PlayServiceImplBase serviceImpl;
    private final int methodId;

    MethodHandlers(PlayServiceImplBase serviceImpl, int methodId) {
      this.serviceImpl = serviceImpl;
      this.methodId = methodId;
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public void invoke(Req request, io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_NEW_GAME:
          serviceImpl.newGame((backgammon.v1.PlayServiceOuterClass.NewGameRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.NewGameResponse>) responseObserver);
          break;
        case METHODID_LIST_ACTIONS:
          serviceImpl.listActions((backgammon.v1.PlayServiceOuterClass.ListActionsRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.ListActionsResponse>) responseObserver);
          break;
        case METHODID_ACT:
          serviceImpl.act((backgammon.v1.PlayServiceOuterClass.ActRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.ActResponse>) responseObserver);
          break;
        case METHODID_BOT_ACT:
          serviceImpl.botAct((backgammon.v1.PlayServiceOuterClass.BotActRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.BotActResponse>) responseObserver);
          break;
        case METHODID_ADD_CLIENT_SEED:
          serviceImpl.addClientSeed((backgammon.v1.PlayServiceOuterClass.AddClientSeedRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.PlayServiceOuterClass.AddClientSeedResponse>) responseObserver);
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

  private static abstract class PlayServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoFileDescriptorSupplier, io.grpc.protobuf.ProtoServiceDescriptorSupplier {
    PlayServiceBaseDescriptorSupplier() {}

    @java.lang.Override
    public com.google.protobuf.Descriptors.FileDescriptor getFileDescriptor() {
      return backgammon.v1.PlayServiceOuterClass.getDescriptor();
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.ServiceDescriptor getServiceDescriptor() {
      return getFileDescriptor().findServiceByName("PlayService");
    }
  }

  private static final class PlayServiceFileDescriptorSupplier
      extends PlayServiceBaseDescriptorSupplier {
    PlayServiceFileDescriptorSupplier() {}
  }

  private static final class PlayServiceMethodDescriptorSupplier
      extends PlayServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoMethodDescriptorSupplier {
    private final String methodName;

    PlayServiceMethodDescriptorSupplier(String methodName) {
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
      synchronized (PlayServiceGrpc.class) {
        result = serviceDescriptor;
        if (result == null) {
          serviceDescriptor = result = io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
              .setSchemaDescriptor(new PlayServiceFileDescriptorSupplier())
              .addMethod(getNewGameMethod())
              .addMethod(getListActionsMethod())
              .addMethod(getActMethod())
              .addMethod(getBotActMethod())
              .addMethod(getAddClientSeedMethod())
              .build();
        }
      }
    }
    return result;
  }
}
