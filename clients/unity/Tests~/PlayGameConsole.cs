// Compiled with Mono's mcs against Runtime/ (no Unity needed) and run by
// scripts/test-clients against a real server: plays one game through the JSON
// gateway and checks it ends scored, then checks that an illegal play comes
// back as FAILED_PRECONDITION with its reason.
using System;
using System.Collections.Generic;
using Gammond;

static class PlayGameConsole
{
    static int Main(string[] args)
    {
        string gateway = args.Length > 0 ? args[0] : "http://127.0.0.1:8080";
        long seed = args.Length > 1 ? long.Parse(args[1]) : 7;
        using (var client = new GammondClient(gateway))
        {
            var log = SelfPlay.PlayGameAsync(client, seed).GetAwaiter().GetResult();
            foreach (var line in log.Events) Console.WriteLine(line);
            long points = log.Result.Int("points");
            string winner = log.Result.Str("winner");
            var score = log.Record.Map("match");
            long scored = winner == "COLOR_WHITE" ? score.Int("white_score") : score.Int("black_score");
            if (points < 1 || scored != points)
            {
                Console.Error.WriteLine($"no scored end: {Json.Write(log.Result)} {Json.Write(log.Record)}");
                return 1;
            }
            try
            {
                client.CallAsync("GameService", "ApplyPlay", new Dictionary<string, object>
                {
                    ["position"] = new Dictionary<string, object> { ["position_id"] = new Dictionary<string, object> { ["id"] = "4HPwATDgc/ABMA", ["turn"] = "COLOR_WHITE" } },
                    ["dice"] = new Dictionary<string, object> { ["die1"] = 3, ["die2"] = 1 },
                    ["notation"] = "24/21",
                }).GetAwaiter().GetResult();
                Console.Error.WriteLine("an illegal play was accepted");
                return 1;
            }
            catch (GammondException error) when (error.Code == 9 && error.Reason == "ILLEGAL_PLAY")
            {
                Console.WriteLine("an illegal play is refused: FAILED_PRECONDITION, ILLEGAL_PLAY");
            }
            Console.WriteLine($"{(winner == "COLOR_WHITE" ? "White" : "Black")} wins {points} point(s) in {log.Turns} turns");
        }
        return 0;
    }
}
