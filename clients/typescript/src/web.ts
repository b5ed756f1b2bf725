// The browser's transport: gRPC-Web over fetch, through the gateway that
// scripts/serve starts (browsers cannot speak gRPC's HTTP/2 trailers).
import type { Interceptor, Transport } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";

/** What a transport may add: interceptors, e.g. a `Traffic` counter's. */
export interface TransportOptions {
  interceptors?: Interceptor[];
}

/** gRPC-Web through the gateway, e.g. `browserTransport("http://127.0.0.1:8080")`. */
export function browserTransport(baseUrl: string, options: TransportOptions = {}): Transport {
  return createGrpcWebTransport({ baseUrl, interceptors: options.interceptors });
}
