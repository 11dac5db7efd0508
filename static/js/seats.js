// "Who deals first" on a start form names the players as their seats are picked: each seat's
// choice reads the player picked for it, and an empty seat is not offered. Without a script the
// choices name the players seated when the page was drawn, the others their seat.
(function () {
  "use strict";
  document.querySelectorAll("input[type=radio][name=first_dealer]").forEach(function (choice) {
    var seat = choice.form && choice.form.elements["seat_" + choice.value];
    var label = choice.closest("label");
    if (!seat || !label || !label.lastChild) { return; }
    function follow() {
      var picked = seat.selectedOptions[0];
      choice.closest("li").hidden = !seat.value;
      if (seat.value && picked) { label.lastChild.textContent = " " + picked.textContent; }
    }
    seat.addEventListener("change", follow);
    follow();
  });
})();
