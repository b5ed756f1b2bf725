// The transport in Unity: UnityWebRequest, the one HTTP there is in WebGL (the
// browser's fetch underneath) and there on every other platform too. A call is
// one UnityWebRequest, sent with SendWebRequest and awaited through its
// UnityWebRequestAsyncOperation's `completed`, which Unity raises on the main
// thread: no thread is started, nothing blocks.
#if UNITY_5_3_OR_NEWER
using System.Threading.Tasks;
using UnityEngine.Networking;

namespace Gammond
{
    public sealed class UnityWebRequestTransport : IGammondTransport
    {
        /// <summary>Seconds a call may take before it fails (UnityWebRequest.timeout; 0 is none).</summary>
        public int TimeoutSeconds = 30;

        /// <summary>Call from the main thread, as every UnityWebRequest must be.</summary>
        public Task<HttpAnswer> PostAsync(string url, byte[] json)
        {
            var request = new UnityWebRequest(url, "POST");
            request.uploadHandler = new UploadHandlerRaw(json) { contentType = "application/json" };
            request.downloadHandler = new DownloadHandlerBuffer();
            request.SetRequestHeader("Content-Type", "application/json");
#if !UNITY_WEBGL || UNITY_EDITOR
            // A browser sets Accept-Encoding itself (a page may not) and inflates the answer before
            // the build sees it; elsewhere ask, and GammondClient inflates what comes compressed.
            request.SetRequestHeader("Accept-Encoding", "gzip");
#endif
            request.timeout = TimeoutSeconds;
            var answer = new TaskCompletionSource<HttpAnswer>();
            request.SendWebRequest().completed += _ =>
            {
                try
                {
                    // An HTTP error status (ProtocolError) still has its body: a google.rpc.Status.
                    if (request.result == UnityWebRequest.Result.ConnectionError ||
                        request.result == UnityWebRequest.Result.DataProcessingError)
                        answer.SetException(new GammondException(14, $"no answer from {url}: {request.error}", null));
                    else
                        answer.SetResult(new HttpAnswer { Status = request.responseCode, Body = request.downloadHandler.data });
                }
                finally
                {
                    request.Dispose();
                }
            };
            return answer.Task;
        }

        public void Dispose() { }
    }
}
#endif
