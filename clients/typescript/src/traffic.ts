// Counts what a transport carries: calls per method, and the protobuf bytes of
// each request and answer (the messages as encoded, without the gRPC or
// gRPC-Web framing and headers). Pass `traffic.interceptor` to a transport:
//
//   const traffic = new Traffic();
//   const api = gammond(grpcTransport(url, { interceptors: [traffic.interceptor] }));
//   ... play ...
//   traffic.total(); // { calls, requestBytes, responseBytes, bytes }
import { toBinary } from "@bufbuild/protobuf";
import type { Interceptor } from "@connectrpc/connect";

/** Calls and protobuf bytes, both ways. */
export interface TrafficCount {
  calls: number;
  /** Bytes of the request messages sent. */
  requestBytes: number;
  /** Bytes of the answers received (unary answers; a stream's messages are not counted). */
  responseBytes: number;
  /** requestBytes + responseBytes. */
  bytes: number;
}

function empty(): TrafficCount {
  return { calls: 0, requestBytes: 0, responseBytes: 0, bytes: 0 };
}

/** A counter of calls and bytes, per method ("PlayService/Act") and in all. */
export class Traffic {
  /** Per method, named "Service/Method" (the service without its package). */
  readonly methods = new Map<string, TrafficCount>();

  /** The interceptor that counts: give it to a transport's `interceptors`. */
  readonly interceptor: Interceptor = (next) => async (request) => {
    const name = `${request.service.name}/${request.method.name}`;
    const count = this.methods.get(name) ?? empty();
    this.methods.set(name, count);
    count.calls += 1;
    if (!request.stream) {
      const sent = toBinary(request.method.input, request.message).length;
      count.requestBytes += sent;
      count.bytes += sent;
    }
    const response = await next(request);
    if (!response.stream) {
      const received = toBinary(response.method.output, response.message).length;
      count.responseBytes += received;
      count.bytes += received;
    }
    return response;
  };

  /** Everything counted so far. */
  total(): TrafficCount {
    const sum = empty();
    for (const count of this.methods.values()) {
      sum.calls += count.calls;
      sum.requestBytes += count.requestBytes;
      sum.responseBytes += count.responseBytes;
      sum.bytes += count.bytes;
    }
    return sum;
  }

  /** Calls of one method ("Act", or "PlayService/Act"). */
  calls(method: string): number {
    let calls = 0;
    for (const [name, count] of this.methods) {
      if (name === method || name.endsWith(`/${method}`)) calls += count.calls;
    }
    return calls;
  }

  /** Starts counting afresh. */
  reset(): void {
    this.methods.clear();
  }

  /** One line: "123 calls, 45678 bytes (12000 sent, 33678 received): Act 100, BotAct 22, NewGame 1". */
  summary(): string {
    const { calls, bytes, requestBytes, responseBytes } = this.total();
    const each = [...this.methods].map(([name, count]) => `${name.split("/").pop()} ${count.calls}`).join(", ");
    return `${calls} calls, ${bytes} bytes (${requestBytes} sent, ${responseBytes} received): ${each}`;
  }
}
