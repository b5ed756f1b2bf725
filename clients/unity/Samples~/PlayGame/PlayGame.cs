// Drop on a GameObject: plays one game, bot against bot, through the JSON
// gateway and logs each step. (Not compiled in CI: it needs UnityEngine.)
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
        }
    }
}
