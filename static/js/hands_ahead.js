// Cutthroat hands entered while the phone has no network, after the first one (the outbox keeps
// and sends them). The page's entry step (bids, or tricks: a form marked data-entry-step) needs
// the server for what comes after it, which cannot tell what the hands before did to the game;
// so the page holds a blank form for a whole hand, bids and tricks, players in seat order
// (<template data-sheet-next>, in the page's words). After each hand kept on the phone comes the
// next one's form, its number written in here; what is ticked on it is held on the phone through
// a reload until the hand is kept, and a page read again while hands wait goes on after the
// last of them. The server checks every hand when it arrives.
(function () {
  "use strict";
  var outbox = window.cardtableOutbox;
  if (!outbox) { return; }

  function numberOf(form) {
    var input = form && form.querySelector("input[name=number]");
    return input ? Number(input.value) : 0;
  }

  // The highest number of this page's hands waiting to be sent; one waiting for the scorer's
  // choice leaves the page at the table's own hand, beside which the choice is shown.
  function lastKept() {
    var last = 0;
    outbox.waiting().forEach(function (entry) {
      if (entry.page !== window.location.pathname || outbox.unsettled(entry)) { return; }
      last = Math.max(last, Number(outbox.fieldOf(entry, "number")) || 0);
    });
    return last;
  }

  // The blank form of hand `number`, ticked as held for it.
  function formFor(number) {
    var template = document.querySelector("template[data-sheet-next]");
    if (!template) { return null; }
    var form = template.content.firstElementChild.cloneNode(true);
    outbox.newKey(form);
    form.querySelector("input[name=number]").value = number;
    form.querySelector("h2").textContent = form.dataset.heading.replace("{number}", number);
    // A Cutthroat hand's jacks are asked in its bidding order; its players stay in seat order.
    if (window.cardtableTricks) { window.cardtableTricks.inBiddingOrder(form, number, false); }
    var held = outbox.heldFor(form, "hand");
    if (held) { window.cardtableKeep.fillIn(form, held); }
    return form;
  }

  // Every tick is held on the phone at once; the game's own scripts (tricks left, next in
  // view) take the form on as they take a swapped part.
  function started(form) {
    form.addEventListener("change", function () { outbox.hold(form, "hand", outbox.fieldsOf(form)); });
    form.parentNode.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true }));
  }

  // After a hand kept on the phone, the next one's form, right under the note saying so.
  document.addEventListener("outbox:kept", function (event) {
    var form = formFor(numberOf(event.detail.form) + 1);
    if (!form) { return; }
    event.detail.note.after(form);
    started(form);
    event.detail.note.scrollIntoView({ block: "start" });
  });

  // A page read again (a reload, a refresh of its entry part) while hands wait goes on after
  // the last of them.
  function resume() {
    var step = document.querySelector("#entry form[data-entry-step]");
    var number = lastKept() + 1;
    if (!step || number <= numberOf(step)) { return; }
    var form = formFor(number);
    if (!form) { return; }
    step.parentNode.replaceChild(form, step);
    started(form);
    form.scrollIntoView({ block: "start" });
  }
  document.addEventListener("DOMContentLoaded", resume);
  document.addEventListener("htmx:load", function (event) {
    if (event.target.id === "entry") { resume(); }
  });
})();
