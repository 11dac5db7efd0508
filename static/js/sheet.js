// Entries on one sheet while the phone has no network; outbox.js keeps and sends them.
//
// The page's entry step (a form marked data-entry-step: the Cắt Tê round, Cutthroat bids or
// tricks) needs the server for what comes after it. The page holds sheets for that in its
// <template>s, rendered by the server in the page's words: [data-sheet-now], this Cắt Tê round
// on one sheet, filled in as the table had it, and [data-sheet-next], a blank sheet for the
// rounds or hands after one kept on the phone, whose number is written in here. A Cắt Tê tap
// made with no network brings up the round's sheet (the round form is marked
// data-sheet-instead), with that tap on it; after each entry kept comes the next blank sheet.
// What is ticked is held on the phone through a reload until the entry is kept, and a page
// read again while entries wait goes on from the last of them. Plain checkboxes and radio
// buttons: a tap needs no rules here, the server checks every entry when it arrives.
(function () {
  "use strict";
  var outbox = window.cardtableOutbox;
  if (!outbox) { return; }

  function numberOf(form) {
    var input = form && form.querySelector("input[name=number]");
    return input ? Number(input.value) : 0;
  }

  // The highest number of this page's entries waiting to be sent; one waiting for the scorer's
  // choice leaves the page at the table's own entry, beside which the choice is shown.
  function lastKept() {
    var last = 0;
    outbox.waiting().forEach(function (entry) {
      if (entry.page !== window.location.pathname || outbox.unsettled(entry)) { return; }
      entry.fields.forEach(function (field) {
        if (field[0] === "number") { last = Math.max(last, Number(field[1])); }
      });
    });
    return last;
  }

  // The sheet of entry `number`: this round's as the table had it, or a blank one after it.
  function sheetFor(number) {
    var now = document.querySelector("template[data-sheet-now]");
    var next = document.querySelector("template[data-sheet-next]");
    var template = now && numberOf(now.content) === number ? now : next;
    if (!template) { return null; }
    var sheet = template.content.firstElementChild.cloneNode(true);
    if (template === next) {
      sheet.querySelector("input[name=number]").value = number;
      sheet.querySelector("h2").textContent = sheet.dataset.heading.replace("{number}", number);
    }
    var held = outbox.heldFor(sheet, "sheet");
    if (held) { outbox.fillIn(sheet, held); }
    return sheet;
  }

  // Every tick is held on the phone at once; the game's own scripts (tricks left, next in view)
  // take the sheet on as they take a swapped part.
  function started(sheet) {
    sheet.addEventListener("change", function () { outbox.hold(sheet, "sheet", outbox.fieldsOf(sheet)); });
    document.querySelectorAll("#offline-note").forEach(function (note) { note.remove(); });
    sheet.parentNode.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true }));
  }

  function replace(step, sheet) {
    step.parentNode.replaceChild(sheet, step);
    started(sheet);
    sheet.scrollIntoView({ block: "start" });
  }

  // The button last tapped on the round: each says what it is on the sheet (data-sheet, "fold 2").
  var lastTapped = null;
  document.addEventListener("click", function (event) {
    lastTapped = event.target.closest && event.target.closest("form[data-sheet-instead] button[data-sheet]");
  }, true);

  function tickTapped(sheet) {
    var said = lastTapped && lastTapped.dataset.sheet.split(" ");
    var input = said && sheet.querySelector("input[name='" + said[0] + "'][value='" + said[1] + "']");
    if (input) { input.checked = input.type === "radio" || !input.checked; }
  }

  function nextNumber(step) { return Math.max(numberOf(step), lastKept() + 1); }

  // A tap on the round with no network: the sheet takes the round's place, with that tap on it.
  function sheetInstead(form) {
    if (!form || !form.hasAttribute || !form.hasAttribute("data-sheet-instead")) { return false; }
    var sheet = sheetFor(nextNumber(form));
    if (!sheet) { return false; }
    if (numberOf(sheet) === numberOf(form)) { tickTapped(sheet); }
    replace(form, sheet);
    outbox.hold(sheet, "sheet", outbox.fieldsOf(sheet));
    return true;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!navigator.onLine && sheetInstead(event.detail.elt)) { event.preventDefault(); }
  });
  document.addEventListener("htmx:sendError", function (event) { sheetInstead(event.detail.elt); });

  // After an entry kept on the phone, the next one's sheet, right under the note saying so.
  document.addEventListener("outbox:kept", function (event) {
    var sheet = sheetFor(numberOf(event.detail.form) + 1);
    if (!sheet) { return; }
    event.detail.note.after(sheet);
    started(sheet);
    event.detail.note.scrollIntoView({ block: "start" });
  });

  // A page read again (a reload, a refresh of its entry part) while entries wait goes on after
  // the last of them, and a sheet begun and not yet kept comes back as it was ticked.
  function resume() {
    var step = document.querySelector("#entry form[data-entry-step]");
    if (!step) { return; }
    var number = nextNumber(step), sheet = sheetFor(number);
    if (sheet && (number > numberOf(step) || outbox.heldFor(sheet, "sheet"))) { replace(step, sheet); }
  }
  document.addEventListener("DOMContentLoaded", resume);
  document.addEventListener("htmx:load", function (event) {
    if (event.target.id === "entry") { resume(); }
  });
})();
