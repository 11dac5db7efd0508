// The outbox: a hand saved while the phone has no network is kept on the phone (localStorage:
// it survives a reload, a closed tab and a restarted browser) with an id made here, and sent,
// oldest first, as soon as the network is back: at the "online" event, on every page load and
// every few seconds while anything waits, retried with a growing pause, never dropped. The
// server records each id once however often it arrives. When another phone recorded that hand
// first, the server's answer says what each phone entered; the entry stays until the scorer
// chooses (keep the other phone's, or correct the hand with his own). Without JavaScript
// nothing is kept and every form works online as before.
(function () {
  "use strict";
  var KEY = "cardtable:outbox";
  var FIRST_PAUSE = 2000, LONGEST_PAUSE = 60000, CHECK_EVERY = 5000;
  var body = document.body;
  var words = (body && body.dataset) || {};
  var sending = false, pause = FIRST_PAUSE, nextTry = 0;

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

  function csrfToken() {
    try { return JSON.parse(body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (error) { return ""; }
  }

  // How many entries wait, in the bar at the top of every page.
  function showBadge(entries) {
    var badge = document.getElementById("outbox-badge");
    var bar = document.querySelector(".topbar nav");
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

  function note(kind, content, id) {
    var messages = document.querySelector("#entry-messages") || document.querySelector("#messages");
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

  // A conflict or a refusal stays in view on its game's page until the scorer chooses.
  function showUnsettled(entry) {
    if (window.location.pathname !== entry.page) { return; }
    var box = document.createElement("div");
    if (entry.conflict) {
      var theirs = document.createElement("div");
      theirs.innerHTML = entry.conflict;  // rendered by the server, every value escaped there
      box.appendChild(theirs);
    } else {
      box.appendChild(text(entry.label + ": " + entry.refused));
    }
    if (entry.retry) { box.appendChild(retryButton(entry, box)); }
    var drop = document.createElement("button");
    drop.type = "button";
    drop.className = "secondary";
    drop.textContent = entry.conflict ? (words.outboxKeepTheirs || "Keep the other phone's") : (words.outboxDrop || "Drop this entry");
    drop.addEventListener("click", function () { forget(entry.id); box.parentNode.remove(); });
    box.appendChild(drop);
    box.querySelectorAll("a").forEach(function (link) {
      link.addEventListener("click", function () { forget(entry.id); });  // corrected with it
    });
    note("warning outbox-unsettled", box, "outbox-" + entry.id);
  }

  // "Record mine instead": sent again against what the server said the table now has.
  function retryButton(entry, box) {
    var retry = document.createElement("button");
    retry.type = "button";
    retry.textContent = entry.retry.label;
    retry.addEventListener("click", function () {
      var entries = load();
      entries.filter(function (e) { return e.id === entry.id; }).forEach(function (kept) {
        kept.fields = kept.fields.map(function (field) {
          var now = entry.retry.fields[field[0]];
          return now === undefined ? field : [field[0], now];
        });
        kept.conflict = kept.refused = kept.retry = null;
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

  function redraw(entry) {
    if (window.location.pathname !== entry.page || !window.htmx) { return; }
    window.htmx.ajax("GET", window.location.pathname, { target: "#entry", swap: "outerHTML" })
      .then(function () { note("success", text(entry.said)); });
  }

  function answer(entry, response) {
    return response.json().catch(function () { return {}; }).then(function (said) {
      var entries = load();
      var kept = entries.filter(function (e) { return e.id === entry.id; })[0];
      if (response.ok) {
        entry.said = said.recorded || "";
        save(entries.filter(function (e) { return e.id !== entry.id; }));
        redraw(entry);
        return true;
      }
      if ((response.status === 409 || response.status === 400) && kept) {
        kept.conflict = said.conflict || "";
        kept.refused = said.refused || "";
        kept.retry = said.retry || null;
        save(entries);
        showUnsettled(kept);
        var shown = document.getElementById("outbox-" + kept.id);
        if (shown) { shown.scrollIntoView({ block: "nearest" }); }  // the answer just came
        return true;  // settled by a person: the next entry may go
      }
      return false;  // the server could not answer now: try again later
    });
  }

  // Oldest first, one at a time; an entry waiting for a person's choice is passed over.
  function sendAll() {
    if (sending || Date.now() < nextTry) { return; }
    var entry = load().filter(function (e) { return !unsettled(e); })[0];
    if (!entry) { return; }
    sending = true;
    var form = new URLSearchParams(entry.fields);
    form.set("entry", entry.id);
    fetch(entry.url, {
      method: "POST", body: form, credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "Content-Type": "application/x-www-form-urlencoded" }
    })
      .then(function (response) { return answer(entry, response); })
      .catch(function () { return false; })
      .then(function (went) {
        sending = false;
        if (went) { pause = FIRST_PAUSE; nextTry = 0; sendAll(); return; }
        nextTry = Date.now() + pause;
        pause = Math.min(pause * 2, LONGEST_PAUSE);
      });
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

  // What is ticked on a form that only the outbox sends (a hand's bids, a round's sheet) stays
  // on the phone through a reload, until the entry is kept: one key per page, kind and number.
  function heldKey(form, kind) {
    var number = form.querySelector("input[name=number]");
    return KEY + ":" + kind + ":" + window.location.pathname + ":" + (number ? number.value : "");
  }

  function hold(form, kind, held) {
    var store = storage();
    try { if (store) { store.setItem(heldKey(form, kind), JSON.stringify(held)); } } catch (error) { /* full */ }
  }

  function heldFor(form, kind) {
    var store = storage();
    try { return store && JSON.parse(store.getItem(heldKey(form, kind))); } catch (error) { return null; }
  }

  function release(form) {
    var store = storage();
    if (store) { ["bids", "sheet"].forEach(function (kind) { store.removeItem(heldKey(form, kind)); }); }
  }

  // A form's choices ticked as `held` ([name, value] pairs) says, and only those.
  function fillIn(form, held) {
    form.querySelectorAll("input[type=radio], input[type=checkbox]").forEach(function (input) {
      input.checked = held.some(function (f) { return f[0] === input.name && f[1] === input.value; });
    });
    form.querySelectorAll("select").forEach(function (select) {
      held.filter(function (f) { return f[0] === select.name; }).forEach(function (f) { select.value = f[1]; });
    });
  }

  // After a reload with bids held for the hand the page still asks bids for: back to its tricks.
  function resumeHeldBids() {
    var bids = document.getElementById("bids");
    var held = bids && heldFor(bids, "bids");
    if (!held) { return; }
    fillIn(bids, held);
    keepBids(bids);
  }

  function keepHand(form) {
    var held = form.dataset.heldBids ? JSON.parse(form.dataset.heldBids) : [];
    var heading = form.querySelector("h2");
    var entry = {
      id: newId(),
      url: form.dataset.sentLater !== undefined ? form.getAttribute("action") : form.dataset.outbox,
      fields: fieldsOf(form, held),
      page: window.location.pathname,
      label: heading ? heading.textContent.trim() : "",
      made: Date.now()
    };
    var entries = load();
    entries.push(entry);
    save(entries);
    release(form);
    document.querySelectorAll("#outbox-kept").forEach(function (before) { before.remove(); });
    var kept = document.createElement("p");
    kept.className = "flash warning";
    kept.id = "outbox-kept";
    kept.setAttribute("role", "status");
    kept.textContent = (words.outboxKept || "{hand}: kept on this phone, sent as soon as the network is back.").replace("{hand}", entry.label);
    form.parentNode.replaceChild(kept, form);
    kept.scrollIntoView({ block: "center" });
    document.dispatchEvent(new CustomEvent("outbox:kept", { detail: { form: form, note: kept } }));
    sendAll();
  }

  // Save pressed with no network (or the request could not be sent): keep it here.
  function keepInstead(form) {
    if (form.id === "bids") { return keepBids(form); }
    if (form.id === "played" && (form.dataset.sentLater !== undefined || form.dataset.outbox)) {
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
  // The offline tricks form is not an htmx form: its Save always goes to the outbox.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.sentLater !== undefined) {
      event.preventDefault();
      keepHand(form);
    }
  });

  // A live refresh of the game's page draws its messages again: what waits for the scorer's
  // choice is put back beside the entry.
  document.addEventListener("htmx:load", function (event) {
    if (event.target.id !== "entry") { return; }
    load().filter(unsettled).forEach(showUnsettled);
  });
  window.addEventListener("online", function () { nextTry = 0; sendAll(); });
  // For the sheets (sheet.js): what waits, and what is held of a form.
  window.cardtableOutbox = {
    waiting: load,
    unsettled: unsettled,
    fieldsOf: fieldsOf,
    fillIn: fillIn,
    hold: hold,
    heldFor: heldFor
  };
  document.addEventListener("DOMContentLoaded", function () {
    var entries = load();
    showBadge(entries);
    resumeHeldBids();
    entries.filter(unsettled).forEach(showUnsettled);
    sendAll();
  });
  window.setInterval(function () { if (load().length) { sendAll(); } }, CHECK_EVERY);
})();
