package backgammon.v1;

import static io.grpc.MethodDescriptor.generateFullMethodName;

/**
 * <pre>
 * Answered by the strongest evaluator the server has, named in each
 * response's `evaluator`: the engine's trained network, or the interim
 * hand-written heuristic where the network's weights are not installed.
 * Searches stop near the call's deadline and answer with what they have
 * (`complete` is then false); the deadline is checked between candidate
 * plays, so a very short one can still be overrun by one candidate's search.
 * </pre>
 */
@javax.annotation.Generated(
    value = "by gRPC proto compiler",
    comments = "Source: backgammon/v1/bot_service.proto")
@io.grpc.stub.annotations.GrpcGenerated
public final class BotServiceGrpc {

  private BotServiceGrpc() {}

  public static final String SERVICE_NAME = "backgammon.v1.BotService";

  // Static method descriptors that strictly reflect the proto.
  private static volatile io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.BestPlayRequest,
      backgammon.v1.BotServiceOuterClass.BestPlayResponse> getBestPlayMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "BestPlay",
      requestType = backgammon.v1.BotServiceOuterClass.BestPlayRequest.class,
      responseType = backgammon.v1.BotServiceOuterClass.BestPlayResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.BestPlayRequest,
      backgammon.v1.BotServiceOuterClass.BestPlayResponse> getBestPlayMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.BestPlayRequest, backgammon.v1.BotServiceOuterClass.BestPlayResponse> getBestPlayMethod;
    if ((getBestPlayMethod = BotServiceGrpc.getBestPlayMethod) == null) {
      synchronized (BotServiceGrpc.class) {
        if ((getBestPlayMethod = BotServiceGrpc.getBestPlayMethod) == null) {
          BotServiceGrpc.getBestPlayMethod = getBestPlayMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.BotServiceOuterClass.BestPlayRequest, backgammon.v1.BotServiceOuterClass.BestPlayResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "BestPlay"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.BotServiceOuterClass.BestPlayRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.BotServiceOuterClass.BestPlayResponse.getDefaultInstance()))
              .setSchemaDescriptor(new BotServiceMethodDescriptorSupplier("BestPlay"))
              .build();
        }
      }
    }
    return getBestPlayMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.HintRequest,
      backgammon.v1.BotServiceOuterClass.HintResponse> getHintMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "Hint",
      requestType = backgammon.v1.BotServiceOuterClass.HintRequest.class,
      responseType = backgammon.v1.BotServiceOuterClass.HintResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.HintRequest,
      backgammon.v1.BotServiceOuterClass.HintResponse> getHintMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.HintRequest, backgammon.v1.BotServiceOuterClass.HintResponse> getHintMethod;
    if ((getHintMethod = BotServiceGrpc.getHintMethod) == null) {
      synchronized (BotServiceGrpc.class) {
        if ((getHintMethod = BotServiceGrpc.getHintMethod) == null) {
          BotServiceGrpc.getHintMethod = getHintMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.BotServiceOuterClass.HintRequest, backgammon.v1.BotServiceOuterClass.HintResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "Hint"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.BotServiceOuterClass.HintRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.BotServiceOuterClass.HintResponse.getDefaultInstance()))
              .setSchemaDescriptor(new BotServiceMethodDescriptorSupplier("Hint"))
              .build();
        }
      }
    }
    return getHintMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.CubeDecisionRequest,
      backgammon.v1.BotServiceOuterClass.CubeDecisionResponse> getCubeDecisionMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "CubeDecision",
      requestType = backgammon.v1.BotServiceOuterClass.CubeDecisionRequest.class,
      responseType = backgammon.v1.BotServiceOuterClass.CubeDecisionResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.CubeDecisionRequest,
      backgammon.v1.BotServiceOuterClass.CubeDecisionResponse> getCubeDecisionMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.CubeDecisionRequest, backgammon.v1.BotServiceOuterClass.CubeDecisionResponse> getCubeDecisionMethod;
    if ((getCubeDecisionMethod = BotServiceGrpc.getCubeDecisionMethod) == null) {
      synchronized (BotServiceGrpc.class) {
        if ((getCubeDecisionMethod = BotServiceGrpc.getCubeDecisionMethod) == null) {
          BotServiceGrpc.getCubeDecisionMethod = getCubeDecisionMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.BotServiceOuterClass.CubeDecisionRequest, backgammon.v1.BotServiceOuterClass.CubeDecisionResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "CubeDecision"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.BotServiceOuterClass.CubeDecisionRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.BotServiceOuterClass.CubeDecisionResponse.getDefaultInstance()))
              .setSchemaDescriptor(new BotServiceMethodDescriptorSupplier("CubeDecision"))
              .build();
        }
      }
    }
    return getCubeDecisionMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.EvaluateRequest,
      backgammon.v1.BotServiceOuterClass.EvaluateResponse> getEvaluateMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "Evaluate",
      requestType = backgammon.v1.BotServiceOuterClass.EvaluateRequest.class,
      responseType = backgammon.v1.BotServiceOuterClass.EvaluateResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.EvaluateRequest,
      backgammon.v1.BotServiceOuterClass.EvaluateResponse> getEvaluateMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.EvaluateRequest, backgammon.v1.BotServiceOuterClass.EvaluateResponse> getEvaluateMethod;
    if ((getEvaluateMethod = BotServiceGrpc.getEvaluateMethod) == null) {
      synchronized (BotServiceGrpc.class) {
        if ((getEvaluateMethod = BotServiceGrpc.getEvaluateMethod) == null) {
          BotServiceGrpc.getEvaluateMethod = getEvaluateMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.BotServiceOuterClass.EvaluateRequest, backgammon.v1.BotServiceOuterClass.EvaluateResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "Evaluate"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.BotServiceOuterClass.EvaluateRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.BotServiceOuterClass.EvaluateResponse.getDefaultInstance()))
              .setSchemaDescriptor(new BotServiceMethodDescriptorSupplier("Evaluate"))
              .build();
        }
      }
    }
    return getEvaluateMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.AnalysePlayRequest,
      backgammon.v1.BotServiceOuterClass.AnalysePlayResponse> getAnalysePlayMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "AnalysePlay",
      requestType = backgammon.v1.BotServiceOuterClass.AnalysePlayRequest.class,
      responseType = backgammon.v1.BotServiceOuterClass.AnalysePlayResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.AnalysePlayRequest,
      backgammon.v1.BotServiceOuterClass.AnalysePlayResponse> getAnalysePlayMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.AnalysePlayRequest, backgammon.v1.BotServiceOuterClass.AnalysePlayResponse> getAnalysePlayMethod;
    if ((getAnalysePlayMethod = BotServiceGrpc.getAnalysePlayMethod) == null) {
      synchronized (BotServiceGrpc.class) {
        if ((getAnalysePlayMethod = BotServiceGrpc.getAnalysePlayMethod) == null) {
          BotServiceGrpc.getAnalysePlayMethod = getAnalysePlayMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.BotServiceOuterClass.AnalysePlayRequest, backgammon.v1.BotServiceOuterClass.AnalysePlayResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "AnalysePlay"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.BotServiceOuterClass.AnalysePlayRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.BotServiceOuterClass.AnalysePlayResponse.getDefaultInstance()))
              .setSchemaDescriptor(new BotServiceMethodDescriptorSupplier("AnalysePlay"))
              .build();
        }
      }
    }
    return getAnalysePlayMethod;
  }

  private static volatile io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.RolloutRequest,
      backgammon.v1.BotServiceOuterClass.RolloutResponse> getRolloutMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "Rollout",
      requestType = backgammon.v1.BotServiceOuterClass.RolloutRequest.class,
      responseType = backgammon.v1.BotServiceOuterClass.RolloutResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING)
  public static io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.RolloutRequest,
      backgammon.v1.BotServiceOuterClass.RolloutResponse> getRolloutMethod() {
    io.grpc.MethodDescriptor<backgammon.v1.BotServiceOuterClass.RolloutRequest, backgammon.v1.BotServiceOuterClass.RolloutResponse> getRolloutMethod;
    if ((getRolloutMethod = BotServiceGrpc.getRolloutMethod) == null) {
      synchronized (BotServiceGrpc.class) {
        if ((getRolloutMethod = BotServiceGrpc.getRolloutMethod) == null) {
          BotServiceGrpc.getRolloutMethod = getRolloutMethod =
              io.grpc.MethodDescriptor.<backgammon.v1.BotServiceOuterClass.RolloutRequest, backgammon.v1.BotServiceOuterClass.RolloutResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "Rollout"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.BotServiceOuterClass.RolloutRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  backgammon.v1.BotServiceOuterClass.RolloutResponse.getDefaultInstance()))
              .setSchemaDescriptor(new BotServiceMethodDescriptorSupplier("Rollout"))
              .build();
        }
      }
    }
    return getRolloutMethod;
  }

  /**
   * Creates a new async stub that supports all call types for the service
   */
  public static BotServiceStub newStub(io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<BotServiceStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<BotServiceStub>() {
        @java.lang.Override
        public BotServiceStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new BotServiceStub(channel, callOptions);
        }
      };
    return BotServiceStub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports unary and streaming output calls on the service
   */
  public static BotServiceBlockingStub newBlockingStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<BotServiceBlockingStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<BotServiceBlockingStub>() {
        @java.lang.Override
        public BotServiceBlockingStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new BotServiceBlockingStub(channel, callOptions);
        }
      };
    return BotServiceBlockingStub.newStub(factory, channel);
  }

  /**
   * Creates a new ListenableFuture-style stub that supports unary calls on the service
   */
  public static BotServiceFutureStub newFutureStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<BotServiceFutureStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<BotServiceFutureStub>() {
        @java.lang.Override
        public BotServiceFutureStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new BotServiceFutureStub(channel, callOptions);
        }
      };
    return BotServiceFutureStub.newStub(factory, channel);
  }

  /**
   * <pre>
   * Answered by the strongest evaluator the server has, named in each
   * response's `evaluator`: the engine's trained network, or the interim
   * hand-written heuristic where the network's weights are not installed.
   * Searches stop near the call's deadline and answer with what they have
   * (`complete` is then false); the deadline is checked between candidate
   * plays, so a very short one can still be overrun by one candidate's search.
   * </pre>
   */
  public static abstract class BotServiceImplBase implements io.grpc.BindableService {

    /**
     * <pre>
     * The play the bot would make.
     * </pre>
     */
    public void bestPlay(backgammon.v1.BotServiceOuterClass.BestPlayRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.BestPlayResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getBestPlayMethod(), responseObserver);
    }

    /**
     * <pre>
     * Legal plays ranked best first, with probabilities and equities.
     * </pre>
     */
    public void hint(backgammon.v1.BotServiceOuterClass.HintRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.HintResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getHintMethod(), responseObserver);
    }

    /**
     * <pre>
     * Whether the player on roll should double, and whether the opponent
     * should take.
     * </pre>
     */
    public void cubeDecision(backgammon.v1.BotServiceOuterClass.CubeDecisionRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.CubeDecisionResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getCubeDecisionMethod(), responseObserver);
    }

    /**
     * <pre>
     * Outcome probabilities for the player on roll.
     * </pre>
     */
    public void evaluate(backgammon.v1.BotServiceOuterClass.EvaluateRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.EvaluateResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getEvaluateMethod(), responseObserver);
    }

    /**
     * <pre>
     * How much equity a given legal play gives up against the bot's best
     * play, for coaching.
     * </pre>
     */
    public void analysePlay(backgammon.v1.BotServiceOuterClass.AnalysePlayRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.AnalysePlayResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getAnalysePlayMethod(), responseObserver);
    }

    /**
     * <pre>
     * Plays the position out many times (cubeless Monte-Carlo, the bot on
     * both sides), streaming the result so far as it goes; the last message
     * has `done` set. Stops at the deadline (or the server's cap on a
     * search) with the trials played so far, `complete` false.
     * </pre>
     */
    public void rollout(backgammon.v1.BotServiceOuterClass.RolloutRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.RolloutResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getRolloutMethod(), responseObserver);
    }

    @java.lang.Override public final io.grpc.ServerServiceDefinition bindService() {
      return io.grpc.ServerServiceDefinition.builder(getServiceDescriptor())
          .addMethod(
            getBestPlayMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.BotServiceOuterClass.BestPlayRequest,
                backgammon.v1.BotServiceOuterClass.BestPlayResponse>(
                  this, METHODID_BEST_PLAY)))
          .addMethod(
            getHintMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.BotServiceOuterClass.HintRequest,
                backgammon.v1.BotServiceOuterClass.HintResponse>(
                  this, METHODID_HINT)))
          .addMethod(
            getCubeDecisionMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.BotServiceOuterClass.CubeDecisionRequest,
                backgammon.v1.BotServiceOuterClass.CubeDecisionResponse>(
                  this, METHODID_CUBE_DECISION)))
          .addMethod(
            getEvaluateMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.BotServiceOuterClass.EvaluateRequest,
                backgammon.v1.BotServiceOuterClass.EvaluateResponse>(
                  this, METHODID_EVALUATE)))
          .addMethod(
            getAnalysePlayMethod(),
            io.grpc.stub.ServerCalls.asyncUnaryCall(
              new MethodHandlers<
                backgammon.v1.BotServiceOuterClass.AnalysePlayRequest,
                backgammon.v1.BotServiceOuterClass.AnalysePlayResponse>(
                  this, METHODID_ANALYSE_PLAY)))
          .addMethod(
            getRolloutMethod(),
            io.grpc.stub.ServerCalls.asyncServerStreamingCall(
              new MethodHandlers<
                backgammon.v1.BotServiceOuterClass.RolloutRequest,
                backgammon.v1.BotServiceOuterClass.RolloutResponse>(
                  this, METHODID_ROLLOUT)))
          .build();
    }
  }

  /**
   * <pre>
   * Answered by the strongest evaluator the server has, named in each
   * response's `evaluator`: the engine's trained network, or the interim
   * hand-written heuristic where the network's weights are not installed.
   * Searches stop near the call's deadline and answer with what they have
   * (`complete` is then false); the deadline is checked between candidate
   * plays, so a very short one can still be overrun by one candidate's search.
   * </pre>
   */
  public static final class BotServiceStub extends io.grpc.stub.AbstractAsyncStub<BotServiceStub> {
    private BotServiceStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected BotServiceStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new BotServiceStub(channel, callOptions);
    }

    /**
     * <pre>
     * The play the bot would make.
     * </pre>
     */
    public void bestPlay(backgammon.v1.BotServiceOuterClass.BestPlayRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.BestPlayResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getBestPlayMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Legal plays ranked best first, with probabilities and equities.
     * </pre>
     */
    public void hint(backgammon.v1.BotServiceOuterClass.HintRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.HintResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getHintMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Whether the player on roll should double, and whether the opponent
     * should take.
     * </pre>
     */
    public void cubeDecision(backgammon.v1.BotServiceOuterClass.CubeDecisionRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.CubeDecisionResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getCubeDecisionMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Outcome probabilities for the player on roll.
     * </pre>
     */
    public void evaluate(backgammon.v1.BotServiceOuterClass.EvaluateRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.EvaluateResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getEvaluateMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * How much equity a given legal play gives up against the bot's best
     * play, for coaching.
     * </pre>
     */
    public void analysePlay(backgammon.v1.BotServiceOuterClass.AnalysePlayRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.AnalysePlayResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getAnalysePlayMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Plays the position out many times (cubeless Monte-Carlo, the bot on
     * both sides), streaming the result so far as it goes; the last message
     * has `done` set. Stops at the deadline (or the server's cap on a
     * search) with the trials played so far, `complete` false.
     * </pre>
     */
    public void rollout(backgammon.v1.BotServiceOuterClass.RolloutRequest request,
        io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.RolloutResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncServerStreamingCall(
          getChannel().newCall(getRolloutMethod(), getCallOptions()), request, responseObserver);
    }
  }

  /**
   * <pre>
   * Answered by the strongest evaluator the server has, named in each
   * response's `evaluator`: the engine's trained network, or the interim
   * hand-written heuristic where the network's weights are not installed.
   * Searches stop near the call's deadline and answer with what they have
   * (`complete` is then false); the deadline is checked between candidate
   * plays, so a very short one can still be overrun by one candidate's search.
   * </pre>
   */
  public static final class BotServiceBlockingStub extends io.grpc.stub.AbstractBlockingStub<BotServiceBlockingStub> {
    private BotServiceBlockingStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected BotServiceBlockingStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new BotServiceBlockingStub(channel, callOptions);
    }

    /**
     * <pre>
     * The play the bot would make.
     * </pre>
     */
    public backgammon.v1.BotServiceOuterClass.BestPlayResponse bestPlay(backgammon.v1.BotServiceOuterClass.BestPlayRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getBestPlayMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Legal plays ranked best first, with probabilities and equities.
     * </pre>
     */
    public backgammon.v1.BotServiceOuterClass.HintResponse hint(backgammon.v1.BotServiceOuterClass.HintRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getHintMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Whether the player on roll should double, and whether the opponent
     * should take.
     * </pre>
     */
    public backgammon.v1.BotServiceOuterClass.CubeDecisionResponse cubeDecision(backgammon.v1.BotServiceOuterClass.CubeDecisionRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getCubeDecisionMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Outcome probabilities for the player on roll.
     * </pre>
     */
    public backgammon.v1.BotServiceOuterClass.EvaluateResponse evaluate(backgammon.v1.BotServiceOuterClass.EvaluateRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getEvaluateMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * How much equity a given legal play gives up against the bot's best
     * play, for coaching.
     * </pre>
     */
    public backgammon.v1.BotServiceOuterClass.AnalysePlayResponse analysePlay(backgammon.v1.BotServiceOuterClass.AnalysePlayRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getAnalysePlayMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Plays the position out many times (cubeless Monte-Carlo, the bot on
     * both sides), streaming the result so far as it goes; the last message
     * has `done` set. Stops at the deadline (or the server's cap on a
     * search) with the trials played so far, `complete` false.
     * </pre>
     */
    public java.util.Iterator<backgammon.v1.BotServiceOuterClass.RolloutResponse> rollout(
        backgammon.v1.BotServiceOuterClass.RolloutRequest request) {
      return io.grpc.stub.ClientCalls.blockingServerStreamingCall(
          getChannel(), getRolloutMethod(), getCallOptions(), request);
    }
  }

  /**
   * <pre>
   * Answered by the strongest evaluator the server has, named in each
   * response's `evaluator`: the engine's trained network, or the interim
   * hand-written heuristic where the network's weights are not installed.
   * Searches stop near the call's deadline and answer with what they have
   * (`complete` is then false); the deadline is checked between candidate
   * plays, so a very short one can still be overrun by one candidate's search.
   * </pre>
   */
  public static final class BotServiceFutureStub extends io.grpc.stub.AbstractFutureStub<BotServiceFutureStub> {
    private BotServiceFutureStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected BotServiceFutureStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new BotServiceFutureStub(channel, callOptions);
    }

    /**
     * <pre>
     * The play the bot would make.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.BotServiceOuterClass.BestPlayResponse> bestPlay(
        backgammon.v1.BotServiceOuterClass.BestPlayRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getBestPlayMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Legal plays ranked best first, with probabilities and equities.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.BotServiceOuterClass.HintResponse> hint(
        backgammon.v1.BotServiceOuterClass.HintRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getHintMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Whether the player on roll should double, and whether the opponent
     * should take.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.BotServiceOuterClass.CubeDecisionResponse> cubeDecision(
        backgammon.v1.BotServiceOuterClass.CubeDecisionRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getCubeDecisionMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Outcome probabilities for the player on roll.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.BotServiceOuterClass.EvaluateResponse> evaluate(
        backgammon.v1.BotServiceOuterClass.EvaluateRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getEvaluateMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * How much equity a given legal play gives up against the bot's best
     * play, for coaching.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<backgammon.v1.BotServiceOuterClass.AnalysePlayResponse> analysePlay(
        backgammon.v1.BotServiceOuterClass.AnalysePlayRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getAnalysePlayMethod(), getCallOptions()), request);
    }
  }

  private static final int METHODID_BEST_PLAY = 0;
  private static final int METHODID_HINT = 1;
  private static final int METHODID_CUBE_DECISION = 2;
  private static final int METHODID_EVALUATE = 3;
  private static final int METHODID_ANALYSE_PLAY = 4;
  private static final int METHODID_ROLLOUT = 5;

  private static final class MethodHandlers<Req, Resp> implements
      io.grpc.stub.ServerCalls.UnaryMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ServerStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ClientStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.BidiStreamingMethod<Req, Resp> {
    private final BotServiceImplBase serviceImpl;
    private final int methodId;

    MethodHandlers(BotServiceImplBase serviceImpl, int methodId) {
      this.serviceImpl = serviceImpl;
      this.methodId = methodId;
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public void invoke(Req request, io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_BEST_PLAY:
          serviceImpl.bestPlay((backgammon.v1.BotServiceOuterClass.BestPlayRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.BestPlayResponse>) responseObserver);
          break;
        case METHODID_HINT:
          serviceImpl.hint((backgammon.v1.BotServiceOuterClass.HintRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.HintResponse>) responseObserver);
          break;
        case METHODID_CUBE_DECISION:
          serviceImpl.cubeDecision((backgammon.v1.BotServiceOuterClass.CubeDecisionRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.CubeDecisionResponse>) responseObserver);
          break;
        case METHODID_EVALUATE:
          serviceImpl.evaluate((backgammon.v1.BotServiceOuterClass.EvaluateRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.EvaluateResponse>) responseObserver);
          break;
        case METHODID_ANALYSE_PLAY:
          serviceImpl.analysePlay((backgammon.v1.BotServiceOuterClass.AnalysePlayRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.AnalysePlayResponse>) responseObserver);
          break;
        case METHODID_ROLLOUT:
          serviceImpl.rollout((backgammon.v1.BotServiceOuterClass.RolloutRequest) request,
              (io.grpc.stub.StreamObserver<backgammon.v1.BotServiceOuterClass.RolloutResponse>) responseObserver);
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

  private static abstract class BotServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoFileDescriptorSupplier, io.grpc.protobuf.ProtoServiceDescriptorSupplier {
    BotServiceBaseDescriptorSupplier() {}

    @java.lang.Override
    public com.google.protobuf.Descriptors.FileDescriptor getFileDescriptor() {
      return backgammon.v1.BotServiceOuterClass.getDescriptor();
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.ServiceDescriptor getServiceDescriptor() {
      return getFileDescriptor().findServiceByName("BotService");
    }
  }

  private static final class BotServiceFileDescriptorSupplier
      extends BotServiceBaseDescriptorSupplier {
    BotServiceFileDescriptorSupplier() {}
  }

  private static final class BotServiceMethodDescriptorSupplier
      extends BotServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoMethodDescriptorSupplier {
    private final String methodName;

    BotServiceMethodDescriptorSupplier(String methodName) {
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
      synchronized (BotServiceGrpc.class) {
        result = serviceDescriptor;
        if (result == null) {
          serviceDescriptor = result = io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
              .setSchemaDescriptor(new BotServiceFileDescriptorSupplier())
              .addMethod(getBestPlayMethod())
              .addMethod(getHintMethod())
              .addMethod(getCubeDecisionMethod())
              .addMethod(getEvaluateMethod())
              .addMethod(getAnalysePlayMethod())
              .addMethod(getRolloutMethod())
              .build();
        }
      }
    }
    return result;
  }
}
