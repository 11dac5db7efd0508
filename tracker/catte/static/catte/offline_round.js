// A Cắt Tê round entered while the phone has no network; the outbox keeps and sends it.
//
// Online every tap goes to the server, which replays the table's draft and draws the next step.
// The page also holds every button of the round on one sheet (<template data-round-sheet>,
// rendered in the page's words, beside the live part): the online entry's own buttons, the same
// tap tokens. A tap that cannot be sent brings up the sheet in the round's place, going on from
// the taps the table had as the page showed them, with that tap on it. The sheet asks what the
// online entry asks, in the same order, with the same buttons: catte_round.js replays the taps
// as the server does (the side pot's card first, who may win the next trick, no trick after the
// round has ended, the ace question, "Save round" and what it waits for), and a tap the server
// would refuse is refused at the tap, its message beside the buttons, and nothing is kept.
// Each tap is kept in the outbox at once (a round still being tapped, which a reload brings
// back), "Save round" keeps it as a round to record, and the next round's sheet follows. When
// the network is back the outbox sends them in order: a round still being tapped becomes the
// table's draft, and the page goes back to the online entry; the table checks them again.
(function () {
  "use strict";
  var outbox = window.cardtableOutbox, catteRound = window.cardtableCatteRound;
  var page = window.location.pathname;
  if (!outbox || !catteRound) { return; }

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

  function wordsOf(sheet) { return JSON.parse(sheet.dataset.words); }
  function draftOf(sheet, taps) {
    return catteRound.draft(JSON.parse(sheet.dataset.rules), taps || tapsOf(valueIn(sheet, "taps")));
  }

  function seatOf(tap) { return /^[a-zA-Z]\d/.test(tap) ? Number(tap.charAt(1)) : null; }
  function has(list, item) { return list.indexOf(item) >= 0; }

  // The step asked next and each button as the online entry draws it at this point
  // (session_round_form.html, draft_buttons.py): only the seats it offers, each pressed as it
  // stands; the round as tapped so far, and what "Save round" waits for.
  function draw(sheet) {
    var words = wordsOf(sheet), taps = tapsOf(valueIn(sheet, "taps"));
    var draft = catteRound.usable(JSON.parse(sheet.dataset.rules), taps);
    var atTable = draft.atTable(), canWin = draft.canWinNext();
    var offered = { t: canWin, R: canWin, w: draft.stillIn(), f: atTable, x: atTable, c: atTable,
                    e: draft.aceSeats() };
    sheet.querySelectorAll("button[name=tap]").forEach(function (button) {
      var seats = offered[button.value.charAt(0)], seat = seatOf(button.value);
      button.hidden = Boolean(seats) && seat !== null && !has(seats, seat);
      var on = pressed(draft, button.value);
      if (on === null) { return; }
      button.setAttribute("aria-pressed", on ? "true" : "false");
      if (!button.parentNode.classList.contains("cards")) { button.classList.toggle("secondary", !on); }
    });
    sheet.querySelector("[data-so-far]").textContent = line(draft, words, sheet);
    var step = draft.nextStep(), part = function (name) { return sheet.querySelector("[data-" + name + "]"); };
    var card = part("card"), claim = part("claim"), ace = part("ace-step");
    if (card) { card.open = draft.needsCard(); }
    if (claim) { claim.hidden = draft.needsCard(); }
    if (ace) { ace.hidden = !draft.asksAce(); }
    part("trick-step").hidden = draft.nextTrick() === null;
    part("trick-question").textContent = words.trick.replace("{number}", draft.nextTrick());
    part("auto-wins").hidden = !draft.offersAutoWin();
    part("rest").hidden = draft.nextTrick() === null;
    sheet.querySelector(".restart").hidden = !draft.taps.length;
    sheet.querySelector("button[value=undo]").disabled = !draft.taps.length;
    sheet.querySelector("button[value=save]").setAttribute("aria-disabled", draft.ready() ? "false" : "true");
    var missing = draft.missing(words);
    part("missing").textContent = missing || "";
    part("missing").hidden = !missing;
    var next = { card: card, trick: part("trick-step"), ace: ace, save: part("save-step") }[step];
    sheet.querySelectorAll("[data-sheet-next]").forEach(function (e) { e.removeAttribute("data-sheet-next"); });
    if (next) { next.setAttribute("data-sheet-next", ""); }
  }

  function pressed(draft, tap) {
    var kind = tap.charAt(0), seat = seatOf(tap);
    var chosen = { a: draft.absent, f: draft.folds, x: draft.falseClaims }[kind];
    if (chosen) { return has(chosen, seat); }
    var answer = function (who) { return who === catteRound.UNSET ? false : tap.slice(1) === (who === null ? "-" : String(who)); };
    if (kind === "c") { return answer(draft.claimant); }
    if (kind === "e") { return answer(draft.ace); }
    if (kind === "u") { return tap.slice(1) === draft.upturned(); }
    if (kind === "w") { return Boolean(draft.autoWin) && tap.slice(1) === draft.autoWin.join("."); }
    return null;
  }

  // The round as a round's line says it (entries.describe_round).
  function line(draft, words, sheet) {
    var name = function (seat) { return words.names[seat] || String(seat); };
    var names = function (seats) { return seats.map(name).join(", "); };
    var parts = [];
    if (draft.autoWin) {
      var hand = draft.autoWin[1];
      parts.push(words.auto_win.replace("{player}", name(draft.autoWin[0])).replace("{hand}", words.hands[hand] || hand));
    } else if (draft.tricks.length) {
      parts.push(words.tricks.replace("{players}", names(draft.tricks)));
    }
    [["absent", draft.absent], ["folds", draft.folds], ["false_claims", draft.falseClaims]]
      .forEach(function (list) { if (list[1].length) { parts.push(words[list[0]].replace("{players}", names(list[1]))); } });
    if (draft.ace !== catteRound.UNSET && draft.ace !== null) { parts.push(words.ace.replace("{player}", name(draft.ace))); }
    var upturned = draft.upturned();
    if (upturned) {
      var card = (sheet.querySelector("button[value='u" + upturned + "']") || {}).textContent || upturned;
      if (draft.claimant === catteRound.UNSET) { parts.push(words.card.replace("{card}", card)); }
      else if (draft.claimant === null) { parts.push(words.no_claim.replace("{card}", card)); }
      else { parts.push(words.claim.replace("{card}", card).replace("{player}", name(draft.claimant))); }
    }
    return parts.length ? parts.join("; ") : words.nothing;
  }

  // A tap the table would refuse: its message beside the buttons tapped, nothing kept.
  function refuse(sheet, button, message) {
    var note = sheet.querySelector("[data-refusal]");
    var group = button && button.closest(".grid-buttons, .cards, .actions");
    if (group) { group.after(note); }
    note.textContent = message;
    note.hidden = false;
    note.scrollIntoView({ block: "nearest" });
  }

  function showNext(sheet) {
    var note = sheet.querySelector("[data-refusal]");
    note.hidden = true;
    var next = sheet.querySelector("[data-sheet-next]");
    if (next) { next.scrollIntoView({ block: "nearest" }); }
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

  function tapOn(sheet, button) {
    var tap = button.value, refusal = draftOf(sheet).buttonRefusal(tap, wordsOf(sheet));
    if (refusal) { refuse(sheet, button, refusal); return; }
    if (tap === "save") { saved(sheet); return; }
    sheet.querySelector("input[name=taps]").value = nextTaps(tapsOf(valueIn(sheet, "taps")), tap).join(" ");
    keep(sheet, false);
    draw(sheet);
    var restart = sheet.querySelector("details.restart");
    if (restart) { restart.open = false; }
    showNext(sheet);
    outbox.send();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#round-sheet button[name=tap]");
    if (!button) { return; }
    event.preventDefault();
    tapOn(button.form, button);
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
    var shown = tapsOf(valueIn(form, "shown")), heading = form.querySelector("h2").textContent.trim();
    var sheet = sheetFor(valueIn(form, "number"), shown, valueIn(form, "draft_version"), shown, heading);
    var refusal = tapped && draftOf(sheet).buttonRefusal(tapped, wordsOf(sheet));
    if (refusal) {  // a page drawn before the table's last change: refused as the table would
      place(form, sheet);
      refuse(sheet, sheet.querySelector("button[name=tap][value='" + tapped + "']"), refusal);
      return true;
    }
    var taps = nextTaps(shown, tapped || "");
    sheet.querySelector("input[name=reached]").value = taps.join(" ");
    sheet.querySelector("input[name=taps]").value = taps.join(" ");
    draw(sheet);
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
  document.addEventListener("DOMContentLoaded", resume);
  document.addEventListener("htmx:load", function (event) {
    if (event.target.id === "entry") { resume(); }
  });
})();
