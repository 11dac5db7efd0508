// After every tap the round's entry part is rendered again (htmx swaps #entry, which has scroll
// anchoring off). Keep the message, if any, and the next thing to tap on the screen; an element
// already in view is left where it is, so the page moves only when it must.
(function () {
  function redrawn(event) {
    var config = event.detail && event.detail.requestConfig;
    return !!config && config.verb === "get";
  }

  function keepInView() {
    var entry = document.getElementById("entry");
    if (!entry) return;
    // The next step first, then the message: when both do not fit, the message is read.
    entry.querySelectorAll("[data-next]").forEach(function (element) {
      element.scrollIntoView({ block: "nearest" });
    });
    entry.querySelectorAll("[data-message]").forEach(function (element) {
      // One taller than the screen (another phone's round, whole) is read from its start.
      var tall = element.getBoundingClientRect().height > window.innerHeight;
      element.scrollIntoView({ block: tall ? "start" : "nearest" });
    });
  }

  // A change made away from the round (a player leaves or comes back) keeps its part of the
  // page where it was on the screen: the form names that part (data-keep-place), its top is
  // put back after the swap, and the message said there is kept in view.
  // Each request keeps its own place: another request made meanwhile (a refresh) keeps none.
  var places = new WeakMap();
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    var name = form && form.dataset && form.dataset.keepPlace;
    var part = name && document.getElementById(name);
    if (part) places.set(event.detail.xhr, { name: name, top: part.getBoundingClientRect().top });
  });

  function keepPlace(kept) {
    var part = document.getElementById(kept.name);
    if (!part) return;
    window.scrollBy(0, part.getBoundingClientRect().top - kept.top);
    part.querySelectorAll("[data-message]").forEach(function (element) {
      element.scrollIntoView({ block: "nearest" });
    });
  }

  document.addEventListener("DOMContentLoaded", keepInView);
  // A live refresh because another phone tapped (live.js) leaves the reader where he is.
  document.addEventListener("htmx:afterSettle", function (event) {
    if (redrawn(event)) return;
    var kept = event.detail.xhr && places.get(event.detail.xhr);
    if (kept) keepPlace(kept);
    else keepInView();
  });
})();
