// The live decklist check (issue #17 §6): while the player types, post the text
// (debounced) to the form's data-live-url and show the violations under the text
// area. Without JavaScript nothing here runs and the list is validated on submit.
(function () {
  "use strict";
  var DELAY_MS = 700;

  function init() {
    var form = document.querySelector("form.deck[data-live-url]");
    if (!form) return;
    var area = form.querySelector("textarea[name=text]");
    var box = document.getElementById("live-check");
    if (!area || !box) return;
    var timer = null, pending = null, lastSent = null;

    function csrf() {
      var input = form.querySelector("input[name=csrfmiddlewaretoken]");
      return input ? input.value : "";
    }

    function clear() {
      while (box.firstChild) box.removeChild(box.firstChild);
    }

    function line(tag, className, text) {
      var node = document.createElement(tag);
      if (className) node.className = className;
      node.textContent = text;
      return node;
    }

    function show(data) {
      clear();
      box.hidden = false;
      box.appendChild(line("p", "muted", box.dataset.count.replace("%(n)s", data.main_count)));
      if (data.legal) {
        box.appendChild(line("p", "ok", box.dataset.legal));
        return;
      }
      var list = document.createElement("ol");
      list.className = "violations";
      data.violations.forEach(function (v) {
        var item = line("li", "", v.message);
        item.dataset.code = v.code;
        item.appendChild(line("span", "source", box.dataset.rule + ": " + v.source));
        list.appendChild(item);
      });
      box.appendChild(list);
    }

    function failed() {
      clear();
      box.hidden = false;
      box.appendChild(line("p", "muted", box.dataset.error));
    }

    function send() {
      var text = area.value;
      if (text === lastSent) return;
      lastSent = text;
      if (pending) pending.abort();
      pending = new AbortController();
      var body = new FormData();
      body.append("text", text);
      var number = form.querySelector("input[name=player_number]");
      if (number) body.append("player_number", number.value);
      box.setAttribute("aria-busy", "true");
      fetch(form.dataset.liveUrl, {
        method: "POST", body: body, credentials: "same-origin", signal: pending.signal,
        headers: {"X-CSRFToken": csrf(), "Accept": "application/json"}
      }).then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      }).then(show).catch(function (error) {
        if (error && error.name === "AbortError") return;
        lastSent = null; // try again on the next keystroke
        failed();
      }).then(function () { box.removeAttribute("aria-busy"); });
    }

    area.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(send, DELAY_MS);
    });
    if (area.value.trim()) send();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
