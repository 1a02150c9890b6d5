'use strict';
// Here I Stand — the Victory Determination Phase (game key `his`).
//
// Written clean-room from spec/here-i-stand.md alone. Every function is pure:
// (request, rulings) -> result, or it throws a Refusal (InvalidState / IllegalAction).
// Clause IDs (HIS-...) are cited where a rule is applied.

// ---------------------------------------------------------------------------
// Refusals
// ---------------------------------------------------------------------------

class Refusal extends Error {
  constructor(error) {
    super(error.reason);
    this.error = error;
  }
}

function invalid(field, value, reason, rule) {
  const error = { kind: 'InvalidState', field, value: value === undefined ? null : value, reason };
  if (rule) error.rule = rule;
  return new Refusal(error);
}

function illegal(rule, reason) {
  return new Refusal({ kind: 'IllegalAction', rule, reason });
}

// ---------------------------------------------------------------------------
// Powers (HIS-POWER-1)
// ---------------------------------------------------------------------------

// The order of impulses; every result lists powers in this order.
const POWERS = ['ottomans', 'habsburgs', 'england', 'france', 'papacy', 'protestants'];

function checkPower(field, value) {
  if (typeof value !== 'string' || !POWERS.includes(value)) {
    throw invalid(field, value, 'not one of the six powers', 'HIS-POWER-1');
  }
}

function checkInt(field, value, min, max, rule) {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw invalid(field, value, 'not a whole number', rule);
  }
  if (value < min || (max !== undefined && max !== null && value > max)) {
    const range = max === undefined || max === null ? `at least ${min}` : `${min} to ${max}`;
    throw invalid(field, value, `must be ${range}`, rule);
  }
}

// A list that must name each of the six powers exactly once (cards, totals,
// history entries). `valueKey` is the per-power number, checked as ≥ 0.
// Returns a map power -> number. (HIS-POWER-1, Conventions)
function checkSixPowers(field, list, valueKey, rule) {
  if (!Array.isArray(list)) throw invalid(field, list, 'not a list');
  // HIS-POWER-1: entry by entry an unknown then a repeated power; then a missing one; then the values.
  const seen = new Map();
  list.forEach((entry, i) => {
    const at = `${field}[${i}]`;
    if (entry === null || typeof entry !== 'object') throw invalid(at, entry, 'not an object');
    checkPower(`${at}.power`, entry.power);
    if (seen.has(entry.power)) {
      throw invalid(`${at}.power`, entry.power, 'power named twice', 'HIS-POWER-1');
    }
    seen.set(entry.power, entry[valueKey]);
  });
  for (const p of POWERS) {
    if (!seen.has(p)) throw invalid(field, p, 'power missing', 'HIS-POWER-1');
  }
  list.forEach((entry, i) => checkInt(`${field}[${i}].${valueKey}`, entry[valueKey], 0, null, rule));
  return seen;
}

// ---------------------------------------------------------------------------
// Rulings (HIS-RULING-1 .. HIS-RULING-7)
// ---------------------------------------------------------------------------

const RULING_ENUMS = {
  unbroken_tie: ['shared', 'play_on'],
  time_limit_tie: ['history', 'shared'],
  copernicus_vp: ['seed', 'marker'],
  bonus_earners: ['published', 'any'],
  track_limits: ['published', 'open'],
  spaces_in_unrest: ['excluded', 'counted'],
};
const RULING_DEFAULTS = {
  domination_first_turn: 4,
  domination_margin: 5,
  unbroken_tie: 'shared',
  time_limit_tie: 'history',
  copernicus_vp: 'seed',
  bonus_earners: 'published',
  track_limits: 'published',
  spaces_in_unrest: 'excluded',
};

// The harness always sends every ruling; defaults only fill a gap.
function readRulings(raw) {
  const r = Object.assign({}, RULING_DEFAULTS, raw || {});
  for (const [key, values] of Object.entries(RULING_ENUMS)) {
    if (!values.includes(r[key])) throw invalid(`rulings.${key}`, r[key], `one of ${values.join(', ')}`);
  }
  // Every operation checks the domination rulings, whether it uses them or not (HIS-RULING-2).
  // HIS-RULING-1: any turn of the game, 1 to 9.
  checkInt('rulings.domination_first_turn', r.domination_first_turn, 1, 9, 'HIS-RULING-1');
  // HIS-RULING-2: any margin of 1 VP or more.
  checkInt('rulings.domination_margin', r.domination_margin, 1, null, 'HIS-RULING-2');
  return r;
}

// ---------------------------------------------------------------------------
// The board and special VP (HIS-SPECIAL-1 .. HIS-SPECIAL-9)
// ---------------------------------------------------------------------------

const ELECTORATES = 6; // the map's six electorates (HIS-SPECIAL-2, holds under every ruling)
const TRACK_TOP = 49; // the Protestant spaces track, 0 to 49 (HIS-SPECIAL-8)
// HIS-RULING-7 `published` sizes.
const PUBLISHED = { piracy_vp: 10, english_spaces_protestant: 12, chateaux: 6, st_peters: 5 };

function checkBool(field, value) {
  if (typeof value !== 'boolean') throw invalid(field, value, 'not true or false');
}

// Checks every field of the board, in the schema's order (guess G3: the whole
// board is checked whatever power is asked about).
function checkBoard(board, rulings) {
  if (board === null || typeof board !== 'object') throw invalid('board', board, 'not an object');
  const limit = (key) => (rulings.track_limits === 'published' ? PUBLISHED[key] : null);
  checkInt('board.piracy_vp', board.piracy_vp, 0, limit('piracy_vp'), 'HIS-SPECIAL-1');
  checkBool('board.schmalkaldic_league', board.schmalkaldic_league);
  checkInt('board.habsburg_electorates', board.habsburg_electorates, 0, ELECTORATES, 'HIS-SPECIAL-2');
  checkInt('board.habsburg_electorates_in_unrest', board.habsburg_electorates_in_unrest, 0,
    board.habsburg_electorates, 'HIS-SPECIAL-2');
  checkBool('board.edward_vi_born', board.edward_vi_born);
  checkBool('board.elizabeth_i_born', board.elizabeth_i_born);
  checkInt('board.english_spaces_protestant', board.english_spaces_protestant, 0,
    limit('english_spaces_protestant'), 'HIS-SPECIAL-4');
  checkInt('board.chateaux', board.chateaux, 0, limit('chateaux'), 'HIS-SPECIAL-5');
  checkInt('board.st_peters', board.st_peters, 0, limit('st_peters'), 'HIS-SPECIAL-6');
  checkInt('board.protestant_spaces', board.protestant_spaces, 0, null, 'HIS-SPECIAL-8');
  checkInt('board.protestant_spaces_in_unrest', board.protestant_spaces_in_unrest, 0,
    board.protestant_spaces, 'HIS-SPECIAL-8');
  // HIS-SPECIAL-8: a marker on 50 or more is a religious victory, before this phase.
  const marker = protestantMarker(board, rulings);
  if (marker > TRACK_TOP) {
    throw invalid('board.protestant_spaces', board.protestant_spaces,
      `marker on ${marker}: a religious victory ends the game before this phase`, 'HIS-SPECIAL-8');
  }
}

// HIS-SPECIAL-8 with HIS-RULING-9: where the Protestant spaces marker stands. By
// default (`excluded`) spaces in unrest do not move it; under `counted` they do.
function protestantMarker(board, rulings) {
  if (rulings.spaces_in_unrest === 'counted') return board.protestant_spaces;
  return board.protestant_spaces - board.protestant_spaces_in_unrest;
}

// HIS-SPECIAL-7: s = how many thresholds are at most n; Papacy 15 − s, Protestants s.
const PROTESTANT_THRESHOLDS = [4, 7, 10, 14, 17, 20, 24, 27, 30, 34, 37, 40, 44, 47];
function protestantTrack(marker) {
  const s = PROTESTANT_THRESHOLDS.filter((t) => t <= marker).length;
  return { papacy: 15 - s, protestants: s };
}

// The special lines of one power, in the order of HIS-SPECIAL-9, each shown even when 0.
function specialLines(power, board, rulings) {
  const track = () => protestantTrack(protestantMarker(board, rulings));
  switch (power) {
    case 'ottomans':
      return [{ source: 'piracy', vp: board.piracy_vp }]; // HIS-SPECIAL-1
    case 'habsburgs': {
      // HIS-SPECIAL-2: electorates not in unrest, and only after the Schmalkaldic League.
      const vp = board.schmalkaldic_league
        ? board.habsburg_electorates - board.habsburg_electorates_in_unrest : 0;
      return [{ source: 'electorates', vp }];
    }
    case 'england': {
      // HIS-SPECIAL-3: Edward VI 5, else Elizabeth I 2, else 0 (never 7).
      const heir = board.edward_vi_born ? 5 : board.elizabeth_i_born ? 2 : 0;
      // HIS-SPECIAL-4: one per two Protestant home spaces, rounded down.
      const spaces = Math.floor(board.english_spaces_protestant / 2);
      return [{ source: 'heir', vp: heir }, { source: 'english_protestant_spaces', vp: spaces }];
    }
    case 'france':
      return [{ source: 'chateaux', vp: board.chateaux }]; // HIS-SPECIAL-5
    case 'papacy':
      return [
        { source: 'st_peters', vp: board.st_peters }, // HIS-SPECIAL-6
        { source: 'protestant_spaces', vp: track().papacy }, // HIS-SPECIAL-7
      ];
    case 'protestants':
      return [{ source: 'protestant_spaces', vp: track().protestants }]; // HIS-SPECIAL-7
    default:
      throw new Error(`unknown power ${power}`);
  }
}

const sum = (lines) => lines.reduce((acc, l) => acc + l.vp, 0);

// ---------------------------------------------------------------------------
// Bonuses (HIS-BONUS-1 .. HIS-BONUS-10)
// ---------------------------------------------------------------------------

// Kinds in the order of HIS-BONUS-1 to HIS-BONUS-9 (the order of bonus lines, HIS-BONUS-10).
const KINDS = [
  'burned_debater', 'disgraced_debater', 'exploration', 'conquest', 'copernicus', 'servetus',
  'julia_gonzaga', 'war_winner', 'master_of_italy', 'bible_translation',
];
const DETAILS = ['debater', 'language', 'tyrrhenian_piracy'];
// Which detail each kind needs (the others must be absent/null).
const DETAIL_OF = {
  burned_debater: 'debater',
  disgraced_debater: 'debater',
  bible_translation: 'language',
  julia_gonzaga: 'tyrrhenian_piracy',
};
const RULE_OF = {
  burned_debater: 'HIS-BONUS-1',
  disgraced_debater: 'HIS-BONUS-2',
  exploration: 'HIS-BONUS-3',
  conquest: 'HIS-BONUS-4',
  copernicus: 'HIS-BONUS-5',
  servetus: 'HIS-BONUS-5',
  julia_gonzaga: 'HIS-BONUS-6',
  war_winner: 'HIS-BONUS-7',
  master_of_italy: 'HIS-BONUS-8',
  bible_translation: 'HIS-BONUS-9',
};
const LANGUAGES = ['english', 'french', 'german']; // HIS-BONUS-9, HIS-RULING-7 `published`
const VOYAGERS = ['england', 'france', 'habsburgs']; // HIS-RULING-6 `published`
const SINGLE_CARDS = ['copernicus', 'servetus', 'julia_gonzaga']; // at most once a game

// The allowed VP of a kind: [min, max] (max null = no upper bound).
function vpRange(kind, rulings) {
  const open = rulings.track_limits === 'open';
  switch (kind) {
    case 'burned_debater':
    case 'disgraced_debater':
      return open ? [1, null] : [1, 4]; // debater rating (HIS-RULING-7)
    case 'exploration':
    case 'conquest':
      return open ? [1, null] : [1, 3]; // HIS-BONUS-3/-4
    case 'war_winner':
    case 'master_of_italy':
      return open ? [1, null] : [1, 2]; // HIS-BONUS-7/-8
    case 'copernicus':
      // HIS-RULING-5: `seed` 2 only; `marker` 1 or 2.
      return rulings.copernicus_vp === 'seed' ? [2, 2] : [1, 2];
    case 'servetus':
    case 'julia_gonzaga':
    case 'bible_translation':
      return [1, 1]; // HIS-BONUS-5, -6, -9
    default:
      throw new Error(`unknown kind ${kind}`);
  }
}

// The InvalidState checks of one entry: kind, power, details, vp (guess G6).
function checkBonusShape(at, b, rulings) {
  if (b === null || typeof b !== 'object') throw invalid(at, b, 'not an object');
  if (typeof b.kind !== 'string' || !KINDS.includes(b.kind)) {
    throw invalid(`${at}.kind`, b.kind, 'unknown kind of bonus');
  }
  checkPower(`${at}.power`, b.power);
  const needed = DETAIL_OF[b.kind];
  // Field by field, each whole (present or absent, then its value) before the next: the spec's order of an entry.
  for (const d of DETAILS) {
    const v = b[d] === undefined ? null : b[d];
    if (d === needed && v === null) throw invalid(`${at}.${d}`, v, `${b.kind} needs ${d}`, RULE_OF[b.kind]);
    if (d !== needed && v !== null) throw invalid(`${at}.${d}`, v, `${b.kind} has no ${d}`, RULE_OF[b.kind]);
    if (d === needed) checkDetail(at, b, d, rulings);
  }
  const [min, max] = vpRange(b.kind, rulings);
  // HIS-RULING-5 states the values of a Copernicus entry; every other kind's range is its own clause's.
  checkInt(`${at}.vp`, b.vp, min, max, b.kind === 'copernicus' ? 'HIS-RULING-5' : RULE_OF[b.kind]);
}

// The value of an entry's detail: a debater's side, a language, the piracy flag.
function checkDetail(at, b, d, rulings) {
  if (d === 'debater' && !['protestant', 'papal'].includes(b.debater)) {
    throw invalid(`${at}.debater`, b.debater, 'a debater is protestant or papal', RULE_OF[b.kind]);
  }
  if (d === 'language') {
    // An empty string names no language, under `open` too (found by the suite; G11).
    if (typeof b.language !== 'string' || b.language === '') {
      throw invalid(`${at}.language`, b.language, 'names no language', 'HIS-BONUS-9');
    }
    if (rulings.track_limits === 'published' && !LANGUAGES.includes(b.language)) {
      throw invalid(`${at}.language`, b.language, 'English, French or German under published', 'HIS-BONUS-9');
    }
  }
  if (d === 'tyrrhenian_piracy') checkBool(`${at}.tyrrhenian_piracy`, b.tyrrhenian_piracy);
}

// Who may earn an entry, and its debater's side (HIS-BONUS-1 to -4, -6, -9, HIS-RULING-6).
function checkBonusClaim(b, rulings) {
  const rule = RULE_OF[b.kind];
  switch (b.kind) {
    case 'burned_debater': // HIS-BONUS-1
      if (b.power !== 'papacy') throw illegal(rule, 'only the Papacy burns Protestant debaters');
      if (b.debater !== 'protestant') throw illegal(rule, 'a Papal debater cannot be burned');
      break;
    case 'disgraced_debater': // HIS-BONUS-2
      if (b.power !== 'protestants') throw illegal(rule, 'only the Protestants disgrace Papal debaters');
      if (b.debater !== 'papal') throw illegal(rule, 'only a Papal debater can be disgraced');
      break;
    case 'exploration':
    case 'conquest': // HIS-BONUS-3/-4, HIS-RULING-6
      if (rulings.bonus_earners === 'published' && !VOYAGERS.includes(b.power)) {
        throw illegal(rule, 'only England, France and the Habsburgs earn voyage VP');
      }
      break;
    case 'julia_gonzaga': // HIS-BONUS-6
      if (b.power !== 'ottomans') throw illegal(rule, 'the piracy is Ottoman');
      if (b.tyrrhenian_piracy !== true) throw illegal(rule, 'no Tyrrhenian piracy, no bonus');
      break;
    case 'bible_translation': // HIS-BONUS-9, HIS-RULING-6
      if (rulings.bonus_earners === 'published' && b.power !== 'protestants') {
        throw illegal(rule, 'only the Protestants earn Bible translation VP');
      }
      break;
    default:
      break;
  }
}

// HIS-BONUS-5, -6: a single card is earned at most once a game, card by card (Copernicus, Servetus, Julia
// Gonzaga) whatever the order of the entries.
function checkSingleCardsOnce(bonuses) {
  for (const kind of SINGLE_CARDS) {
    if (bonuses.filter((b) => b.kind === kind).length > 1) {
      throw illegal(RULE_OF[kind], `${kind} is a single card, earned at most once`);
    }
  }
}

// HIS-BONUS-9: each language counts once, entry by entry.
function checkLanguagesOnce(bonuses) {
  bonuses.forEach((b, i) => {
    const earlier = bonuses.slice(0, i);
    if (b.kind === 'bible_translation' && earlier.some((e) => e.kind === b.kind && e.language === b.language)) {
      throw illegal(RULE_OF[b.kind], `the ${b.language} Bible counts once`);
    }
  });
}

// Four passes, as the spec orders them: every entry's values, then every claim, then the single cards, then the
// languages.
function checkBonuses(bonuses, rulings) {
  if (!Array.isArray(bonuses)) throw invalid('bonuses', bonuses, 'not a list');
  bonuses.forEach((b, i) => checkBonusShape(`bonuses[${i}]`, b, rulings));
  bonuses.forEach((b) => checkBonusClaim(b, rulings));
  checkSingleCardsOnce(bonuses);
  checkLanguagesOnce(bonuses);
}

// HIS-BONUS-10: one line per kind earned, in kind order, with that kind's sum.
function bonusLines(power, bonuses) {
  const lines = [];
  for (const kind of KINDS) {
    const mine = bonuses.filter((b) => b.power === power && b.kind === kind);
    if (mine.length > 0) lines.push({ source: kind, vp: sum(mine) });
  }
  return lines;
}

// ---------------------------------------------------------------------------
// Victory (HIS-WIN-1 .. HIS-WIN-10, HIS-RULING-1 .. -4)
// ---------------------------------------------------------------------------

const STANDARD_VP = 25; // HIS-WIN-2
const LAST_TURN = 9; // HIS-WIN-10

function checkTurn(turn) {
  checkInt('turn', turn, 1, LAST_TURN, 'HIS-WIN-10');
}

// HIS-WIN-9: one entry per completed turn, turns 1 .. turn−1, six totals each.
// Returns an array of Maps (index t−1 = turn t).
function checkHistory(history, turn) {
  if (!Array.isArray(history) || history.length !== turn - 1) {
    throw invalid('history', Array.isArray(history) ? history.length : history,
      `${turn - 1} completed turns expected`, 'HIS-WIN-9');
  }
  return history.map((rec, i) => {
    const at = `history[${i}]`;
    if (rec === null || typeof rec !== 'object') throw invalid(at, rec, 'not an object');
    if (rec.turn !== i + 1) throw invalid(`${at}.turn`, rec.turn, `turn ${i + 1} expected`, 'HIS-WIN-9');
    return checkSixPowers(`${at}.totals`, rec.totals, 'vp', 'HIS-WIN-9');
  });
}

const inOrder = (powers) => POWERS.filter((p) => powers.includes(p));

function leadersOf(totals) {
  const top = Math.max(...POWERS.map((p) => totals.get(p)));
  return POWERS.filter((p) => totals.get(p) === top);
}

// HIS-WIN-3: back through the history, turn−1 down to 1; at each turn the
// powers still tied with fewer VP drop out. Returns {winner, turn} or {tied}.
function breakTie(tied, history) {
  let left = tied;
  for (let t = history.length; t >= 1 && left.length > 1; t -= 1) {
    const rec = history[t - 1];
    const top = Math.max(...left.map((p) => rec.get(p)));
    left = left.filter((p) => rec.get(p) === top);
    if (left.length === 1) return { winner: left[0], turn: t };
  }
  return { tied: inOrder(left) }; // HIS-WIN-4: those dropped on the way are not listed
}

function outcome(victory, { winner = null, tied = [], tieBrokenAt = null, nextTurn = null } = {}) {
  return {
    victory,
    winner,
    tied,
    tie_broken_at_turn: tieBrokenAt,
    game_over: nextTurn === null,
    next_turn: nextTurn,
  };
}

// The leaders, settled by the history when tied: HIS-WIN-3 then HIS-WIN-4.
function settleByHistory(victory, leaders, history) {
  if (leaders.length === 1) return outcome(victory, { winner: leaders[0] });
  const r = breakTie(leaders, history);
  if (r.winner) return outcome(victory, { winner: r.winner, tieBrokenAt: r.turn });
  return outcome(victory, { tied: r.tied });
}

// HIS-WIN-7, HIS-RULING-4: the end of turn 9.
function timeLimit(leaders, history, rulings) {
  if (leaders.length > 1 && rulings.time_limit_tie === 'shared') {
    return outcome('time_limit', { tied: inOrder(leaders) });
  }
  return settleByHistory('time_limit', leaders, history);
}

// HIS-WIN-5: the power ahead of every other by at least the margin, if any.
function dominator(turn, totals, rulings) {
  if (turn < rulings.domination_first_turn) return null; // HIS-RULING-1
  const leaders = leadersOf(totals);
  if (leaders.length !== 1) return null;
  const lead = leaders[0];
  const ahead = POWERS.every((p) => p === lead
    || totals.get(lead) - totals.get(p) >= rulings.domination_margin); // HIS-RULING-2
  return ahead ? lead : null;
}

// HIS-WIN-1: standard, then domination, then the time limit, else the next turn.
// `totals` is a Map power -> VP, `history` an array of such Maps.
function decide(turn, totals, history, rulings) {
  const leaders = leadersOf(totals);
  const top = totals.get(leaders[0]);
  if (top >= STANDARD_VP) {
    // HIS-WIN-2, HIS-WIN-3, HIS-WIN-4
    const result = settleByHistory('standard', leaders, history);
    if (result.winner !== null || rulings.unbroken_tie === 'shared') return result; // HIS-RULING-3 `shared`
    // HIS-RULING-3 `play_on`: nobody wins; the tie is still reported; no domination
    // is possible since the leaders are level.
    if (turn === LAST_TURN) return timeLimit(leaders, history, rulings);
    return outcome('none', { tied: result.tied, nextTurn: turn + 1 });
  }
  const dom = dominator(turn, totals, rulings);
  if (dom !== null) return outcome('domination', { winner: dom }); // HIS-WIN-5
  if (turn === LAST_TURN) return timeLimit(leaders, history, rulings); // HIS-WIN-7
  return outcome('none', { nextTurn: turn + 1 }); // HIS-WIN-8
}

// ---------------------------------------------------------------------------
// Copernicus and Servetus in mid-phase (HIS-PLAY-1, HIS-PLAY-2)
// ---------------------------------------------------------------------------

// Checks the play against the bonuses already earned; returns it.
function checkPlay(play, bonuses, rulings) {
  if (play === null || play === undefined) throw invalid('play', null, 'no play to judge', 'HIS-PLAY-1');
  if (typeof play !== 'object') throw invalid('play', play, 'not an object');
  checkBonusShape('play', play, rulings);
  checkBonusClaim(play, rulings); // who may earn it, as for any entry (HIS-PLAY-1: first checked as a bonus entry)
  // HIS-PLAY-1: only these two cards can be played this way.
  if (play.kind !== 'copernicus' && play.kind !== 'servetus') {
    throw illegal('HIS-PLAY-1', 'only Copernicus or Michael Servetus can be played in this phase');
  }
  // HIS-BONUS-5: a card already earned cannot be played again.
  checkSingleCardsOnce([...bonuses, play]);
  return play;
}

// ---------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------

function special_vp(req, raw) {
  const rulings = readRulings(raw);
  checkPower('power', req.power);
  checkBoard(req.board, rulings);
  const lines = specialLines(req.power, req.board, rulings);
  return { power: req.power, lines, total: sum(lines) };
}

function bonus_vp(req, raw) {
  const rulings = readRulings(raw);
  checkPower('power', req.power);
  checkBonuses(req.bonuses, rulings);
  const lines = bonusLines(req.power, req.bonuses);
  return { power: req.power, lines, total: sum(lines) };
}

// HIS-VP-1: base + special + bonus.
function scoreSheet(power, base, board, bonuses, rulings) {
  const special = specialLines(power, board, rulings);
  const bonus = bonusLines(power, bonuses);
  return { power, base, special, bonus, total: base + sum(special) + sum(bonus) };
}

function score_power(req, raw) {
  const rulings = readRulings(raw);
  checkPower('power', req.power);
  checkInt('base_vp', req.base_vp, 0, null, 'HIS-VP-2');
  checkBoard(req.board, rulings);
  checkBonuses(req.bonuses, rulings);
  return scoreSheet(req.power, req.base_vp, req.board, req.bonuses, rulings);
}

function determine_victory(req, raw) {
  const rulings = readRulings(raw);
  checkTurn(req.turn);
  const totals = checkSixPowers('totals', req.totals, 'vp', 'HIS-WIN-9');
  const history = checkHistory(req.history, req.turn);
  return decide(req.turn, totals, history, rulings);
}

// The validated phase request: the base VP per power, and the history.
function checkPhase(req, rulings) {
  checkTurn(req.turn);
  const bases = checkSixPowers('cards', req.cards, 'base_vp', 'HIS-VP-2');
  checkBoard(req.board, rulings);
  checkBonuses(req.bonuses, rulings);
  const history = checkHistory(req.history, req.turn);
  return { bases, history };
}

function totalsOf(sheets) {
  return new Map(sheets.map((s) => [s.power, s.total]));
}

function sheetsOf(req, bases, bonuses, rulings) {
  return POWERS.map((p) => scoreSheet(p, bases.get(p), req.board, bonuses, rulings));
}

// HIS-PLAY-1: allowed exactly when, before, another power wins by domination,
// and after (the player's bonus raised by the card's VP) nobody does.
function judgePlay(req, bases, history, play, rulings) {
  const before = decide(req.turn, totalsOf(sheetsOf(req, bases, req.bonuses, rulings)), history, rulings);
  const afterSheets = sheetsOf(req, bases, req.bonuses.concat([play]), rulings);
  const after = decide(req.turn, totalsOf(afterSheets), history, rulings);
  const allowed = before.victory === 'domination' && before.winner !== play.power
    && after.victory !== 'domination';
  return { allowed, before, after, afterSheets };
}

function may_play_copernicus_or_servetus(req, raw) {
  const rulings = readRulings(raw);
  const { bases, history } = checkPhase(req, rulings);
  const play = checkPlay(req.play, req.bonuses, rulings);
  const { allowed, before, after } = judgePlay(req, bases, history, play, rulings);
  return { allowed, before, after };
}

const historyRecord = (turn, totals) => ({
  turn,
  totals: POWERS.map((p) => ({ power: p, vp: totals.get(p) })),
});

function run_phase(req, raw) {
  const rulings = readRulings(raw);
  const { bases, history } = checkPhase(req, rulings);
  let sheets;
  let result;
  if (req.play === null || req.play === undefined) {
    sheets = sheetsOf(req, bases, req.bonuses, rulings);
    result = decide(req.turn, totalsOf(sheets), history, rulings);
  } else {
    // HIS-PLAY-2: an allowed play is scored as the player's bonus; otherwise refused.
    const play = checkPlay(req.play, req.bonuses, rulings);
    const judged = judgePlay(req, bases, history, play, rulings);
    if (!judged.allowed) {
      throw illegal('HIS-PLAY-1', 'the play keeps no other power from a domination victory');
    }
    sheets = judged.afterSheets;
    result = judged.after;
  }
  // HIS-WIN-9: the history with this turn's totals appended, powers in order.
  const newHistory = history.map((h, i) => historyRecord(i + 1, h));
  newHistory.push(historyRecord(req.turn, totalsOf(sheets)));
  return { scores: sheets, outcome: result, history: newHistory };
}

const OPERATIONS = {
  bonus_vp,
  determine_victory,
  may_play_copernicus_or_servetus,
  run_phase,
  score_power,
  special_vp,
};

module.exports = { OPERATIONS, Refusal, POWERS, protestantMarker, protestantTrack };
