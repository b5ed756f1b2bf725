// gammond over JSON/HTTP: POST {gateway}/backgammon.v1.{Service}/{Method} with the
// request message as proto3 JSON; the gateway (Envoy, started by scripts/serve)
// turns it into a gRPC call. Works wherever HttpClient does: the editor,
// desktop, mobile and servers with Unity's .NET Standard 2.1 profile (not
// WebGL, where UnityWebRequest is the only HTTP there is).
using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Text;
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

        /// <param name="gateway">The gateway's base URL, e.g. "http://127.0.0.1:8080".</param>
        public GammondClient(string gateway, HttpClient http = null)
        {
            this.gateway = gateway.TrimEnd('/');
            this.http = http ?? new HttpClient { Timeout = TimeSpan.FromSeconds(30) };
        }

        /// <summary>Calls one RPC, e.g. CallAsync("DiceService", "RollDice", new Dictionary...).</summary>
        public async Task<Dictionary<string, object>> CallAsync(string service, string method, IDictionary<string, object> request)
        {
            var body = new StringContent(Json.Write(request), Encoding.UTF8, "application/json");
            using (var response = await http.PostAsync($"{gateway}/backgammon.v1.{service}/{method}", body).ConfigureAwait(false))
            {
                string text = await response.Content.ReadAsStringAsync().ConfigureAwait(false);
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
