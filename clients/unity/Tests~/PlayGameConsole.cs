// Compiled with Mono's mcs against Runtime/ (no Unity needed) and run by
// scripts/test-clients against a real server: plays one game through the JSON
// gateway (PlayService) and checks it ends scored, then checks that acting on
// a finished game comes back as FAILED_PRECONDITION.
using System;
using System.Collections.Generic;
using Gammond;

static class PlayGameConsole
{
    static int Main(string[] args)
    {
        string gateway = args.Length > 0 ? args[0] : "http://127.0.0.1:8080";
        string seed = args.Length > 1 ? args[1] : "csharp-7";
        using (var client = new GammondClient(gateway))
        {
            var log = SelfPlay.PlayGameAsync(client, seed).GetAwaiter().GetResult();
            foreach (var line in log.Events) Console.WriteLine(line);
            var result = log.Game.Map("result");
            long points = result.Int("points");
            string winner = result.Str("winner");
            var score = log.Game.Map("score_after");
            long scored = winner == "COLOR_WHITE" ? score.Int("white_score") : score.Int("black_score");
            if (points < 1 || scored != points)
            {
                Console.Error.WriteLine($"no scored end: {Json.Write(result)} {Json.Write(score)}");
                return 1;
            }
            try
            {
                client.CallAsync("PlayService", "Act", new Dictionary<string, object>
                {
                    ["game"] = log.Game,
                    ["action"] = new Dictionary<string, object> { ["kind"] = "ACTION_KIND_ROLL", ["player"] = "COLOR_WHITE" },
                }).GetAwaiter().GetResult();
                Console.Error.WriteLine("a roll after the end was accepted");
                return 1;
            }
            catch (GammondException error) when (error.Code == 9)
            {
                Console.WriteLine($"a roll after the end is refused: FAILED_PRECONDITION ({error.Reason})");
            }
            Console.WriteLine($"{(winner == "COLOR_WHITE" ? "White" : "Black")} wins {points} point(s) after {log.Calls} calls");
        }
        return 0;
    }
}
