/* Arena: live fragments, name filters and one-tap scores. No dependencies.
 *
 * [data-live="URL"]         re-fetched every data-live-seconds (default 5) and
 *                           swapped in place when the HTML changed; the server
 *                           answers 304 (ETag) when nothing changed.
 * input[data-filter="SEL"]  hides [data-search] items inside SEL that do not
 *                           match (accents and case ignored; digits match
 *                           data-table exactly where present).
 * button[data-preset="a-b-d"] fills the games radios of the result form.
 * .scroll, .bracket         while wider than their box (they scroll sideways)
 *                           get the class "overflows" and, above them, a line
 *                           with the text of body[data-scroll-hint].
 */
(function () {
  "use strict";

  function fold(text) {
    return (text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function applyFilter(input) {
    var target = document.querySelector(input.dataset.filter);
    if (!target) return;
    var query = fold(input.value.trim());
    var digits = /^\d+$/.test(query);
    var shown = 0;
    target.querySelectorAll("[data-search]").forEach(function (item) {
      var ok = !query || (digits && item.dataset.table !== undefined
        ? item.dataset.table === query
        : fold(item.dataset.search).indexOf(query) !== -1);
      item.hidden = !ok;
      if (ok) shown += 1;
    });
    target.querySelectorAll("[data-filter-empty]").forEach(function (note) {
      note.hidden = shown > 0;
    });
  }

  function applyAllFilters() {
    document.querySelectorAll("input[data-filter]").forEach(applyFilter);
  }

  function live(region) {
    var url = region.dataset.live;
    var every = Math.max(1, Number(region.dataset.liveSeconds || 5)) * 1000;
    var last = null;
    var busy = false;
    function tick() {
      if (busy || document.hidden) return;
      busy = true;
      fetch(url, { cache: "no-cache", credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          if (html !== null && html !== last) {
            last = html;
            region.innerHTML = html;
            applyAllFilters();
            region.dispatchEvent(new CustomEvent("arena:updated", { bubbles: true }));
          }
          var stamp = document.querySelector("[data-live-stamp]");
          if (stamp) stamp.textContent = new Date().toLocaleTimeString(document.documentElement.lang || undefined, {hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false});
        })
        .catch(function () { /* offline for a moment: try again next tick */ })
        .then(function () { busy = false; });
    }
    setInterval(tick, every);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) tick(); });
  }

  function preset(button) {
    var parts = button.dataset.preset.split("-");
    ["games_a", "games_b", "games_drawn"].forEach(function (name, i) {
      var radio = document.querySelector('input[name="' + name + '"][value="' + parts[i] + '"]');
      if (radio) radio.checked = true;
    });
  }

  function markOverflow() {
    var text = document.body.dataset.scrollHint;
    document.querySelectorAll(".scroll, .bracket").forEach(function (box) {
      var wide = box.scrollWidth > box.clientWidth + 1;
      var hint = box.previousElementSibling;
      var hinted = hint !== null && hint.classList.contains("scroll-hint");
      box.classList.toggle("overflows", wide);
      if (wide && !hinted && text) {
        hint = document.createElement("p");
        hint.className = "scroll-hint";
        hint.textContent = text;
        box.parentNode.insertBefore(hint, box);
      } else if (!wide && hinted) {
        hint.remove();
      }
    });
  }

  document.addEventListener("arena:updated", markOverflow);
  window.addEventListener("resize", markOverflow);

  document.addEventListener("DOMContentLoaded", function () {
    markOverflow();
    document.querySelectorAll("input[data-filter]").forEach(function (input) {
      input.addEventListener("input", function () { applyFilter(input); });
      applyFilter(input);
    });
    document.querySelectorAll("[data-live]").forEach(live);
    document.querySelectorAll("button[data-preset]").forEach(function (button) {
      button.addEventListener("click", function () { preset(button); });
    });
  });
})();
