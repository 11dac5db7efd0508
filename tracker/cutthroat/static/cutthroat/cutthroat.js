// Entry by tapping: once all players' tricks but one are in, the last one's are what is left
// of the hand; after each tap the next thing to tap is brought into view. Without JavaScript
// every tap still works and the last player's tricks are tapped too; the server checks it all.
(function () {
  function chosen(group) { return group.querySelector("input:checked"); }

  function groupsOf(form, selector) {
    return Array.prototype.slice.call(form.querySelectorAll(selector));
  }

  // Tell the tricks line (tricks.js) that a pick changed without a tap.
  function changed(input) { input.dispatchEvent(new Event("change", { bubbles: true })); }

  function fillLast(form) {
    var total = parseInt(form.dataset.tricksTotal, 10);
    var groups = groupsOf(form, "[data-tricks-pick]");
    var open = groups.filter(function (group) { return !chosen(group) || group.dataset.filled; });
    if (open.length !== 1) return;
    var last = open[0], sum = 0;
    groups.forEach(function (group) {
      if (group !== last) sum += parseInt(chosen(group).value, 10);
    });
    var input = last.querySelector("input[value='" + (total - sum) + "']");
    var before = chosen(last);
    if (input) {
      input.checked = true;
      last.dataset.filled = "1";
      changed(input);
    } else if (before) {  // the others already took more than the hand has
      before.checked = false;
      delete last.dataset.filled;
      changed(before);
    }
  }

  var reveal = window.cardtableReveal;  // static/js/reveal.js

  // In a form that folds its answers (the bids), a player's grid folds to the one choice
  // tapped, so the next player's grid comes up under the thumb instead of the page scrolling
  // down to it; a tap on the folded choice opens the grid again.
  function fold(form, group) {
    var input = chosen(group);
    if (!form.hasAttribute("data-fold-answered") || !input) return;
    var answer = group.querySelector(".pick-answer");
    if (!answer) {
      answer = document.createElement("button");
      answer.type = "button";
      answer.className = "pick-answer";
      answer.setAttribute("aria-expanded", "false");
      answer.addEventListener("click", function () {
        group.classList.remove("answered");
        reveal(group);
      });
      group.querySelector("legend").appendChild(answer);
    }
    var label = input.closest("label");
    answer.textContent = label ? label.textContent.trim() : input.value;
    group.classList.add("answered");
  }

  function bringNext(form, from) {
    var groups = groupsOf(form, "fieldset.pick");
    var after = groups.slice(groups.indexOf(from) + 1);
    var next = after.filter(function (group) { return !chosen(group); })[0];
    var target = next || form.querySelector("[data-save]");
    if (target) reveal(target);
  }

  function setup(root) {
    root.querySelectorAll("form[data-advance]").forEach(function (form) {
      if (form.dataset.advancing) return;
      form.dataset.advancing = "1";
      form.addEventListener("change", function (event) {
        var group = event.isTrusted && event.target.closest("fieldset.pick");
        if (!group) return;
        delete group.dataset.filled;  // tapped by hand: no longer worked out
        if (group.hasAttribute("data-tricks-pick")) fillLast(form);
        fold(form, group);
        bringNext(form, group);
      });
    });
  }
  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  document.addEventListener("htmx:load", function (event) { setup(event.target); });
  // Saved bids are answered where the page stands (the bids folded, it hardly moved): the
  // tricks' first grid is brought into view only if it is not there already. A refresh from
  // another phone moves nothing.
  document.addEventListener("htmx:afterSettle", function (event) {
    var from = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!from || !from.closest || !from.closest("form[data-fold-answered]")) return;
    var next = Array.prototype.filter.call(
      document.querySelectorAll("form[data-advance] fieldset.pick"),
      function (group) { return !chosen(group); })[0];
    if (next) reveal(next);
  });
})();

// Taps not saved yet survive a reload, a locked phone or a closed tab: each entry form keeps
// its picks (keep.js) under its data-keep key (tournament, hand row or the next hand's number,
// step) and gets them back while that hand still waits for that step. Once the page shows
// another hand or step, it was saved (here or on another phone): what was kept for the
// tournament's other hands and steps is forgotten. Without JavaScript nothing is kept.
(function () {
  var FILLED = "_filled";  // the pick fillLast worked out, so it is worked out again later
  var keeping = window.cardtableKeep;

  function picks(form) {
    var kept = [];
    form.querySelectorAll("input[type=radio]:checked").forEach(function (input) {
      kept.push([input.name, input.value]);
      if (input.closest("fieldset.pick[data-filled]")) kept.push([FILLED, input.name]);
    });
    return kept;
  }

  function restore(form) {
    var kept = {};
    (keeping.kept(form.dataset.keep) || []).forEach(function (pair) { kept[pair[0]] = pair[1]; });
    form.querySelectorAll("input[type=radio]").forEach(function (input) {
      if (kept[input.name] !== input.value || input.checked) return;
      input.checked = true;
      if (kept[FILLED] === input.name) input.closest("fieldset.pick").dataset.filled = "1";
      // The tricks line and Save follow (tricks.js); live.js counts it as typed, not saved.
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  function setup(root) {
    var entry = root.id === "entry" ? root : root.querySelector && root.querySelector("#entry");
    if (!keeping || !entry || !entry.dataset.keepFor) return;
    var shown = {};
    entry.querySelectorAll("form[data-keep]").forEach(function (form) { shown[form.dataset.keep] = true; });
    keeping.forgetOthers(entry.dataset.keepFor, shown);
    entry.querySelectorAll("form[data-keep]").forEach(function (form) {
      if (form.dataset.keeping) return;
      form.dataset.keeping = "1";
      restore(form);
      form.addEventListener("change", function () { keeping.keep(form.dataset.keep, picks(form)); });
    });
  }
  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  document.addEventListener("htmx:load", function (event) { setup(event.target); });
})();

// The note of a save another phone got ahead of holds what this phone entered (and the way to
// correct the hand with it): it stays through the live refreshes that follow the table's next
// saves, until this phone saves again or leaves the page.
(function () {
  var carried = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target, config = event.detail.requestConfig;
    if (!target || target.id !== "entry") return;
    var redraw = config && config.verb === "get";  // live.js; a save of this phone posts
    carried = redraw ? target.querySelector("#entry-messages [data-choice]") : null;
  });
  document.addEventListener("htmx:load", function (event) {
    if (event.target.id !== "entry") return;
    var messages = event.target.querySelector("#entry-messages");
    if (carried && messages && !messages.querySelector("[data-choice]")) messages.prepend(carried);
    carried = null;
  });
})();
