// "Copy" beside a payment detail: puts the exact text on the clipboard for a banking app. The
// buttons are drawn hidden and shown only where the phone can copy; the text is there anyway.
(function () {
  "use strict";
  if (!navigator.clipboard) { return; }
  function reveal(root) {
    root.querySelectorAll("button.copy[hidden]").forEach(function (button) { button.hidden = false; });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.copy");
    if (!button) { return; }
    var before = button.textContent;
    navigator.clipboard.writeText(button.dataset.copy).then(function () {
      button.textContent = document.body.dataset.copied || "Copied";
      window.setTimeout(function () { button.textContent = before; }, 1500);
    });
  });
  document.addEventListener("htmx:load", function (event) { reveal(event.target); });
  reveal(document);
})();
