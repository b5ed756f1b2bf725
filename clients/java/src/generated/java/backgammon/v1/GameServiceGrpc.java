package backgammon.v1;

import static io.grpc.MethodDescriptor.generateFullMethodName;

/**
 * <pre>
 * The rules of one game, applied to a state the caller sends with each
 * request. The server keeps no game state between calls.
 * </pre>
 */
@javax.annotation.Generated(
    value = "by gRPC proto compiler",
    comments = "Source: backgammon/v1/game_service.proto")
@io.grpc.stub.annotations.GrpcGenerated
public final class GameServiceGrpc {

  private GameServiceGrpc() {}

  public static final String SERVICE_NAME = "backgammon.v1.GameService";

  // Static method descriptors that strictly reflect the proto.
  private static volatile io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ListLegalPlaysRequest,
      backgammon.v1.GameServiceOuterClass.ListLegalPlaysResponse> getListLegalPlaysMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListLegalPlays",
      requestType = backgammon.v1.GameServiceOuterClass.ListLegalPlaysRequest.class,
      responseType = backgammon.v1.GameServiceOuterClass.ListLegalPlaysResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ListLegalPlaysRequest,
      backgammon.v1.GameServiceOuterClass.ListLegalPlaysResponse> getListLegalPlaysMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ListLegalPlaysRequest, backgammon.v1.GameServiceOuterClass.ListLegalPlaysResponse> getListLegalPlaysMethod;
    if ((getListLegalPlaysMethod = GameServiceGrpc.getListLegalPlaysMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getListLegalPlaysMethod = GameServiceGrpc.getListLegalPlaysMethod) == null) {
          GameServiceGrpc.getListLegalPlaysMethod = getListLegalPlaysMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.GameServiceOuterClass.ListLegalPlaysRequest, backgammon.v1.GameServiceOuterClass.ListLegalPlaysResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListLegalPlays"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.ListLegalPlaysRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.ListLegalPlaysResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ListLegalPlays"))
              .build();
        }
      }
    }
    return getListLegalPlaysMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ListNextMovesRequest,
      backgammon.v1.GameServiceOuterClass.ListNextMovesResponse> getListNextMovesMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListNextMoves",
      requestType = backgammon.v1.GameServiceOuterClass.ListNextMovesRequest.class,
      responseType = backgammon.v1.GameServiceOuterClass.ListNextMovesResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ListNextMovesRequest,
      backgammon.v1.GameServiceOuterClass.ListNextMovesResponse> getListNextMovesMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ListNextMovesRequest, backgammon.v1.GameServiceOuterClass.ListNextMovesResponse> getListNextMovesMethod;
    if ((getListNextMovesMethod = GameServiceGrpc.getListNextMovesMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getListNextMovesMethod = GameServiceGrpc.getListNextMovesMethod) == null) {
          GameServiceGrpc.getListNextMovesMethod = getListNextMovesMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.GameServiceOuterClass.ListNextMovesRequest, backgammon.v1.GameServiceOuterClass.ListNextMovesResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListNextMoves"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.ListNextMovesRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.ListNextMovesResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ListNextMoves"))
              .build();
        }
      }
    }
    return getListNextMovesMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ApplyPlayRequest,
      backgammon.v1.GameServiceOuterClass.ApplyPlayResponse> getApplyPlayMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ApplyPlay",
      requestType = backgammon.v1.GameServiceOuterClass.ApplyPlayRequest.class,
      responseType = backgammon.v1.GameServiceOuterClass.ApplyPlayResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ApplyPlayRequest,
      backgammon.v1.GameServiceOuterClass.ApplyPlayResponse> getApplyPlayMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ApplyPlayRequest, backgammon.v1.GameServiceOuterClass.ApplyPlayResponse> getApplyPlayMethod;
    if ((getApplyPlayMethod = GameServiceGrpc.getApplyPlayMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getApplyPlayMethod = GameServiceGrpc.getApplyPlayMethod) == null) {
          GameServiceGrpc.getApplyPlayMethod = getApplyPlayMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.GameServiceOuterClass.ApplyPlayRequest, backgammon.v1.GameServiceOuterClass.ApplyPlayResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ApplyPlay"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.ApplyPlayRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.ApplyPlayResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ApplyPlay"))
              .build();
        }
      }
    }
    return getApplyPlayMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ListCubeActionsRequest,
      backgammon.v1.GameServiceOuterClass.ListCubeActionsResponse> getListCubeActionsMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ListCubeActions",
      requestType = backgammon.v1.GameServiceOuterClass.ListCubeActionsRequest.class,
      responseType = backgammon.v1.GameServiceOuterClass.ListCubeActionsResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ListCubeActionsRequest,
      backgammon.v1.GameServiceOuterClass.ListCubeActionsResponse> getListCubeActionsMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ListCubeActionsRequest, backgammon.v1.GameServiceOuterClass.ListCubeActionsResponse> getListCubeActionsMethod;
    if ((getListCubeActionsMethod = GameServiceGrpc.getListCubeActionsMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getListCubeActionsMethod = GameServiceGrpc.getListCubeActionsMethod) == null) {
          GameServiceGrpc.getListCubeActionsMethod = getListCubeActionsMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.GameServiceOuterClass.ListCubeActionsRequest, backgammon.v1.GameServiceOuterClass.ListCubeActionsResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ListCubeActions"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.ListCubeActionsRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.ListCubeActionsResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ListCubeActions"))
              .build();
        }
      }
    }
    return getListCubeActionsMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ApplyCubeActionRequest,
      backgammon.v1.GameServiceOuterClass.ApplyCubeActionResponse> getApplyCubeActionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ApplyCubeAction",
      requestType = backgammon.v1.GameServiceOuterClass.ApplyCubeActionRequest.class,
      responseType = backgammon.v1.GameServiceOuterClass.ApplyCubeActionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ApplyCubeActionRequest,
      backgammon.v1.GameServiceOuterClass.ApplyCubeActionResponse> getApplyCubeActionMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ApplyCubeActionRequest, backgammon.v1.GameServiceOuterClass.ApplyCubeActionResponse> getApplyCubeActionMethod;
    if ((getApplyCubeActionMethod = GameServiceGrpc.getApplyCubeActionMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getApplyCubeActionMethod = GameServiceGrpc.getApplyCubeActionMethod) == null) {
          GameServiceGrpc.getApplyCubeActionMethod = getApplyCubeActionMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.GameServiceOuterClass.ApplyCubeActionRequest, backgammon.v1.GameServiceOuterClass.ApplyCubeActionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ApplyCubeAction"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.ApplyCubeActionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.ApplyCubeActionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ApplyCubeAction"))
              .build();
        }
      }
    }
    return getApplyCubeActionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.OfferResignationRequest,
      backgammon.v1.GameServiceOuterClass.OfferResignationResponse> getOfferResignationMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "OfferResignation",
      requestType = backgammon.v1.GameServiceOuterClass.OfferResignationRequest.class,
      responseType = backgammon.v1.GameServiceOuterClass.OfferResignationResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.OfferResignationRequest,
      backgammon.v1.GameServiceOuterClass.OfferResignationResponse> getOfferResignationMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.OfferResignationRequest, backgammon.v1.GameServiceOuterClass.OfferResignationResponse> getOfferResignationMethod;
    if ((getOfferResignationMethod = GameServiceGrpc.getOfferResignationMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getOfferResignationMethod = GameServiceGrpc.getOfferResignationMethod) == null) {
          GameServiceGrpc.getOfferResignationMethod = getOfferResignationMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.GameServiceOuterClass.OfferResignationRequest, backgammon.v1.GameServiceOuterClass.OfferResignationResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "OfferResignation"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.OfferResignationRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.OfferResignationResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("OfferResignation"))
              .build();
        }
      }
    }
    return getOfferResignationMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.AcceptResignationRequest,
      backgammon.v1.GameServiceOuterClass.AcceptResignationResponse> getAcceptResignationMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "AcceptResignation",
      requestType = backgammon.v1.GameServiceOuterClass.AcceptResignationRequest.class,
      responseType = backgammon.v1.GameServiceOuterClass.AcceptResignationResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.AcceptResignationRequest,
      backgammon.v1.GameServiceOuterClass.AcceptResignationResponse> getAcceptResignationMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.AcceptResignationRequest, backgammon.v1.GameServiceOuterClass.AcceptResignationResponse> getAcceptResignationMethod;
    if ((getAcceptResignationMethod = GameServiceGrpc.getAcceptResignationMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getAcceptResignationMethod = GameServiceGrpc.getAcceptResignationMethod) == null) {
          GameServiceGrpc.getAcceptResignationMethod = getAcceptResignationMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.GameServiceOuterClass.AcceptResignationRequest, backgammon.v1.GameServiceOuterClass.AcceptResignationResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "AcceptResignation"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.AcceptResignationRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.AcceptResignationResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("AcceptResignation"))
              .build();
        }
      }
    }
    return getAcceptResignationMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.RejectResignationRequest,
      backgammon.v1.GameServiceOuterClass.RejectResignationResponse> getRejectResignationMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "RejectResignation",
      requestType = backgammon.v1.GameServiceOuterClass.RejectResignationRequest.class,
      responseType = backgammon.v1.GameServiceOuterClass.RejectResignationResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.RejectResignationRequest,
      backgammon.v1.GameServiceOuterClass.RejectResignationResponse> getRejectResignationMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.RejectResignationRequest, backgammon.v1.GameServiceOuterClass.RejectResignationResponse> getRejectResignationMethod;
    if ((getRejectResignationMethod = GameServiceGrpc.getRejectResignationMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getRejectResignationMethod = GameServiceGrpc.getRejectResignationMethod) == null) {
          GameServiceGrpc.getRejectResignationMethod = getRejectResignationMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.GameServiceOuterClass.RejectResignationRequest, backgammon.v1.GameServiceOuterClass.RejectResignationResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "RejectResignation"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.RejectResignationRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.RejectResignationResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("RejectResignation"))
              .build();
        }
      }
    }
    return getRejectResignationMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ScoreGameRequest,
      backgammon.v1.GameServiceOuterClass.ScoreGameResponse> getScoreGameMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ScoreGame",
      requestType = backgammon.v1.GameServiceOuterClass.ScoreGameRequest.class,
      responseType = backgammon.v1.GameServiceOuterClass.ScoreGameResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ScoreGameRequest,
      backgammon.v1.GameServiceOuterClass.ScoreGameResponse> getScoreGameMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.GameServiceOuterClass.ScoreGameRequest, backgammon.v1.GameServiceOuterClass.ScoreGameResponse> getScoreGameMethod;
    if ((getScoreGameMethod = GameServiceGrpc.getScoreGameMethod) == null) {
      synchronized (GameServiceGrpc.class) {
        if ((getScoreGameMethod = GameServiceGrpc.getScoreGameMethod) == null) {
          GameServiceGrpc.getScoreGameMethod = getScoreGameMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.GameServiceOuterClass.ScoreGameRequest, backgammon.v1.GameServiceOuterClass.ScoreGameResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ScoreGame"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.ScoreGameRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.GameServiceOuterClass.ScoreGameResponse.getDefaultInstance()))
              .setSchemaDescriptor(new GameServiceMethodDescriptorSupplier("ScoreGame"))
              .build();
        }
      }
    }
    return getScoreGameMethod;
  }

  /**
   * Creates a new async stub that supports all call types for the service
   */
  public static GameServiceStub newStub(io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<GameServiceStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<GameServiceStub>() {
        @java.lang.Override
        public GameServiceStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new GameServiceStub(channel, callOptions);
        }
      };
    return GameServiceStub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports unary and streaming output calls on the service
   */
  public static GameServiceBlockingStub newBlockingStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<GameServiceBlockingStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<GameServiceBlockingStub>() {
        @java.lang.Override
        public GameServiceBlockingStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new GameServiceBlockingStub(channel, callOptions);
        }
      };
    return GameServiceBlockingStub.newStub(factory, channel);
  }

  /**
   * Creates a new ListenableFuture-style stub that supports unary calls on the service
   */
  public static GameServiceFutureStub newFutureStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<GameServiceFutureStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<GameServiceFutureStub>() {
        @java.lang.Override
        public GameServiceFutureStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new GameServiceFutureStub(channel, callOptions);
        }
      };
    return GameServiceFutureStub.newStub(factory, channel);
  }

  /**
   * <pre>
   * The rules of one game, applied to a state the caller sends with each
   * request. The server keeps no game state between calls.
   * </pre>
   */
  public static abstract class GameServiceImplBase implements io.grpc.BindableService {

    /**
     * <pre>
     * Every distinct legal play of a roll in a position.
     * </pre>
     */
    public void listLegalPlays(backgammon.v1.GameServiceOuterClass.ListLegalPlaysRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ListLegalPlaysResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListLegalPlaysMethod(), responseObserver);
    }

    /**
     * <pre>
     * For an interactive turn: given the checker moves made so far, the
     * single-checker moves that may come next, and whether the turn is done.
     * </pre>
     */
    public void listNextMoves(backgammon.v1.GameServiceOuterClass.ListNextMovesRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ListNextMovesResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListNextMovesMethod(), responseObserver);
    }

    /**
     * <pre>
     * Checks a play and passes the turn; reports the result when it wins.
     * </pre>
     */
    public void applyPlay(backgammon.v1.GameServiceOuterClass.ApplyPlayRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ApplyPlayResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getApplyPlayMethod(), responseObserver);
    }

    /**
     * <pre>
     * The cube actions a player may take now.
     * </pre>
     */
    public void listCubeActions(backgammon.v1.GameServiceOuterClass.ListCubeActionsRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ListCubeActionsResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getListCubeActionsMethod(), responseObserver);
    }

    /**
     * <pre>
     * Takes a cube action: the new cube, or the finished game after a drop.
     * </pre>
     */
    public void applyCubeAction(backgammon.v1.GameServiceOuterClass.ApplyCubeActionRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ApplyCubeActionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getApplyCubeActionMethod(), responseObserver);
    }

    /**
     * <pre>
     * The player to act offers to resign a single game, gammon or backgammon.
     * </pre>
     */
    public void offerResignation(backgammon.v1.GameServiceOuterClass.OfferResignationRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.OfferResignationResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getOfferResignationMethod(), responseObserver);
    }

    /**
     * <pre>
     * The opponent accepts a resignation: the game ends.
     * </pre>
     */
    public void acceptResignation(backgammon.v1.GameServiceOuterClass.AcceptResignationRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.AcceptResignationResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getAcceptResignationMethod(), responseObserver);
    }

    /**
     * <pre>
     * The opponent rejects a resignation: play goes on.
     * </pre>
     */
    public void rejectResignation(backgammon.v1.GameServiceOuterClass.RejectResignationRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.RejectResignationResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getRejectResignationMethod(), responseObserver);
    }

    /**
     * <pre>
     * What a finished (played-out) game is worth.
     * </pre>
     */
    public void scoreGame(backgammon.v1.GameServiceOuterClass.ScoreGameRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ScoreGameResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getScoreGameMethod(), responseObserver);
    }

    @java.lang.Override public final io.grpc.ServerServiceDefinition bindService() {
      return io.grpc.ServerServiceDefinition.builder(getServiceDescriptor())
          .addMethod(
            getListLegalPlaysMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.GameServiceOuterClass.ListLegalPlaysRequest,
                backgammon.v1.GameServiceOuterClass.ListLegalPlaysResponse>(
                  this, METHODID_LIST_LEGAL_PLAYS)))
          .addMethod(
            getListNextMovesMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.GameServiceOuterClass.ListNextMovesRequest,
                backgammon.v1.GameServiceOuterClass.ListNextMovesResponse>(
                  this, METHODID_LIST_NEXT_MOVES)))
          .addMethod(
            getApplyPlayMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.GameServiceOuterClass.ApplyPlayRequest,
                backgammon.v1.GameServiceOuterClass.ApplyPlayResponse>(
                  this, METHODID_APPLY_PLAY)))
          .addMethod(
            getListCubeActionsMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.GameServiceOuterClass.ListCubeActionsRequest,
                backgammon.v1.GameServiceOuterClass.ListCubeActionsResponse>(
                  this, METHODID_LIST_CUBE_ACTIONS)))
          .addMethod(
            getApplyCubeActionMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.GameServiceOuterClass.ApplyCubeActionRequest,
                backgammon.v1.GameServiceOuterClass.ApplyCubeActionResponse>(
                  this, METHODID_APPLY_CUBE_ACTION)))
          .addMethod(
            getOfferResignationMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.GameServiceOuterClass.OfferResignationRequest,
                backgammon.v1.GameServiceOuterClass.OfferResignationResponse>(
                  this, METHODID_OFFER_RESIGNATION)))
          .addMethod(
            getAcceptResignationMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.GameServiceOuterClass.AcceptResignationRequest,
                backgammon.v1.GameServiceOuterClass.AcceptResignationResponse>(
                  this, METHODID_ACCEPT_RESIGNATION)))
          .addMethod(
            getRejectResignationMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.GameServiceOuterClass.RejectResignationRequest,
                backgammon.v1.GameServiceOuterClass.RejectResignationResponse>(
                  this, METHODID_REJECT_RESIGNATION)))
          .addMethod(
            getScoreGameMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.GameServiceOuterClass.ScoreGameRequest,
                backgammon.v1.GameServiceOuterClass.ScoreGameResponse>(
                  this, METHODID_SCORE_GAME)))
          .build();
    }
  }

  /**
   * <pre>
   * The rules of one game, applied to a state the caller sends with each
   * request. The server keeps no game state between calls.
   * </pre>
   */
  public static final class GameServiceStub extends io.grpc.stub.AbstractAsyncStub<GameServiceStub> {
    private GameServiceStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected GameServiceStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new GameServiceStub(channel, callOptions);
    }

    /**
     * <pre>
     * Every distinct legal play of a roll in a position.
     * </pre>
     */
    public void listLegalPlays(backgammon.v1.GameServiceOuterClass.ListLegalPlaysRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ListLegalPlaysResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListLegalPlaysMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * For an interactive turn: given the checker moves made so far, the
     * single-checker moves that may come next, and whether the turn is done.
     * </pre>
     */
    public void listNextMoves(backgammon.v1.GameServiceOuterClass.ListNextMovesRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ListNextMovesResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListNextMovesMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Checks a play and passes the turn; reports the result when it wins.
     * </pre>
     */
    public void applyPlay(backgammon.v1.GameServiceOuterClass.ApplyPlayRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ApplyPlayResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getApplyPlayMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The cube actions a player may take now.
     * </pre>
     */
    public void listCubeActions(backgammon.v1.GameServiceOuterClass.ListCubeActionsRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ListCubeActionsResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getListCubeActionsMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Takes a cube action: the new cube, or the finished game after a drop.
     * </pre>
     */
    public void applyCubeAction(backgammon.v1.GameServiceOuterClass.ApplyCubeActionRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ApplyCubeActionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getApplyCubeActionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The player to act offers to resign a single game, gammon or backgammon.
     * </pre>
     */
    public void offerResignation(backgammon.v1.GameServiceOuterClass.OfferResignationRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.OfferResignationResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getOfferResignationMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The opponent accepts a resignation: the game ends.
     * </pre>
     */
    public void acceptResignation(backgammon.v1.GameServiceOuterClass.AcceptResignationRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.AcceptResignationResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getAcceptResignationMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The opponent rejects a resignation: play goes on.
     * </pre>
     */
    public void rejectResignation(backgammon.v1.GameServiceOuterClass.RejectResignationRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.RejectResignationResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getRejectResignationMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * What a finished (played-out) game is worth.
     * </pre>
     */
    public void scoreGame(backgammon.v1.GameServiceOuterClass.ScoreGameRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ScoreGameResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getScoreGameMethod(), getCallOptions()), request, responseObserver);
    }
  }

  /**
   * <pre>
   * The rules of one game, applied to a state the caller sends with each
   * request. The server keeps no game state between calls.
   * </pre>
   */
  public static final class GameServiceBlockingStub extends io.grpc.stub.AbstractBlockingStub<GameServiceBlockingStub> {
    private GameServiceBlockingStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected GameServiceBlockingStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new GameServiceBlockingStub(channel, callOptions);
    }

    /**
     * <pre>
     * Every distinct legal play of a roll in a position.
     * </pre>
     */
    public backgammon.v1.GameServiceOuterClass.ListLegalPlaysResponse listLegalPlays(backgammon.v1.GameServiceOuterClass.ListLegalPlaysRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListLegalPlaysMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * For an interactive turn: given the checker moves made so far, the
     * single-checker moves that may come next, and whether the turn is done.
     * </pre>
     */
    public backgammon.v1.GameServiceOuterClass.ListNextMovesResponse listNextMoves(backgammon.v1.GameServiceOuterClass.ListNextMovesRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListNextMovesMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Checks a play and passes the turn; reports the result when it wins.
     * </pre>
     */
    public backgammon.v1.GameServiceOuterClass.ApplyPlayResponse applyPlay(backgammon.v1.GameServiceOuterClass.ApplyPlayRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getApplyPlayMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The cube actions a player may take now.
     * </pre>
     */
    public backgammon.v1.GameServiceOuterClass.ListCubeActionsResponse listCubeActions(backgammon.v1.GameServiceOuterClass.ListCubeActionsRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getListCubeActionsMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Takes a cube action: the new cube, or the finished game after a drop.
     * </pre>
     */
    public backgammon.v1.GameServiceOuterClass.ApplyCubeActionResponse applyCubeAction(backgammon.v1.GameServiceOuterClass.ApplyCubeActionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getApplyCubeActionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The player to act offers to resign a single game, gammon or backgammon.
     * </pre>
     */
    public backgammon.v1.GameServiceOuterClass.OfferResignationResponse offerResignation(backgammon.v1.GameServiceOuterClass.OfferResignationRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getOfferResignationMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The opponent accepts a resignation: the game ends.
     * </pre>
     */
    public backgammon.v1.GameServiceOuterClass.AcceptResignationResponse acceptResignation(backgammon.v1.GameServiceOuterClass.AcceptResignationRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getAcceptResignationMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The opponent rejects a resignation: play goes on.
     * </pre>
     */
    public backgammon.v1.GameServiceOuterClass.RejectResignationResponse rejectResignation(backgammon.v1.GameServiceOuterClass.RejectResignationRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getRejectResignationMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * What a finished (played-out) game is worth.
     * </pre>
     */
    public backgammon.v1.GameServiceOuterClass.ScoreGameResponse scoreGame(backgammon.v1.GameServiceOuterClass.ScoreGameRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getScoreGameMethod(), getCallOptions(), request);
    }
  }

  /**
   * <pre>
   * The rules of one game, applied to a state the caller sends with each
   * request. The server keeps no game state between calls.
   * </pre>
   */
  public static final class GameServiceFutureStub extends io.grpc.stub.AbstractFutureStub<GameServiceFutureStub> {
    private GameServiceFutureStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected GameServiceFutureStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new GameServiceFutureStub(channel, callOptions);
    }

    /**
     * <pre>
     * Every distinct legal play of a roll in a position.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.GameServiceOuterClass.ListLegalPlaysResponse> listLegalPlays(
        backgammon.v1.GameServiceOuterClass.ListLegalPlaysRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListLegalPlaysMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * For an interactive turn: given the checker moves made so far, the
     * single-checker moves that may come next, and whether the turn is done.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.GameServiceOuterClass.ListNextMovesResponse> listNextMoves(
        backgammon.v1.GameServiceOuterClass.ListNextMovesRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListNextMovesMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Checks a play and passes the turn; reports the result when it wins.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.GameServiceOuterClass.ApplyPlayResponse> applyPlay(
        backgammon.v1.GameServiceOuterClass.ApplyPlayRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getApplyPlayMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The cube actions a player may take now.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.GameServiceOuterClass.ListCubeActionsResponse> listCubeActions(
        backgammon.v1.GameServiceOuterClass.ListCubeActionsRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getListCubeActionsMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Takes a cube action: the new cube, or the finished game after a drop.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.GameServiceOuterClass.ApplyCubeActionResponse> applyCubeAction(
        backgammon.v1.GameServiceOuterClass.ApplyCubeActionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getApplyCubeActionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The player to act offers to resign a single game, gammon or backgammon.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.GameServiceOuterClass.OfferResignationResponse> offerResignation(
        backgammon.v1.GameServiceOuterClass.OfferResignationRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getOfferResignationMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The opponent accepts a resignation: the game ends.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.GameServiceOuterClass.AcceptResignationResponse> acceptResignation(
        backgammon.v1.GameServiceOuterClass.AcceptResignationRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getAcceptResignationMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The opponent rejects a resignation: play goes on.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.GameServiceOuterClass.RejectResignationResponse> rejectResignation(
        backgammon.v1.GameServiceOuterClass.RejectResignationRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getRejectResignationMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * What a finished (played-out) game is worth.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.GameServiceOuterClass.ScoreGameResponse> scoreGame(
        backgammon.v1.GameServiceOuterClass.ScoreGameRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getScoreGameMethod(), getCallOptions()), request);
    }
  }

  private static final int METHODID_LIST_LEGAL_PLAYS = 0;
  private static final int METHODID_LIST_NEXT_MOVES = 1;
  private static final int METHODID_APPLY_PLAY = 2;
  private static final int METHODID_LIST_CUBE_ACTIONS = 3;
  private static final int METHODID_APPLY_CUBE_ACTION = 4;
  private static final int METHODID_OFFER_RESIGNATION = 5;
  private static final int METHODID_ACCEPT_RESIGNATION = 6;
  private static final int METHODID_REJECT_RESIGNATION = 7;
  private static final int METHODID_SCORE_GAME = 8;

  private static final class MethodHandlers<Req, Resp> implements
      io.grpc.stub.ServerCalls.UnaryMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ServerStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ClientStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.BidiStreamingMethod<Req, Resp> {
    private final GameServiceImplBase serviceImpl;
    private final int methodId;

    MethodHandlers(GameServiceImplBase serviceImpl, int methodId) {
      this.serviceImpl = serviceImpl;
      this.methodId = methodId;
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public void invoke(Req request, io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_LIST_LEGAL_PLAYS:
          serviceImpl.listLegalPlays((backgammon.v1.GameServiceOuterClass.ListLegalPlaysRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ListLegalPlaysResponse>) responseObserver);
          break;
        case METHODID_LIST_NEXT_MOVES:
          serviceImpl.listNextMoves((backgammon.v1.GameServiceOuterClass.ListNextMovesRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ListNextMovesResponse>) responseObserver);
          break;
        case METHODID_APPLY_PLAY:
          serviceImpl.applyPlay((backgammon.v1.GameServiceOuterClass.ApplyPlayRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ApplyPlayResponse>) responseObserver);
          break;
        case METHODID_LIST_CUBE_ACTIONS:
          serviceImpl.listCubeActions((backgammon.v1.GameServiceOuterClass.ListCubeActionsRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ListCubeActionsResponse>) responseObserver);
          break;
        case METHODID_APPLY_CUBE_ACTION:
          serviceImpl.applyCubeAction((backgammon.v1.GameServiceOuterClass.ApplyCubeActionRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ApplyCubeActionResponse>) responseObserver);
          break;
        case METHODID_OFFER_RESIGNATION:
          serviceImpl.offerResignation((backgammon.v1.GameServiceOuterClass.OfferResignationRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.OfferResignationResponse>) responseObserver);
          break;
        case METHODID_ACCEPT_RESIGNATION:
          serviceImpl.acceptResignation((backgammon.v1.GameServiceOuterClass.AcceptResignationRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.AcceptResignationResponse>) responseObserver);
          break;
        case METHODID_REJECT_RESIGNATION:
          serviceImpl.rejectResignation((backgammon.v1.GameServiceOuterClass.RejectResignationRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.RejectResignationResponse>) responseObserver);
          break;
        case METHODID_SCORE_GAME:
          serviceImpl.scoreGame((backgammon.v1.GameServiceOuterClass.ScoreGameRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.GameServiceOuterClass.ScoreGameResponse>) responseObserver);
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

  private static abstract class GameServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoFileDescriptorSupplier, io.grpc.protobuf.ProtoServiceDescriptorSupplier {
    GameServiceBaseDescriptorSupplier() {}

    @java.lang.Override
    public com.google.protobuf.Descriptors.FileDescriptor getFileDescriptor() {
      return backgammon.v1.GameServiceOuterClass.getDescriptor();
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.ServiceDescriptor getServiceDescriptor() {
      return getFileDescriptor().findServiceByName("GameService");
    }
  }

  private static final class GameServiceFileDescriptorSupplier
      extends GameServiceBaseDescriptorSupplier {
    GameServiceFileDescriptorSupplier() {}
  }

  private static final class GameServiceMethodDescriptorSupplier
      extends GameServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoMethodDescriptorSupplier {
    private final String methodName;

    GameServiceMethodDescriptorSupplier(String methodName) {
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
      synchronized (GameServiceGrpc.class) {
        result = serviceDescriptor;
        if (result == null) {
          serviceDescriptor = result = io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
              .setSchemaDescriptor(new GameServiceFileDescriptorSupplier())
              .addMethod(getListLegalPlaysMethod())
              .addMethod(getListNextMovesMethod())
              .addMethod(getApplyPlayMethod())
              .addMethod(getListCubeActionsMethod())
              .addMethod(getApplyCubeActionMethod())
              .addMethod(getOfferResignationMethod())
              .addMethod(getAcceptResignationMethod())
              .addMethod(getRejectResignationMethod())
              .addMethod(getScoreGameMethod())
              .build();
        }
      }
    }
    return result;
  }
}
