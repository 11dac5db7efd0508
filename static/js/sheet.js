// A Cắt Tê round entered while the phone has no network; outbox.js keeps and sends it.
//
// Online every tap goes to the server, which replays the table's draft and draws the next step.
// The page also holds every button of the round on one sheet (<template data-round-sheet>,
// rendered in the page's words, beside the live part): the online entry's own buttons, the same tap tokens, for every
// seat whatever the round's state. A tap that cannot be sent brings up the sheet in the round's
// place, going on from the taps the table had as the page showed them, with that tap on it.
// Each tap is kept in the outbox at once (a round still being tapped, which a reload brings
// back), "Save round" keeps it as a round to record, and the next round's sheet follows. When
// the network is back the outbox sends them in order: a round still being tapped becomes the
// table's draft, and the page goes back to the online entry. No rules here: the sheet writes
// down the taps (undo drops the last one, as online) and the server checks them on arrival.
(function () {
  "use strict";
  var outbox = window.cardtableOutbox;
  var page = window.location.pathname;
  if (!outbox) { return; }

  function template() { return document.querySelector("template[data-round-sheet]"); }

  function valueIn(form, name) {
    var input = form.querySelector("input[name='" + name + "']");
    return input ? input.value : "";
  }

  function tapsOf(text) { return String(text || "").split(" ").filter(Boolean); }

  // This page's rounds kept on the phone and not waiting for the scorer: saved ones, and the
  // one still being tapped.
  function kept() {
    return outbox.waiting().filter(function (e) { return e.page === page && e.round && !outbox.unsettled(e); });
  }

  // The round on its sheet: its number, the taps the table had (at the draft's `version`;
  // `reached`, with the tap that could not be sent) and the taps so far; `heading` as the
  // online entry said it.
  function sheetFor(number, reached, version, taps, heading) {
    var sheet = template().content.firstElementChild.cloneNode(true);
    var values = { number: number, reached: reached.join(" "), draft_version: version, taps: taps.join(" ") };
    Object.keys(values).forEach(function (name) {
      sheet.querySelector("input[name='" + name + "']").value = values[name];
    });
    sheet.querySelector("h2").textContent = heading || sheet.dataset.heading.replace("{number}", number);
    draw(sheet);
    return sheet;
  }

  function sheetOf(entry) {
    var value = function (name) { return outbox.fieldOf(entry, name); };
    var sheet = sheetFor(value("number"), tapsOf(value("reached")), value("draft_version"), tapsOf(value("taps")), entry.label);
    sheet.dataset.entry = entry.id;
    return sheet;
  }

  // The taps written down as a round's line says them, and each button pressed as it stands.
  function draw(sheet) {
    var words = JSON.parse(sheet.dataset.words);
    var round = replay(tapsOf(valueIn(sheet, "taps")), words.away);
    sheet.querySelectorAll("button[name=tap]").forEach(function (button) {
      var on = pressed(round, button.value);
      if (on === null) { return; }
      button.setAttribute("aria-pressed", on ? "true" : "false");
      if (!button.parentNode.classList.contains("cards")) { button.classList.toggle("secondary", !on); }
    });
    sheet.querySelector("[data-so-far]").textContent = line(round, words, sheet);
    var trick = round.tricks.length + 1;
    var more = !round.autoWin && round.rest === null && trick <= 6;
    sheet.querySelector("[data-tricks-step]").hidden = !more;
    sheet.querySelector("[data-trick-question]").textContent = words.trick.replace("{number}", trick);
  }

  // What each tap token did (tracker/catte/taps.py), without the rules.
  function replay(taps, away) {
    var round = { absent: away.map(String), folds: [], falseClaims: [], tricks: [], rest: null,
                  card: null, claim: null, ace: null, autoWin: null };
    function toggle(list, seat) {
      var at = list.indexOf(seat);
      if (at < 0) { list.push(seat); } else { list.splice(at, 1); }
    }
    taps.forEach(function (tap) {
      var kind = tap.charAt(0), rest = tap.slice(1);
      if (kind === "a") { toggle(round.absent, rest); }
      else if (kind === "f") { toggle(round.folds, rest); }
      else if (kind === "x") { toggle(round.falseClaims, rest); }
      else if (kind === "t") { round.tricks.push(rest); }
      else if (kind === "R") { round.rest = rest; }
      else if (kind === "c") { round.claim = rest; }
      else if (kind === "e") { round.ace = rest; }
      else if (kind === "u") { round.card = rest; }
      else if (kind === "w") { round.autoWin = rest; }
      else if (kind === "k") { round.tricks = []; round.rest = round.autoWin = null; }
    });
    return round;
  }

  function pressed(round, tap) {
    var kind = tap.charAt(0), rest = tap.slice(1);
    var chosen = { a: round.absent, f: round.folds, x: round.falseClaims }[kind];
    if (chosen) { return chosen.indexOf(rest) >= 0; }
    var picked = { c: round.claim, e: round.ace, u: round.card, w: round.autoWin }[kind];
    return picked === undefined ? null : picked === rest;
  }

  function line(round, words, sheet) {
    var name = function (seat) { return words.names[Number(seat)] || seat; };
    var names = function (seats) { return seats.map(name).join(", "); };
    var parts = [];
    if (round.autoWin) {
      var win = round.autoWin.split(".");
      parts.push(words.auto_win.replace("{player}", name(win[0])).replace("{hand}", words.hands[win[1]] || win[1]));
    } else if (round.tricks.length || round.rest !== null) {
      var tricks = words.tricks.replace("{players}", names(round.tricks));
      if (round.rest !== null) { tricks += ", " + words.rest.replace("{player}", name(round.rest)); }
      parts.push(tricks);
    }
    [["absent", round.absent], ["folds", round.folds], ["false_claims", round.falseClaims]]
      .forEach(function (list) { if (list[1].length) { parts.push(words[list[0]].replace("{players}", names(list[1]))); } });
    if (round.ace !== null && round.ace !== "-") { parts.push(words.ace.replace("{player}", name(round.ace))); }
    if (round.card) {
      var card = (sheet.querySelector("button[value='u" + round.card + "']") || {}).textContent || round.card;
      if (round.claim === null) { parts.push(words.card.replace("{card}", card)); }
      else if (round.claim === "-") { parts.push(words.no_claim.replace("{card}", card)); }
      else { parts.push(words.claim.replace("{card}", card).replace("{player}", name(round.claim))); }
    }
    // As online, the card is asked for, unless an automatic win ended the round at the deal
    // and no one claims the side pot (draft.needs_card).
    var claimed = round.claim !== null && round.claim !== "-";
    if (parts.length && !round.card && words.needs_card && (!round.autoWin || claimed)) { parts.push(words.needs_card); }
    return parts.length ? parts.join("; ") : words.nothing;
  }

  // Each tap kept at once, as the round still being tapped; "Save round" keeps it as a round.
  function keep(sheet, saved) {
    var id = sheet.dataset.entry || outbox.newId();
    sheet.dataset.entry = id;
    var existing = outbox.waiting().filter(function (e) { return e.id === id; })[0];
    outbox.keep({
      id: id,
      round: true,
      tapping: !saved,
      url: sheet.getAttribute("action"),
      page: page,
      label: sheet.querySelector("h2").textContent.trim(),
      fields: outbox.fieldsOf(sheet, saved ? [["tap", "save"]] : []),
      made: existing ? existing.made : Date.now()
    });
  }

  // The taps after one more button, as the server counts them (taps.next_taps).
  function nextTaps(taps, tap) {
    if (tap === "undo") { return taps.slice(0, -1); }
    if (tap === "restart") { return []; }
    return !tap || tap === "save" ? taps : taps.concat([tap]);
  }

  function saved(sheet) {
    keep(sheet, true);
    var number = Number(valueIn(sheet, "number")) + 1;
    var note = outbox.sayKept(sheet, sheet.querySelector("h2").textContent.trim());
    note.after(sheetFor(number, [], "", []));
    outbox.send();
  }

  function tapOn(sheet, tap) {
    if (tap === "save") { saved(sheet); return; }
    sheet.querySelector("input[name=taps]").value = nextTaps(tapsOf(valueIn(sheet, "taps")), tap).join(" ");
    keep(sheet, false);
    draw(sheet);
    var restart = sheet.querySelector("details.restart");
    if (restart) { restart.open = false; }
    outbox.send();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#round-sheet button[name=tap]");
    if (!button) { return; }
    event.preventDefault();
    tapOn(button.form, button.value);
  });

  function place(step, sheet) {
    step.parentNode.replaceChild(sheet, step);
    sheet.scrollIntoView({ block: "start" });
  }

  // A tap on the round with no network: the sheet takes the round's place, with that tap on it.
  var lastTapped = null;
  document.addEventListener("click", function (event) {
    lastTapped = event.target.closest && event.target.closest("form[data-sheet-instead] button[name=tap]");
  }, true);

  // The tap that could not be sent may have reached the table all the same, its answer lost
  // on the way: the server takes the round as going on from the table's draft before it, or
  // from the draft it made (`reached`).
  function sheetInstead(form) {
    if (!form || !form.hasAttribute || !form.hasAttribute("data-sheet-instead") || !template()) { return false; }
    var tapped = lastTapped && lastTapped.form === form ? lastTapped.value : null;
    var taps = nextTaps(tapsOf(valueIn(form, "shown")), tapped || "");
    var heading = form.querySelector("h2").textContent.trim();
    var sheet = sheetFor(valueIn(form, "number"), taps, valueIn(form, "draft_version"), taps, heading);
    place(form, sheet);
    if (tapped === "save") { saved(sheet); } else if (tapped) { keep(sheet, false); outbox.send(); }
    return true;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!navigator.onLine && sheetInstead(event.detail.elt)) { event.preventDefault(); }
  });
  document.addEventListener("htmx:sendError", function (event) {
    if (sheetInstead(event.detail.elt)) {
      document.querySelectorAll("#offline-note").forEach(function (note) { note.remove(); });
    }
  });

  // A page read again (a reload, a refresh of its entry part) while rounds wait here goes on
  // from them: the round still being tapped on its sheet, or the sheet after the last one saved.
  function resume() {
    var step = document.querySelector("#entry form[data-sheet-instead]");
    if (!step || !template()) { return; }
    var rounds = kept(), going = rounds.filter(function (e) { return e.tapping; })[0];
    if (going) { place(step, sheetOf(going)); return; }
    // A round that waits for the one the table is entering leaves that one on the screen.
    var number = Number(valueIn(step, "number")), last = 0;
    rounds.forEach(function (e) {
      var kept = Number(outbox.fieldOf(e, "number"));
      if (!(e.waits && kept > number)) { last = Math.max(last, kept); }
    });
    if (last >= number) { place(step, sheetFor(last + 1, [], "", [])); }
  }
  // The sheet is held beside the page's live part (#kept-sheet), not in it: a refresh names
  // the sheet that goes with it (data-key), fetched only when that is not the one held.
  function holdTheSheet() {
    var wanted = document.querySelector("#entry [data-kept-sheet]");
    var held = document.getElementById("kept-sheet");
    if (!wanted || !held || held.dataset.key === wanted.dataset.key) { return; }
    fetch(wanted.dataset.keptSheet, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        var now = document.getElementById("kept-sheet");
        if (html && now) {
          now.outerHTML = html;
          // The page kept for reading offline holds this sheet too (register.js).
          document.dispatchEvent(new CustomEvent("kept:part",
            { detail: { part: "kept-sheet", html: html } }));
        }
      })
      .catch(function () { /* no network: the sheet held stays until the next refresh */ });
  }

  document.addEventListener("DOMContentLoaded", resume);
  document.addEventListener("htmx:load", function (event) {
    if (event.target.id === "entry") { holdTheSheet(); resume(); }
  });
})();
