// Stand-ins for the little of the Unity API the package and its sample use, so
// CI compiles them with Mono's mcs (no Unity there) and plays a game through
// them. Test-only: never shipped (Tests~ is not imported by Unity).
//
// UnityWebRequest here is a WebGL player's, whose HTTP is the browser's fetch:
// it does its HTTP with HttpClient, on the thread pool, asks for gzip itself and
// inflates the answer before the build sees it (as a browser does; a page may
// not set Accept-Encoding, so setting it throws here), and raises `completed`
// on the main thread, as Unity does: PlayerLoop.Run runs a
// body on a one-thread loop, as a WebGL build's one thread runs a player loop.
// Every UnityWebRequest member throws off that thread, as Unity's do, so a
// client that went on another thread after an await fails here too.
using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

namespace UnityStubs
{
    /// <summary>The main thread's loop: runs posted continuations and completions one by one.</summary>
    public sealed class PlayerLoop : SynchronizationContext
    {
        readonly BlockingCollection<Action> queue = new BlockingCollection<Action>();
        static PlayerLoop current;
        static int mainThread;

        public static void AssertMainThread(string what)
        {
            if (current == null || Thread.CurrentThread.ManagedThreadId != mainThread)
                throw new InvalidOperationException(what + " can only be called from the main thread");
        }

        /// <summary>Posts an action to the main thread (as Unity raises AsyncOperation.completed).</summary>
        public static void Post(Action action) => current.queue.Add(action);

        public override void Post(SendOrPostCallback callback, object state) => queue.Add(() => callback(state));

        public override void Send(SendOrPostCallback callback, object state) =>
            throw new NotSupportedException("no blocking calls onto the main thread");

        /// <summary>Runs body on this thread as the main thread until its task ends; returns its result.</summary>
        public static T Run<T>(Func<Task<T>> body)
        {
            var loop = new PlayerLoop();
            var previous = SynchronizationContext.Current;
            current = loop;
            mainThread = Thread.CurrentThread.ManagedThreadId;
            SetSynchronizationContext(loop);
            try
            {
                var task = body();
                task.ContinueWith(_ => loop.queue.CompleteAdding(), TaskScheduler.Default);
                foreach (var action in loop.queue.GetConsumingEnumerable()) action();
                return task.GetAwaiter().GetResult();
            }
            finally
            {
                SetSynchronizationContext(previous);
                current = null;
            }
        }
    }
}

namespace UnityEngine
{
    public class Object { }
    public class Component : Object { }
    public class Behaviour : Component { }
    public class MonoBehaviour : Behaviour { }

    public static class Debug
    {
        public static void Log(object message) => Console.WriteLine(message);
        public static void LogWarning(object message) => Console.WriteLine("warning: " + message);
        public static void LogError(object message) => Console.Error.WriteLine("error: " + message);
        public static void LogException(Exception exception) => Console.Error.WriteLine(exception);
    }

    public class AsyncOperation
    {
        Action<AsyncOperation> handlers;
        public bool isDone { get; private set; }

        /// <summary>Raised on the main thread when done; a handler added after that runs at once (as in Unity).</summary>
        public event Action<AsyncOperation> completed
        {
            add
            {
                UnityStubs.PlayerLoop.AssertMainThread("AsyncOperation.completed");
                if (isDone) value(this);
                else handlers += value;
            }
            remove { handlers -= value; }
        }

        internal void Complete()
        {
            isDone = true;
            handlers?.Invoke(this);
        }
    }
}

namespace UnityEngine.Networking
{
    public class UploadHandler : IDisposable
    {
        internal byte[] bytes;
        public string contentType { get; set; }
        public void Dispose() { }
    }

    public sealed class UploadHandlerRaw : UploadHandler
    {
        public UploadHandlerRaw(byte[] data) { bytes = data; }
    }

    public class DownloadHandler : IDisposable
    {
        public byte[] data { get; internal set; }
        public string text => data == null ? null : System.Text.Encoding.UTF8.GetString(data);
        public void Dispose() { }
    }

    public sealed class DownloadHandlerBuffer : DownloadHandler { }

    public sealed class UnityWebRequestAsyncOperation : AsyncOperation
    {
        public UnityWebRequest webRequest { get; internal set; }
    }

    public sealed class UnityWebRequest : IDisposable
    {
        public enum Result { InProgress, Success, ConnectionError, ProtocolError, DataProcessingError }

        // The browser's part: it asks for compressed answers and inflates them.
        static readonly HttpClient http = new HttpClient(new HttpClientHandler
        {
            AutomaticDecompression = System.Net.DecompressionMethods.GZip | System.Net.DecompressionMethods.Deflate,
        });

        readonly string url, method;
        readonly List<KeyValuePair<string, string>> headers = new List<KeyValuePair<string, string>>();
        UploadHandler upload;
        DownloadHandler download;
        int timeoutSeconds;
        bool sent;

        public UnityWebRequest(string url, string method)
        {
            UnityStubs.PlayerLoop.AssertMainThread("UnityWebRequest");
            this.url = url;
            this.method = method;
        }

        public UploadHandler uploadHandler { get { Check(); return upload; } set { Check(); upload = value; } }
        public DownloadHandler downloadHandler { get { Check(); return download; } set { Check(); download = value; } }
        public int timeout { get { Check(); return timeoutSeconds; } set { Check(); timeoutSeconds = value; } }
        public Result result { get { Check(); return resultValue; } }
        public string error { get { Check(); return errorValue; } }
        public long responseCode { get { Check(); return code; } }
        public bool isDone { get { Check(); return resultValue != Result.InProgress; } }

        Result resultValue = Result.InProgress;
        string errorValue;
        long code;

        static void Check() => UnityStubs.PlayerLoop.AssertMainThread("UnityWebRequest");

        public void SetRequestHeader(string name, string value)
        {
            Check();
            if (sent) throw new InvalidOperationException("UnityWebRequest has already been sent; its headers cannot be altered");
            if (string.Equals(name, "Accept-Encoding", StringComparison.OrdinalIgnoreCase))
                throw new InvalidOperationException("Refused to set unsafe header \"Accept-Encoding\" (the browser's own)");
            headers.Add(new KeyValuePair<string, string>(name, value));
        }

        public UnityWebRequestAsyncOperation SendWebRequest()
        {
            Check();
            if (sent) throw new InvalidOperationException("UnityWebRequest has already been sent");
            sent = true;
            var operation = new UnityWebRequestAsyncOperation { webRequest = this };
            var message = new HttpRequestMessage(new HttpMethod(method), url);
            var content = new ByteArrayContent(upload?.bytes ?? new byte[0]);
            foreach (var header in headers)
            {
                if (string.Equals(header.Key, "Content-Type", StringComparison.OrdinalIgnoreCase))
                    content.Headers.ContentType = System.Net.Http.Headers.MediaTypeHeaderValue.Parse(header.Value);
                else message.Headers.TryAddWithoutValidation(header.Key, header.Value);
            }
            message.Content = content;
            var cancel = timeoutSeconds > 0 ? new CancellationTokenSource(TimeSpan.FromSeconds(timeoutSeconds)) : new CancellationTokenSource();
            Task.Run(async () =>
            {
                Result outcome;
                string failure = null;
                long status = 0;
                byte[] body = null;
                try
                {
                    using (var response = await http.SendAsync(message, cancel.Token))
                    {
                        status = (long)response.StatusCode;
                        body = await response.Content.ReadAsByteArrayAsync();
                        outcome = response.IsSuccessStatusCode ? Result.Success : Result.ProtocolError;
                        if (!response.IsSuccessStatusCode) failure = $"HTTP/1.1 {status} {response.ReasonPhrase}";
                    }
                }
                catch (Exception e)
                {
                    outcome = Result.ConnectionError;
                    failure = e is TaskCanceledException ? "Request timeout" : "Cannot connect to destination host";
                }
                // As Unity: the request's state changes, and `completed` is raised, on the main thread.
                UnityStubs.PlayerLoop.Post(() =>
                {
                    code = status;
                    errorValue = failure;
                    if (download != null) download.data = body;
                    resultValue = outcome;
                    operation.Complete();
                });
            });
            return operation;
        }

        public void Dispose() { }
    }
}
