/* Arena round clock: ticks locally, re-reads the server state every few seconds.
 *
 * The root [data-clock] carries data-state, data-remaining (seconds),
 * data-state-url and data-poll-seconds. Elements with data-when="a b" are
 * shown only in those states (not_started, running, paused, time_up,
 * closed, no_round, and a Torneo Indoor's building, build_paused). The
 * build counts down like a running clock; at its zero the page re-reads
 * the state (the round's own clock then runs).
 */
(function () {
  "use strict";
  var root = document.querySelector("[data-clock]");
  if (!root) return;
  var display = root.querySelector("[data-clock-time]");
  var clock = {
    state: root.dataset.state,
    remaining: Number(root.dataset.remaining),
    round: root.dataset.round
  };
  var syncedAt = performance.now();
  var buildOverPolled = false;

  function ticking() {
    return clock.state === "running" || clock.state === "building";
  }

  function remainingNow() {
    if (!ticking()) return clock.remaining;
    return Math.max(0, clock.remaining - (performance.now() - syncedAt) / 1000);
  }

  function format(seconds) {
    var s = Math.ceil(seconds);
    var m = Math.floor(s / 60);
    var rest = s % 60;
    return m + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function render() {
    var left = remainingNow();
    var view = clock.state === "running" && left <= 0 ? "time_up" : clock.state;
    if (clock.state === "building" && left <= 0 && !buildOverPolled) {
      buildOverPolled = true;  // the build is over: fetch the round's clock now
      poll();
    }
    display.textContent = format(left);
    if (root.dataset.view !== view) {
      root.dataset.view = view;
      root.querySelectorAll("[data-when]").forEach(function (el) {
        el.hidden = el.dataset.when.split(" ").indexOf(view) === -1;
      });
    }
  }

  function poll() {
    fetch(root.dataset.stateUrl, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (data) {
        if (clock.round !== null && data.round !== null && String(data.round) !== String(clock.round)) {
          window.location.reload();  // a new round was paired: new heading and buttons
          return;
        }
        clock = data;
        syncedAt = performance.now();
        if (clock.state !== "building" || clock.remaining > 0) buildOverPolled = false;
        render();
      })
      .catch(function () { /* keep ticking locally */ });
  }

  render();
  setInterval(render, 250);
  setInterval(poll, Math.max(1, Number(root.dataset.pollSeconds || 5)) * 1000);
})();
