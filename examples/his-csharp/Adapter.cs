// The rulespec wire-protocol adapter (docs/wire-protocol.md, version 1): JSON lines on stdin and stdout,
// UTF-8 without a BOM, "\n" after every line, flushed at once; nothing is ever written on stderr.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Numerics;
using System.Text;

namespace HisCsharp
{
    /// <summary>The request is not the shape of the schema (a wrong type, a missing field): an `errored` reply.</summary>
    sealed class ShapeError : Exception
    {
        public ShapeError(string message) : base(message) { }
    }

    public static class Adapter
    {
        static readonly string[] Operations =
        {
            "bonus_vp", "determine_victory", "may_play_copernicus_or_servetus", "run_phase", "score_power", "special_vp",
        };

        public static int Main()
        {
            var utf8 = new UTF8Encoding(false);
            // stderr must stay silent: send anything the runtime might print there into nowhere.
            Console.SetError(TextWriter.Null);
            var stdin = new StreamReader(Console.OpenStandardInput(), utf8, false, 1 << 16);
            var stdout = new StreamWriter(Console.OpenStandardOutput(), utf8, 1 << 16);
            stdout.NewLine = "\n";
            stdout.AutoFlush = true;   // every reply leaves at once (one Write per line, so one flush per line)
            try
            {
                string line;
                // ReadLine returns each complete line as soon as it has arrived: it never waits for more input.
                while ((line = stdin.ReadLine()) != null)
                {
                    if (line.Trim().Length == 0) continue;
                    bool stop;
                    string reply = Answer(line, out stop);
                    if (stop) break;
                    if (reply != null) stdout.Write(reply + "\n");
                }
            }
            catch (Exception)
            {
                return 1;
            }
            return 0;
        }

        /// <summary>One line in, at most one line out.</summary>
        public static string Answer(string line, out bool stop)
        {
            stop = false;
            object msg;
            try { msg = Json.Parse(line); }
            catch (Exception) { return null; }   // not a message we understand: ignored
            var o = msg as JObject;
            if (o == null) return null;
            string type = o.Get("type") as string;
            if (type == "start") return Json.Write(Started());
            if (type == "stop") { stop = true; return null; }
            if (type != "run") return null;   // unknown message types are ignored
            object id = o.Get("id");
            try
            {
                string game = o.Get("game") as string;
                string op = o.Get("operation") as string;
                if (game != "his" || Array.IndexOf(Operations, op) < 0)
                    return Json.Write(new JObject().Add("type", "unsupported").Add("id", id)
                        .Add("message", "only the six operations of game his are offered"));
                var rulings = ParseRulings(Obj(o.Get("rulings"), "rulings"));
                var input = Obj(o.Get("input"), "input");
                object output = Run(op, input, rulings);
                return Json.Write(new JObject().Add("type", "result").Add("id", id).Add("output", output));
            }
            catch (InvalidState e)
            {
                var err = new JObject().Add("kind", "InvalidState").Add("field", e.Field).Add("value", e.Value).Add("reason", e.Reason);
                if (e.Rule != null) err.Add("rule", e.Rule);
                return Json.Write(new JObject().Add("type", "refused").Add("id", id).Add("error", err));
            }
            catch (IllegalAction e)
            {
                var err = new JObject().Add("kind", "IllegalAction").Add("rule", e.Rule).Add("reason", e.Reason);
                return Json.Write(new JObject().Add("type", "refused").Add("id", id).Add("error", err));
            }
            catch (Exception e)
            {
                return Json.Write(new JObject().Add("type", "errored").Add("id", id)
                    .Add("message", e.GetType().Name + ": " + e.Message)
                    .Add("context", new JObject().Add("stack", e.StackTrace ?? "")));
            }
        }

        static JObject Started()
        {
            var games = new JObject().Add("his", Operations.ToList());
            var impl = new JObject().Add("name", "his-csharp").Add("version", "0.1.0").Add("language", "csharp");
            return new JObject().Add("type", "started").Add("protocol", new BigInteger(1)).Add("implementation", impl).Add("games", games);
        }

        static object Run(string op, JObject input, Rulings r)
        {
            switch (op)
            {
                case "special_vp":
                    return WriteLines(Rules.SpecialVp(new SpecialVpRequest { Power = Str(input, "power"), Board = ParseBoard(Obj(input.Get("board"), "board")) }, r));
                case "bonus_vp":
                    return WriteLines(Rules.BonusVp(new BonusVpRequest { Power = Str(input, "power"), Bonuses = ParseBonuses(input, "bonuses") }, r));
                case "score_power":
                    return WriteScore(Rules.ScorePower(new ScoreRequest
                    {
                        Power = Str(input, "power"), BaseVp = Int(input, "base_vp"),
                        Board = ParseBoard(Obj(input.Get("board"), "board")), Bonuses = ParseBonuses(input, "bonuses"),
                    }, r));
                case "determine_victory":
                    return WriteOutcome(Rules.DetermineVictory(new VictoryRequest
                    {
                        Turn = Int(input, "turn"), Totals = ParseSix(input, "totals", "vp"), History = ParseHistory(input),
                    }, r));
                case "may_play_copernicus_or_servetus":
                    {
                        var v = Rules.MayPlay(ParsePhase(input), r);
                        return new JObject().Add("allowed", v.Allowed).Add("before", WriteOutcome(v.Before)).Add("after", WriteOutcome(v.After));
                    }
                case "run_phase":
                    {
                        var p = Rules.RunPhase(ParsePhase(input), r);
                        return new JObject()
                            .Add("scores", p.Scores.Select(WriteScore).ToList())
                            .Add("outcome", WriteOutcome(p.Outcome))
                            .Add("history", p.History.Select(WriteRecord).ToList());
                    }
            }
            throw new InvalidOperationException("no operation " + op);
        }

        // ------------------------------------------------------------------ reading the request

        static JObject Obj(object v, string path)
        {
            var o = v as JObject;
            if (o == null) throw new ShapeError(path + " is not an object");
            return o;
        }

        static List<object> Arr(JObject o, string key)
        {
            var a = o.Get(key) as List<object>;
            if (a == null) throw new ShapeError(key + " is not an array");
            return a;
        }

        static string Str(JObject o, string key)
        {
            var s = o.Get(key) as string;
            if (s == null) throw new ShapeError(key + " is not a string");
            return s;
        }

        static string OptStr(JObject o, string key)
        {
            object v = o.Get(key);
            if (v == null) return null;
            var s = v as string;
            if (s == null) throw new ShapeError(key + " is not a string or null");
            return s;
        }

        static BigInteger Int(JObject o, string key)
        {
            object v = o.Get(key);
            if (v is BigInteger) return (BigInteger)v;
            if (v is double && Math.Floor((double)v) == (double)v && !double.IsInfinity((double)v)) return new BigInteger((double)v);
            throw new ShapeError(key + " is not an integer");
        }

        static bool Bool(JObject o, string key)
        {
            object v = o.Get(key);
            if (v is bool) return (bool)v;
            throw new ShapeError(key + " is not a boolean");
        }

        static Rulings ParseRulings(JObject o)
        {
            var r = new Rulings();
            if (o.Has("domination_first_turn")) r.DominationFirstTurn = Int(o, "domination_first_turn");
            if (o.Has("domination_margin")) r.DominationMargin = Int(o, "domination_margin");
            if (o.Has("unbroken_tie")) r.UnbrokenTie = Str(o, "unbroken_tie");
            if (o.Has("time_limit_tie")) r.TimeLimitTie = Str(o, "time_limit_tie");
            if (o.Has("copernicus_vp")) r.CopernicusVp = Str(o, "copernicus_vp");
            if (o.Has("bonus_earners")) r.BonusEarners = Str(o, "bonus_earners");
            if (o.Has("track_limits")) r.TrackLimits = Str(o, "track_limits");
            if (o.Has("spaces_in_unrest")) r.SpacesInUnrest = Str(o, "spaces_in_unrest");
            return r;
        }

        static Board ParseBoard(JObject o)
        {
            return new Board
            {
                PiracyVp = Int(o, "piracy_vp"),
                SchmalkaldicLeague = Bool(o, "schmalkaldic_league"),
                HabsburgElectorates = Int(o, "habsburg_electorates"),
                HabsburgElectoratesInUnrest = Int(o, "habsburg_electorates_in_unrest"),
                EdwardViBorn = Bool(o, "edward_vi_born"),
                ElizabethIBorn = Bool(o, "elizabeth_i_born"),
                EnglishSpacesProtestant = Int(o, "english_spaces_protestant"),
                Chateaux = Int(o, "chateaux"),
                StPeters = Int(o, "st_peters"),
                ProtestantSpaces = Int(o, "protestant_spaces"),
                ProtestantSpacesInUnrest = Int(o, "protestant_spaces_in_unrest"),
            };
        }

        static Bonus ParseBonus(JObject o)
        {
            object piracy = o.Get("tyrrhenian_piracy");
            if (piracy != null && !(piracy is bool)) throw new ShapeError("tyrrhenian_piracy is not a boolean or null");
            return new Bonus
            {
                Kind = Str(o, "kind"), Power = Str(o, "power"), Vp = Int(o, "vp"),
                Debater = OptStr(o, "debater"), Language = OptStr(o, "language"),
                TyrrhenianPiracy = piracy == null ? (bool?)null : (bool)piracy,
            };
        }

        static List<Bonus> ParseBonuses(JObject o, string key)
        {
            return Arr(o, key).Select((e, i) => ParseBonus(Obj(e, key + "[" + i + "]"))).ToList();
        }

        static List<PowerValue> ParseSix(JObject o, string key, string valueKey)
        {
            return Arr(o, key).Select((e, i) =>
            {
                var x = Obj(e, key + "[" + i + "]");
                return new PowerValue { Power = Str(x, "power"), Value = Int(x, valueKey) };
            }).ToList();
        }

        static List<TurnRecord> ParseHistory(JObject o)
        {
            return Arr(o, "history").Select((e, i) =>
            {
                var x = Obj(e, "history[" + i + "]");
                return new TurnRecord { Turn = Int(x, "turn"), Totals = ParseSix(x, "totals", "vp") };
            }).ToList();
        }

        static PhaseRequest ParsePhase(JObject o)
        {
            object play = o.Get("play");
            return new PhaseRequest
            {
                Turn = Int(o, "turn"),
                Cards = ParseSix(o, "cards", "base_vp"),
                Board = ParseBoard(Obj(o.Get("board"), "board")),
                Bonuses = ParseBonuses(o, "bonuses"),
                History = ParseHistory(o),
                Play = play == null ? null : ParseBonus(Obj(play, "play")),
            };
        }

        // ------------------------------------------------------------------ writing the result (every field)

        static JObject WriteLine(ScoreLine l) { return new JObject().Add("source", l.Source).Add("vp", l.Vp); }

        static JObject WriteLines(VpLines v)
        {
            return new JObject().Add("power", v.Power).Add("lines", v.Lines.Select(WriteLine).ToList()).Add("total", v.Total);
        }

        static JObject WriteScore(PowerScore s)
        {
            return new JObject().Add("power", s.Power).Add("base", s.Base)
                .Add("special", s.Special.Select(WriteLine).ToList())
                .Add("bonus", s.Bonus.Select(WriteLine).ToList())
                .Add("total", s.Total);
        }

        static JObject WriteOutcome(Outcome o)
        {
            return new JObject().Add("victory", o.Victory).Add("winner", o.Winner).Add("tied", o.Tied)
                .Add("tie_broken_at_turn", o.TieBrokenAtTurn.HasValue ? (object)o.TieBrokenAtTurn.Value : null)
                .Add("game_over", o.GameOver)
                .Add("next_turn", o.NextTurn.HasValue ? (object)o.NextTurn.Value : null);
        }

        static JObject WriteRecord(TurnRecord t)
        {
            return new JObject().Add("turn", t.Turn)
                .Add("totals", t.Totals.Select(p => new JObject().Add("power", p.Power).Add("vp", p.Value)).ToList());
        }
    }
}
