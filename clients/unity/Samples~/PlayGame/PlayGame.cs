// Drop on a GameObject: plays one lean game, White action by action against
// the bot, through the JSON gateway and logs each step and the calls and
// bytes it took. Runs on every platform, WebGL included: GammondClient's HTTP
// in Unity is UnityWebRequest, awaited on the main thread (no threads).
// (CI compiles it with Mono against stand-ins of the Unity API, as a WebGL
// build would: clients/unity/Tests~/UnityStubs.)
using System;
using Gammond;
using UnityEngine;

public class PlayGame : MonoBehaviour
{
    public string gateway = "http://127.0.0.1:8080";
    public string seed = "unity-7";

    async void Start()
    {
        using (var client = new GammondClient(gateway))
        {
            try
            {
                var log = await SelfPlay.PlayGameAsync(client, seed);
                foreach (var line in log.Events) Debug.Log(line);
                Debug.Log($"{log.Calls} calls, {log.BytesSent + log.BytesReceived} bytes on the wire " +
                    $"({log.CompressedAnswers} of {log.Calls} answers gzip-compressed)");
            }
            catch (GammondException error)
            {
                Debug.LogError($"gammond: code {error.Code} ({error.Reason}): {error.Message}");
            }
            catch (InvalidOperationException error)
            {
                Debug.LogError(error.Message);
            }
        }
    }
}
