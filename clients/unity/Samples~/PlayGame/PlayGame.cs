// Drop on a GameObject: plays one lean game, White action by action against
// the bot, through the JSON gateway and logs each step and the calls and
// bytes it took. (Not compiled in CI: it needs UnityEngine.)
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
            var log = await SelfPlay.PlayGameAsync(client, seed);
            foreach (var line in log.Events) Debug.Log(line);
            Debug.Log($"{log.Calls} calls, {log.BytesSent + log.BytesReceived} bytes on the wire " +
                $"({log.CompressedAnswers} of {log.Calls} answers gzip-compressed)");
        }
    }
}
