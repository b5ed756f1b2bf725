// gammond over JSON/HTTP: POST {gateway}/backgammon.v1.{Service}/{Method} with the
// request message as proto3 JSON; the gateway (Envoy, started by scripts/serve)
// turns it into a gRPC call. Works wherever HttpClient does: the editor,
// desktop, mobile and servers with Unity's .NET Standard 2.1 profile (not
// WebGL, where UnityWebRequest is the only HTTP there is).
using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Net.Http;
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

    public sealed class GammondClient : IDisposable
    {
        readonly HttpClient http;
        readonly string gateway;
        long calls, bytesSent, bytesReceived, compressedAnswers;

        /// <param name="gateway">The gateway's base URL, e.g. "http://127.0.0.1:8080".</param>
        /// <param name="http">
        /// An HttpClient of your own. The default asks for gzip and inflates the answers itself (rather
        /// than through HttpClientHandler.AutomaticDecompression, which hides the compressed size), so
        /// BytesReceived counts the bytes that came over the wire; one whose handler decompresses on
        /// its own works too, and then BytesReceived counts the decompressed JSON.
        /// </param>
        public GammondClient(string gateway, HttpClient http = null)
        {
            this.gateway = gateway.TrimEnd('/');
            this.http = http ?? new HttpClient(new HttpClientHandler { AutomaticDecompression = System.Net.DecompressionMethods.None })
            {
                Timeout = TimeSpan.FromSeconds(30),
            };
            if (http == null) this.http.DefaultRequestHeaders.AcceptEncoding.ParseAdd("gzip");
        }

        /// <summary>The calls made so far (failed ones too).</summary>
        public long Calls => Interlocked.Read(ref calls);
        /// <summary>The JSON request bodies' bytes so far (UTF-8; no HTTP headers).</summary>
        public long BytesSent => Interlocked.Read(ref bytesSent);
        /// <summary>The response bodies' bytes so far, as they came: gzip-compressed when the gateway compressed them.</summary>
        public long BytesReceived => Interlocked.Read(ref bytesReceived);
        /// <summary>The answers that came gzip-compressed so far.</summary>
        public long CompressedAnswers => Interlocked.Read(ref compressedAnswers);

        /// <summary>Calls one RPC, e.g. CallAsync("DiceService", "RollDice", new Dictionary...).</summary>
        public async Task<Dictionary<string, object>> CallAsync(string service, string method, IDictionary<string, object> request)
        {
            byte[] json = Encoding.UTF8.GetBytes(Json.Write(request));
            Interlocked.Increment(ref calls);
            Interlocked.Add(ref bytesSent, json.Length);
            var body = new ByteArrayContent(json);
            body.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue("application/json");
            using (var response = await http.PostAsync($"{gateway}/backgammon.v1.{service}/{method}", body).ConfigureAwait(false))
            {
                byte[] raw = await response.Content.ReadAsByteArrayAsync().ConfigureAwait(false);
                Interlocked.Add(ref bytesReceived, raw.Length);
                // The gateway compresses JSON answers (gzip, asked for above) above a few hundred
                // bytes; shorter ones, and a gateway that does not compress, send them as they are.
                if (response.Content.Headers.ContentEncoding.Contains("gzip"))
                {
                    Interlocked.Increment(ref compressedAnswers);
                    raw = Gunzip(raw);
                }
                string text = Encoding.UTF8.GetString(raw);
                var answer = text.Length == 0 ? new Dictionary<string, object>() : Json.Read(text) as Dictionary<string, object>;
                if (response.IsSuccessStatusCode && answer != null) return answer;
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
                throw new GammondException(code, $"HTTP {(int)response.StatusCode}: {message}", reason);
            }
        }

        static byte[] Gunzip(byte[] compressed)
        {
            using (var gzip = new GZipStream(new MemoryStream(compressed), CompressionMode.Decompress))
            using (var plain = new MemoryStream())
            {
                gzip.CopyTo(plain);
                return plain.ToArray();
            }
        }

        public void Dispose() => http.Dispose();
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
