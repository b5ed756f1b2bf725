#!/usr/bin/env bash
# Prints the class path of Debian's gRPC Java, protobuf Java and Netty jars
# (scripts/setup-clients installs them), for javac and java.
set -euo pipefail
J=/usr/share/java
jars=(grpc-api grpc-context grpc-core grpc-netty grpc-protobuf grpc-protobuf-lite grpc-stub
  protobuf guava perfmark-api geronimo-annotation-1.3-spec
  netty-buffer netty-codec netty-codec-http netty-codec-http2 netty-codec-socks netty-common
  netty-handler netty-handler-proxy netty-resolver netty-transport)
cp=""
for jar in "${jars[@]}"; do
  [ -f "$J/$jar.jar" ] || { echo "missing $J/$jar.jar: run scripts/setup-clients" >&2; exit 1; }
  cp="$cp${cp:+:}$J/$jar.jar"
done
echo "$cp"
