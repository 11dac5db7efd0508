// The forms for entry without a network that a game's page holds beside its live part
// (#kept-sheet: a Cắt Tê round's sheet, a Cutthroat hand's offline forms), not in it, so that a
// refresh of the live part does not carry them again: the refresh names the sheet that goes
// with it (data-kept-sheet, data-key), fetched only when that is not the one held.
(function () {
  "use strict";

  function holdTheSheet() {
    var wanted = document.querySelector("#entry [data-kept-sheet]");
    var held = document.getElementById("kept-sheet");
    if (!wanted || !held || held.dataset.key === wanted.dataset.key) { return; }
    fetch(wanted.dataset.keptSheet, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        var now = document.getElementById("kept-sheet");
        if (html && now) {
          now.outerHTML = html;
          // The page kept for reading offline holds this sheet too (register.js).
          document.dispatchEvent(new CustomEvent("kept:part",
            { detail: { part: "kept-sheet", html: html } }));
        }
      })
      .catch(function () { /* no network: the sheet held stays until the next refresh */ });
  }

  document.addEventListener("htmx:load", function (event) {
    if (event.target.id === "entry") { holdTheSheet(); }
  });
})();
