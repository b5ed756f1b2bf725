// A whole game through the game protocol (PlayService) over the JSON gateway,
// in the lean flow: the game is a lean Game ("form": "GAME_FORM_LEAN", constant
// size: its log's digest instead of the log) that the client keeps (as parsed
// JSON) and sends back with every call, and every answer (NewGame, Act,
// BotAct) lists the actions open next in "choices", so the game needs no
// ListActions. White is played action by action as a board UI would, in
// "view": "ACTIONS_VIEW_MOVES" (roll, move one checker by one die, confirm,
// take); Black is the bot, which answers in the same call: every Act carries
// "bot_reply" (the bot's level), so the answer holds the bot's turn or cube
// answer too ("bot_actions", its events after White's) and "choices" are
// already White's next ones (BotAct only as a fallback, when White is not to
// act). The Game goes back as small as the server takes it (Wire: a sealed
// Game's seal alone). The entries each answer adds to the log ("logged") are
// kept: with them the lean Game exports (ExportMatch).
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
        /// <summary>The log entries the answers added ("logged"), in order: the game's record.</summary>
        public List<object> Logged = new List<object>();
        /// <summary>The calls the game took, and their JSON bytes (requests and responses).</summary>
        public long Calls, BytesSent, BytesReceived;
        /// <summary>Of the calls, the BotActs (the fallback when White was not to act) and the answers that came compressed.</summary>
        public long BotActs, CompressedAnswers;
        /// <summary>A Game from the middle of the game (White to move) and the choices its answer listed.</summary>
        public Dictionary<string, object> Stored, StoredChoices;
    }

    public static class SelfPlay
    {
        /// <summary>The view a board UI asks for: single-checker MOVEs, UNDO, CONFIRM and the cube and roll actions.</summary>
        public const string View = "ACTIONS_VIEW_MOVES";
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

        /// <summary>White's choice among the listed actions: answer the cube, roll, confirm, move one checker by one die.</summary>
        public static Dictionary<string, object> Choose(List<object> actions)
        {
            foreach (string kind in Preference)
            {
                Dictionary<string, object> found = null;
                foreach (var item in actions)
                {
                    var action = (Dictionary<string, object>)item;
                    if (action.Str("kind") != kind || action.Str("player") != "COLOR_WHITE") continue;
                    if (kind != "ACTION_KIND_MOVE" || action.List("dice_used").Count <= 1) return action;
                    if (found == null) found = action;
                }
                if (found != null) return found;
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

        /// <summary>
        /// The Game as sent back: the smallest the server accepts. A sealed Game ("seal") is read from
        /// its seal alone, so only {"seal": ...} goes back; an unsealed one goes without the fields the
        /// server only writes ("board_now", "score_after"). Keep the whole Game to show it.
        /// </summary>
        public static Dictionary<string, object> Wire(Dictionary<string, object> game)
        {
            var seal = game.Map("seal");
            if (seal != null) return M("seal", seal);
            var sent = new Dictionary<string, object>(game);
            sent.Remove("board_now");
            sent.Remove("score_after");
            return sent;
        }

        /// <summary>The actions open in a stored Game: the one ListActions a lean client makes.</summary>
        public static Task<Dictionary<string, object>> ListChoicesAsync(GammondClient client, Dictionary<string, object> game) =>
            client.CallAsync("PlayService", "ListActions", M("game", Wire(game), "view", View));

        /// <summary>Starts a lean money game with seeded dice and plays it to its end.</summary>
        public static async Task<GameLog> PlayGameAsync(GammondClient client, string seed, string level = "BOT_LEVEL_BEGINNER")
        {
            long calls = client.Calls, sent = client.BytesSent, received = client.BytesReceived, compressed = client.CompressedAnswers;
            var started = await client.CallAsync("PlayService", "NewGame", M(
                "dice_source", "DICE_SOURCE_SEEDED", "seed", Convert.ToBase64String(Encoding.UTF8.GetBytes(seed)),
                "form", "GAME_FORM_LEAN", "view", View));
            var log = await PlayFromAsync(client, started.Map("game"), started.Map("choices"), level);
            log.Calls = client.Calls - calls;
            log.BytesSent = client.BytesSent - sent;
            log.BytesReceived = client.BytesReceived - received;
            log.CompressedAnswers = client.CompressedAnswers - compressed;
            return log;
        }

        /// <summary>
        /// Plays a game to its end. choices: the actions open in it as the answer that brought it listed
        /// them; null for a Game read from storage (then one ListActions).
        /// </summary>
        public static async Task<GameLog> PlayFromAsync(GammondClient client, Dictionary<string, object> game,
            Dictionary<string, object> choices = null, string level = "BOT_LEVEL_BEGINNER")
        {
            var log = new GameLog();
            long calls = client.Calls, sent = client.BytesSent, received = client.BytesReceived, compressed = client.CompressedAnswers;
            if (choices == null) choices = await ListChoicesAsync(client, game);
            for (int steps = 0; !IsOver(game); steps++)
            {
                if (steps >= MaxCalls) throw new InvalidOperationException($"no result after {MaxCalls} calls");
                var actions = choices.List("actions");
                if (log.Stored == null && actions.Exists(a => ((Dictionary<string, object>)a).Str("kind") == "ACTION_KIND_MOVE"))
                {
                    log.Stored = game;
                    log.StoredChoices = choices;
                }
                Dictionary<string, object> answer;
                if (choices.List("to_act").Contains("COLOR_WHITE"))
                    answer = await client.CallAsync("PlayService", "Act",
                        M("game", Wire(game), "action", Choose(actions), "view", View, "bot_reply", level));
                else
                {
                    // bot_reply played the bot's turns; this is for a game where White has nothing to do.
                    log.BotActs++;
                    answer = await client.CallAsync("PlayService", "BotAct",
                        M("game", Wire(game), "level", level, "player", "COLOR_BLACK", "view", View));
                }
                game = answer.Map("game");
                choices = answer.Map("choices") ?? new Dictionary<string, object>();
                log.Logged.AddRange(answer.List("logged"));
                Note(log, answer.List("events"));
            }
            log.Game = game;
            log.Calls = client.Calls - calls;
            log.BytesSent = client.BytesSent - sent;
            log.BytesReceived = client.BytesReceived - received;
            log.CompressedAnswers = client.CompressedAnswers - compressed;
            return log;
        }
    }
}
