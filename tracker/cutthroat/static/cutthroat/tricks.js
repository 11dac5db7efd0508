// The running "tricks: 15 of 17" line, and Save only once every player's tricks are in and add up.
// The line's words come from the page, in its language: data-format, where {sum} is replaced.
// Without JavaScript the tap grids still work and the server refuses tricks that do not add up.
(function () {
  function taken(form) {
    var sum = 0, blank = 0;
    form.querySelectorAll("[data-tricks-pick]").forEach(function (group) {
      var picked = group.querySelector("input:checked");
      if (picked) sum += parseInt(picked.value, 10); else blank += 1;
    });
    return { sum: sum, blank: blank };
  }
  function setup(root) {
    root.querySelectorAll("form[data-tricks-form]").forEach(function (form) {
      if (form.dataset.ready) return;
      form.dataset.ready = "1";
      var total = parseInt(form.dataset.tricksTotal, 10);
      var line = form.querySelector("[data-tricks-line]");
      var save = form.querySelector("[data-save]");
      var format = (line && line.dataset.format) || "tricks: {sum} of " + total;
      function update() {
        var now = taken(form);
        if (line) line.textContent = format.replace("{sum}", now.sum);
        if (save) save.disabled = now.blank > 0 || now.sum !== total;
      }
      form.addEventListener("change", update);
      update();
    });
  }
  // A form drawn from the sheet held beside the page (tournament.html, players in seat order) put
  // in the bidding order of hand `number`, as the server draws it: seat `number` bids first
  // (rules.bidding_order). The jacks' buttons always; the players' rows when `rowsToo`.
  function inBiddingOrder(form, number, rowsToo) {
    var rows = Array.prototype.slice.call(form.querySelectorAll("[data-tricks-pick]"));
    var seats = rows.length;
    if (!seats) return;
    var order = [];
    for (var step = 0; step < seats; step++) order.push((Number(number) + step) % seats);
    if (rowsToo) {
      var after = rows[seats - 1].nextSibling, parent = rows[0].parentNode;
      order.forEach(function (seat) {
        var row = rows.filter(function (r) { return r.querySelector("[data-bid-of='" + seat + "']"); })[0];
        if (row) parent.insertBefore(row, after);
      });
    }
    form.querySelectorAll(".taps.names").forEach(function (grid) {
      order.forEach(function (seat) {
        var button = grid.querySelector("input[value='" + seat + "']");
        if (button) grid.appendChild(button.closest("label"));
      });
    });
  }
  window.cardtableTricks = { inBiddingOrder: inBiddingOrder };

  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  document.addEventListener("htmx:load", function (event) { setup(event.target); });
})();
