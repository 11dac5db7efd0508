// The outbox: what is entered while the phone has no network (a Cutthroat hand, a Cắt Tê round
// on its sheet, see offline_round.js, a score sheet's round) is kept on the phone (localStorage: it
// survives a reload, a closed tab and a restarted browser) under an id, and sent, in order, as
// soon as the network is back: at the "online" event, on every page load and every few seconds
// while anything waits, retried with a growing pause, never dropped. It is sent as its form's
// fields, to the form's data-outbox address or else its own, asking for JSON, with its id as
// the idempotency key every form carries ("once": the key the page's form had, when the tap that
// could not be sent was on it, so a tap whose answer was lost is told it was recorded); the
// server records each id once however often it arrives. A Cắt Tê round still being tapped is
// kept too, and sent to become the table's draft. When another phone recorded or changed that
// hand or round first, the server's answer says what each phone entered; the entry stays until
// the scorer chooses (keep the other phone's, record this one instead, or correct the saved one
// with it, after which the phone asks again). A round that must wait for an earlier one to be
// saved at the table waits here. Without JavaScript nothing is kept and every form works online
// as before.
(function () {
  "use strict";
  var KEY = "cardtable:outbox";
  var FIRST_PAUSE = 2000, LONGEST_PAUSE = 10000, CHECK_EVERY = 5000;
  var body = document.body;
  var words = (body && body.dataset) || {};
  var sending = false, pause = FIRST_PAUSE, nextTry = 0, told = [];
  // The network came back while a send was failing: that send's pause is not waited out.
  var backMeanwhile = false;

  function storage() {
    try { return window.localStorage; } catch (error) { return null; }
  }

  function load() {
    var store = storage();
    try { return (store && JSON.parse(store.getItem(KEY))) || []; } catch (error) { return []; }
  }

  function save(entries) {
    var store = storage();
    if (!store) { return; }
    if (entries.length) { store.setItem(KEY, JSON.stringify(entries)); } else { store.removeItem(KEY); }
    showBadge(entries);
  }

  function newId() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  // Django's CSRF cookie is the token every page's forms carry: read at each send, it is valid
  // after a reload offline, a kept copy of a page or the offline page, which carry none or an
  // old one.
  function csrfToken() {
    var cookie = document.cookie.split("; ").filter(function (c) { return c.indexOf("csrftoken=") === 0; })[0];
    if (cookie) { return cookie.slice("csrftoken=".length); }
    try { return JSON.parse(body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (error) { return ""; }
  }

  function fieldOf(entry, name) {
    var found = entry.fields.filter(function (field) { return field[0] === name; })[0];
    return found ? found[1] : "";
  }

  // How many entries wait, in the bar at the top of every page; on the offline page, that they
  // are kept here, not lost.
  function showBadge(entries) {
    var badge = document.getElementById("outbox-badge");
    var bar = document.querySelector(".topbar nav");
    var offline = document.getElementById("offline");
    if (offline && entries.length && words.offlineKept) {
      offline.textContent = words.offlineKept;
      offline.className = "flash warning";
    }
    if (!entries.length) { if (badge) { badge.remove(); } return; }
    if (!badge && bar) {
      badge = document.createElement("span");
      badge.id = "outbox-badge";
      badge.className = "badge waiting";
      badge.setAttribute("role", "status");
      bar.prepend(badge);
    }
    if (badge) { badge.textContent = (words.outboxWaiting || "{count} waiting to be sent").replace("{count}", entries.length); }
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

  // An entry the server answered with a conflict or a refusal: it waits for the scorer.
  function unsettled(entry) { return !!(entry.conflict || entry.refused); }

  function forget(id) {
    save(load().filter(function (entry) { return entry.id !== id; }));
  }

  // An entry kept or changed (a round's sheet keeps each tap): in place, or last.
  function keep(entry) {
    var entries = load(), found = false;
    entries = entries.map(function (e) {
      if (e.id !== entry.id) { return e; }
      found = true;
      return Object.assign({}, e, entry);  // what the server answered it stays
    });
    if (!found) { entries.push(entry); }
    save(entries);
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

  function fieldsOf(form, extra) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") { fields.push([name, String(value)]); }
    });
    return fields.concat(extra || []);
  }

  // The bids of a hand, kept until its tricks are saved too: the tricks step is shown from
  // the page's template, each player's bid written in as the bids form showed it.
  function keepBids(bids) {
    var template = document.getElementById("offline-tricks");
    if (!template) { return false; }
    var tricks = template.content.firstElementChild.cloneNode(true);
    newKey(tricks);
    var format = tricks.dataset.bidFormat || "· bid {bid}";
    var held = fieldsOf(bids).filter(function (field) { return field[0].indexOf("bid_") === 0; });
    held.forEach(function (field) {
      var seat = field[0].slice(4);
      var chosen = bids.querySelector("input[name='" + field[0] + "']:checked");
      var label = chosen && bids.querySelector("label[for='" + chosen.id + "']");
      var shown = tricks.querySelector("[data-bid-of='" + seat + "']");
      if (shown) { shown.textContent = format.replace("{bid}", label ? label.textContent.trim() : field[1]); }
    });
    tricks.dataset.heldBids = JSON.stringify(held);
    hold(bids, "bids", held);
    var place = bids.parentNode;
    place.replaceChild(tricks, bids);
    place.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true }));  // table.js, cutthroat.js
    tricks.scrollIntoView({ block: "start" });
    return true;
  }

  // What is ticked on a form that only the outbox sends (a hand's bids, the hands after it)
  // stays on the phone through a reload (keep.js), until the entry is kept: one key per page,
  // kind and number.
  function heldKey(form, kind) {
    var number = form.querySelector("input[name=number]");
    return KEY + ":" + kind + ":" + window.location.pathname + ":" + (number ? number.value : "");
  }

  function hold(form, kind, held) { window.cardtableKeep.keep(heldKey(form, kind), held); }

  function heldFor(form, kind) { return window.cardtableKeep.kept(heldKey(form, kind)); }

  function release(form) {
    ["bids", "hand"].forEach(function (kind) { window.cardtableKeep.forget(heldKey(form, kind)); });
  }

  // After a reload with bids held for the hand the page still asks bids for: back to its tricks.
  function resumeHeldBids() {
    var bids = document.getElementById("bids");
    var held = bids && heldFor(bids, "bids");
    if (!held) { return; }
    window.cardtableKeep.fillIn(bids, held);
    keepBids(bids);
  }

  // "Hand 3: kept on this phone, …" in place of the form kept.
  function sayKept(form, label) {
    document.querySelectorAll("#outbox-kept").forEach(function (before) { before.remove(); });
    var kept = document.createElement("p");
    kept.className = "flash warning";
    kept.id = "outbox-kept";
    kept.setAttribute("role", "status");
    kept.textContent = (words.outboxKept || "{hand}: kept on this phone, sent as soon as the network is back.").replace("{hand}", label);
    form.parentNode.replaceChild(kept, form);
    kept.scrollIntoView({ block: "center" });
    return kept;
  }

  // Each copy of a form drawn from a page's template (the tricks after bids kept here, the hands
  // after it) is a new entry: its own key.
  function newKey(form) {
    var key = form.querySelector("input[name=once]");
    if (key) { key.value = newId(); }
  }

  // The key the form carries, unless an entry waits under it already.
  function keyOf(form) {
    var key = form.querySelector("input[name=once]");
    var taken = key && load().some(function (e) { return e.id === key.value; });
    return key && /^[0-9a-f]{32}$/.test(key.value) && !taken ? key.value : newId();
  }

  function keepHand(form) {
    var held = form.dataset.heldBids ? JSON.parse(form.dataset.heldBids) : [];
    var heading = form.querySelector("h2");
    var entry = {
      id: keyOf(form),
      url: form.dataset.outbox || form.getAttribute("action"),
      fields: fieldsOf(form, held),
      page: window.location.pathname,
      label: heading ? heading.textContent.trim() : "",
      made: Date.now()
    };
    keep(entry);
    release(form);
    var kept = sayKept(form, entry.label);
    document.dispatchEvent(new CustomEvent("outbox:kept", { detail: { form: form, note: kept } }));
    sendAll();
  }

  // Save pressed with no network (or the request could not be sent): keep it here.
  function keepInstead(form) {
    if (form.id === "bids") { return keepBids(form); }
    if (form.id === "played" && (form.dataset.sentLater !== undefined || form.dataset.outbox !== undefined)) {
      keepHand(form);
      return true;
    }
    return false;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (!navigator.onLine && form && form.tagName === "FORM" && keepInstead(form)) {
      event.preventDefault();
    }
  });
  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail.elt;
    if (form && form.tagName === "FORM" && keepInstead(form)) {
      document.querySelectorAll("#offline-note").forEach(function (n) { n.remove(); });
    }
  });
  // A Cutthroat hand's offline form is not an htmx form: its Save always goes to the outbox.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.sentLater !== undefined && form.id !== "round-sheet") {
      event.preventDefault();
      keepHand(form);
    }
  });

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
  // For the forms and sheets entered offline (offline_round.js, hands_ahead.js).
  window.cardtableOutbox = {
    waiting: load,
    unsettled: unsettled,
    fieldsOf: fieldsOf,
    fieldOf: fieldOf,
    hold: hold,
    heldFor: heldFor,
    keep: keep,
    forget: forget,
    newId: newId,
    newKey: newKey,
    keyOf: keyOf,
    sayKept: sayKept,
    send: function () { nextTry = 0; sendAll(); }
  };
  document.addEventListener("DOMContentLoaded", function () {
    var entries = load();
    showBadge(entries);
    resumeHeldBids();
    entries.filter(function (e) { return unsettled(e) || e.waits; })
      .forEach(function (e) { showUnsettled(e); });
    askAgain(true);
  });
  window.setInterval(function () { if (load().length) { sendAll(); } }, CHECK_EVERY);
})();
