// The transport outside Unity, and in Unity where System.Net works (not WebGL,
// which has no sockets or threads: there UnityWebRequestTransport is the one).
#if !UNITY_WEBGL || UNITY_EDITOR
using System;
using System.Net.Http;
using System.Threading.Tasks;

namespace Gammond
{
    public sealed class HttpClientTransport : IGammondTransport
    {
        readonly HttpClient http;

        /// <param name="http">
        /// An HttpClient of your own. The default asks for gzip and leaves the answers compressed (not
        /// HttpClientHandler.AutomaticDecompression, which hides the compressed size): GammondClient
        /// inflates them and counts the bytes that came over the wire. One whose handler decompresses
        /// works too; BytesReceived then counts the decompressed JSON.
        /// </param>
        public HttpClientTransport(HttpClient http = null)
        {
            this.http = http ?? new HttpClient(new HttpClientHandler { AutomaticDecompression = System.Net.DecompressionMethods.None })
            {
                Timeout = TimeSpan.FromSeconds(30),
            };
            if (http == null) this.http.DefaultRequestHeaders.AcceptEncoding.ParseAdd("gzip");
        }

        public async Task<HttpAnswer> PostAsync(string url, byte[] json)
        {
            var body = new ByteArrayContent(json);
            body.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue("application/json");
            HttpResponseMessage response;
            try
            {
                response = await http.PostAsync(url, body).ConfigureAwait(false);
            }
            catch (Exception error) when (error is HttpRequestException || error is TaskCanceledException)
            {
                throw new GammondException(14, $"no answer from {url}: {error.Message}", null);
            }
            using (response)
                return new HttpAnswer
                {
                    Status = (long)response.StatusCode,
                    Body = await response.Content.ReadAsByteArrayAsync().ConfigureAwait(false),
                };
        }

        public void Dispose() => http.Dispose();
    }
}
#endif
