// After a tap, the next thing to tap comes into view: the page scrolls just enough to show it
// whole, with a little room around it (cutthroat.js, sheets/round.js). Loaded before them.
(function () {
  "use strict";

  window.cardtableReveal = function (element) {
    var room = 16, box = element.getBoundingClientRect(), height = window.innerHeight;
    if (box.bottom > height - room) { window.scrollBy(0, Math.min(box.bottom - height + room, box.top - room)); }
    else if (box.top < room) { window.scrollBy(0, box.top - room); }
  };
})();
