// gammond over JSON/HTTP: POST {gateway}/backgammon.v1.{Service}/{Method} with the
// request message as proto3 JSON; the gateway (Envoy, started by scripts/serve)
// turns it into a gRPC call. The HTTP itself is an IGammondTransport's: in Unity
// (every platform, WebGL included) UnityWebRequestTransport, elsewhere (a .NET
// console, a server) HttpClientTransport. Nothing here starts a thread, so the
// client runs on WebGL's one thread: each call awaits its transport and goes on
// where it was awaited (in Unity, the main thread).
using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Gammond
{
    /// <summary>A failed call: the gRPC code and message, and the ErrorInfo reason when there is one.</summary>
    public sealed class GammondException : Exception
    {
        public int Code { get; }
        public string Reason { get; }

        public GammondException(int code, string message, string reason) : base(message)
        {
            Code = code;
            Reason = reason;
        }
    }

    /// <summary>One HTTP answer as a transport got it: the status and the body's bytes as they came.</summary>
    public sealed class HttpAnswer
    {
        public long Status;
        public byte[] Body;
    }

    /// <summary>
    /// Makes the HTTP POSTs: JSON bytes in, the answer's status and body out (a body gzip-compressed
    /// when the gateway compressed it and the HTTP stack did not inflate it). No answer at all (no
    /// connection, a timeout) throws GammondException with code 14, UNAVAILABLE.
    /// </summary>
    public interface IGammondTransport : IDisposable
    {
        Task<HttpAnswer> PostAsync(string url, byte[] json);
    }

    public sealed class GammondClient : IDisposable
    {
        readonly IGammondTransport transport;
        readonly string gateway;
        long calls, bytesSent, bytesReceived, compressedAnswers;

        /// <param name="gateway">The gateway's base URL, e.g. "http://127.0.0.1:8080".</param>
        /// <param name="transport">
        /// The HTTP to use; by default UnityWebRequest in Unity (WebGL included), HttpClient elsewhere.
        /// </param>
        public GammondClient(string gateway, IGammondTransport transport = null)
        {
            this.gateway = gateway.TrimEnd('/');
#if UNITY_5_3_OR_NEWER
            this.transport = transport ?? new UnityWebRequestTransport();
#else
            this.transport = transport ?? new HttpClientTransport();
#endif
        }

        /// <summary>The calls made so far (failed ones too).</summary>
        public long Calls => Interlocked.Read(ref calls);
        /// <summary>The JSON request bodies' bytes so far (UTF-8; no HTTP headers).</summary>
        public long BytesSent => Interlocked.Read(ref bytesSent);
        /// <summary>
        /// The response bodies' bytes so far, as the transport got them: gzip-compressed when the gateway
        /// compressed them (in a browser, which inflates them before a WebGL build sees them, inflated).
        /// </summary>
        public long BytesReceived => Interlocked.Read(ref bytesReceived);
        /// <summary>The answers that came gzip-compressed so far.</summary>
        public long CompressedAnswers => Interlocked.Read(ref compressedAnswers);

        /// <summary>Calls one RPC, e.g. CallAsync("DiceService", "RollDice", new Dictionary...).</summary>
        public async Task<Dictionary<string, object>> CallAsync(string service, string method, IDictionary<string, object> request)
        {
            byte[] json = Encoding.UTF8.GetBytes(Json.Write(request));
            Interlocked.Increment(ref calls);
            Interlocked.Add(ref bytesSent, json.Length);
            // No ConfigureAwait(false): in Unity the rest of the call, and the caller's next call,
            // stay on the main thread, the only one that may use UnityWebRequest.
            var response = await transport.PostAsync($"{gateway}/backgammon.v1.{service}/{method}", json);
            byte[] raw = response.Body ?? new byte[0];
            Interlocked.Add(ref bytesReceived, raw.Length);
            // The gateway compresses JSON answers (gzip, when asked) above a few hundred bytes; an
            // HTTP stack may have inflated them already. JSON never starts with gzip's magic bytes.
            if (IsGzip(raw))
            {
                Interlocked.Increment(ref compressedAnswers);
                raw = Gunzip(raw);
            }
            string text = Encoding.UTF8.GetString(raw);
            Dictionary<string, object> answer = null;
            try
            {
                answer = text.Length == 0 ? new Dictionary<string, object>() : Json.Read(text) as Dictionary<string, object>;
            }
            catch (FormatException)
            {
                // Not JSON (a proxy's error page): reported below with the HTTP status.
            }
            if (response.Status >= 200 && response.Status < 300 && answer != null) return answer;
            // Errors come back as a google.rpc.Status: {"code", "message", "details": [{"@type", "reason", ...}]}.
            int code = answer != null && answer.ContainsKey("code") ? (int)answer.Int("code") : 2;
            string message = answer != null && answer.ContainsKey("message") ? answer.Str("message") : text;
            string reason = null;
            if (answer != null)
                foreach (var detail in answer.List("details"))
                {
                    var info = detail as Dictionary<string, object>;
                    if (info != null && info.ContainsKey("reason")) reason = info.Str("reason");
                }
            throw new GammondException(code, $"HTTP {response.Status}: {message}", reason);
        }

        /// <summary>Whether a body is gzip: its first two bytes are gzip's magic.</summary>
        public static bool IsGzip(byte[] body) => body.Length >= 18 && body[0] == 0x1f && body[1] == 0x8b;

        static byte[] Gunzip(byte[] compressed)
        {
            using (var gzip = new GZipStream(new MemoryStream(compressed), CompressionMode.Decompress))
            using (var plain = new MemoryStream())
            {
                gzip.CopyTo(plain);
                return plain.ToArray();
            }
        }

        public void Dispose() => transport.Dispose();
    }

    /// <summary>Reading answers: proto3 JSON nests maps; these walk them.</summary>
    public static class Fields
    {
        public static Dictionary<string, object> Map(this Dictionary<string, object> map, string key) =>
            map.TryGetValue(key, out var value) ? value as Dictionary<string, object> : null;

        public static List<object> List(this Dictionary<string, object> map, string key) =>
            map.TryGetValue(key, out var value) ? value as List<object> ?? new List<object>() : new List<object>();

        public static string Str(this Dictionary<string, object> map, string key) =>
            map.TryGetValue(key, out var value) ? value as string ?? Convert.ToString(value) : null;

        public static bool Bool(this Dictionary<string, object> map, string key) =>
            map.TryGetValue(key, out var value) && value is bool && (bool)value;

        // 64-bit integers arrive as strings, others as numbers.
        public static long Int(this Dictionary<string, object> map, string key) =>
            !map.TryGetValue(key, out var value) || value == null ? 0
            : value is string ? long.Parse((string)value) : Convert.ToInt64(value);
    }
}
