// A whole game through the game protocol (PlayService) over the JSON gateway:
// the client keeps the Game message (as parsed JSON) and sends it back with
// every call. White is played action by action, as a frontend would
// (ListActions, then Act: roll, move checker by checker, confirm, take);
// Black is the bot (BotAct).
using System;
using System.Collections.Generic;
using System.Text;
using System.Threading.Tasks;

namespace Gammond
{
    public sealed class GameLog
    {
        /// <summary>The finished Game: "result" says who won what, "score_after" the score with it.</summary>
        public Dictionary<string, object> Game;
        public List<string> Events = new List<string>();
        public int Calls;
    }

    public static class SelfPlay
    {
        const int MaxCalls = 5000;
        static readonly string[] Preference =
            { "ACTION_KIND_TAKE", "ACTION_KIND_ACCEPT", "ACTION_KIND_ROLL", "ACTION_KIND_CONFIRM", "ACTION_KIND_MOVE" };

        static Dictionary<string, object> M(params object[] pairs)
        {
            var map = new Dictionary<string, object>();
            for (int i = 0; i + 1 < pairs.Length; i += 2) map[(string)pairs[i]] = pairs[i + 1];
            return map;
        }

        public static bool IsOver(Dictionary<string, object> game)
        {
            string phase = game.Str("phase");
            return phase == "PHASE_GAME_OVER" || phase == "PHASE_MATCH_OVER";
        }

        /// <summary>White's choice among the listed actions: answer the cube, roll, confirm, move.</summary>
        public static Dictionary<string, object> Choose(List<object> actions)
        {
            foreach (string kind in Preference)
                foreach (var item in actions)
                {
                    var action = (Dictionary<string, object>)item;
                    if (action.Str("kind") == kind && action.Str("player") == "COLOR_WHITE") return action;
                }
            throw new InvalidOperationException("nothing for White to do among " + Json.Write(actions));
        }

        static void Note(GameLog log, List<object> events)
        {
            foreach (var item in events)
            {
                var e = (Dictionary<string, object>)item;
                string who = e.Str("player") == "COLOR_WHITE" ? "White" : "Black";
                string kind = e.Str("kind").Replace("EVENT_KIND_", "").ToLowerInvariant();
                var move = e.Map("move");
                var dice = e.Map("dice");
                string detail = move != null ? $" {move.Int("from_point")}/{move.Int("to_point")}"
                    : dice != null ? $" {dice.Int("die1")}-{dice.Int("die2")}" : "";
                log.Events.Add($"{who} {kind}{detail}");
            }
        }

        public static async Task<GameLog> PlayGameAsync(GammondClient client, string seed, string level = "BOT_LEVEL_BEGINNER")
        {
            var log = new GameLog();
            var started = await client.CallAsync("PlayService", "NewGame",
                M("dice_source", "DICE_SOURCE_SEEDED", "seed", Convert.ToBase64String(Encoding.UTF8.GetBytes(seed))));
            var game = started.Map("game");
            for (log.Calls = 1; !IsOver(game); log.Calls++)
            {
                if (log.Calls > MaxCalls) throw new InvalidOperationException($"no result after {MaxCalls} calls");
                var listing = await client.CallAsync("PlayService", "ListActions", M("game", game));
                Dictionary<string, object> answer;
                if (listing.List("to_act").Contains("COLOR_WHITE"))
                    answer = await client.CallAsync("PlayService", "Act", M("game", game, "action", Choose(listing.List("actions"))));
                else
                    answer = await client.CallAsync("PlayService", "BotAct", M("game", game, "level", level, "player", "COLOR_BLACK"));
                game = answer.Map("game");
                Note(log, answer.List("events"));
            }
            log.Game = game;
            return log;
        }
    }
}
