// Struggle of Empires, end of a war and end of the game, written from spec/struggle-of-empires.md.
//
// Every operation is a pure function (request, rulings) -> result over plain JSON values.
// A refused input throws a Refusal: InvalidState names the JSON path of the field,
// IllegalAction the clause ID. Clause IDs are named where each rule is applied.
'use strict';

class Refusal extends Error {
  constructor(kind, reason, details) {
    super(reason);
    this.kind = kind;
    this.reason = reason;
    this.details = details;
  }
}

function invalid(field, value, reason, rule) {
  return new Refusal('InvalidState', reason, { field, value, rule });
}

function illegal(rule, reason) {
  return new Refusal('IllegalAction', reason, { rule });
}

// --- GAME: what a possible state is ---------------------------------------------------

// SOE-RULING-9, SOE-RULING-10: checked first by every operation
function checkRulings(rulings) {
  if (rulings.gold_per_taxation < 1) {
    throw invalid('rulings.gold_per_taxation', rulings.gold_per_taxation, 'at least 1 gold per taxation', 'SOE-RULING-9');
  }
  const tokens = rulings.unrest_tokens;
  if (tokens.length === 0) throw invalid('rulings.unrest_tokens', tokens, 'the bag holds some token', 'SOE-RULING-10');
  if (new Set(tokens).size !== tokens.length) throw invalid('rulings.unrest_tokens', tokens, 'repeated value', 'SOE-RULING-10');
  if (tokens.some((t) => t < 0)) throw invalid('rulings.unrest_tokens', tokens, 'a value below 0', 'SOE-RULING-10');
}

// SOE-GAME-1, SOE-GAME-2 over a list of names at `path`
function checkNames(names, path, nameField) {
  if (names.length < 2 || names.length > 7) throw invalid(path, names.length, '2 to 7 players', 'SOE-GAME-1');
  names.forEach((name, i) => {
    const at = `${path}[${i}]${nameField}`;
    if (name === '') throw invalid(at, name, 'a name is not empty', 'SOE-GAME-2');
    if (names.slice(0, i).includes(name)) throw invalid(at, name, 'a name is used once', 'SOE-GAME-2');
  });
}

// SOE-GAME-1 to SOE-GAME-5: each empire in turn, its checks in the clauses' order
function checkEmpires(empires) {
  if (empires.length < 2 || empires.length > 7) throw invalid('empires', empires.length, '2 to 7 players', 'SOE-GAME-1');
  empires.forEach((empire, i) => {
    const at = `empires[${i}]`;
    if (empire.player === '') throw invalid(`${at}.player`, empire.player, 'a name is not empty', 'SOE-GAME-2');
    if (empires.slice(0, i).some((e) => e.player === empire.player)) {
      throw invalid(`${at}.player`, empire.player, 'a name is used once', 'SOE-GAME-2');
    }
    if (empire.gold < 0) throw invalid(`${at}.gold`, empire.gold, 'gold is never negative', 'SOE-GAME-3');
    if (empire.population < 0 || empire.population > 9) {
      throw invalid(`${at}.population`, empire.population, 'population is 0 to 9', 'SOE-GAME-4');
    }
    for (const field of ['unrest', 'vp', 'armies', 'navies', 'forts']) {
      if (empire[field] < 0) throw invalid(`${at}.${field}`, empire[field], 'never negative', 'SOE-GAME-5');
    }
  });
}

// SOE-GAME-6, SOE-GAME-7, SOE-GAME-8: one region at `at`, in a game of `players`
function checkRegion(region, at, players) {
  if (region.name === '') throw invalid(`${at}.name`, region.name, 'a region has a name', 'SOE-GAME-6');
  const values = region.values;
  if (values.length < 2 || values.length > 3) throw invalid(`${at}.values`, values, '2 or 3 values', 'SOE-GAME-6');
  values.forEach((value, k) => {
    if (value < 0) throw invalid(`${at}.values[${k}]`, value, 'a value is 0 or more', 'SOE-GAME-6');
  });
  if (values.some((value, k) => k > 0 && value > values[k - 1])) {
    throw invalid(`${at}.values`, values, 'values run highest first', 'SOE-GAME-6');
  }
  region.control.forEach((presence, j) => {
    const where = `${at}.control[${j}]`;
    if (!players.includes(presence.holder)) throw invalid(`${where}.holder`, presence.holder, 'not a player', 'SOE-GAME-7');
    if (region.control.slice(0, j).some((p) => p.holder === presence.holder)) {
      throw invalid(`${where}.holder`, presence.holder, 'holder listed twice', 'SOE-GAME-7');
    }
    if (presence.markers < 0) throw invalid(`${where}.markers`, presence.markers, 'markers are 0 or more', 'SOE-GAME-7');
  });
  const majors = region.non_player_control;
  if (majors.length > 0 && players.length >= 4) {
    throw invalid(`${at}.non_player_control`, majors, 'non-player majors only with 2 or 3 players', 'SOE-GAME-8');
  }
  majors.forEach((presence, j) => {
    const where = `${at}.non_player_control[${j}]`;
    if (presence.holder === '' || players.includes(presence.holder)) {
      throw invalid(`${where}.holder`, presence.holder, 'a non-player major is named, and no player', 'SOE-GAME-8');
    }
    if (majors.slice(0, j).some((p) => p.holder === presence.holder)) {
      throw invalid(`${where}.holder`, presence.holder, 'holder listed twice', 'SOE-GAME-8');
    }
    if (presence.markers < 0) throw invalid(`${where}.markers`, presence.markers, 'markers are 0 or more', 'SOE-GAME-8');
  });
}

// SOE-GAME-9: each region checked, then its name against the earlier ones; `whole` asks for all 11
function checkRegions(regions, players, whole) {
  if (whole && regions.length !== 11) throw invalid('regions', regions.length, 'the map has 11 regions', 'SOE-GAME-9');
  regions.forEach((region, i) => {
    checkRegion(region, `regions[${i}]`, players);
    if (regions.slice(0, i).some((r) => r.name === region.name)) {
      throw invalid(`regions[${i}].name`, region.name, 'a region is listed once', 'SOE-GAME-9');
    }
  });
}

// SOE-GAME-10
function checkBoard(board, players) {
  if (![1, 2, 3].includes(board.war)) throw invalid('board.war', board.war, 'war 1, 2 or 3', 'SOE-GAME-10');
  if (board.phase < 1 || board.phase > 5) throw invalid('board.phase', board.phase, 'phase 1 to 5', 'SOE-GAME-10');
  board.local_alliances.forEach((marker, i) => {
    if (!players.includes(marker.owner)) {
      throw invalid(`board.local_alliances[${i}].owner`, marker.owner, 'owned by a player', 'SOE-GAME-10');
    }
  });
  board.grand_alliances.forEach((marker, i) => {
    if (marker.holder !== null && !players.includes(marker.holder)) {
      throw invalid(`board.grand_alliances[${i}].holder`, marker.holder, 'held by a player or nobody', 'SOE-GAME-10');
    }
  });
  board.tiles.forEach((tile, i) => {
    if (!players.includes(tile.owner)) throw invalid(`board.tiles[${i}].owner`, tile.owner, 'owned by a player', 'SOE-GAME-10');
  });
}

// SOE-END-2, SOE-CLEAN-7; `regionNames` is null where the regions are not known
function checkSeeding(seeding, war, regionNames) {
  if (war === 3 && seeding.length > 0) {
    throw invalid('neutral_seeding', seeding, 'no clean-up after the third war', 'SOE-END-2');
  }
  seeding.forEach((name, i) => {
    const at = `neutral_seeding[${i}]`;
    if (name === '') throw invalid(at, name, 'a region name', 'SOE-CLEAN-7');
    if (seeding.slice(0, i).includes(name)) throw invalid(at, name, 'a region is seeded once', 'SOE-CLEAN-7');
    if (regionNames !== null && !regionNames.includes(name)) throw invalid(at, name, 'not a region', 'SOE-CLEAN-7');
  });
}

// SOE-MAINT-8, SOE-MAINT-6
function checkOrders(orders, players, rulings) {
  orders.forEach((order, i) => {
    const at = `orders[${i}]`;
    if (!players.includes(order.player)) throw invalid(`${at}.player`, order.player, 'not a player', 'SOE-MAINT-8');
    if (orders.slice(0, i).some((o) => o.player === order.player)) {
      throw invalid(`${at}.player`, order.player, 'one order per player', 'SOE-MAINT-8');
    }
    if (order.disband < 0) throw invalid(`${at}.disband`, order.disband, 'disband is 0 or more', 'SOE-MAINT-8');
    order.unrest_draws.forEach((token, j) => {
      if (!rulings.unrest_tokens.includes(token)) {
        throw invalid(`${at}.unrest_draws[${j}]`, token, 'not a token of the bag', 'SOE-MAINT-6');
      }
    });
  });
}

// SOE-MAINT-5 against the gold each empire holds when it pays; then SOE-MAINT-2
function checkDraws(empires, orders, rulings) {
  for (const empire of empires) {
    const needed = taxations(empire, rulings);
    const i = orders.findIndex((o) => o.player === empire.player);
    if (i < 0) {
      if (needed > 0) throw invalid('orders', empire.player, 'taxes with no order for its draws', 'SOE-MAINT-5');
    } else if (orders[i].unrest_draws.length !== needed) {
      throw invalid(`orders[${i}].unrest_draws`, orders[i].unrest_draws, `${needed} draws needed`, 'SOE-MAINT-5');
    }
  }
  if (orders.some((o) => o.disband > 0)) throw illegal('SOE-MAINT-2', 'units may not be removed to escape upkeep');
}

// --- INCOME ---------------------------------------------------------------------------

// SOE-INCOME-1 to SOE-INCOME-4
function income(empires, regions) {
  return empires.map((empire) => {
    let markers = 0; // SOE-INCOME-3: non-player majors earn nobody anything
    for (const region of regions) {
      for (const presence of region.control) if (presence.holder === empire.player) markers += presence.markers;
    }
    return { ...empire, gold: empire.gold + empire.population + markers };
  });
}

// --- SCORE ----------------------------------------------------------------------------

const worth = (values, place) => (place <= values.length ? values[place - 1] : 0); // SOE-SCORE-4

// SOE-SCORE-2 to SOE-SCORE-10: each player's VP from one region, in the order of `players`
function awards(players, region, rulings) {
  const markersOf = (player) => region.control.filter((p) => p.holder === player).reduce((n, p) => n + p.markers, 0);
  const entrants = players
    .map((player) => ({ player, markers: markersOf(player) }))
    .filter((e) => e.markers >= 1 || rulings.markerless_scores);
  if (rulings.non_player_rank === 'occupies') {
    for (const major of region.non_player_control) if (major.markers >= 1) entrants.push({ player: null, markers: major.markers });
  }
  const majorsPresent = region.non_player_control.some((m) => m.markers >= 1);
  const unfriendly = players.length <= 3 && (rulings.unfriendly_scope === 'game' || majorsPresent);
  const scored = new Map();
  const levels = [...new Set(entrants.map((e) => e.markers))].sort((a, b) => b - a);
  let place = 1;
  for (const level of levels) {
    const group = entrants.filter((e) => e.markers === level);
    const each = groupValue(region.values, place, group.length, unfriendly, rulings);
    for (const entrant of group) if (entrant.player !== null) scored.set(entrant.player, each); // SOE-SCORE-9
    place += group.length;
  }
  return players.map((player) => ({ player, vp: (scored.has(player) ? scored.get(player) : 0) }));
}

// what each member of a group of `size` at `place` scores
function groupValue(values, place, size, unfriendly, rulings) {
  if (size === 1) return worth(values, place); // SOE-SCORE-5
  if (unfriendly) {
    // SOE-SCORE-8, SOE-RULING-3
    if (rulings.unfriendly_tie === 'next_place') return worth(values, place + 1);
    if (rulings.unfriendly_tie === 'below_tie') return worth(values, place + size);
    return 0;
  }
  // SOE-SCORE-6, SOE-RULING-1, SOE-RULING-2
  if (rulings.tie_share === 'full') return worth(values, place);
  let pool = 0;
  for (let p = place; p < place + size; p += 1) pool += worth(values, p);
  return rulings.rounding === 'up' ? Math.ceil(pool / size) : Math.floor(pool / size);
}

// SOE-SCORE-1
function scoreAll(empires, regions, rulings) {
  const players = empires.map((e) => e.player);
  const gained = new Map(players.map((p) => [p, 0]));
  for (const region of regions) {
    for (const award of awards(players, region, rulings)) gained.set(award.player, gained.get(award.player) + award.vp);
  }
  return empires.map((empire) => ({ ...empire, vp: empire.vp + gained.get(empire.player) }));
}

// --- CLEAN ----------------------------------------------------------------------------

// SOE-CLEAN-1 to SOE-CLEAN-6; SOE-END-2: nothing after the third war
function cleanUp(board, seeding) {
  if (board.war === 3) return board;
  return {
    war: board.war + 1,
    phase: 1,
    local_alliances: board.local_alliances.map((m) => ({ ...m, region: null })),
    grand_alliances: board.grand_alliances.map((m) => ({ ...m, holder: null })),
    tiles: board.tiles.map((t) => ({ ...t, flipped: false })),
    neutral_markers: [...board.neutral_markers, ...seeding],
  };
}

// --- MAINT and POP --------------------------------------------------------------------

// SOE-MAINT-1, SOE-MAINT-3
function taxations(empire, rulings) {
  const cost = empire.armies + empire.navies + empire.forts;
  return cost > empire.gold ? Math.ceil((cost - empire.gold) / rulings.gold_per_taxation) : 0;
}

// SOE-MAINT-4, SOE-MAINT-6, SOE-MAINT-7
function maintain(empires, orders, rulings) {
  return empires.map((empire) => {
    const cost = empire.armies + empire.navies + empire.forts;
    const order = orders.find((o) => o.player === empire.player);
    const drawn = order ? order.unrest_draws.reduce((a, b) => a + b, 0) : 0;
    const gold = empire.gold + taxations(empire, rulings) * rulings.gold_per_taxation - cost;
    return { ...empire, gold, unrest: empire.unrest + drawn };
  });
}

// SOE-POP-1, SOE-POP-2
const grow = (empires) => empires.map((e) => ({ ...e, population: Math.min(9, e.population + 5) }));

// --- END and UNREST -------------------------------------------------------------------

function penalties(empires, rulings) {
  const candidates = empires.filter((e) => e.unrest < 20 && (rulings.zero_unrest_penalised || e.unrest > 0)); // SOE-UNREST-2
  const penalty = new Map();
  if (candidates.length === 0) return penalty;
  const totals = candidates.map((e) => e.unrest);
  const highest = Math.max(...totals);
  if (empires.length === 2) {
    // SOE-UNREST-6, SOE-UNREST-7
    if (candidates.length === 1 || totals[0] !== totals[1]) {
      penalty.set(candidates.find((e) => e.unrest === highest).player, 7);
    }
    return penalty;
  }
  // SOE-UNREST-3 to SOE-UNREST-5, SOE-RULING-7
  const below = totals.filter((t) => t < highest);
  const sharedTop = totals.filter((t) => t === highest).length >= 2;
  const second = below.length === 0 || (rulings.second_unrest === 'next_place' && sharedTop) ? null : Math.max(...below);
  for (const e of candidates) {
    if (e.unrest === highest) penalty.set(e.player, 7);
    else if (e.unrest === second) penalty.set(e.player, 4);
  }
  return penalty;
}

// SOE-END-3 to SOE-END-5, SOE-UNREST-1, SOE-UNREST-8
function standings(empires, rulings) {
  const penalty = penalties(empires, rulings);
  const lines = empires.map((e) => {
    if (e.unrest >= 20) return { player: e.player, unrest: e.unrest, penalty: 0, vp: 0, revolution: true, place: null };
    const lost = penalty.has(e.player) ? penalty.get(e.player) : 0;
    const vp = rulings.vp_floor === 'zero' ? Math.max(0, e.vp - lost) : e.vp - lost;
    return { player: e.player, unrest: e.unrest, penalty: lost, vp, revolution: false, place: null };
  });
  const inGame = lines.filter((l) => !l.revolution);
  const above = (a, b) => a.vp > b.vp || (rulings.final_tie === 'less_unrest' && a.vp === b.vp && a.unrest < b.unrest);
  for (const line of inGame) line.place = 1 + inGame.filter((other) => above(other, line)).length;
  return lines;
}

// --- the eight operations ---------------------------------------------------------------

const names = (empires) => empires.map((e) => e.player);

const OPERATIONS = {
  collect_income(request, rulings) {
    checkRulings(rulings);
    checkEmpires(request.empires);
    checkRegions(request.regions, names(request.empires), false);
    return { empires: income(request.empires, request.regions) };
  },
  score_region(request, rulings) {
    checkRulings(rulings);
    checkNames(request.players, 'players', '');
    checkRegion(request.region, 'region', request.players);
    return { region: request.region.name, awards: awards(request.players, request.region, rulings) };
  },
  score_regions(request, rulings) {
    checkRulings(rulings);
    checkEmpires(request.empires);
    checkRegions(request.regions, names(request.empires), true);
    return { empires: scoreAll(request.empires, request.regions, rulings) };
  },
  pay_maintenance(request, rulings) {
    checkRulings(rulings);
    checkEmpires(request.empires);
    checkOrders(request.orders, names(request.empires), rulings);
    checkDraws(request.empires, request.orders, rulings);
    return { empires: maintain(request.empires, request.orders, rulings) };
  },
  grow_population(request, rulings) {
    checkRulings(rulings);
    checkEmpires(request.empires);
    return { empires: grow(request.empires) };
  },
  clean_up(request, rulings) {
    checkRulings(rulings);
    checkNames(request.players, 'players', '');
    checkBoard(request.board, request.players);
    checkSeeding(request.neutral_seeding, request.board.war, null);
    return cleanUp(request.board, request.neutral_seeding);
  },
  end_game(request, rulings) {
    checkRulings(rulings);
    checkEmpires(request.empires);
    return { standings: standings(request.empires, rulings) };
  },
  // SOE-SEQ-1 to SOE-SEQ-5
  end_war(request, rulings) {
    const { empires, regions, board, orders, neutral_seeding: seeding } = request;
    checkRulings(rulings);
    checkEmpires(empires);
    checkRegions(regions, names(empires), true);
    checkBoard(board, names(empires));
    checkOrders(orders, names(empires), rulings);
    checkSeeding(seeding, board.war, regions.map((r) => r.name));
    const paid = income(empires, regions);
    checkDraws(paid, orders, rulings); // SOE-SEQ-4: draws counted on the gold after income
    let after;
    let cleaned;
    if (rulings.sequence === 'published') {
      after = scoreAll(grow(maintain(paid, orders, rulings)), regions, rulings);
      cleaned = cleanUp(board, seeding);
    } else {
      const scored = scoreAll(paid, regions, rulings);
      cleaned = cleanUp(board, seeding);
      after = grow(maintain(scored, orders, rulings));
    }
    return { empires: after, board: cleaned, standings: board.war === 3 ? standings(after, rulings) : null };
  },
};

module.exports = { OPERATIONS, Refusal };
