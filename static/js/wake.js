// The screen stays on while a page that asks for it ([data-wake-lock]: the pages where the
// table enters or watches a game) is open: a phone that dims mid-hand costs a tap and a
// glance. The browser releases the lock when the page is hidden, so it is asked for again
// when the page is shown. Where the Screen Wake Lock API is missing (older browsers; http on
// a LAN is not a secure context) or refuses (battery saver), the screen sleeps as usual.
(function () {
  "use strict";
  var lock = null;
  var asking = false;

  function wanted() {
    return document.visibilityState === "visible" && !!document.querySelector("[data-wake-lock]");
  }

  function keepAwake() {
    if (!wanted()) {
      if (lock) { lock.release().catch(function () {}); }
      return;
    }
    if (lock || asking || !navigator.wakeLock) { return; }
    asking = true;
    try {
      navigator.wakeLock.request("screen")
        .then(function (sentinel) {
          lock = sentinel;
          sentinel.addEventListener("release", function () { lock = null; });
        })
        .catch(function () { /* refused: the screen sleeps as usual */ })
        .then(function () { asking = false; });
    } catch (refused) {
      asking = false;
    }
  }

  document.addEventListener("visibilitychange", keepAwake);
  // A swapped part of the page may bring or take away the element that asks.
  document.addEventListener("htmx:afterSettle", keepAwake);
  keepAwake();
})();
