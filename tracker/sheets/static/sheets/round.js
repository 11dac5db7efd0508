// One round of a score sheet with one thumb (templates/sheets/_round_fields.html): the
// place rows are as many as the round needs, a player placed, sitting out or frozen is not
// offered again, and the player left is named as he follows by himself (last, or before the
// frozen players); whoever chopped is not offered as the one he chopped; after each tap the
// next thing to tap comes into view. The round in words before Save is the server's (htmx):
// offline, it says the round is checked when it is sent. What is tapped and not saved yet
// survives a reload (keep.js). Without JavaScript every choice is offered, "Check the round"
// asks the server, and the server checks it all.
(function () {
  "use strict";

  function list(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }

  function ticked(form, prefix) {
    return list(form, "input[type=checkbox][name^='" + prefix + "_']")
      .filter(function (box) { return box.checked; })
      .map(function (box) { return box.name.slice(prefix.length + 1); });
  }

  function picked(group) {
    var input = group.querySelector("input:checked");
    return input ? input.value : null;
  }

  function offer(group, unavailable) {
    list(group, ".taps > label").forEach(function (label) {
      var input = label.querySelector("input");
      var gone = unavailable.indexOf(input.value) >= 0;
      label.classList.toggle("unavailable", gone);
      if (gone && input.checked) { input.checked = false; }
    });
  }

  // The place rows: as many as the players in the round but one (frozen players take the last
  // places by themselves), each offering the players not placed, out or frozen.
  function places(form) {
    var rows = list(form, "fieldset[data-place]");
    if (!rows.length) { return; }
    var out = ticked(form, "absent").concat(ticked(form, "frozen"));
    var everyone = list(rows[0], "input").map(function (input) { return input.value; });
    var playing = everyone.filter(function (seat) { return out.indexOf(seat) < 0; });
    rows.forEach(function (row, index) {
      var needed = index < playing.length - 1;
      row.classList.toggle("not-needed", !needed);
      if (!needed) { list(row, "input:checked").forEach(function (input) { input.checked = false; }); }
    });
    rows.forEach(function (row) {
      var others = rows.filter(function (other) { return other !== row; }).map(picked);
      offer(row, out.concat(others.filter(function (seat) { return seat !== null; })));
    });
    var placed = rows.map(picked).filter(function (seat) { return seat !== null; });
    var left = playing.filter(function (seat) { return placed.indexOf(seat) < 0; });
    var sitting = form.querySelector("[data-absent-names]");
    if (sitting) {
      var names = ticked(form, "absent").map(function (seat) {
        return rows[0].querySelector("input[value='" + seat + "']").closest("label").textContent.trim();
      });
      sitting.textContent = names.length ? ": " + names.join(", ") : "";
    }
    var line = form.querySelector("[data-last-line]");
    if (line) {
      var label = left.length === 1 && rows[0].querySelector("input[value='" + left[0] + "']");
      var name = label ? label.closest("label").textContent.trim() : "";
      // With frozen players the last places are theirs: he follows in the place after the rows.
      var row = ticked(form, "frozen").length ? rows[playing.length - 1] : null;
      var format = row ? line.dataset.formatPlaced.replace("{place}", row.dataset.placeName) : line.dataset.format;
      line.textContent = name ? format.replace("{player}", name) : "";
    }
  }

  // Whoever made a chop is not offered as the player he chopped.
  function chops(form) {
    list(form, "details[data-chop]").forEach(function (chain) {
      var by = chain.querySelector("fieldset[data-chop-part='1']");
      var whom = chain.querySelector("fieldset[data-chop-part='2']");
      if (by && whom) { offer(whom, [picked(by)]); }
    });
  }

  function shown(element) {
    return element.offsetParent !== null && !element.closest(".not-needed");
  }

  var reveal = window.cardtableReveal;  // static/js/reveal.js

  function bringNext(form, from) {
    var groups = list(form, "fieldset.pick").filter(shown);
    var after = groups.slice(groups.indexOf(from) + 1);
    var next = after.filter(function (group) { return picked(group) === null; })[0];
    var save = form.querySelector("[data-save]");
    if (next && from.closest("details") === next.closest("details")) { reveal(next); }
    else if (save) { reveal(save); }
  }

  // What is tapped or typed, kept on the phone under the form's key until it is saved.
  function keepable(form) {
    return list(form, "input").filter(function (input) {
      return input.name && input.type !== "hidden" && (input.checked || (input.type === "number" && input.value));
    }).map(function (input) { return [input.name, input.type === "number" ? input.value : input.value]; });
  }

  function restore(form) {
    var keeping = window.cardtableKeep, pairs = keeping && keeping.kept(form.dataset.keep);
    if (!pairs) { return; }
    keeping.fillIn(form, pairs);
    pairs.forEach(function (pair) {
      var box = form.querySelector("input[type=number][name='" + pair[0] + "']");
      if (box) { box.value = pair[1]; }
    });
    list(form, "details:not([data-absent])").forEach(function (part) {
      if (list(part, "input:checked").some(chosen)) { part.open = true; }
    });
  }

  // A choice made: a leftover count of 0 is where every count starts, not a choice.
  function chosen(input) { return !(input.value === "0" && input.closest(".counts")); }

  // Why a round was refused: at the part it is about, brought to the top of the screen, or else
  // next to Save.
  function showRefusal(form) {
    var fault = form.querySelector("#round-fault"), save = form.querySelector("[data-save]");
    if (fault) {
      var part = fault.closest("details"), from = part ? part.querySelector("summary") : fault;
      var room = 16, top = from.getBoundingClientRect().top;
      if (top < room || top > window.innerHeight / 3) { window.scrollBy(0, top - room); }
    } else if (save && form.querySelector(".check-problems")) { reveal(save); }
  }

  function setup(root) {
    var keeping = window.cardtableKeep;
    var entry = document.getElementById("entry");
    if (keeping && entry && root.contains && root.contains(entry)) {
      var wanted = {};
      list(entry, "form[data-keep]").forEach(function (form) { wanted[form.dataset.keep] = true; });
      var any = list(entry, "form[data-keep]")[0];
      if (any) { keeping.forgetOthers(any.dataset.keep.replace(/n\d+$/, ""), wanted); }
    }
    list(root, "form[data-round-form]").forEach(function (form) {
      if (form.dataset.ready) { return; }
      form.dataset.ready = "1";
      list(form, "[data-check]").forEach(function (button) { button.hidden = true; });
      if (form.dataset.keep) { restore(form); }
      places(form);
      chops(form);
      showRefusal(form);
      form.addEventListener("change", function (event) {
        var fault = form.querySelector("#round-fault");
        if (fault) { fault.remove(); }  // the line next to Save says what the round is now
        places(form);
        chops(form);
        if (keeping && form.dataset.keep) { keeping.keep(form.dataset.keep, keepable(form)); }
        var group = event.isTrusted && event.target.closest("fieldset.pick");
        if (group) { bringNext(form, group); }
      });
      // The keyboard's Enter (or "next") after a player's points goes on to the next player's;
      // after the last (or in a payment's amount), to Save, which a tap then presses: the round
      // is not sent half typed.
      form.addEventListener("keydown", function (event) {
        if (event.key !== "Enter" || !event.target.matches("input[type=number]")) { return; }
        event.preventDefault();
        var boxes = list(form, "input[type=number][name^='points_']").filter(function (box) {
          return !box.disabled && shown(box);
        });
        var next = boxes[boxes.indexOf(event.target) + 1] || form.querySelector("[data-save]");
        next.focus();
        reveal(next);
      });
      form.addEventListener("input", function (event) {
        // Points typed for a player who sat the round before out: he plays this one.
        var points = event.target.name && event.target.name.match(/^points_(\d+)$/);
        var out = points && event.target.value && form.querySelector("input[name='absent_" + points[1] + "']");
        if (out) { out.checked = false; }
        if (keeping && form.dataset.keep) { keeping.keep(form.dataset.keep, keepable(form)); }
      });
      // A part opened by a tap comes into view whole, or from its top when it is taller; one
      // drawn open, or opened again from what the phone kept, moves nothing.
      var tapped = null;
      form.addEventListener("click", function (event) {
        var summary = event.target.closest("summary");
        tapped = summary ? summary.parentElement : null;
      });
      list(form, "details").forEach(function (part) {
        part.addEventListener("toggle", function (event) {
          if (part.open && event.target === part && tapped === part) { reveal(part); }
        });
      });
    });
  }

  function offline(check) { check.textContent = check.dataset.offline || ""; }

  // The round in words grows as it is tapped: Save, once in view, stays in view.
  var saveBottom = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var check = event.detail.target;
    var save = check && check.id === "round-check" && check.form && check.form.querySelector("[data-save]");
    var bottom = save ? save.getBoundingClientRect().bottom : null;
    saveBottom = bottom !== null && bottom <= window.innerHeight ? bottom : null;
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var check = event.detail.target;
    if (!check || check.id !== "round-check" || saveBottom === null) { return; }
    var save = check.form && check.form.querySelector("[data-save]");
    var moved = save ? save.getBoundingClientRect().bottom - saveBottom : 0;
    if (moved > 0) { window.scrollBy(0, moved); }
    saveBottom = null;
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    var check = event.detail.elt;
    if (check && check.id === "round-check" && !navigator.onLine) {
      event.preventDefault();
      offline(check);
    }
  });
  document.addEventListener("htmx:sendError", function (event) {
    var check = event.detail.elt;
    if (check && check.id === "round-check") { offline(check); }
  });
  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  document.addEventListener("htmx:load", function (event) { setup(event.target); });
})();
