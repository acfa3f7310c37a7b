/* Arena «Mi torneo»: counts the table's clock down in the browser. No dependencies.
 *
 * [data-ends-at="ISO"] shows the time left until that instant as M:SS, every
 * second (fragments swapped in by live.js are picked up on the next tick); at
 * zero the sibling [data-time-up] note of the same section is shown.
 */
(function () {
  "use strict";

  function format(seconds) {
    var s = Math.max(0, Math.ceil(seconds));
    var m = Math.floor(s / 60);
    var rest = s % 60;
    return m + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function tick() {
    document.querySelectorAll("[data-ends-at]").forEach(function (el) {
      var end = Date.parse(el.dataset.endsAt);
      if (isNaN(end)) return;
      var left = (end - Date.now()) / 1000;
      el.textContent = format(left);
      if (left <= 0) {
        var section = el.closest("section");
        var note = section && section.querySelector("[data-time-up]");
        var clock = el.closest("#my-clock");
        if (note && clock && clock.dataset.state === "running") note.hidden = false;
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    tick();
    setInterval(tick, 1000);
  });
})();
