// Here I Stand, the Victory Determination Phase, as pure functions (request, rulings) -> result, written from
// spec/here-i-stand.md alone. Comments cite its clause IDs. A refusal is thrown: InvalidState names the field
// as a JSON path into the request, IllegalAction names the rule.
using System.Collections.Generic;
using System.Linq;
using System.Numerics;

namespace HisCsharp
{
    public static class Rules
    {
        // HIS-POWER-1: the six powers, in the order of impulses; every result lists them in this order.
        public static readonly string[] Powers = { "ottomans", "habsburgs", "england", "france", "papacy", "protestants" };

        // HIS-BONUS-10: the kinds in the order of HIS-BONUS-1 to HIS-BONUS-9 (the order of the bonus lines).
        public static readonly string[] Kinds =
        {
            "burned_debater", "disgraced_debater", "exploration", "conquest", "copernicus", "servetus",
            "julia_gonzaga", "war_winner", "master_of_italy", "bible_translation",
        };

        // HIS-SPECIAL-7: the thresholds of the Protestant spaces track.
        static readonly int[] Thresholds = { 4, 7, 10, 14, 17, 20, 24, 27, 30, 34, 37, 40, 44, 47 };

        static readonly string[] PublishedLanguages = { "english", "french", "german" };   // HIS-BONUS-9, HIS-RULING-7

        static bool IsPower(string p) { return p != null && System.Array.IndexOf(Powers, p) >= 0; }
        static int PowerIndex(string p) { return System.Array.IndexOf(Powers, p); }

        // ------------------------------------------------------------------ rulings

        /// <summary>HIS-RULING-1, HIS-RULING-2: every operation checks both rulings first, first turn then margin.</summary>
        public static void CheckRulings(Rulings r)
        {
            if (r.DominationFirstTurn < 1 || r.DominationFirstTurn > 9)
                throw new InvalidState("rulings.domination_first_turn", r.DominationFirstTurn,
                    "the first turn of domination is a turn of the game, 1 to 9", "HIS-RULING-1");
            if (r.DominationMargin < 1)
                throw new InvalidState("rulings.domination_margin", r.DominationMargin,
                    "the margin of domination is 1 VP or more", "HIS-RULING-2");
            Enum("unbroken_tie", r.UnbrokenTie, "HIS-RULING-3", "shared", "play_on");
            Enum("time_limit_tie", r.TimeLimitTie, "HIS-RULING-4", "history", "shared");
            Enum("copernicus_vp", r.CopernicusVp, "HIS-RULING-5", "seed", "marker");
            Enum("bonus_earners", r.BonusEarners, "HIS-RULING-6", "published", "any");
            Enum("track_limits", r.TrackLimits, "HIS-RULING-7", "published", "open");
            Enum("spaces_in_unrest", r.SpacesInUnrest, "HIS-RULING-9", "excluded", "counted");
        }

        static void Enum(string field, string value, string rule, params string[] allowed)
        {
            if (System.Array.IndexOf(allowed, value) < 0)
                throw new InvalidState("rulings." + field, value, "not an alternative of " + rule, rule);
        }

        // ------------------------------------------------------------------ request parts

        /// <summary>HIS-POWER-1: a power field names one of the six.</summary>
        static void CheckPower(string field, string power)
        {
            if (!IsPower(power)) throw new InvalidState(field, power, "not one of the six powers", "HIS-POWER-1");
        }

        /// <summary>HIS-WIN-10: the turn is 1 to 9.</summary>
        static void CheckTurn(BigInteger turn)
        {
            if (turn < 1 || turn > 9) throw new InvalidState("turn", turn, "the turn is 1 to 9", "HIS-WIN-10");
        }

        /// <summary>
        /// A list of the six powers (HIS-POWER-1; spec, Order of checks): entry by entry an unknown power then a
        /// repeated one (the later entry is named); then a missing power (the list is named, the missing power is
        /// the value); then entry by entry its number, 0 or more (HIS-VP-2, HIS-WIN-9).
        /// </summary>
        static void CheckSix(string list, List<PowerValue> entries, string valueField, string rule)
        {
            var seen = new HashSet<string>();
            for (int i = 0; i < entries.Count; i++)
            {
                string p = entries[i].Power;
                if (!IsPower(p)) throw new InvalidState(list + "[" + i + "].power", p, "not one of the six powers", "HIS-POWER-1");
                if (!seen.Add(p)) throw new InvalidState(list + "[" + i + "].power", p, "a power named twice", "HIS-POWER-1");
            }
            foreach (string p in Powers)
                if (!seen.Contains(p)) throw new InvalidState(list, p, "a power is missing", "HIS-POWER-1");
            for (int i = 0; i < entries.Count; i++)
                if (entries[i].Value < 0)
                    throw new InvalidState(list + "[" + i + "]." + valueField, entries[i].Value, "VP are 0 or more", rule);
        }

        /// <summary>The list's numbers, by power, in the order of HIS-POWER-1.</summary>
        static BigInteger[] ByPower(List<PowerValue> entries)
        {
            var v = new BigInteger[6];
            foreach (var e in entries) v[PowerIndex(e.Power)] = e.Value;
            return v;
        }

        static bool Open(Rulings r) { return r.TrackLimits == "open"; }

        static void Count(string field, BigInteger v, BigInteger? max, string rule)
        {
            if (v < 0) throw new InvalidState(field, v, "a count is never negative", rule);
            if (max.HasValue && v > max.Value) throw new InvalidState(field, v, "at most " + max.Value, rule);
        }

        /// <summary>HIS-SPECIAL-7, HIS-SPECIAL-8, HIS-RULING-9: the position of the Protestant spaces marker.</summary>
        static BigInteger MarkerPosition(Board b, Rulings r)
        {
            return r.SpacesInUnrest == "counted" ? b.ProtestantSpaces : b.ProtestantSpaces - b.ProtestantSpacesInUnrest;
        }

        /// <summary>
        /// The whole board, in the spec's order (Order of checks, "the board"): piracy; Habsburg electorates, then
        /// those in unrest; English spaces; chateaux; St. Peter's; Protestant spaces, then those in unrest; then
        /// the religious victory. Ranges of HIS-RULING-7 (`open` lifts the published ones, never the map's six
        /// electorates nor the track).
        /// </summary>
        public static void CheckBoard(Board b, Rulings r)
        {
            bool open = Open(r);
            Count("board.piracy_vp", b.PiracyVp, open ? (BigInteger?)null : 10, "HIS-SPECIAL-1");
            Count("board.habsburg_electorates", b.HabsburgElectorates, 6, "HIS-SPECIAL-2");
            Count("board.habsburg_electorates_in_unrest", b.HabsburgElectoratesInUnrest, b.HabsburgElectorates, "HIS-SPECIAL-2");
            Count("board.english_spaces_protestant", b.EnglishSpacesProtestant, open ? (BigInteger?)null : 12, "HIS-SPECIAL-4");
            Count("board.chateaux", b.Chateaux, open ? (BigInteger?)null : 6, "HIS-SPECIAL-5");
            Count("board.st_peters", b.StPeters, open ? (BigInteger?)null : 5, "HIS-SPECIAL-6");
            Count("board.protestant_spaces", b.ProtestantSpaces, null, "HIS-SPECIAL-8");
            Count("board.protestant_spaces_in_unrest", b.ProtestantSpacesInUnrest, b.ProtestantSpaces, "HIS-SPECIAL-8");
            // HIS-SPECIAL-8: a marker at 50 or more is a religious victory, which ends the game before this phase.
            BigInteger marker = MarkerPosition(b, r);
            if (marker >= 50)
                throw new InvalidState("board.protestant_spaces", b.ProtestantSpaces,
                    "the marker on " + marker + " spaces is a religious victory", "HIS-SPECIAL-8");
        }

        /// <summary>The VP a bonus entry of this kind may carry (HIS-BONUS-1 to -9, HIS-RULING-5, HIS-RULING-7).</summary>
        static bool VpPossible(string kind, BigInteger vp, Rulings r)
        {
            bool open = Open(r);
            switch (kind)
            {
                case "burned_debater":
                case "disgraced_debater":
                    return vp >= 1 && (open || vp <= 4);                                 // HIS-BONUS-1, -2
                case "exploration":
                case "conquest":
                    return vp >= 1 && (open || vp <= 3);                                 // HIS-BONUS-3, -4
                case "copernicus":
                    return r.CopernicusVp == "marker" ? (vp == 1 || vp == 2) : vp == 2;  // HIS-BONUS-5, HIS-RULING-5
                case "servetus":
                    return vp == 1;                                                      // HIS-BONUS-5
                case "julia_gonzaga":
                    return vp == 1;                                                      // HIS-BONUS-6
                case "war_winner":
                case "master_of_italy":
                    return vp >= 1 && (open || vp <= 2);                                 // HIS-BONUS-7, -8
                case "bible_translation":
                    return vp == 1;                                                      // HIS-BONUS-9
            }
            return false;
        }

        static string KindRule(string kind)
        {
            switch (kind)
            {
                case "burned_debater": return "HIS-BONUS-1";
                case "disgraced_debater": return "HIS-BONUS-2";
                case "exploration": return "HIS-BONUS-3";
                case "conquest": return "HIS-BONUS-4";
                case "copernicus": case "servetus": return "HIS-BONUS-5";
                case "julia_gonzaga": return "HIS-BONUS-6";
                case "war_winner": return "HIS-BONUS-7";
                case "master_of_italy": return "HIS-BONUS-8";
                default: return "HIS-BONUS-9";
            }
        }

        /// <summary>
        /// One entry's possible values, InvalidState (spec, Bonus VP): kind, power, debater, language,
        /// tyrrhenian_piracy, vp. A detail is present when it is not null.
        /// </summary>
        static void CheckEntryValues(string at, Bonus e, Rulings r)
        {
            if (e.Kind == null || System.Array.IndexOf(Kinds, e.Kind) < 0)
                throw new InvalidState(at + ".kind", e.Kind, "not a kind of bonus", "HIS-BONUS-10");
            string rule = KindRule(e.Kind);
            if (!IsPower(e.Power)) throw new InvalidState(at + ".power", e.Power, "not one of the six powers", "HIS-POWER-1");
            bool debaterKind = e.Kind == "burned_debater" || e.Kind == "disgraced_debater";
            if (debaterKind)
            {
                if (e.Debater == null) throw new InvalidState(at + ".debater", null, "a debater bonus names the debater's side", rule);
                // HIS-BONUS-1: a side other than protestant or papal names no side.
                if (e.Debater != "protestant" && e.Debater != "papal")
                    throw new InvalidState(at + ".debater", e.Debater, "a debater is protestant or papal", rule);
            }
            else if (e.Debater != null) throw new InvalidState(at + ".debater", e.Debater, "only a debater bonus names a debater", rule);
            if (e.Kind == "bible_translation")
            {
                if (e.Language == null) throw new InvalidState(at + ".language", null, "a Bible translation names its language", rule);
                // HIS-BONUS-9: a language is a non-empty name under both values of HIS-RULING-7; `published` knows three.
                if (e.Language.Length == 0) throw new InvalidState(at + ".language", e.Language, "a language is a non-empty name", rule);
                if (!Open(r) && System.Array.IndexOf(PublishedLanguages, e.Language) < 0)
                    throw new InvalidState(at + ".language", e.Language, "the Bible languages are english, french and german", rule);
            }
            else if (e.Language != null) throw new InvalidState(at + ".language", e.Language, "only a Bible translation names a language", rule);
            if (e.Kind == "julia_gonzaga")
            {
                if (e.TyrrhenianPiracy == null)
                    throw new InvalidState(at + ".tyrrhenian_piracy", null, "Julia Gonzaga says whether the piracy followed", rule);
            }
            else if (e.TyrrhenianPiracy != null)
                throw new InvalidState(at + ".tyrrhenian_piracy", e.TyrrhenianPiracy, "only Julia Gonzaga has a piracy", rule);
            if (!VpPossible(e.Kind, e.Vp, r))
                throw new InvalidState(at + ".vp", e.Vp, "not a VP this kind of bonus can give", e.Kind == "copernicus" ? "HIS-RULING-5" : rule);
        }

        static readonly string[] NewWorldPowers = { "england", "france", "habsburgs" };   // HIS-RULING-6 `published`

        /// <summary>One entry against who may earn it, IllegalAction (HIS-BONUS-1, -2, -3, -4, -6, -9, HIS-RULING-6).</summary>
        static void CheckEntryEarner(Bonus e, Rulings r)
        {
            bool any = r.BonusEarners == "any";
            switch (e.Kind)
            {
                case "burned_debater":   // HIS-BONUS-1: a Protestant debater, burned by the Papacy
                    if (e.Debater != "protestant") throw new IllegalAction("HIS-BONUS-1", "a Papal debater cannot be burned");
                    if (e.Power != "papacy") throw new IllegalAction("HIS-BONUS-1", "only the Papacy burns debaters");
                    break;
                case "disgraced_debater":   // HIS-BONUS-2: a Papal debater, disgraced by the Protestants
                    if (e.Debater != "papal") throw new IllegalAction("HIS-BONUS-2", "a Protestant debater cannot be disgraced");
                    if (e.Power != "protestants") throw new IllegalAction("HIS-BONUS-2", "only the Protestants disgrace debaters");
                    break;
                case "exploration":
                case "conquest":   // HIS-BONUS-3, -4, HIS-RULING-6
                    if (!any && System.Array.IndexOf(NewWorldPowers, e.Power) < 0)
                        throw new IllegalAction(KindRule(e.Kind), "only England, France and the Habsburgs sail to the New World");
                    break;
                case "julia_gonzaga":   // HIS-BONUS-6: the piracy is Ottoman, and must have happened
                    if (e.Power != "ottomans") throw new IllegalAction("HIS-BONUS-6", "only the Ottomans earn Julia Gonzaga");
                    if (e.TyrrhenianPiracy != true) throw new IllegalAction("HIS-BONUS-6", "no Tyrrhenian piracy, no bonus");
                    break;
                case "bible_translation":   // HIS-BONUS-9, HIS-RULING-6
                    if (!any && e.Power != "protestants")
                        throw new IllegalAction("HIS-BONUS-9", "only the Protestants translate the Bible");
                    break;
            }
        }

        /// <summary>
        /// Every bonus of the game (spec, Order of checks, "bonuses"): first every entry's possible values
        /// (InvalidState), then entry by entry who may earn it (IllegalAction), then single cards once, card by
        /// card in the order Copernicus, Servetus, Julia Gonzaga whatever the entries' order (HIS-BONUS-5, -6),
        /// then each language once, entry by entry (HIS-BONUS-9).
        /// </summary>
        public static void CheckBonuses(List<Bonus> bonuses, Rulings r)
        {
            for (int i = 0; i < bonuses.Count; i++) CheckEntryValues("bonuses[" + i + "]", bonuses[i], r);
            foreach (var e in bonuses) CheckEntryEarner(e, r);
            foreach (var card in new[] { "copernicus", "servetus", "julia_gonzaga" })
            {
                if (bonuses.Count(e => e.Kind == card) > 1)
                    throw new IllegalAction(KindRule(card), "a single card is earned at most once a game");
            }
            var languages = new HashSet<string>();
            foreach (var e in bonuses)
            {
                if (e.Kind == "bible_translation" && !languages.Add(e.Language))
                    throw new IllegalAction("HIS-BONUS-9", "each language counts once in the game");
            }
        }

        // ------------------------------------------------------------------ scoring

        /// <summary>HIS-SPECIAL-7: how many thresholds are at most the marker's position.</summary>
        static int ThresholdsPassed(BigInteger n)
        {
            int s = 0;
            foreach (int t in Thresholds) if (t <= n) s++;
            return s;
        }

        /// <summary>HIS-SPECIAL-9: the power's own lines, in order, zero lines shown.</summary>
        static List<ScoreLine> SpecialLines(string power, Board b, Rulings r)
        {
            var lines = new List<ScoreLine>();
            switch (power)
            {
                case "ottomans":   // HIS-SPECIAL-1
                    lines.Add(new ScoreLine("piracy", b.PiracyVp));
                    break;
                case "habsburgs":   // HIS-SPECIAL-2: nothing until the Schmalkaldic League
                    lines.Add(new ScoreLine("electorates",
                        b.SchmalkaldicLeague ? b.HabsburgElectorates - b.HabsburgElectoratesInUnrest : BigInteger.Zero));
                    break;
                case "england":   // HIS-SPECIAL-3 (5 for Edward, else 2 for Elizabeth), HIS-SPECIAL-4 (halved, down)
                    lines.Add(new ScoreLine("heir", b.EdwardViBorn ? 5 : b.ElizabethIBorn ? 2 : 0));
                    lines.Add(new ScoreLine("english_protestant_spaces", BigInteger.Divide(b.EnglishSpacesProtestant, 2)));
                    break;
                case "france":   // HIS-SPECIAL-5
                    lines.Add(new ScoreLine("chateaux", b.Chateaux));
                    break;
                case "papacy":   // HIS-SPECIAL-6, HIS-SPECIAL-7 (purple: 15 - s)
                    lines.Add(new ScoreLine("st_peters", b.StPeters));
                    lines.Add(new ScoreLine("protestant_spaces", 15 - ThresholdsPassed(MarkerPosition(b, r))));
                    break;
                case "protestants":   // HIS-SPECIAL-7 (brown: s)
                    lines.Add(new ScoreLine("protestant_spaces", ThresholdsPassed(MarkerPosition(b, r))));
                    break;
            }
            return lines;
        }

        /// <summary>HIS-BONUS-10: one line per kind the power earned, in kind order, with the kind's sum.</summary>
        static List<ScoreLine> BonusLines(string power, IEnumerable<Bonus> bonuses)
        {
            var lines = new List<ScoreLine>();
            var mine = bonuses.Where(e => e.Power == power).ToList();
            foreach (string kind in Kinds)
            {
                var ofKind = mine.Where(e => e.Kind == kind).ToList();
                if (ofKind.Count == 0) continue;
                BigInteger sum = 0;
                foreach (var e in ofKind) sum += e.Vp;
                lines.Add(new ScoreLine(kind, sum));
            }
            return lines;
        }

        static BigInteger Sum(List<ScoreLine> lines)
        {
            BigInteger s = 0;
            foreach (var l in lines) s += l.Vp;
            return s;
        }

        static PowerScore Sheet(string power, BigInteger baseVp, Board b, List<Bonus> bonuses, Rulings r)
        {
            // HIS-VP-1: base + special + bonus.
            var special = SpecialLines(power, b, r);
            var bonus = BonusLines(power, bonuses);
            return new PowerScore { Power = power, Base = baseVp, Special = special, Bonus = bonus, Total = baseVp + Sum(special) + Sum(bonus) };
        }

        /// <summary>special_vp: one power's special VP (HIS-SPECIAL-1 to -9). Checks: rulings, power, the whole board.</summary>
        public static VpLines SpecialVp(SpecialVpRequest q, Rulings r)
        {
            CheckRulings(r);
            CheckPower("power", q.Power);
            CheckBoard(q.Board, r);
            var lines = SpecialLines(q.Power, q.Board, r);
            return new VpLines { Power = q.Power, Lines = lines, Total = Sum(lines) };
        }

        /// <summary>bonus_vp: one power's bonus VP (HIS-BONUS-1 to -10). Checks: rulings, power, every bonus.</summary>
        public static VpLines BonusVp(BonusVpRequest q, Rulings r)
        {
            CheckRulings(r);
            CheckPower("power", q.Power);
            CheckBonuses(q.Bonuses, r);
            var lines = BonusLines(q.Power, q.Bonuses);
            return new VpLines { Power = q.Power, Lines = lines, Total = Sum(lines) };
        }

        /// <summary>score_power: one score sheet (HIS-VP-1). Checks (HIS-VP-3): rulings, power, base_vp, board, bonuses.</summary>
        public static PowerScore ScorePower(ScoreRequest q, Rulings r)
        {
            CheckRulings(r);
            CheckPower("power", q.Power);
            if (q.BaseVp < 0) throw new InvalidState("base_vp", q.BaseVp, "base VP are 0 or more", "HIS-VP-2");
            CheckBoard(q.Board, r);
            CheckBonuses(q.Bonuses, r);
            return Sheet(q.Power, q.BaseVp, q.Board, q.Bonuses, r);
        }

        // ------------------------------------------------------------------ the phase

        /// <summary>HIS-WIN-9: one record per completed turn, turns 1 to turn - 1 in order, six totals of 0 or more.</summary>
        static void CheckHistory(BigInteger turn, List<TurnRecord> history)
        {
            if (history.Count != turn - 1)
                throw new InvalidState("history", history.Count, "one record per completed turn: " + (turn - 1), "HIS-WIN-9");
            for (int i = 0; i < history.Count; i++)
            {
                if (history[i].Turn != i + 1)
                    throw new InvalidState("history[" + i + "].turn", history[i].Turn, "the records are turns 1, 2, ... in order", "HIS-WIN-9");
                CheckSix("history[" + i + "].totals", history[i].Totals, "vp", "HIS-WIN-9");
            }
        }

        static List<string> Names(IEnumerable<int> idx) { return idx.OrderBy(i => i).Select(i => Powers[i]).ToList(); }

        static List<int> Leaders(BigInteger[] totals)
        {
            BigInteger max = totals.Max();
            return Enumerable.Range(0, 6).Where(i => totals[i] == max).ToList();
        }

        /// <summary>
        /// HIS-WIN-3: back through the history from the previous turn; at each turn the tied powers with fewer VP
        /// drop out. Returns the powers left and the turn that left one (null when none did, HIS-WIN-4).
        /// </summary>
        static List<int> BreakTie(List<int> tied, BigInteger turn, List<BigInteger[]> history, out BigInteger? brokenAt)
        {
            brokenAt = null;
            var left = new List<int>(tied);
            for (int t = (int)turn - 1; t >= 1 && left.Count > 1; t--)
            {
                var vp = history[t - 1];
                BigInteger best = left.Select(i => vp[i]).Max();
                left = left.Where(i => vp[i] == best).ToList();
                if (left.Count == 1) brokenAt = t;
            }
            return left;
        }

        static Outcome Over(string victory, string winner, List<string> tied, BigInteger? brokenAt)
        {
            return new Outcome { Victory = victory, Winner = winner, Tied = tied, TieBrokenAtTurn = brokenAt, GameOver = true, NextTurn = null };
        }

        /// <summary>HIS-WIN-7 with HIS-RULING-4: the time limit at the end of turn 9.</summary>
        static Outcome TimeLimit(BigInteger[] totals, BigInteger turn, List<BigInteger[]> history, Rulings r)
        {
            var leaders = Leaders(totals);
            if (leaders.Count == 1) return Over("time_limit", Powers[leaders[0]], new List<string>(), null);
            if (r.TimeLimitTie == "shared") return Over("time_limit", null, Names(leaders), null);
            BigInteger? at;
            var left = BreakTie(leaders, turn, history, out at);
            if (left.Count == 1) return Over("time_limit", Powers[left[0]], new List<string>(), at);
            return Over("time_limit", null, Names(left), null);   // HIS-WIN-4: shared, the game cannot go on
        }

        /// <summary>HIS-WIN-5, HIS-RULING-1, HIS-RULING-2: the power that dominates, or -1.</summary>
        static int Dominator(BigInteger[] totals, BigInteger turn, Rulings r)
        {
            if (turn < r.DominationFirstTurn) return -1;
            for (int i = 0; i < 6; i++)
            {
                bool ahead = true;
                for (int j = 0; j < 6; j++)
                    if (j != i && totals[i] - totals[j] < r.DominationMargin) { ahead = false; break; }
                if (ahead) return i;
            }
            return -1;
        }

        /// <summary>HIS-WIN-1: standard victory, domination, the time limit, else the turn marker advances.</summary>
        static Outcome Decide(BigInteger[] totals, BigInteger turn, List<BigInteger[]> history, Rulings r)
        {
            // HIS-WIN-2: 25 VP or more, the most VP wins; HIS-WIN-3, -4 on a tie; HIS-RULING-8: these totals decide.
            if (totals.Any(v => v >= 25))
            {
                var leaders = Leaders(totals);
                if (leaders.Count == 1) return Over("standard", Powers[leaders[0]], new List<string>(), null);
                BigInteger? at;
                var left = BreakTie(leaders, turn, history, out at);
                if (left.Count == 1) return Over("standard", Powers[left[0]], new List<string>(), at);
                // HIS-RULING-3
                if (r.UnbrokenTie == "shared") return Over("standard", null, Names(left), null);
                if (turn == 9) return TimeLimit(totals, turn, history, r);
                return new Outcome { Victory = "none", Winner = null, Tied = Names(left), TieBrokenAtTurn = null, GameOver = false, NextTurn = turn + 1 };
            }
            // HIS-WIN-5: domination.
            int d = Dominator(totals, turn, r);
            if (d >= 0) return Over("domination", Powers[d], new List<string>(), null);
            // HIS-WIN-7: the time limit.
            if (turn == 9) return TimeLimit(totals, turn, history, r);
            // HIS-WIN-8: the turn marker advances.
            return new Outcome { Victory = "none", Winner = null, Tied = new List<string>(), TieBrokenAtTurn = null, GameOver = false, NextTurn = turn + 1 };
        }

        static List<BigInteger[]> HistoryByPower(List<TurnRecord> history)
        {
            return history.Select(h => ByPower(h.Totals)).ToList();
        }

        /// <summary>determine_victory (HIS-WIN-1 to -10). Checks: rulings, turn, totals, history.</summary>
        public static Outcome DetermineVictory(VictoryRequest q, Rulings r)
        {
            CheckRulings(r);
            CheckTurn(q.Turn);
            CheckSix("totals", q.Totals, "vp", "HIS-VP-1");
            CheckHistory(q.Turn, q.History);
            return Decide(ByPower(q.Totals), q.Turn, HistoryByPower(q.History), r);
        }

        /// <summary>The checks of the whole phase, in order: turn, cards, board, bonuses, history (the play is the caller's).</summary>
        static void CheckPhase(PhaseRequest q, Rulings r)
        {
            CheckRulings(r);
            CheckTurn(q.Turn);
            CheckSix("cards", q.Cards, "base_vp", "HIS-VP-2");
            CheckBoard(q.Board, r);
            CheckBonuses(q.Bonuses, r);
            CheckHistory(q.Turn, q.History);
        }

        /// <summary>
        /// HIS-PLAY-1: the play, in order: its possible values as a bonus entry (play.*); who may earn it, as for
        /// any entry; a kind other than the two cards; a card already earned (HIS-BONUS-5). Whether it stops a
        /// domination is the caller's.
        /// </summary>
        static void CheckPlay(PhaseRequest q, Rulings r)
        {
            CheckEntryValues("play", q.Play, r);
            CheckEntryEarner(q.Play, r);
            if (q.Play.Kind != "copernicus" && q.Play.Kind != "servetus")
                throw new IllegalAction("HIS-PLAY-1", "only Copernicus or Michael Servetus can be played in this phase");
            if (q.Bonuses.Any(e => e.Kind == q.Play.Kind))
                throw new IllegalAction("HIS-BONUS-5", "a single card is earned at most once a game");
        }

        static List<PowerScore> Sheets(PhaseRequest q, List<Bonus> bonuses, Rulings r)
        {
            var baseVp = ByPower(q.Cards);
            return Enumerable.Range(0, 6).Select(i => Sheet(Powers[i], baseVp[i], q.Board, bonuses, r)).ToList();
        }

        static BigInteger[] Totals(List<PowerScore> sheets) { return sheets.Select(s => s.Total).ToArray(); }

        /// <summary>HIS-PLAY-1: allowed exactly when before is a domination by another power and after is no domination.</summary>
        static PlayVerdict Judge(PhaseRequest q, Rulings r, out List<PowerScore> afterSheets)
        {
            var history = HistoryByPower(q.History);
            var before = Decide(Totals(Sheets(q, q.Bonuses, r)), q.Turn, history, r);
            var withPlay = new List<Bonus>(q.Bonuses) { q.Play };
            afterSheets = Sheets(q, withPlay, r);
            var after = Decide(Totals(afterSheets), q.Turn, history, r);
            bool allowed = before.Victory == "domination" && before.Winner != q.Play.Power && after.Victory != "domination";
            return new PlayVerdict { Allowed = allowed, Before = before, After = after };
        }

        /// <summary>may_play_copernicus_or_servetus (HIS-PLAY-1, HIS-PLAY-2).</summary>
        public static PlayVerdict MayPlay(PhaseRequest q, Rulings r)
        {
            CheckPhase(q, r);
            if (q.Play == null) throw new InvalidState("play", null, "the play to judge is missing", "HIS-PLAY-1");
            CheckPlay(q, r);
            List<PowerScore> ignored;
            return Judge(q, r, out ignored);
        }

        /// <summary>run_phase: six score sheets, the outcome (after an allowed play, HIS-PLAY-2), the new history (HIS-WIN-9).</summary>
        public static PhaseResult RunPhase(PhaseRequest q, Rulings r)
        {
            CheckPhase(q, r);
            List<PowerScore> sheets;
            Outcome outcome;
            if (q.Play != null)
            {
                CheckPlay(q, r);
                var verdict = Judge(q, r, out sheets);
                if (!verdict.Allowed)
                    throw new IllegalAction("HIS-PLAY-1", "the play keeps no other power from a domination victory");
                outcome = verdict.After;
            }
            else
            {
                sheets = Sheets(q, q.Bonuses, r);
                outcome = Decide(Totals(sheets), q.Turn, HistoryByPower(q.History), r);
            }
            var newHistory = q.History.Select(h => Record(h.Turn, ByPower(h.Totals))).ToList();
            newHistory.Add(Record(q.Turn, Totals(sheets)));
            return new PhaseResult { Scores = sheets, Outcome = outcome, History = newHistory };
        }

        static TurnRecord Record(BigInteger turn, BigInteger[] byPower)
        {
            var rec = new TurnRecord { Turn = turn };
            for (int i = 0; i < 6; i++) rec.Totals.Add(new PowerValue { Power = Powers[i], Value = byPower[i] });
            return rec;
        }
    }
}
