// The outbox's sending: what outbox.js keeps on the phone is sent, in order, as soon as the
// network is back: at the "online" event, on every page load and every few seconds while
// anything waits, retried with a growing pause. It is sent as its form's fields, asking for JSON,
// with its id as the idempotency key; the server records each id once however often it arrives.
// A Cắt Tê round still being tapped is sent to become the table's draft. When another phone
// recorded or changed that hand or round first, the server's answer says what each phone
// entered; the entry stays until the scorer chooses (keep the other phone's, record this one
// instead, or correct the saved one with it, after which the phone asks again). A round that
// must wait for an earlier one to be saved at the table waits here.
(function () {
  "use strict";
  var outbox = window.cardtableOutbox;
  if (!outbox) { return; }
  var load = outbox.waiting, save = outbox.save, forget = outbox.forget;
  var unsettled = outbox.unsettled, fieldOf = outbox.fieldOf;
  var FIRST_PAUSE = 2000, LONGEST_PAUSE = 10000, CHECK_EVERY = 5000;
  var body = document.body;
  var words = (body && body.dataset) || {};
  var sending = false, pause = FIRST_PAUSE, nextTry = 0, told = [];
  // The network came back while a send was failing: that send's pause is not waited out.
  var backMeanwhile = false;

  // Django's CSRF cookie is the token every page's forms carry: read at each send, it is valid
  // after a reload offline, a kept copy of a page or the offline page, which carry none or an
  // old one.
  function csrfToken() {
    var cookie = document.cookie.split("; ").filter(function (c) { return c.indexOf("csrftoken=") === 0; })[0];
    if (cookie) { return cookie.slice("csrftoken=".length); }
    try { return JSON.parse(body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (error) { return ""; }
  }

  // What waits for the scorer sits just above the entry, outside the part a refresh replaces:
  // a note drawn again under the thumb would take the tap meant for its button.
  function note(kind, content, id) {
    var messages = (id && document.getElementById("outbox-notes")) ||
      document.querySelector("#entry-messages") || document.querySelector("#messages");
    if (!messages) { return null; }
    var old = id && document.getElementById(id);
    if (old) { old.remove(); }
    var p = document.createElement("div");
    p.className = "flash " + kind;
    p.setAttribute("role", "status");
    if (id) { p.id = id; }
    p.appendChild(content);
    messages.prepend(p);
    return p;
  }

  function text(content) { var span = document.createElement("span"); span.textContent = content; return span; }

  // A conflict or a refusal stays in view on its game's page until the scorer chooses; a round
  // that waits for an earlier one says so.
  // Shown once; `anew` when the server's answer changed what it says.
  function showUnsettled(entry, anew) {
    if (window.location.pathname !== entry.page) { return; }
    var shown = document.getElementById("outbox-" + entry.id);
    if (shown && !anew) { return; }
    if (entry.waits) { note("warning outbox-waits", text(entry.waits), "outbox-" + entry.id); return; }
    // Keeping the entry that came first: another phone's, or this phone's own (recorded before
    // from here, or corrected here since).
    var keepFirst = entry.own ? (words.outboxKeepRecorded || "Keep the one recorded") :
      (words.outboxKeepTheirs || "Keep the other phone's");
    var box = document.createElement("div");
    if (entry.conflict) {
      var theirs = document.createElement("div");
      theirs.innerHTML = entry.conflict;  // rendered by the server, every value escaped there
      box.appendChild(theirs);
    } else {
      box.appendChild(text(entry.label + ": " + entry.refused));
    }
    // The choices, where the server's note puts them: keeping the other phone's entry, which
    // changes nothing recorded, comes first; recording or correcting with this one's after it.
    var choices = box.querySelector("[data-outbox-choices]");
    if (!choices) {
      choices = document.createElement("div");
      choices.className = "actions";
      box.appendChild(choices);
    }
    var drop = document.createElement("button");
    drop.type = "button";
    drop.className = entry.conflict ? "" : "secondary";
    drop.textContent = entry.conflict ? keepFirst : (words.outboxDrop || "Drop this entry");
    drop.addEventListener("click", function () { forget(entry.id); box.parentNode.remove(); });
    choices.prepend(drop);
    if (entry.retry) { choices.appendChild(retryButton(entry, box)); }
    note("warning outbox-unsettled", box, "outbox-" + entry.id);
  }

  // "Record mine instead": sent again against what the server said the table now has.
  function retryButton(entry, box) {
    var retry = document.createElement("button");
    retry.type = "button";
    retry.className = "secondary";
    retry.textContent = entry.retry.label;
    retry.addEventListener("click", function () {
      var entries = load();
      entries.filter(function (e) { return e.id === entry.id; }).forEach(function (kept) {
        kept.fields = kept.fields.map(function (field) {
          var now = entry.retry.fields[field[0]];
          return now === undefined ? field : [field[0], now];
        });
        kept.conflict = kept.refused = kept.retry = kept.own = null;
      });
      save(entries);
      box.parentNode.remove();
      nextTry = 0;
      sendAll();
    });
    return retry;
  }

  // Once this page has nothing more to send, its entry part is read again (the round or hand
  // the table now has), with what each answer said.
  function redraw(page) {
    if (window.location.pathname !== page || !window.htmx) { return; }
    var more = load().some(function (e) { return e.page === page && !unsettled(e) && !e.waits; });
    if (more) { return; }
    var said = told;
    told = [];
    window.htmx.ajax("GET", window.location.pathname, { target: "#entry", swap: "outerHTML" })
      .then(function () {
        said.forEach(function (s) {
          var shown = note(s.tone, text(s.text));
          if (shown) { shown.scrollIntoView({ block: "nearest" }); }
        });
      }, function () { told = said.concat(told); });  // said with the next redraw
  }

  function answer(entry, sent, response) {
    return response.json().catch(function () { return {}; }).then(function (said) {
      var entries = load();
      var kept = entries.filter(function (e) { return e.id === entry.id; })[0];
      if (response.ok) {
        var changed = kept && JSON.stringify(kept.fields) !== sent;  // tapped on meanwhile
        if (!changed) {
          save(entries.filter(function (e) { return e.id !== entry.id; }));
          var settled = document.getElementById("outbox-" + entry.id);
          if (settled) { settled.remove(); }
        }
        told.push({ tone: said.tone || "success", text: said.recorded || said.drafted || "" });
        if (!changed) { redraw(entry.page); }
        return true;
      }
      if (response.status === 409 && said.waits && kept) {
        kept.waits = said.waits;
        save(entries);
        showUnsettled(kept, true);
        // Back from offline entry: the round the table is entering, which this one waits for.
        if (document.getElementById("round-sheet")) { redraw(entry.page); }
        return false;  // asked again later
      }
      if ((response.status === 409 || response.status === 400) && kept) {
        kept.conflict = said.conflict || "";
        kept.refused = said.refused || "";
        kept.retry = said.retry || null;
        kept.recheck = !!said.recheck;
        kept.own = !!said.own;
        kept.waits = null;
        save(entries);
        showUnsettled(kept, true);
        var shown = document.getElementById("outbox-" + kept.id);
        if (shown) { shown.scrollIntoView({ block: "nearest" }); }  // the answer just came
        redraw(entry.page);  // the table's own round or hand, beside the choice
        return true;  // settled by a person: the next entry may go
      }
      return false;  // the server could not answer now: try again later
    });
  }

  function numberOf(entry) { return Number(fieldOf(entry, "number")) || 0; }

  // In order of their numbers (a round still being tapped before a later one that waits for
  // it), one at a time; an entry waiting for a person's choice is passed over.
  function sendAll() {
    if (sending || Date.now() < nextTry) { return; }
    var entry = load().filter(function (e) { return !unsettled(e); })
      .sort(function (a, b) { return numberOf(a) - numberOf(b) || a.made - b.made; })[0];
    if (!entry) { return; }
    sending = true;
    var sent = JSON.stringify(entry.fields);
    var form = new URLSearchParams(entry.fields);
    form.set("once", entry.id);
    fetch(entry.url, {
      method: "POST", body: form, credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "Content-Type": "application/x-www-form-urlencoded",
                 "Accept": "application/json" }
    })
      .then(function (response) { return answer(entry, sent, response); })
      .catch(function () {
        document.dispatchEvent(new CustomEvent("outbox:unsent"));  // no network: sheets stay
        return false;
      })
      .then(function (went) {
        sending = false;
        if (went || backMeanwhile) {
          backMeanwhile = false;
          pause = FIRST_PAUSE;
          nextTry = 0;
          sendAll();
          return;
        }
        nextTry = Date.now() + pause;
        pause = Math.min(pause * 2, LONGEST_PAUSE);
      });
  }

  // Sent again now: what waited for an earlier round and, on a page load (back from the
  // correction made with it, say), what another phone had saved otherwise: recorded just as
  // this phone had it now, it is settled.
  function askAgain(recheck) {
    var entries = load(), page = window.location.pathname;
    entries.forEach(function (e) {
      if (recheck && e.page === page && e.recheck) {
        e.conflict = e.refused = e.retry = e.own = null;
        e.recheck = false;
      }
    });
    save(entries);
    nextTry = 0;
    sendAll();
  }

  // A refresh of the game's page draws its messages again: what waits for the scorer's choice
  // is put back beside the entry, and what waited for the table is asked again.
  document.addEventListener("htmx:load", function (event) {
    if (event.target.id !== "entry") { return; }
    load().filter(function (e) { return unsettled(e) || e.waits; })
      .forEach(function (e) { showUnsettled(e); });
    askAgain(false);
  });
  window.addEventListener("online", function () {
    backMeanwhile = sending;
    nextTry = 0;
    sendAll();
  });
  // Now (offline_round.js, hands_ahead.js), or once the pause after a failed send is over (a hand kept
  // in outbox.js).
  outbox.send = function () { nextTry = 0; sendAll(); };
  outbox.sendWhenDue = sendAll;
  document.addEventListener("DOMContentLoaded", function () {
    load().filter(function (e) { return unsettled(e) || e.waits; })
      .forEach(function (e) { showUnsettled(e); });
    askAgain(true);
  });
  window.setInterval(function () { if (load().length) { sendAll(); } }, CHECK_EVERY);
})();
