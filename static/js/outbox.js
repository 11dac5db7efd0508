// The outbox: what is entered while the phone has no network (a Cutthroat hand, a Cắt Tê round
// on its sheet, see offline_round.js, a score sheet's round) is kept on the phone (localStorage: it
// survives a reload, a closed tab and a restarted browser) under an id, never dropped, and
// sent by outbox_send.js as soon as the network is back. It is kept as its form's fields, with
// the form's data-outbox address or else its own, and its id is the idempotency key every form
// carries ("once": the key the page's form had, when the tap that could not be sent was on it,
// so a tap whose answer was lost is told it was recorded). A Cắt Tê round still being tapped is
// kept too. An entry the server answered with a conflict or a refusal stays until the scorer
// chooses. Without JavaScript nothing is kept and every form works online as before.
(function () {
  "use strict";
  var KEY = "cardtable:outbox";
  var body = document.body;
  var words = (body && body.dataset) || {};

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

  function fieldsOf(form, extra) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") { fields.push([name, String(value)]); }
    });
    return fields.concat(extra || []);
  }

  // The bids of a hand, kept until its tricks are saved too: the tricks step is shown from
  // the template the page holds beside its live part (#kept-sheet), the same for every hand:
  // the hand's number, its heading and order as the bids form has them (cutthroat/tricks.js),
  // and each player's bid written in as the bids form showed it.
  function keepBids(bids) {
    var template = document.getElementById("offline-tricks");
    if (!template || !window.cardtableTricks) { return false; }
    var tricks = template.content.firstElementChild.cloneNode(true);
    newKey(tricks);
    var number = bids.querySelector("input[name=number]").value;
    tricks.querySelector("input[name=number]").value = number;
    tricks.querySelector("h2").textContent = bids.dataset.tricksHeading || "";
    window.cardtableTricks.inBiddingOrder(tricks, number, true);
    var format = tricks.dataset.bidFormat || "· bid {bid}";
    var held = fieldsOf(bids).filter(function (field) { return field[0].indexOf("bid_") === 0; });
    held.forEach(function (field) {
      var seat = field[0].slice(4);
      var chosen = bids.querySelector("input[name='" + field[0] + "']:checked");
      var label = chosen && chosen.closest("label");
      var shown = tricks.querySelector("[data-bid-of='" + seat + "']");
      if (shown) { shown.textContent = format.replace("{bid}", label ? label.textContent.trim() : field[1]); }
    });
    tricks.dataset.heldBids = JSON.stringify(held);
    hold(bids, "bids", held);
    var place = bids.parentNode;
    place.replaceChild(tricks, bids);
    place.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true }));  // tricks.js, cutthroat.js
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
    outbox.sendWhenDue();  // outbox_send.js
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

  // For the forms and sheets entered offline (offline_round.js, hands_ahead.js) and its sending
  // (outbox_send.js).
  var outbox = window.cardtableOutbox = {
    waiting: load,
    save: save,
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
    sayKept: sayKept
    // send, sendWhenDue: outbox_send.js
  };
  document.addEventListener("DOMContentLoaded", function () {
    showBadge(load());
    resumeHeldBids();
  });
})();
