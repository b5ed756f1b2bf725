// Compiled with Mono's mcs against Runtime/ and run by scripts/test-clients
// against a real server, twice: as is, over HttpClient; and with the Unity
// stand-ins (UnityStubs/, defines UNITY_5_3_OR_NEWER and UNITY_WEBGL, as a
// WebGL build compiles) over UnityWebRequest, every call made and every answer
// taken on one main thread (UnityStubs.PlayerLoop). Each plays one lean game through the
// JSON gateway (PlayService) as a board UI would (the bot answering in the same
// call, bot_reply), counts its calls and the bytes on the wire (at most 150
// calls, and 300 KB when the gateway compresses its answers), checks it ends scored and that the
// kept log matches the game's digest and exports, that ListActions on a stored
// Game lists what the answer's choices did, and that acting on a finished game
// comes back as FAILED_PRECONDITION.
using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using Gammond;

static class PlayGameConsole
{
    const long CallBudget = 150;
    const long ByteBudget = 300000;

    static int failures;

    // A failed check: noted, and the exit code is 1 once the rest have run.
    static void Fail(string why)
    {
        Console.Error.WriteLine("FAILED: " + why);
        failures++;
    }

    static int Main(string[] args)
    {
        string gateway = args.Length > 0 ? args[0] : "http://127.0.0.1:8080";
        string seed = args.Length > 1 ? args[1] : "csharp-7";
#if UNITY_5_3_OR_NEWER
        Console.WriteLine("transport: UnityWebRequest (Unity stand-ins), one main thread");
        return UnityStubs.PlayerLoop.Run(() => RunAsync(gateway, seed));
#else
        Console.WriteLine("transport: HttpClient");
        return RunAsync(gateway, seed).GetAwaiter().GetResult();
#endif
    }

    static async Task<int> RunAsync(string gateway, string seed)
    {
        using (var client = new GammondClient(gateway))
        {
            var log = await SelfPlay.PlayGameAsync(client, seed);
            foreach (var line in log.Events) Console.WriteLine(line);
            long bytes = log.BytesSent + log.BytesReceived;
            Console.WriteLine($"the game took {log.Calls} calls ({log.BotActs} BotAct) and {bytes} bytes on the wire " +
                $"({log.BytesSent} of JSON sent, {log.BytesReceived} received, {log.CompressedAnswers} of {log.Calls} answers gzip-compressed; " +
                $"{bytes / Math.Max(log.Calls, 1)} per call); Game {Json.Write(log.Game).Length} bytes of JSON at the end, " +
                $"{Json.Write(SelfPlay.Wire(log.Game)).Length} as sent back");
            if (log.Calls > CallBudget) Fail($"more than {CallBudget} calls for one game");
            // The byte budget is for compressed answers: a gateway that does not compress yet gets a note.
            if (log.CompressedAnswers == 0)
                Console.WriteLine($"note: no answer came compressed (a gateway without gzip?): {bytes} bytes not checked against {ByteBudget}");
            else if (bytes > ByteBudget) Fail($"more than {ByteBudget} bytes on the wire for one game");

            var result = log.Game.Map("result");
            long points = result.Int("points");
            string winner = result.Str("winner");
            var score = log.Game.Map("score_after");
            long scored = winner == "COLOR_WHITE" ? score.Int("white_score") : score.Int("black_score");
            if (points < 1 || scored != points)
            {
                Fail($"no scored end: {Json.Write(result)} {Json.Write(score)}");
                return 1;
            }

            // The lean Game carries no log; its digest counts the entries the answers handed out. A
            // sealed Game may carry the digest inside its seal only: then ExportMatch (below) checks them.
            var digest = log.Game.Map("digest");
            bool counted = digest != null ? digest.Int("length") == log.Logged.Count : log.Game.Map("seal") != null;
            if (log.Game.List("log").Count != 0 || !counted)
                Fail($"the kept log ({log.Logged.Count} entries) does not match the digest {Json.Write(digest)}");
            else
                Console.WriteLine($"kept {log.Logged.Count} log entries{(digest != null ? ", as the digest counts" : " (the digest is sealed)")}; version {log.Game.Str("version")}");
            var withLog = new Dictionary<string, object>(log.Game) { ["log"] = log.Logged };
            try
            {
                var exported = await client.CallAsync("RecordService", "ExportMatch", new Dictionary<string, object>
                {
                    ["games"] = new List<object> { withLog },
                });
                string mat = exported.Str("mat") ?? "";
                if (mat.Trim().Length == 0) Fail("ExportMatch answered no record");
                else Console.WriteLine($"ExportMatch of the kept log: {mat.Length} characters of .mat");
            }
            catch (GammondException error)
            {
                Fail($"ExportMatch of the lean Game with its kept log: {error.Code} {error.Message}");
            }

            // A client that starts from a stored Game lists its actions once, as the answers did.
            if (log.Stored == null) Fail("no Game with a move to store");
            else
            {
                // Compared without board_now, which an answer's choices may leave to its Game.
                var listed = new Dictionary<string, object>(await SelfPlay.ListChoicesAsync(client, log.Stored));
                var answered = new Dictionary<string, object>(log.StoredChoices);
                listed.Remove("board_now");
                answered.Remove("board_now");
                if (Json.Write(listed) != Json.Write(answered))
                    Fail($"ListActions on a stored Game: {Json.Write(listed)}, the answer's choices: {Json.Write(log.StoredChoices)}");
                else
                    Console.WriteLine("ListActions on a stored Game lists what the answer's choices did");
            }

            try
            {
                await client.CallAsync("PlayService", "Act", new Dictionary<string, object>
                {
                    ["game"] = SelfPlay.Wire(log.Game),
                    ["action"] = new Dictionary<string, object> { ["kind"] = "ACTION_KIND_ROLL", ["player"] = "COLOR_WHITE" },
                });
                Fail("a roll after the end was accepted");
            }
            catch (GammondException error) when (error.Code == 9)
            {
                Console.WriteLine($"a roll after the end is refused: FAILED_PRECONDITION ({error.Reason})");
            }
            if (failures > 0)
            {
                Console.Error.WriteLine($"{failures} check(s) failed");
                return 1;
            }
            Console.WriteLine($"{(winner == "COLOR_WHITE" ? "White" : "Black")} wins {points} point(s) after {log.Calls} calls, {bytes} bytes on the wire");
        }
        return 0;
    }
}
