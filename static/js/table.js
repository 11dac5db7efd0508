// Steppers and the live "tricks: 15 of 17" line. Without JavaScript the number inputs still work
// and the server refuses tricks that do not add up.
(function () {
  function setup(root) {
    root.querySelectorAll("form[data-tricks-form]").forEach(function (form) {
      if (form.dataset.ready) return;
      form.dataset.ready = "1";
      var total = parseInt(form.dataset.tricksTotal, 10);
      var inputs = form.querySelectorAll("input[data-tricks]");
      var line = form.querySelector("[data-tricks-line]");
      var save = form.querySelector("[data-save]");
      function update() {
        var sum = 0, blank = false;
        inputs.forEach(function (input) {
          if (input.value === "") blank = true; else sum += parseInt(input.value, 10) || 0;
        });
        if (line) line.textContent = "tricks: " + sum + " of " + total;
        if (save) save.disabled = blank || sum !== total;
      }
      form.querySelectorAll("[data-step]").forEach(function (button) {
        button.addEventListener("click", function () {
          var input = button.parentElement.querySelector("input");
          var value = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
          input.value = Math.max(0, Math.min(total, value));
          update();
        });
      });
      inputs.forEach(function (input) { input.addEventListener("input", update); });
      update();
    });
  }
  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  document.addEventListener("htmx:load", function (event) { setup(event.target); });
})();
