'use strict';
// Imperium: Classics — the rules of spec/imperium-classics.md, as pure functions.
//
// Written clean-room from the spec alone. Every function names the clause IDs it implements.
// Each operation takes (request, rulings) and returns a plain result object, or throws a Refusal
// (InvalidState naming a JSON path into the request, or IllegalAction naming a clause/ruling).

const TOKEN_TYPES = ['coins', 'military', 'influence', 'resources', 'progress'];
const COST_TYPES = ['coins', 'military', 'influence'];
// A player's places, in the order IMP-STATE-1 walks them.
const ZONES = ['hand', 'play_area', 'draw_pile', 'discard_pile', 'history'];
const PLACES = [...ZONES, 'nation_deck'];

// ---------------------------------------------------------------------------------------------
// Refusals (Conventions, "Errors")

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

// ---------------------------------------------------------------------------------------------
// Normalising input: fill in the schema's defaults so the rules never see a missing field.

function card(c) {
  return {
    name: c.name,
    suit: c.suit === undefined ? 'basic' : c.suit,
    barbarian: c.barbarian === undefined ? false : c.barbarian,
    exhaust: c.exhaust === undefined ? 'none' : c.exhaust,
  };
}

function tokens(t, types = TOKEN_TYPES) {
  const out = {};
  for (const k of types) out[k] = t && t[k] !== undefined ? t[k] : 0;
  return out;
}

function player(p) {
  const out = {
    name: p.name,
    nation_side: p.nation_side,
    action_markers: p.action_markers,
    markers_on_nation_card: p.markers_on_nation_card,
    exhausted: [...(p.exhausted || [])],
    tokens: tokens(p.tokens),
  };
  for (const z of PLACES) out[z] = (p[z] || []).map(card);
  return out;
}

function slot(s) {
  return {
    card: s.card ? card(s.card) : null,
    coins: s.coins === undefined ? 0 : s.coins,
    actions: s.actions === undefined ? 0 : s.actions,
    influence: s.influence === undefined ? 0 : s.influence,
    unrest: s.unrest ? card(s.unrest) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// State checks (IMP-STATE-1 to IMP-STATE-4)

// IMP-STATE-2: a count is never negative.
function checkCount(value, field) {
  if (!Number.isInteger(value) || value < 0) throw invalid(field, value, 'a count is zero or more', 'IMP-STATE-2');
}

function checkTokens(t, field, types = TOKEN_TYPES) {
  for (const k of types) checkCount(t[k], `${field}.${k}`);
}

// IMP-STATE-1: walks places (each a list of [path, card]) and refuses the second occurrence of a name.
// `seen` carries the names met so far across calls, so the walk can go on over several groups of places.
function checkDistinct(entries, seen) {
  for (const [path, c] of entries) {
    if (seen.has(c.name)) throw invalid(`${path}.name`, c.name, 'a card is in exactly one place', 'IMP-STATE-1');
    seen.add(c.name);
  }
}

function playerEntries(p, prefix) {
  const entries = [];
  for (const z of PLACES) p[z].forEach((c, i) => entries.push([`${prefix}.${z}[${i}]`, c]));
  return entries;
}

// Choices, "Order of checks", a player: tokens; own places among themselves; marker counts;
// each `exhausted` entry (in play, then not repeated); the sum (IMP-STATE-3).
function checkPlayer(p, prefix) {
  checkTokens(p.tokens, `${prefix}.tokens`);
  checkDistinct(playerEntries(p, prefix), new Set());
  checkCount(p.action_markers, `${prefix}.action_markers`);
  checkCount(p.markers_on_nation_card, `${prefix}.markers_on_nation_card`);
  const inPlay = new Set(p.play_area.map((c) => c.name));
  const marked = new Set();
  p.exhausted.forEach((name, i) => {
    if (!inPlay.has(name)) throw invalid(`${prefix}.exhausted[${i}]`, name, 'only a card in play holds an exhaust marker', 'IMP-STATE-3');
    if (marked.has(name)) throw invalid(`${prefix}.exhausted[${i}]`, name, 'a card holds at most one exhaust marker', 'IMP-STATE-3');
    marked.add(name);
  });
  // IMP-STATE-3: the field named is always `exhausted`, even when it is empty.
  if (p.markers_on_nation_card + p.exhausted.length > p.action_markers) {
    throw invalid(`${prefix}.exhausted`, p.exhausted, 'more markers out than owned', 'IMP-STATE-3');
  }
}

// IMP-STATE-4: only unrest cards in the unrest pile (and under market cards).
function checkUnrestSuits(pile, prefix) {
  pile.forEach((c, i) => {
    if (c.suit !== 'unrest') throw invalid(`${prefix}[${i}].suit`, c.suit, 'only unrest cards belong here', 'IMP-STATE-4');
  });
}

// IMP-STATE-4: an empty unrest pile means the game already ended.
function checkUnrestNotEmpty(pile) {
  if (pile.length === 0) throw invalid('unrest_pile', [], 'the unrest pile is empty: the game already ended', 'IMP-STATE-4');
}

function findOwned(p, name) {
  for (const z of PLACES) if (p[z].some((c) => c.name === name)) return z;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Exhaust abilities (IMP-EXHAUST-1 to 4, IMP-PLAY-3)

function useExhaustAbility(req, rulings) {
  const p = player(req.player);
  checkPlayer(p, 'player');
  const name = req.card;
  // IMP-EXHAUST-4: an unknown name is an impossible state; a card not in play, or without an ability, is illegal.
  if (findOwned(p, name) === null) throw invalid('card', name, 'the player does not own this card', 'IMP-EXHAUST-4');
  const c = p.play_area.find((x) => x.name === name);
  if (!c || c.exhaust === 'none') throw illegal('IMP-EXHAUST-4', 'only a card in play with an exhaust ability');
  // IMP-EXHAUST-2
  if (p.exhausted.includes(name)) throw illegal('IMP-EXHAUST-2', 'the card is already exhausted');
  // IMP-EXHAUST-3 (IMP-PLAY-3: the nation side plays no part here)
  if (c.exhaust === 'on_activation' && req.timing !== 'own_activation') {
    throw illegal('IMP-EXHAUST-3', 'usable only while activating on your own turn');
  }
  // IMP-EXHAUST-1
  if (p.markers_on_nation_card === 0) throw illegal('IMP-EXHAUST-1', 'no action marker ready on the nation card');
  p.markers_on_nation_card -= 1;
  p.exhausted.push(name);
  return p;
}

// ---------------------------------------------------------------------------------------------
// Playing cards (IMP-PLAY-1, IMP-PLAY-2)

function playCard(req, rulings) {
  const p = player(req.player);
  checkPlayer(p, 'player');
  const name = req.card;
  if (findOwned(p, name) === null) throw invalid('card', name, 'the player does not own this card', 'IMP-PLAY-1');
  const i = p.hand.findIndex((c) => c.name === name);
  if (i < 0) throw illegal('IMP-PLAY-1', 'only a card in the hand can be played');
  const c = p.hand[i];
  if (c.barbarian && p.nation_side !== 'barbarian') throw illegal('IMP-PLAY-2', 'a red card needs the barbarian side');
  p.hand.splice(i, 1);
  p.play_area.push(c);
  return p;
}

// ---------------------------------------------------------------------------------------------
// Drawing (IMP-DRAW-1 to 5, IMP-RULING-1, 6, 7)

function sameCards(order, pile) {
  if (!Array.isArray(order) || order.length !== pile.length) return false;
  const names = new Set(pile.map((c) => c.name));
  const used = new Set();
  for (const n of order) {
    if (!names.has(n) || used.has(n)) return false;
    used.add(n);
  }
  return true;
}

function draw(req, rulings) {
  const p = player(req.player);
  checkPlayer(p, 'player');
  checkCount(req.count, 'count');
  const orders = req.shuffles || [];
  // IMP-DRAW-5: an `if_able` draw is given no shuffle orders (checked before the hand limit).
  if (req.mode === 'if_able' && orders.length > 0) {
    throw invalid('shuffles', orders, 'a draw if able never shuffles', 'IMP-DRAW-5');
  }
  // IMP-RULING-6: the hand's size plus `count`, before anything is drawn.
  const limit = rulings.hand_limit;
  if (limit !== null && limit !== undefined && p.hand.length + req.count > limit) {
    throw illegal('IMP-RULING-6', 'the draw would exceed the hand limit');
  }
  const drawn = [];
  let runs = 0; // IMP-DRAW-4: runs of the shuffle procedure, even those that moved nothing
  let used = 0; // orders consumed: one per run that found a non-empty discard pile
  for (let n = 0; n < req.count; n++) {
    if (p.draw_pile.length === 0) {
      if (req.mode === 'if_able') break; // IMP-DRAW-5
      runs += 1;
      // IMP-DRAW-3 / IMP-RULING-1: the nation deck's top card moves first.
      if (p.nation_deck.length > 0) {
        const nc = p.nation_deck.shift();
        if (rulings.nation_card_on_shuffle === 'hand') p.hand.push(nc);
        else p.discard_pile.unshift(nc);
      }
      // IMP-DRAW-4: the discard pile becomes the draw pile, in the order given.
      if (p.discard_pile.length > 0) {
        if (used >= orders.length) throw invalid('shuffles', orders, 'too few shuffle orders', 'IMP-DRAW-4');
        const order = orders[used];
        if (!sameCards(order, p.discard_pile)) {
          throw invalid(`shuffles[${used}]`, order, 'not a rearrangement of the discard pile', 'IMP-DRAW-4');
        }
        const byName = new Map(p.discard_pile.map((c) => [c.name, c]));
        p.draw_pile = order.map((nm) => byName.get(nm));
        p.discard_pile = [];
        used += 1;
      }
      // IMP-DRAW-2 / IMP-RULING-7: nothing left to draw after the procedure.
      if (p.draw_pile.length === 0) {
        if (rulings.short_draw === 'refuse') throw illegal('IMP-RULING-7', 'nothing left to draw');
        break;
      }
    }
    // IMP-DRAW-1: the top card to the end of the hand.
    const c = p.draw_pile.shift();
    p.hand.push(c);
    drawn.push(c.name);
  }
  // IMP-DRAW-4: orders left over after the last card.
  if (used < orders.length) throw invalid('shuffles', orders, 'too many shuffle orders', 'IMP-DRAW-4');
  return { player: p, drawn, shuffles: runs };
}

// ---------------------------------------------------------------------------------------------
// The market (IMP-MARKET-1 to 5, IMP-RULING-2, 8, 9)

function getsUnrest(suit, rule) {
  if (rule === 'all') return true;
  if (rule === 'region_only') return suit === 'region';
  return suit !== 'region'; // non_region (default)
}

function acquireMarketCard(req, rulings) {
  const p = player(req.player);
  const market = req.market.map(slot);
  const deck = req.market_deck.map(card);
  const pile = req.unrest_pile.map(card);
  checkPlayer(p, 'player');
  market.forEach((s, i) => {
    checkCount(s.coins, `market[${i}].coins`);
    checkCount(s.actions, `market[${i}].actions`);
    checkCount(s.influence, `market[${i}].influence`);
    if (s.unrest && s.unrest.suit !== 'unrest') {
      throw invalid(`market[${i}].unrest.suit`, s.unrest.suit, 'only unrest cards lie under market cards', 'IMP-STATE-4');
    }
  });
  // IMP-STATE-1 across places: the player's cards, then the market (card before the unrest under it),
  // the market deck, the unrest pile.
  const entries = playerEntries(p, 'player');
  market.forEach((s, i) => {
    if (s.card) entries.push([`market[${i}].card`, s.card]);
    if (s.unrest) entries.push([`market[${i}].unrest`, s.unrest]);
  });
  deck.forEach((c, i) => entries.push([`market_deck[${i}]`, c]));
  pile.forEach((c, i) => entries.push([`unrest_pile[${i}]`, c]));
  checkDistinct(entries, new Set());
  checkUnrestSuits(pile, 'unrest_pile');
  checkUnrestNotEmpty(pile);
  // IMP-MARKET-1
  const at = market.findIndex((s) => s.card && s.card.name === req.card);
  if (at < 0) throw illegal('IMP-MARKET-1', 'only a card in a market slot can be acquired');
  // IMP-RULING-9 (refuse)
  if (deck.length === 0 && rulings.empty_market_deck === 'refuse') {
    throw illegal('IMP-RULING-9', 'the market deck is empty');
  }
  const s = market[at];
  // IMP-MARKET-1 / IMP-RULING-8: the card to the hand (end) or the discard pile (top).
  if (rulings.acquired_card_to === 'discard_pile') p.discard_pile.unshift(s.card);
  else p.hand.push(s.card);
  // IMP-MARKET-2: the tokens on it; an action token is one more marker, ready on the nation card.
  p.tokens.coins += s.coins;
  p.tokens.influence += s.influence;
  p.action_markers += s.actions;
  p.markers_on_nation_card += s.actions;
  // IMP-MARKET-3: the unrest card under it goes to the hand, after the acquired card.
  if (s.unrest) p.hand.push(s.unrest);
  // IMP-MARKET-4: the top of the market deck fills the slot, bare (IMP-RULING-9 leave_empty: stays empty).
  let collapsed = false;
  let collapseCard = null;
  if (deck.length > 0) {
    const replacement = deck.shift();
    const fresh = { card: replacement, coins: 0, actions: 0, influence: 0, unrest: null };
    // IMP-MARKET-5 / IMP-RULING-2: unrest slides under some replacements; emptying the pile collapses.
    if (getsUnrest(replacement.suit, rulings.unrest_under)) {
      fresh.unrest = pile.shift();
      if (pile.length === 0) {
        collapsed = true; // IMP-COLLAPSE-1
        collapseCard = fresh.unrest.name;
      }
    }
    market[at] = fresh;
  } else {
    market[at] = { card: null, coins: 0, actions: 0, influence: 0, unrest: null };
  }
  return { player: p, market, market_deck: deck, unrest_pile: pile, collapsed, collapse_card: collapseCard };
}

// ---------------------------------------------------------------------------------------------
// Paying (IMP-PAY-1 to 5, IMP-RULING-4)

// Units (Paying): a resource is two, every other token one.
function units(t) {
  return t.coins + t.military + t.influence + t.progress + 2 * t.resources;
}

// IMP-PAY-4 (with IMP-PAY-2 and IMP-PAY-3): does the payment cover the cost?
function covers(pay, cost) {
  if (pay.influence < cost.influence) return false;
  if (pay.military + (pay.influence - cost.influence) < cost.military) return false;
  return pay.coins + 2 * pay.resources >= cost.coins;
}

// IMP-RULING-4: a token could be taken away while the payment still covers the cost.
function hasSuperfluous(pay, cost) {
  for (const k of TOKEN_TYPES) {
    if (pay[k] > 0) {
      const less = { ...pay, [k]: pay[k] - 1 };
      if (covers(less, cost)) return true;
    }
  }
  return false;
}

function payCost(req, rulings) {
  const held = tokens(req.tokens);
  const cost = tokens(req.cost, COST_TYPES);
  const pay = tokens(req.payment);
  checkTokens(held, 'tokens');
  checkTokens(cost, 'cost', COST_TYPES);
  checkTokens(pay, 'payment');
  // IMP-PAY-1, before the cover check.
  for (const k of TOKEN_TYPES) {
    if (pay[k] > held[k]) throw illegal('IMP-PAY-1', `hands over more ${k} than held`);
  }
  if (!covers(pay, cost)) throw illegal('IMP-PAY-4', 'the payment does not cover the cost');
  if (rulings.surplus !== 'forfeited' && hasSuperfluous(pay, cost)) {
    throw illegal('IMP-RULING-4', 'the payment hands over a token the cost does not need');
  }
  // IMP-PAY-3: no change: the player holds exactly what they held less the payment.
  const after = {};
  for (const k of TOKEN_TYPES) after[k] = held[k] - pay[k];
  return { tokens: after, surplus: units(pay) - (cost.coins + cost.military + cost.influence) };
}

// IMP-PAY-5: every legal payment with no superfluous token whose surplus is least, by fewest resources,
// then fewest influence. For a given number of resources and influence, the minimal coins and military
// are fixed, so only those two are searched.
function cheapestPayments(req, rulings) {
  const held = tokens(req.tokens);
  const cost = tokens(req.cost, COST_TYPES);
  checkTokens(held, 'tokens');
  checkTokens(cost, 'cost', COST_TYPES);
  const costUnits = cost.coins + cost.military + cost.influence;
  const found = [];
  const maxRes = Math.min(held.resources, Math.ceil(cost.coins / 2));
  const maxInf = Math.min(held.influence, cost.influence + cost.military);
  for (let r = 0; r <= maxRes; r++) {
    for (let inf = 0; inf <= maxInf; inf++) {
      const pay = {
        coins: Math.max(0, cost.coins - 2 * r),
        military: Math.max(0, cost.military - Math.max(0, inf - cost.influence)),
        influence: inf,
        resources: r,
        progress: 0,
      };
      if (pay.coins > held.coins || pay.military > held.military) continue;
      if (!covers(pay, cost) || hasSuperfluous(pay, cost)) continue;
      found.push(pay);
    }
  }
  if (found.length === 0) return { payments: [], surplus: null };
  const least = Math.min(...found.map((pay) => units(pay) - costUnits));
  const payments = found
    .filter((pay) => units(pay) - costUnits === least)
    .sort((a, b) => a.resources - b.resources || a.influence - b.influence);
  return { payments, surplus: least };
}

// ---------------------------------------------------------------------------------------------
// Collapse and the winner (IMP-COLLAPSE-1 to 5, IMP-RULING-3, 5)

// IMP-COLLAPSE-1
function checkCollapse(req, rulings) {
  const pile = req.unrest_pile.map(card);
  checkDistinct(pile.map((c, i) => [`unrest_pile[${i}]`, c]), new Set());
  checkUnrestSuits(pile, 'unrest_pile');
  return { collapsed: pile.length === 0 };
}

function effect(e) {
  return {
    kind: e.kind,
    count: e.count === undefined ? 0 : e.count,
    tokens: e.tokens === undefined || e.tokens === null ? null : tokens(e.tokens),
    zone: e.zone === undefined ? 'discard_pile' : e.zone,
  };
}

// IMP-COLLAPSE-2: an action is a sequence of effects, cut short the moment the unrest pile empties.
function resolveAction(req, rulings) {
  const p = player(req.player);
  const pile = req.unrest_pile.map(card);
  const effects = req.effects.map(effect);
  checkPlayer(p, 'player');
  const entries = playerEntries(p, 'player');
  pile.forEach((c, i) => entries.push([`unrest_pile[${i}]`, c]));
  checkDistinct(entries, new Set());
  checkUnrestSuits(pile, 'unrest_pile');
  checkUnrestNotEmpty(pile);
  effects.forEach((e, i) => {
    checkCount(e.count, `effects[${i}].count`);
    if (e.tokens) checkTokens(e.tokens, `effects[${i}].tokens`);
    const zeroTokens = !e.tokens || TOKEN_TYPES.every((k) => e.tokens[k] === 0);
    if (e.kind === 'take_unrest' && !zeroTokens) {
      throw invalid(`effects[${i}].tokens`, req.effects[i].tokens, 'a take carries no tokens', 'IMP-COLLAPSE-2');
    }
    if (e.kind === 'gain' && e.count !== 0) {
      throw invalid(`effects[${i}].count`, e.count, 'a gain carries no count', 'IMP-COLLAPSE-2');
    }
  });
  let done = 0;
  let collapseCard = null;
  outer: for (const e of effects) {
    if (e.kind === 'gain') {
      for (const k of TOKEN_TYPES) p.tokens[k] += e.tokens ? e.tokens[k] : 0;
    } else {
      for (let n = 0; n < e.count; n++) {
        const c = pile.shift();
        // Conventions, pile order: the hand, play area and history at the end; the piles on top.
        if (e.zone === 'draw_pile' || e.zone === 'discard_pile') p[e.zone].unshift(c);
        else p[e.zone].push(c);
        if (pile.length === 0) {
          collapseCard = c.name;
          // The effect whose last card emptied the pile counts as done; a take cut short does not.
          if (n === e.count - 1) done += 1;
          break outer;
        }
      }
    }
    done += 1;
  }
  return { player: p, unrest_pile: pile, effects_done: done, collapsed: collapseCard !== null, collapse_card: collapseCard };
}

// IMP-COLLAPSE-3 to 5
function determineWinner(req, rulings) {
  if (!req.players || req.players.length === 0) throw invalid('players', [], 'a game has players', 'IMP-COLLAPSE-3');
  const players = req.players.map(player);
  const names = new Set();
  players.forEach((p, i) => {
    checkPlayer(p, `players[${i}]`);
    if (names.has(p.name)) throw invalid(`players[${i}].name`, p.name, 'two players of one name', 'IMP-COLLAPSE-3');
    names.add(p.name);
  });
  const seen = new Set();
  players.forEach((p, i) => checkDistinct(playerEntries(p, `players[${i}]`), seen));
  const scores = req.scores || [];
  if (scores.length !== players.length) throw invalid('scores', scores, 'one score per player', 'IMP-COLLAPSE-4');
  // The unrest each player holds in their five zones (not the nation deck).
  const unrest = players.map((p) => ZONES.reduce((n, z) => n + p[z].filter((c) => c.suit === 'unrest').length, 0));
  const cc = req.collapse_card === undefined ? null : req.collapse_card;
  if (cc !== null) {
    const holder = players.findIndex((p) => ZONES.some((z) => p[z].some((c) => c.name === cc && c.suit === 'unrest')));
    if (holder < 0) throw invalid('collapse_card', cc, 'no player holds this unrest card', 'IMP-COLLAPSE-3');
    // IMP-RULING-3 ignored: the card that emptied the pile does not count against its holder.
    if (rulings.last_unrest === 'ignored') unrest[holder] -= 1;
  }
  const fewest = Math.min(...unrest);
  const tied = players.map((_, i) => i).filter((i) => unrest[i] === fewest);
  const out = (idx, by) => ({ unrest, winners: idx.map((i) => players[i].name), decided_by: by });
  if (tied.length === 1) return out(tied, 'unrest');
  const best = Math.max(...tied.map((i) => scores[i]));
  const top = tied.filter((i) => scores[i] === best);
  if (top.length === 1) return out(top, 'score');
  // IMP-RULING-5
  if (rulings.full_tie === 'later_in_turn_order') return out([top[top.length - 1]], 'turn_order');
  return out(top, 'shared');
}

const OPERATIONS = {
  acquire_market_card: acquireMarketCard,
  cheapest_payments: cheapestPayments,
  check_collapse: checkCollapse,
  determine_winner: determineWinner,
  draw,
  pay_cost: payCost,
  play_card: playCard,
  resolve_action: resolveAction,
  use_exhaust_ability: useExhaustAbility,
};

module.exports = { OPERATIONS, Refusal };
