"""Envoy's configuration in front of gammond, for every place it runs.

One function, :func:`envoy_config`, describes the proxy; the local stack,
docker compose and Kubernetes differ only in the :class:`EnvoySettings`
they pass (addresses, how replicas are found, where the descriptor is).

Why it looks the way it does:

* gRPC balances per connection: a client keeps one HTTP/2 connection and
  sends every call down it. Envoy ends those connections and balances each
  *request* over the replicas (least-request), over HTTP/2 upstream.
* Active gRPC health checks (``grpc.health.v1``) take a replica out as soon
  as it reports NOT_SERVING (draining) or stops answering; calls that hit a
  replica that just died are retried once on another host. Every gammond
  RPC is a pure function of its request, so a retry is always safe.
* One listener speaks gRPC (HTTP/2), gRPC-Web (``grpc_web`` filter) and JSON
  over HTTP/1.1 or HTTP/2 (``grpc_json_transcoder`` with ``auto_mapping``:
  ``POST /backgammon.v1.GameService/ListLegalPlays`` with the request as a
  JSON body), with CORS for browsers from the origins configured
  (``cors_origins``, matched exactly; none: no cross-origin calls).
* JSON answers are compressed (``compressor`` filters) for a client that
  sends ``Accept-Encoding: br`` or ``gzip``: brotli where both are accepted
  equally, else gzip. Only ``application/json`` is compressed: gRPC and
  gRPC-Web answers are binary protobuf and pass through unchanged. A JSON
  request may come gzipped too (``Content-Encoding: gzip``, the
  ``decompressor`` filter): a phone then sends a lean Game's ~1.3 KB of
  JSON in about half that.
* JSON a client can trust: a Lua filter (:mod:`deploy.envoy.strict_json`)
  reads each JSON request against its message before the transcoder, which
  would drop an unknown field (``match_lenght``) and answer a bad enum or
  malformed JSON as ``text/plain``; it refuses those with a JSON
  ``google.rpc.Status`` (INVALID_ARGUMENT, a ``BadRequest`` naming the
  field). ``local_reply_config`` turns every other answer Envoy makes itself
  to a non-gRPC request (unknown path: 404, no replica: 503, ...) into a
  ``google.rpc.Status`` too. ``GET /openapi.json`` serves the JSON API's
  OpenAPI description (:mod:`deploy.envoy.openapi`).
* Only gammond's services are routed, one prefix each: reflection, health
  and anything else a replica serves stay unreachable through Envoy. Each
  call ends after ``ROUTE_TIMEOUT_S``, but for the watch streams
  (``WATCH_PATHS``: WatchTable), which have no timeout of their own.
* The admin interface stays on loopback; where Prometheus must scrape Envoy
  from elsewhere, a separate listener exposes ``/stats/prometheus`` only.
* TLS, when configured (docs/security.md): ``downstream_tls`` makes the
  ``gammond`` listener speak only TLS to clients (ALPN offers h2 for gRPC and
  http/1.1 for gRPC-Web and JSON), requiring a client certificate when it
  names a client CA; ``upstream_tls`` makes Envoy speak TLS to the replicas
  (requests and health checks alike), checking their certificate against a
  CA and, when given, presenting its own for mutual TLS.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from typing import Any, Literal

from deploy.envoy.descriptor import descriptor_bytes, service_names
from deploy.envoy.openapi import SERVED_AT, served
from deploy.envoy.strict_json import METADATA, lua_source

Config = dict[str, Any]
Discovery = Literal["STATIC", "STRICT_DNS"]

CLUSTER = "gammond"
ROUTE_TIMEOUT_S = 15  # above the server's longest bot search (10 s by default)
# Server streams that wait on other players, with no end of their own: routed without timeouts.
WATCH_PATHS = ("/backgammon.v1.TableService/WatchTable",)
HEALTH_PATH = "/healthz"
EXPOSED_HEADERS = "grpc-status,grpc-message,grpc-status-details-bin,x-request-id"
ALLOWED_HEADERS = "content-type,x-grpc-web,x-user-agent,grpc-timeout,x-request-id,authorization"
# A frontend's dev server: the origins the local stack and compose allow.
DEV_ORIGINS = ("http://localhost:3000", "http://127.0.0.1:3000")
_RETRY_ON = "unavailable,cancelled,reset,connect-failure,refused-stream"
# Answers shorter than this go out as they are: compressing them saves nothing.
COMPRESS_MIN_BYTES = 256
COMPRESSED_TYPES = ("application/json",)
# Room for the OpenAPI document Envoy serves itself (Envoy's default allows 4 KiB).
DIRECT_BODY_MAX_BYTES = 1 << 20
# A JSON request is read whole before it is sent on (the Lua filter and the
# transcoder buffer it): room for the JSON of the largest request a replica
# takes (1 MiB of protobuf, MAX_REQUEST_BYTES) several times over.
REQUEST_BUFFER_BYTES = 4 << 20
# The gRPC code of a local reply to a JSON call, by its HTTP status (google.rpc.Code's mapping).
LOCAL_REPLY_CODES = {400: 3, 404: 5, 408: 4, 413: 3, 429: 8, 500: 13, 502: 14, 503: 14, 504: 4}
UNKNOWN_CODE = 2


def _typed(kind: str, **fields: Any) -> Config:
    return {"@type": f"type.googleapis.com/{kind}", **fields}


def _socket(host: str, port: int) -> Config:
    return {"socket_address": {"address": host, "port_value": port}}


@dataclass(frozen=True, slots=True)
class Upstream:
    """One gammond replica, or a DNS name that resolves to all of them."""

    host: str
    port: int


@dataclass(frozen=True, slots=True)
class DownstreamTls:
    """Envoy's certificate toward clients (PEM file paths, as Envoy will see them).

    ``client_ca`` set: a client must present a certificate this CA signed.
    """

    cert: str
    key: str
    client_ca: str | None = None


@dataclass(frozen=True, slots=True)
class UpstreamTls:
    """How Envoy speaks TLS to TLS-enabled replicas (PEM file paths, as Envoy will see them).

    ``ca``: the CA the replicas' certificates chain to. ``server_name``: sent
    as SNI and required among the certificate's DNS names; unset, any
    certificate from ``ca`` is accepted (a CA kept for the replicas alone).
    ``cert``/``key``: Envoy's client certificate, for replicas that require
    one (``--tls-client-ca``).
    """

    ca: str
    server_name: str | None = None
    cert: str | None = None
    key: str | None = None

    def __post_init__(self) -> None:
        if (self.cert is None) != (self.key is None):
            raise ValueError("UpstreamTls: cert and key go together")


@dataclass(frozen=True, slots=True)
class EnvoySettings:
    """What differs between the places Envoy runs.

    ``descriptor_path`` set: the transcoder reads the descriptor set from that
    file; unset: it is embedded in the configuration, which then stands alone.
    ``metrics_port`` set: a second listener serves ``/stats/prometheus`` there.

    >>> EnvoySettings(upstreams=(Upstream("127.0.0.1", 50051),)).listen_port
    8080
    """

    upstreams: tuple[Upstream, ...]
    listen_host: str = "0.0.0.0"
    listen_port: int = 8080
    admin_host: str = "127.0.0.1"
    admin_port: int = 9901
    metrics_port: int | None = None
    discovery: Discovery = "STATIC"
    descriptor_path: str | None = None
    health_interval_s: float = 1.0
    services: tuple[str, ...] = field(default_factory=service_names)
    cors_origins: tuple[str, ...] = ()
    downstream_tls: DownstreamTls | None = None
    upstream_tls: UpstreamTls | None = None


def _transcoder(settings: EnvoySettings) -> Config:
    if settings.descriptor_path is not None:
        source: Config = {"proto_descriptor": settings.descriptor_path}
    else:
        source = {"proto_descriptor_bin": base64.b64encode(descriptor_bytes()).decode("ascii")}
    return _typed(
        "envoy.extensions.filters.http.grpc_json_transcoder.v3.GrpcJsonTranscoder",
        **source,
        services=list(settings.services),
        auto_mapping=True,
        convert_grpc_status=True,
        # Field names as in the .proto files and the API docs; zeros printed,
        # so a frontend never has to know proto3's defaults.
        print_options={"always_print_primitive_fields": True, "preserve_proto_field_names": True},
        # A JSON call to a method that does not exist is a 404, not a confusing upstream error;
        # a query parameter (there are none in this API) a 400, not a call sent on as JSON.
        request_validation_options={"reject_unknown_method": True, "reject_unknown_query_parameters": True},
    )


def _cors(origins: tuple[str, ...]) -> Config:
    return _typed(
        "envoy.extensions.filters.http.cors.v3.CorsPolicy",
        # Exact origins from the settings, never a pattern that reflects any caller.
        allow_origin_string_match=[{"exact": origin} for origin in origins],
        allow_methods="POST, OPTIONS",
        allow_headers=ALLOWED_HEADERS,
        expose_headers=EXPOSED_HEADERS,
        max_age="86400",
    )


def _routes(settings: EnvoySettings) -> list[Config]:
    watches = [_watch_route(path) for path in WATCH_PATHS if path.split("/")[1] in settings.services]
    return [_openapi_route(settings), *watches, *(_route(f"/{service}/") for service in settings.services)]


def _watch_route(path: str) -> Config:
    """A watch stream (gRPC, gRPC-Web or JSON): no end of its own, quiet for as long as the table is.

    The route timeout and a grpc-timeout cap would end it after
    ``ROUTE_TIMEOUT_S``, and the connection manager's stream idle timeout
    (5 minutes) during a long think: both off here, so the stream lasts
    until its match is over, its client goes, or the replica's connection
    ages out (``--max-connection-age``; clients resume from the last event
    they saw). A caller's own grpc-timeout still applies. Not compressed:
    a compressor holds small JSON events back until its buffer fills.
    """
    route = _route(path)
    del route["match"]["prefix"]
    route["match"]["path"] = path
    route["route"].update(
        timeout="0s", idle_timeout="0s", max_stream_duration={"grpc_timeout_header_max": "0s"}
    )
    off = _typed("envoy.config.route.v3.FilterConfig", disabled=True)
    route["typed_per_filter_config"] = {
        f"envoy.filters.http.compressor.{library}": off for library in ("brotli", "gzip")
    }
    return route


def _openapi_route(settings: EnvoySettings) -> Config:
    """``GET /openapi.json``: the JSON API's description, answered by Envoy itself."""
    document = served(settings.services)
    return {
        "match": {"path": SERVED_AT, "headers": [{"name": ":method", "string_match": {"exact": "GET"}}]},
        "direct_response": {
            "status": 200,
            "body": {"inline_string": json.dumps(document, separators=(",", ":"))},
        },
        "response_headers_to_add": [
            {
                "header": {"key": "content-type", "value": "application/json"},
                "append_action": "OVERWRITE_IF_EXISTS_OR_ADD",
            }
        ],
        # Not an RPC: the transcoder would answer "could not resolve to a method".
        "typed_per_filter_config": {
            "envoy.filters.http.grpc_json_transcoder": _typed(
                "envoy.config.route.v3.FilterConfig", disabled=True
            )
        },
    }


def _route(prefix: str) -> Config:
    return {
        "match": {"prefix": prefix},
        "route": {
            "cluster": CLUSTER,
            "timeout": f"{ROUTE_TIMEOUT_S}s",
            # A caller's grpc-timeout wins when shorter than the route's.
            "max_stream_duration": {"grpc_timeout_header_max": f"{ROUTE_TIMEOUT_S}s"},
            "retry_policy": {
                "retry_on": _RETRY_ON,
                "num_retries": 3,
                "retry_host_predicate": [
                    {
                        "name": "envoy.retry_host_predicates.previous_hosts",
                        "typed_config": _typed(
                            "envoy.extensions.retry.host.previous_hosts.v3.PreviousHostsPredicate"
                        ),
                    }
                ],
                # Least-request favours a dead replica (it has no requests in
                # flight), so give the previous-hosts predicate room to pick again.
                "host_selection_retry_max_attempts": 10,
            },
        },
    }


def _compressor(library: Literal["brotli", "gzip"]) -> Config:
    """One compressor filter; Envoy picks the filter whose encoding the client's Accept-Encoding prefers."""
    if library == "brotli":
        # Quality 5, not Envoy's 3: a NewGame answer 543 bytes instead of 587 (gzip: 585), still cheap.
        codec = _typed("envoy.extensions.compression.brotli.compressor.v3.Brotli", quality=5)
    else:
        codec = _typed("envoy.extensions.compression.gzip.compressor.v3.Gzip")
    return {
        "name": f"envoy.filters.http.compressor.{library}",
        "typed_config": _typed(
            "envoy.extensions.filters.http.compressor.v3.Compressor",
            response_direction_config={
                "common_config": {
                    "min_content_length": COMPRESS_MIN_BYTES,
                    "content_type": list(COMPRESSED_TYPES),
                }
            },
            compressor_library={"name": library, "typed_config": codec},
            # "gzip, deflate, br" (every browser): the smaller brotli.
            choose_first=library == "brotli",
        ),
    }


# Before the decompressor, which takes the encoding off the headers: marks a
# gzipped request, so that the strict JSON check can refuse one that inflated
# to nothing (Envoy's gzip decompressor passes on nothing for data that is not
# gzip, which the transcoder would take for an empty message).
GZIP_MARK_LUA = f"""
function envoy_on_request(handle)
  local encoding = handle:headers():get("content-encoding") or ""
  if encoding:lower():find("gzip", 1, true) then
    handle:streamInfo():dynamicMetadata():set("{METADATA}", "gzipped", true)
  end
end
"""


def _gzip_mark() -> Config:
    return {
        "name": "gammond.gzip_mark",
        "typed_config": _typed(
            "envoy.extensions.filters.http.lua.v3.Lua", default_source_code={"inline_string": GZIP_MARK_LUA}
        ),
    }


def _request_decompressor() -> Config:
    """Gzipped JSON requests inflated before anything reads them (the strict JSON check, the transcoder)."""
    return {
        "name": "envoy.filters.http.decompressor",
        "typed_config": _typed(
            "envoy.extensions.filters.http.decompressor.v3.Decompressor",
            decompressor_library={
                "name": "gzip",
                "typed_config": _typed("envoy.extensions.compression.gzip.decompressor.v3.Gzip"),
            },
            # Answers are the compressors' business; this one only inflates requests.
            response_direction_config={
                "common_config": {"enabled": {"default_value": False, "runtime_key": "decompress_answers"}}
            },
        ),
    }


def _http_filters() -> list[Config]:
    # Envoy runs the filters in this order on a request and in reverse on the
    # answer: the compressors come before the transcoder so they see its JSON.
    return [
        {
            "name": "envoy.filters.http.health_check",
            "typed_config": _typed(
                "envoy.extensions.filters.http.health_check.v3.HealthCheck",
                pass_through_mode=False,
                headers=[{"name": ":path", "string_match": {"exact": HEALTH_PATH}}],
            ),
        },
        {
            "name": "envoy.filters.http.cors",
            "typed_config": _typed("envoy.extensions.filters.http.cors.v3.Cors"),
        },
        _gzip_mark(),
        _request_decompressor(),
        _compressor("brotli"),
        _compressor("gzip"),
        {
            "name": "envoy.filters.http.grpc_web",
            "typed_config": _typed("envoy.extensions.filters.http.grpc_web.v3.GrpcWeb"),
        },
        {"name": "envoy.filters.http.lua"},  # typed_config filled in by the caller: strict JSON
        {"name": "envoy.filters.http.grpc_json_transcoder"},  # typed_config filled in by the caller
        {
            "name": "envoy.filters.http.router",
            "typed_config": _typed("envoy.extensions.filters.http.router.v3.Router"),
        },
    ]


def _status_body(code: int) -> Config:
    return {"json_format": {"code": code, "message": "%LOCAL_REPLY_BODY%", "details": []}}


def _local_reply_config() -> Config:
    """Envoy's own error answers to JSON calls as a ``google.rpc.Status``, like the replicas' errors.

    Only for calls that are not gRPC or gRPC-Web (those get ``grpc-status``
    trailers from Envoy already), and not for the Lua filter's answers,
    which are a Status already (marked in the dynamic metadata).
    """

    def when(status: int, op: str) -> Config:
        return {
            "and_filter": {
                "filters": [
                    {
                        "header_filter": {
                            "header": {
                                "name": "content-type",
                                "string_match": {"prefix": "application/grpc"},
                                "invert_match": True,
                                # No content-type (a GET, a bare POST): not gRPC.
                                "treat_missing_header_as_empty": True,
                            }
                        }
                    },
                    {
                        "metadata_filter": {
                            "matcher": {
                                "filter": METADATA,
                                "path": [{"key": "answered"}],
                                "value": {"bool_match": False},
                            },
                            "match_if_key_not_found": True,
                        }
                    },
                    {
                        "status_code_filter": {
                            "comparison": {
                                "op": op,
                                "value": {
                                    "default_value": status,
                                    "runtime_key": f"gammond.json_status_{status}",
                                },
                            }
                        }
                    },
                ]
            }
        }

    mappers = [
        {"filter": when(status, "EQ"), "body_format_override": _status_body(code)}
        for status, code in LOCAL_REPLY_CODES.items()
    ]
    mappers.append({"filter": when(400, "GE"), "body_format_override": _status_body(UNKNOWN_CODE)})
    return {"mappers": mappers}


def _connection_manager(
    stat_prefix: str,
    routes: list[Config],
    filters: list[Config],
    origins: tuple[str, ...] = (),
    local_replies: Config | None = None,
) -> Config:
    extra: Config = {} if local_replies is None else {"local_reply_config": local_replies}
    return {
        "name": "envoy.filters.network.http_connection_manager",
        "typed_config": _typed(
            "envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager",
            stat_prefix=stat_prefix,
            codec_type="AUTO",  # HTTP/2 (gRPC) and HTTP/1.1 (gRPC-Web, JSON) on one port
            # A caller's x-request-id reaches the replica's log line, even behind another proxy.
            preserve_external_request_id=True,
            # The replicas return the id in gRPC trailers; HTTP callers also get it as a header.
            always_set_request_id_in_response=True,
            route_config={
                "name": stat_prefix,
                "max_direct_response_body_size_bytes": DIRECT_BODY_MAX_BYTES,
                "virtual_hosts": [
                    {
                        "name": stat_prefix,
                        "domains": ["*"],
                        "routes": routes,
                        "typed_per_filter_config": {"envoy.filters.http.cors": _cors(origins)},
                        "per_request_buffer_limit_bytes": REQUEST_BUFFER_BYTES,
                    }
                ],
            },
            http_filters=filters,
            **extra,
        ),
    }


def _certificate(cert: str, key: str) -> Config:
    return {"certificate_chain": {"filename": cert}, "private_key": {"filename": key}}


def _downstream_tls(tls: DownstreamTls) -> Config:
    common: Config = {
        "tls_params": {"tls_minimum_protocol_version": "TLSv1_2"},
        "tls_certificates": [_certificate(tls.cert, tls.key)],
        # gRPC clients insist on h2; browsers' gRPC-Web and JSON may use either.
        "alpn_protocols": ["h2", "http/1.1"],
    }
    if tls.client_ca is not None:
        common["validation_context"] = {"trusted_ca": {"filename": tls.client_ca}}
    return {
        "name": "envoy.transport_sockets.tls",
        "typed_config": _typed(
            "envoy.extensions.transport_sockets.tls.v3.DownstreamTlsContext",
            common_tls_context=common,
            require_client_certificate=tls.client_ca is not None,
        ),
    }


def _upstream_tls(tls: UpstreamTls) -> Config:
    validation: Config = {"trusted_ca": {"filename": tls.ca}}
    if tls.server_name is not None:
        validation["match_typed_subject_alt_names"] = [
            {"san_type": "DNS", "matcher": {"exact": tls.server_name}}
        ]
    common: Config = {
        "tls_params": {"tls_minimum_protocol_version": "TLSv1_2"},
        "validation_context": validation,
        "alpn_protocols": ["h2"],  # gRPC's server insists on it
    }
    if tls.cert is not None and tls.key is not None:
        common["tls_certificates"] = [_certificate(tls.cert, tls.key)]
    context = _typed(
        "envoy.extensions.transport_sockets.tls.v3.UpstreamTlsContext", common_tls_context=common
    )
    if tls.server_name is not None:
        context["sni"] = tls.server_name
    return {"name": "envoy.transport_sockets.tls", "typed_config": context}


def _gammond_listener(settings: EnvoySettings) -> Config:
    filters = _http_filters()
    for http_filter in filters:
        if http_filter["name"] == "envoy.filters.http.grpc_json_transcoder":
            http_filter["typed_config"] = _transcoder(settings)
        if http_filter["name"] == "envoy.filters.http.lua":
            http_filter["typed_config"] = _typed(
                "envoy.extensions.filters.http.lua.v3.Lua",
                default_source_code={"inline_string": lua_source(settings.services)},
            )
    manager = _connection_manager(
        "gammond", _routes(settings), filters, settings.cors_origins, _local_reply_config()
    )
    chain: Config = {"filters": [manager]}
    if settings.downstream_tls is not None:
        chain["transport_socket"] = _downstream_tls(settings.downstream_tls)
    return {
        "name": "gammond",
        "address": _socket(settings.listen_host, settings.listen_port),
        "filter_chains": [chain],
    }


def _metrics_listener(settings: EnvoySettings, port: int) -> Config:
    route = {
        "match": {"path": "/stats/prometheus"},
        "route": {"cluster": "envoy_admin", "timeout": "5s"},
    }
    router = {
        "name": "envoy.filters.http.router",
        "typed_config": _typed("envoy.extensions.filters.http.router.v3.Router"),
    }
    return {
        "name": "metrics",
        "address": _socket(settings.listen_host, port),
        "filter_chains": [{"filters": [_connection_manager("metrics", [route], [router])]}],
    }


def _endpoints(name: str, upstreams: tuple[Upstream, ...]) -> Config:
    return {
        "cluster_name": name,
        "endpoints": [
            {"lb_endpoints": [{"endpoint": {"address": _socket(u.host, u.port)}} for u in upstreams]}
        ],
    }


def _gammond_cluster(settings: EnvoySettings) -> Config:
    interval = f"{settings.health_interval_s:g}s"
    cluster: Config = {
        "name": CLUSTER,
        "type": settings.discovery,
        "connect_timeout": "1s",
        "lb_policy": "LEAST_REQUEST",
        "typed_extension_protocol_options": {
            "envoy.extensions.upstreams.http.v3.HttpProtocolOptions": _typed(
                "envoy.extensions.upstreams.http.v3.HttpProtocolOptions",
                explicit_http_config={"http2_protocol_options": {}},
            )
        },
        "load_assignment": _endpoints(CLUSTER, settings.upstreams),
        "health_checks": [
            {
                "timeout": "1s",
                "interval": interval,
                "no_traffic_interval": interval,
                "unhealthy_threshold": 1,
                "healthy_threshold": 1,
                "grpc_health_check": {},
            }
        ],
        # Route only to healthy replicas, however few are left.
        "common_lb_config": {"healthy_panic_threshold": {"value": 0}},
        "outlier_detection": {"consecutive_gateway_failure": 2, "base_ejection_time": "5s"},
    }
    if settings.upstream_tls is not None:
        # Health checks use the cluster's transport socket too: TLS all the way.
        cluster["transport_socket"] = _upstream_tls(settings.upstream_tls)
    if settings.discovery == "STRICT_DNS":
        # Every address the name resolves to becomes a host (a headless Service).
        cluster["dns_lookup_family"] = "V4_PREFERRED"
        cluster["dns_refresh_rate"] = "5s"
    return cluster


def _admin_cluster(settings: EnvoySettings) -> Config:
    return {
        "name": "envoy_admin",
        "type": "STATIC",
        "connect_timeout": "1s",
        "load_assignment": _endpoints("envoy_admin", (Upstream(settings.admin_host, settings.admin_port),)),
    }


def envoy_config(settings: EnvoySettings) -> Config:
    """The whole bootstrap configuration, as plain data (dump it as YAML or JSON).

    >>> config = envoy_config(EnvoySettings(upstreams=(Upstream("127.0.0.1", 50051),), metrics_port=9902))
    >>> [listener["name"] for listener in config["static_resources"]["listeners"]]
    ['gammond', 'metrics']
    >>> config["static_resources"]["clusters"][0]["lb_policy"]
    'LEAST_REQUEST'
    """
    if not settings.upstreams:
        raise ValueError("EnvoySettings.upstreams is empty: Envoy needs at least one gammond replica")
    listeners = [_gammond_listener(settings)]
    clusters = [_gammond_cluster(settings)]
    if settings.metrics_port is not None:
        listeners.append(_metrics_listener(settings, settings.metrics_port))
        clusters.append(_admin_cluster(settings))
    return {
        "admin": {"address": _socket(settings.admin_host, settings.admin_port)},
        "static_resources": {"listeners": listeners, "clusters": clusters},
    }
