// A Cắt Tê round while the phone has no network. Each tap of the round being entered goes to the
// server, which works out the next step; without a network the page shows instead the round on
// one sheet (templates/tracker/_round_sheet.html, in the page's <template>s): plain checkboxes
// and radio buttons, filled in with the round as the table had it. Its Save puts the round in
// the outbox (outbox.js), and the server checks it by the rules when it arrives. After a round
// kept on the phone comes a blank sheet for the next one. What is ticked is held on the phone
// through a reload until the round is kept.
(function () {
  "use strict";
  var outbox = window.cardtableOutbox;
  if (!outbox) { return; }

  function numberOf(form) {
    var input = form && form.querySelector("input[name=number]");
    return input ? Number(input.value) : 0;
  }

  // The highest round of this page waiting in the outbox.
  function lastKept() {
    var last = 0;
    outbox.waiting().forEach(function (entry) {
      if (entry.page !== window.location.pathname) { return; }
      entry.fields.forEach(function (field) {
        if (field[0] === "number") { last = Math.max(last, Number(field[1])); }
      });
    });
    return last;
  }

  // This round's sheet, or, when it is kept on the phone already, a blank one for the next.
  function sheetAfter(kept) {
    var current = document.getElementById("offline-round");
    var blank = document.getElementById("offline-next-round");
    if (!current || !blank) { return null; }
    var shown = numberOf(current.content);
    var number = Math.max(shown, kept + 1);
    var sheet = (number === shown ? current : blank).content.firstElementChild.cloneNode(true);
    if (number !== shown) {
      sheet.querySelector("input[name=number]").value = number;
      sheet.querySelector("h2").textContent = sheet.dataset.heading.replace("{number}", number);
    }
    var held = outbox.heldFor(sheet, "sheet");
    if (held) { tick(sheet, held); }
    return sheet;
  }

  function tick(sheet, held) {
    sheet.querySelectorAll("input[type=radio], input[type=checkbox]").forEach(function (input) {
      input.checked = held.some(function (f) { return f[0] === input.name && f[1] === input.value; });
    });
    sheet.querySelectorAll("select").forEach(function (select) {
      held.filter(function (f) { return f[0] === select.name; }).forEach(function (f) { select.value = f[1]; });
    });
  }

  // Every tick is held on the phone at once.
  function watch(sheet) {
    sheet.addEventListener("change", function () { outbox.hold(sheet, "sheet", outbox.fieldsOf(sheet)); });
    document.querySelectorAll("#offline-note").forEach(function (note) { note.remove(); });
  }

  function show(sheet, instead) {
    instead.parentNode.replaceChild(sheet, instead);
    watch(sheet);
    sheet.scrollIntoView({ block: "start" });
  }

  // The button last tapped on the round: each says what it is on the sheet (data-sheet, "fold 2").
  var lastTapped = null;
  document.addEventListener("click", function (event) {
    lastTapped = event.target.closest && event.target.closest("#round-form button[data-sheet]");
  }, true);

  function tickTapped(sheet) {
    var said = lastTapped && lastTapped.dataset.sheet.split(" ");
    var input = said && sheet.querySelector("input[name='" + said[0] + "'][value='" + said[1] + "']");
    if (input) { input.checked = input.type === "radio" || !input.checked; }
  }

  // A tap on the round with no network: the sheet takes the round's place, with that tap on it.
  function sheetInstead(form) {
    if (!form || form.id !== "round-form") { return false; }
    var sheet = sheetAfter(lastKept());
    if (!sheet) { return false; }
    if (numberOf(sheet) === numberOf(form)) { tickTapped(sheet); }
    show(sheet, form);
    outbox.hold(sheet, "sheet", outbox.fieldsOf(sheet));
    return true;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!navigator.onLine && sheetInstead(event.detail.elt)) { event.preventDefault(); }
  });
  document.addEventListener("htmx:sendError", function (event) { sheetInstead(event.detail.elt); });

  // After a round kept on the phone, the next one's sheet, right under the note saying so.
  document.addEventListener("outbox:kept", function (event) {
    if (event.detail.form.id !== "round-sheet") { return; }
    var sheet = sheetAfter(numberOf(event.detail.form));
    if (sheet) {
      event.detail.note.after(sheet);
      watch(sheet);
      event.detail.note.scrollIntoView({ block: "start" });
    }
  });

  // A sheet begun and not yet kept comes back after a reload or a refresh of the page's round.
  function resume() {
    var form = document.getElementById("round-form");
    var sheet = form && sheetAfter(lastKept());
    if (sheet && outbox.heldFor(sheet, "sheet")) { show(sheet, form); }
  }
  document.addEventListener("DOMContentLoaded", resume);
  document.addEventListener("htmx:load", function (event) {
    if (event.target.id === "entry") { resume(); }
  });
})();
