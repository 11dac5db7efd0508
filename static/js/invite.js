// An invite link handed on: Share opens the phone's own share sheet (the Web Share API, where
// the phone has it), Copy puts the link on the clipboard. The words come from the page, in its
// language. Without a script the link itself is on the page to copy by hand.
(function () {
  "use strict";

  function say(box, text) { box.querySelector("[data-said]").textContent = text; }

  // The clipboard API needs a secure context; plain http at home falls back to a selection.
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    return new Promise(function (resolve, reject) {
      var field = document.createElement("textarea");
      field.value = text;
      field.setAttribute("readonly", "");
      field.className = "sr-only";
      document.body.appendChild(field);
      field.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (error) { done = false; }
      field.remove();
      if (done) { resolve(); } else { reject(new Error("not copied")); }
    });
  }

  function setup(box) {
    var url = box.dataset.invite;
    var share = box.querySelector("[data-share]");
    var shared = { title: box.dataset.title, text: box.dataset.title, url: url };
    if (navigator.share && (!navigator.canShare || navigator.canShare(shared))) {
      share.hidden = false;
      share.addEventListener("click", function () {
        navigator.share(shared).catch(function () { /* the person closed the sheet */ });
      });
    }
    box.querySelector("[data-copy]").addEventListener("click", function () {
      copy(url).then(function () { say(box, box.dataset.copied); },
        function () { say(box, box.dataset.notCopied); });
    });
    box.hidden = false;
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-invite]").forEach(setup);
  });
})();
