// A Cắt Tê round replayed from its taps, for the sheet a phone fills in while its network is
// gone (offline_round.js): the same questions, in the same order, and the same refusals as the online
// entry. No DOM here.
//
// The one copy in JavaScript of the round's shape rules (tracker/catte/rules/round.py) and of
// the draft's replay and questions (tracker/catte/draft.py, RoundDraft); the parity test
// (tests/browser/test_catte_sheet_parity.py) plays the same random rounds through both and
// holds each question and refusal here to the server's.
//
// `rules` is what the server writes into the sheet (sheet.py, sheet_rules): seats, away,
// side_pot, ace_penalty, sweep_double_from, auto_wins, most_taps. `words` holds the refusal sentences in
// the page's language with {player}, {trick}, {hand} and {number} to fill.
(function (global) {
  "use strict";
  var SWEEP_TRICKS = 4, ALL_TRICKS = 6, UNSET = "unset";
  var TOKEN = new RegExp("^(?:([atfxR])(\\d)|([ce])(\\d|-)|u((?:10|[2-9JQKA])[SHDC])" +
    "|r(10|[2-9JQKA])|s([SHDC])|w(\\d)\\.(four_aces|four_of_a_kind|flush)|(k))$");

  function RulesError(message) { this.message = message; }

  function has(list, item) { return list.indexOf(item) >= 0; }
  function without(list, out) { return list.filter(function (item) { return !has(out, item); }); }
  function toggle(list, seat) {
    var at = list.indexOf(seat);
    if (at < 0) { list.push(seat); } else { list.splice(at, 1); }
  }
  function fill(text, values) {
    return Object.keys(values).reduce(function (out, key) {
      return out.split("{" + key + "}").join(values[key]);
    }, text);
  }

  // What a tap token says (tracker/catte/taps.py TOKEN), or null when it is none.
  function parse(tap) {
    var m = TOKEN.exec(String(tap));
    if (!m) { return null; }
    var seat = m[2] || (m[4] !== "-" ? m[4] : undefined) || m[8];
    return { kind: m[1] || null, seat: seat === undefined ? null : Number(seat),
             choice: m[3] || null, who: m[4] || null, card: m[5] || null, rank: m[6] || null,
             suit: m[7] || null, winner: m[8] === undefined ? null : Number(m[8]),
             hand: m[9] || null, clear: Boolean(m[10]) };
  }

  // The round's shape (tracker/catte/rules/round.py) --------------------------------------

  function isSweep(tricks) {
    if (tricks.length < SWEEP_TRICKS) { return false; }
    return tricks.slice(0, SWEEP_TRICKS).every(function (w) { return w === tricks[0]; });
  }
  function tricksInRound(tricks) { return isSweep(tricks) ? SWEEP_TRICKS : ALL_TRICKS; }
  function tricksIfTakenBy(tricks, seat) {
    var first = tricks.slice(0, SWEEP_TRICKS);
    var swept = first.length < SWEEP_TRICKS && first.every(function (w) { return w === seat; });
    return swept ? SWEEP_TRICKS : ALL_TRICKS;
  }
  function survivorsAfterFour(atTable, firstFour, folds) {
    firstFour.forEach(function (seat) {
      if (!has(atTable, seat)) { throw new RulesError("won a trick but is not at the table"); }
    });
    return atTable.filter(function (s) { return has(firstFour, s) && !has(folds, s); });
  }
  function nextTrick(tricks) {
    return tricks.length >= tricksInRound(tricks) ? null : tricks.length + 1;
  }
  function mayWinNext(atTable, folds, tricks) {
    if (nextTrick(tricks) === null) { return []; }
    if (tricks.length >= SWEEP_TRICKS) {
      return survivorsAfterFour(atTable, tricks.slice(0, SWEEP_TRICKS), folds);
    }
    return without(atTable, folds);
  }
  function lastOneLeft(atTable, folds, tricks) {
    var left = mayWinNext(atTable, folds, tricks);
    return left.length === 1 ? left[0] : null;
  }
  function eliminatedAfterFour(atTable, folds, tricks) {
    if (tricks.length < SWEEP_TRICKS || isSweep(tricks)) { return []; }
    return without(atTable, survivorsAfterFour(atTable, tricks.slice(0, SWEEP_TRICKS), folds));
  }
  function sweepDoubles(rules, atTable, tricks) {
    var least = rules.sweep_double_from;
    return isSweep(tricks) && least !== null && atTable.length >= least;
  }
  function asksAboutTheAce(rules, atTable, tricks) {
    var complete = tricks.length === tricksInRound(tricks);
    return rules.ace_penalty && complete && sweepDoubles(rules, atTable, tricks);
  }
  function allowsAutoWin(rules, hand) { return hand === "four_aces" || has(rules.auto_wins, hand); }

  // The draft (tracker/catte/draft.py, RoundDraft) ------------------------------------------

  function Draft(rules, taps) {
    var d = this;
    d.rules = rules;
    d.taps = taps.slice();
    d.absent = rules.away.slice();
    d.folds = []; d.falseClaims = []; d.tricks = [];
    d.rank = d.suit = null;
    d.claimant = d.ace = UNSET;
    d.autoWin = null;
    d.foldedTo = null; d.tricksGiven = 0;
    d.taps.forEach(function (tap) { d.apply(parse(tap)); d.giveTheRestToTheLastOne(); });
  }

  Draft.prototype.apply = function (tap) {
    var seat = tap.seat;
    if (tap.kind === "a") { toggle(this.absent, seat); }
    else if (tap.kind === "t") { this.tricks.push(seat); }
    else if (tap.kind === "R") {
      for (var n = tricksIfTakenBy(this.tricks, seat) - this.tricks.length; n > 0; n -= 1) { this.tricks.push(seat); }
    } else if (tap.kind === "f") {
      if (has(this.folds, seat) && this.tricksGiven) {  // a fold taken back: so are its tricks
        this.tricks = this.tricks.slice(0, -this.tricksGiven);
        this.foldedTo = null; this.tricksGiven = 0;
      }
      toggle(this.folds, seat);
    } else if (tap.kind === "x") { toggle(this.falseClaims, seat); }
    else if (tap.choice) {
      var who = tap.who === "-" ? null : Number(tap.who);
      if (tap.choice === "c") { this.claimant = who; } else { this.ace = who; }
    } else if (tap.card) { this.rank = tap.card.slice(0, -1); this.suit = tap.card.slice(-1); }
    else if (tap.rank) { this.rank = tap.rank; }
    else if (tap.suit) { this.suit = tap.suit; }
    else if (tap.winner !== null) { this.autoWin = [tap.winner, tap.hand]; }
    else if (tap.clear) { this.tricks = []; this.autoWin = null; this.foldedTo = null; this.tricksGiven = 0; }
  };

  // When everyone else who could win a trick has folded, the one left wins the rest.
  Draft.prototype.giveTheRestToTheLastOne = function () {
    if (this.autoWin || !this.folds.length) { return; }
    var last = lastOneLeft(this.atTable(), this.folds, this.tricks);
    if (last !== null) {
      var given = Math.max(0, tricksIfTakenBy(this.tricks, last) - this.tricks.length);
      for (var n = 0; n < given; n += 1) { this.tricks.push(last); }
      this.foldedTo = last; this.tricksGiven = given;
    }
  };

  Draft.prototype.atTable = function () {
    var absent = this.absent, seats = [];
    for (var seat = 0; seat < this.rules.seats; seat += 1) { if (!has(absent, seat)) { seats.push(seat); } }
    return seats;
  };
  Draft.prototype.stillIn = function () { return without(this.atTable(), this.folds); };
  Draft.prototype.upturned = function () { return this.rank && this.suit ? this.rank + this.suit : null; };
  Draft.prototype.claimantNamed = function () { return this.claimant !== UNSET && this.claimant !== null; };
  Draft.prototype.swept = function () { return isSweep(this.tricks); };
  Draft.prototype.tricksComplete = function () { return this.tricks.length === tricksInRound(this.tricks); };
  Draft.prototype.nextTrick = function () { return this.autoWin ? null : nextTrick(this.tricks); };
  Draft.prototype.canWinNext = function () {
    return this.autoWin ? [] : mayWinNext(this.atTable(), this.folds, this.tricks);
  };
  Draft.prototype.roundWinner = function () {
    if (this.autoWin) { return this.autoWin[0]; }
    if (!this.tricksComplete()) { return null; }
    return this.swept() ? this.tricks[0] : this.tricks[this.tricks.length - 1];
  };
  // Who the ace question offers: at the table, but the sweeper (draft_buttons.ace_buttons).
  Draft.prototype.aceSeats = function () {
    var sweeper = this.tricks.length ? this.tricks[0] : null;
    return this.atTable().filter(function (seat) { return seat !== sweeper; });
  };
  Draft.prototype.asksAce = function () { return asksAboutTheAce(this.rules, this.atTable(), this.tricks); };
  Draft.prototype.offersAutoWin = function () { return !this.tricks.length && this.autoWin === null; };
  Draft.prototype.needsCard = function () {
    if (!this.rules.side_pot || this.upturned() !== null) { return false; }
    return this.autoWin === null || this.claimantNamed();
  };
  Draft.prototype.playedOut = function () { return this.autoWin !== null || this.tricksComplete(); };
  Draft.prototype.asksClaimAtTheEnd = function () {
    return this.upturned() !== null && this.claimant === UNSET && this.playedOut();
  };
  Draft.prototype.ready = function () { return this.playedOut() && !this.needsCard(); };
  Draft.prototype.nextStep = function () {
    if (this.needsCard()) { return "card"; }
    if (this.nextTrick() !== null) { return "trick"; }
    return this.asksAce() && this.ace === UNSET ? "ace" : "save";
  };
  // Why "Save round" waits, in `words`; null when it does not.
  Draft.prototype.missing = function (words) {
    var name = words.names[this.claimant];
    if (this.needsCard() && this.claimantNamed()) { return fill(words.missing_card_claimed, { player: name }); }
    if (this.needsCard()) { return words.missing_card; }
    if (this.tricksComplete() || this.autoWin) { return null; }
    if (this.tricks.length) { return fill(words.missing_trick, { number: this.nextTrick() }); }
    return words.missing_first_trick;
  };
  Draft.prototype.tappedAtTheTable = function () {
    var seats = this.folds.concat(this.falseClaims, [this.claimant, this.ace]);
    if (this.autoWin) { seats.push(this.autoWin[0]); }
    return seats.filter(function (seat) { return typeof seat === "number"; });
  };
  Draft.prototype.inconsistency = function () {
    try {
      this.canWinNext();
      eliminatedAfterFour(this.atTable(), this.folds, this.tricks);
    } catch (error) {
      if (error instanceof RulesError) { return error.message; }
      throw error;
    }
    return null;
  };

  // Why the server would refuse `tap` at this point, in `words`, or null.
  Draft.prototype.refusal = function (tap, words) {
    var t = parse(tap), seat = t.seat, name = words.names[seat];
    if (seat !== null && seat >= this.rules.seats) { return words.no_such_seat; }
    if (t.hand && !allowsAutoWin(this.rules, t.hand)) {
      return fill(words.hand_not_played, { hand: words.hand_names[t.hand] });
    }
    if ((t.kind === "t" || t.kind === "R") && !has(this.canWinNext(), seat)) {
      if (this.nextTrick() === null) { return words.every_trick_recorded; }
      return fill(words.cannot_win_trick, { player: name, trick: this.nextTrick() });
    }
    if (t.kind === "f" && !has(this.folds, seat) && seat === this.roundWinner()) {
      return fill(words.winner_cannot_fold, { player: name });
    }
    if (t.kind === "a" && has(this.tricks, seat) && !has(this.absent, seat)) {
      return fill(words.won_a_trick, { player: name });
    }
    if (t.winner !== null && has(this.folds, seat)) { return fill(words.folded_cannot_win, { player: name }); }
    if (t.kind !== "a" && has(this.absent, seat)) { return fill(words.sits_out, { player: name }); }
    if (t.kind === "a" && has(this.tappedAtTheTable(), seat) && !has(this.absent, seat)) {
      return fill(words.tapped_at_the_table, { player: name });
    }
    var after;
    try { after = new Draft(this.rules, this.taps.concat([tap])); } catch (error) {
      if (error instanceof RulesError) { return words.does_not_fit; }
      throw error;
    }
    return after.inconsistency() ? words.does_not_fit : null;
  };

  // Why the server would refuse a button of the entry (tracker/catte/gate/tapping.py and
  // rounds.py): a tap token, "undo", "restart" or "save".
  Draft.prototype.buttonRefusal = function (button, words) {
    if (button === "undo" || button === "restart") { return this.taps.length ? null : words.nothing; }
    if (button === "save") { return this.missing(words); }
    if (this.taps.length >= this.rules.most_taps) { return words.too_many_taps; }
    return this.refusal(button, words);
  };

  // Everything the online entry asks at this point, as the parity test compares it.
  Draft.prototype.questions = function (words) {
    return { step: this.nextStep(), next_trick: this.nextTrick(), can_win_next: this.canWinNext(),
             offers_auto_win: this.offersAutoWin(), asks_ace: this.asksAce(),
             asks_claim_at_the_end: this.asksClaimAtTheEnd(), needs_card: this.needsCard(),
             ready: this.ready(), missing: this.missing(words), at_table: this.atTable(),
             still_in: this.stillIn(), ace_seats: this.aceSeats() };
  };

  global.cardtableCatteRound = {
    draft: function (rules, taps) { return new Draft(rules, taps || []); },
    // The draft without the taps from the first one that made it inconsistent, as
    // RoundDraft.usable: a round kept before such taps were refused still shows.
    usable: function (rules, taps) {
      for (var n = taps.length; n > 0; n -= 1) {
        try {
          var draft = new Draft(rules, taps.slice(0, n));
          if (!draft.inconsistency()) { return draft; }
        } catch (error) { if (!(error instanceof RulesError)) { throw error; } }
      }
      return new Draft(rules, []);
    },
    isTap: function (tap) { return parse(tap) !== null; },
    UNSET: UNSET
  };
})(window);
