// Entry by tapping: once all players' tricks but one are in, the last one's are what is left
// of the hand; after each tap the next thing to tap is brought into view. Without JavaScript
// every tap still works and the last player's tricks are tapped too; the server checks it all.
(function () {
  function chosen(group) { return group.querySelector("input:checked"); }

  function groupsOf(form, selector) {
    return Array.prototype.slice.call(form.querySelectorAll(selector));
  }

  // Tell the tricks line (table.js) that a pick changed without a tap.
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

  // Scroll just enough to show `element` whole, with a little room around it.
  function reveal(element) {
    var room = 16, box = element.getBoundingClientRect(), height = window.innerHeight;
    if (box.bottom > height - room) window.scrollBy(0, Math.min(box.bottom - height + room, box.top - room));
    else if (box.top < room) window.scrollBy(0, box.top - room);
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
        bringNext(form, group);
      });
    });
  }
  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  document.addEventListener("htmx:load", function (event) { setup(event.target); });
})();
