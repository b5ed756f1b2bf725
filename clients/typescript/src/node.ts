// Transports for Node: gRPC straight to the server (HTTP/2), or gRPC-Web
// through the gateway (what a browser would use; handy to test the gateway).
import type { Interceptor, Transport } from "@connectrpc/connect";
import { createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";

/** What a transport may add: interceptors, e.g. a `Traffic` counter's. */
export interface TransportOptions {
  interceptors?: Interceptor[];
}

/** gRPC over HTTP/2, e.g. `grpcTransport("http://127.0.0.1:50051")`. */
export function grpcTransport(baseUrl: string, options: TransportOptions = {}): Transport {
  return createGrpcTransport({ baseUrl, interceptors: options.interceptors });
}

/** gRPC-Web over HTTP/1.1 through the gateway, e.g. `grpcWebTransport("http://127.0.0.1:8080")`. */
export function grpcWebTransport(baseUrl: string, options: TransportOptions = {}): Transport {
  return createGrpcWebTransport({ baseUrl, httpVersion: "1.1", interceptors: options.interceptors });
}
