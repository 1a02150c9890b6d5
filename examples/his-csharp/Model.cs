// The types of the Victory Determination Phase of Here I Stand, shaped like the wire's requests and results
// (conformance/schema/his/*.schema.json). Every count is a BigInteger: the wire carries whole numbers of any
// size and a value is never clamped (spec, Conventions).
using System.Collections.Generic;
using System.Numerics;

namespace HisCsharp
{
    /// <summary>Every ruling field (spec, Rulings: HIS-RULING-1 to HIS-RULING-9).</summary>
    public sealed class Rulings
    {
        public BigInteger DominationFirstTurn = 4;       // HIS-RULING-1: 4 | 5 (any turn 1 to 9 as a house rule)
        public BigInteger DominationMargin = 5;          // HIS-RULING-2: 5 | 8 (any margin of 1 or more)
        public string UnbrokenTie = "shared";            // HIS-RULING-3: shared | play_on
        public string TimeLimitTie = "history";          // HIS-RULING-4: history | shared
        public string CopernicusVp = "seed";             // HIS-RULING-5: seed | marker
        public string BonusEarners = "published";        // HIS-RULING-6: published | any
        public string TrackLimits = "published";         // HIS-RULING-7: published | open
        public string SpacesInUnrest = "excluded";       // HIS-RULING-9: excluded | counted
    }

    /// <summary>The tracks and facts special VP read (HIS-SPECIAL-1 to HIS-SPECIAL-8).</summary>
    public sealed class Board
    {
        public BigInteger PiracyVp;
        public bool SchmalkaldicLeague;
        public BigInteger HabsburgElectorates;
        public BigInteger HabsburgElectoratesInUnrest;
        public bool EdwardViBorn;
        public bool ElizabethIBorn;
        public BigInteger EnglishSpacesProtestant;
        public BigInteger Chateaux;
        public BigInteger StPeters;
        public BigInteger ProtestantSpaces;
        public BigInteger ProtestantSpacesInUnrest;
    }

    /// <summary>One bonus earned so far in the game (HIS-BONUS-1 to HIS-BONUS-9). A detail is present when not null.</summary>
    public sealed class Bonus
    {
        public string Kind;
        public string Power;
        public BigInteger Vp;
        public string Debater;
        public string Language;
        public bool? TyrrhenianPiracy;
    }

    /// <summary>One power's number: a PowerVp (<c>vp</c>) or a PowerCard (<c>base_vp</c>).</summary>
    public sealed class PowerValue
    {
        public string Power;
        public BigInteger Value;
    }

    public sealed class TurnRecord
    {
        public BigInteger Turn;
        public List<PowerValue> Totals = new List<PowerValue>();
    }

    public sealed class SpecialVpRequest { public string Power; public Board Board; }
    public sealed class BonusVpRequest { public string Power; public List<Bonus> Bonuses; }
    public sealed class ScoreRequest { public string Power; public BigInteger BaseVp; public Board Board; public List<Bonus> Bonuses; }
    public sealed class VictoryRequest { public BigInteger Turn; public List<PowerValue> Totals; public List<TurnRecord> History; }

    public sealed class PhaseRequest
    {
        public BigInteger Turn;
        public List<PowerValue> Cards;   // base_vp per power (HIS-VP-2)
        public Board Board;
        public List<Bonus> Bonuses;
        public List<TurnRecord> History;
        public Bonus Play;               // null: no play
    }

    public sealed class ScoreLine
    {
        public string Source;
        public BigInteger Vp;
        public ScoreLine(string source, BigInteger vp) { Source = source; Vp = vp; }
    }

    /// <summary>The result of special_vp and of bonus_vp.</summary>
    public sealed class VpLines
    {
        public string Power;
        public List<ScoreLine> Lines = new List<ScoreLine>();
        public BigInteger Total;
    }

    public sealed class PowerScore
    {
        public string Power;
        public BigInteger Base;
        public List<ScoreLine> Special;
        public List<ScoreLine> Bonus;
        public BigInteger Total;
    }

    /// <summary>What the phase decides (HIS-WIN-1).</summary>
    public sealed class Outcome
    {
        public string Victory = "none";               // domination | none | standard | time_limit
        public string Winner;                         // null: nobody, or a tie not broken
        public List<string> Tied = new List<string>();
        public BigInteger? TieBrokenAtTurn;
        public bool GameOver;
        public BigInteger? NextTurn;
    }

    public sealed class PlayVerdict { public bool Allowed; public Outcome Before; public Outcome After; }

    public sealed class PhaseResult
    {
        public List<PowerScore> Scores;
        public Outcome Outcome;
        public List<TurnRecord> History;
    }

    /// <summary>A refusal by the rules: InvalidState (a field) or IllegalAction (a rule).</summary>
    public abstract class Refusal : System.Exception
    {
        public readonly string Reason;
        protected Refusal(string reason) : base(reason) { Reason = reason; }
    }

    public sealed class InvalidState : Refusal
    {
        public readonly string Field;
        public readonly object Value;
        public readonly string Rule;
        public InvalidState(string field, object value, string reason, string rule = null) : base(reason)
        {
            Field = field; Value = value; Rule = rule;
        }
    }

    public sealed class IllegalAction : Refusal
    {
        public readonly string Rule;
        public IllegalAction(string rule, string reason) : base(reason) { Rule = rule; }
    }
}
