// Bot against bot, entirely through the JSON gateway: the opening roll and the
// dice (DiceService), the cube (BotService.CubeDecision,
// GameService.ApplyCubeAction), the plays (BotService.BestPlay,
// GameService.ApplyPlay) and the score sheet (MatchService.RecordGame). The
// server keeps nothing: each request carries the position and cube that the
// previous answer gave.
using System;
using System.Collections.Generic;
using System.Threading.Tasks;

namespace Gammond
{
    public sealed class GameLog
    {
        public Dictionary<string, object> Result;
        public Dictionary<string, object> Record;
        public int Turns;
        public List<string> Events = new List<string>();
    }

    public static class SelfPlay
    {
        const string StartingPositionId = "4HPwATDgc/ABMA";
        const int MaxTurns = 1000;

        static Dictionary<string, object> M(params object[] pairs)
        {
            var map = new Dictionary<string, object>();
            for (int i = 0; i + 1 < pairs.Length; i += 2) map[(string)pairs[i]] = pairs[i + 1];
            return map;
        }

        static string Name(string color) => color == "COLOR_WHITE" ? "White" : "Black";
        static string Other(string color) => color == "COLOR_WHITE" ? "COLOR_BLACK" : "COLOR_WHITE";

        public static async Task<GameLog> PlayGameAsync(GammondClient client, long seed, string level = "BOT_LEVEL_BEGINNER")
        {
            var log = new GameLog();
            var rolls = new Dictionary<string, long> { ["COLOR_WHITE"] = 0, ["COLOR_BLACK"] = 0 };
            long drawn = 0;
            Func<object, string, Dictionary<string, object>> context = (cubeState, player) =>
                M("cube", cubeState, "turn", player, "white_rolls", rolls["COLOR_WHITE"], "black_rolls", rolls["COLOR_BLACK"]);

            var opening = await client.CallAsync("DiceService", "RollOpening", M("seed", seed));
            string turn = opening.Str("first");
            object position = M("position_id", M("id", StartingPositionId, "turn", turn));
            object cube = opening.Map("cube");
            object dice = opening.Map("dice");
            log.Events.Add($"{Name(turn)} wins the opening roll");
            for (int number = 1; number <= MaxTurns; number++)
            {
                log.Turns = number;
                if (number > 1)
                {
                    var decision = await client.CallAsync("BotService", "CubeDecision", M("position", position, "context", context(cube, turn)));
                    string advice = decision.Str("advice");
                    if (decision.Bool("may_double") && (advice == "CUBE_ADVICE_DOUBLE_TAKE" || advice == "CUBE_ADVICE_DOUBLE_PASS"))
                    {
                        var offered = await client.CallAsync("GameService", "ApplyCubeAction",
                            M("context", context(cube, turn), "player", turn, "action", "CUBE_ACTION_DOUBLE"));
                        log.Events.Add($"{Name(turn)} doubles");
                        bool take = decision.Bool("take");
                        var answered = await client.CallAsync("GameService", "ApplyCubeAction",
                            M("context", context(offered.Map("cube"), turn), "player", Other(turn), "action", take ? "CUBE_ACTION_TAKE" : "CUBE_ACTION_DROP"));
                        log.Events.Add($"{Name(Other(turn))} {(take ? "takes" : "drops")}");
                        if (answered.Map("result") != null) return await Finish(client, log, answered.Map("result"));
                        cube = answered.Map("cube");
                    }
                    // Roll N of one seeded sequence, so the same seed replays the same game.
                    var rolled = await client.CallAsync("DiceService", "RollDice", M("seed", seed + 1, "skip", drawn, "count", 1));
                    drawn++;
                    dice = rolled.List("rolls")[0];
                }
                rolls[turn]++;
                var best = await client.CallAsync("BotService", "BestPlay", M("position", position, "dice", dice, "level", level));
                string notation = best.Map("best").Map("play").Str("notation");
                var applied = await client.CallAsync("GameService", "ApplyPlay",
                    M("position", position, "dice", dice, "notation", notation, "cube", cube));
                var d = (Dictionary<string, object>)dice;
                log.Events.Add($"{Name(turn)} {d.Int("die1")}-{d.Int("die2")}: {notation}");
                if (applied.Map("result") != null) return await Finish(client, log, applied.Map("result"));
                var next = applied.Map("next_position");
                position = M("position", next);
                turn = next.Str("turn");
                ((Dictionary<string, object>)cube)["doubled_this_turn"] = false; // the turn passes
            }
            throw new InvalidOperationException($"no result after {MaxTurns} turns");
        }

        static async Task<GameLog> Finish(GammondClient client, GameLog log, Dictionary<string, object> result)
        {
            log.Result = result;
            log.Record = await client.CallAsync("MatchService", "RecordGame", M("game", result));
            log.Events.Add($"{Name(result.Str("winner"))} wins {result.Int("points")} point(s)");
            return log;
        }
    }
}
