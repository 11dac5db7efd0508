// After every tap the round's entry part is drawn again (htmx swaps #entry, which has scroll
// anchoring off). Keep the message, if any, and the next thing to tap on the screen; an element
// already in view is left where it is, so the page moves only when it must.
(function () {
  function keepInView() {
    var entry = document.getElementById("entry");
    if (!entry) return;
    entry.querySelectorAll("[data-message], [data-next]").forEach(function (element) {
      element.scrollIntoView({ block: "nearest" });
    });
  }
  document.addEventListener("DOMContentLoaded", keepInView);
  document.addEventListener("htmx:afterSettle", keepInView);
})();
