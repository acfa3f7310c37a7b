/* Arena «Mi torneo»: avisos (issue #29 point 2). No dependencies.
 *
 * #my-push (templates/me/_push.html) holds the server's VAPID key, the URLs and the texts.
 * - «Activar avisos» asks the browser's permission, registers the service worker of /yo/sw.js and
 *   subscribes to Web Push; the subscription is posted to the server (CSRF header), which then
 *   sends the round's table, the recorded result and «Quedan 10 minutos». «Desactivar avisos»
 *   unsubscribes and tells the server.
 * - With the page open and no push (server without keys, or avisos off) but the permission given,
 *   the same texts are shown with the Notification API: the live fragment (live.js) carries
 *   [data-notice-key][data-notice-text] for the player's round and result, and the table's clock
 *   [data-ends-at] crossing 10 minutes shows «Quedan 10 minutos». The tags are the push's, so the
 *   browser never shows the same news twice.
 */
(function () {
  "use strict";

  var box, button, status, registration = null, subscription = null;
  var seen = {};
  var WARNING_SECONDS = 600;

  function say(text) { if (status) status.textContent = text || ""; }

  function keyBytes(base64url) {
    var padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", "X-CSRFToken": box.dataset.csrf, "X-Requested-With": "fetch" }
    }).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    });
  }

  function show(on) {
    button.textContent = on ? box.dataset.textOff : box.dataset.textOn;
    button.setAttribute("aria-pressed", on ? "true" : "false");
    say(on ? box.dataset.textOn : "");
  }

  function pushSupported() {
    return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  }

  function turnOn() {
    button.disabled = true;
    return Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") { say(box.dataset.textDenied); return; }
      return registration.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: keyBytes(box.dataset.publicKey)
      }).then(function (sub) {
        subscription = sub;
        return post(box.dataset.subscribeUrl, sub.toJSON());
      }).then(function () { show(true); });
    }).catch(function () { say(box.dataset.textError); })
      .then(function () { button.disabled = false; });
  }

  function turnOff() {
    var sub = subscription;
    button.disabled = true;
    subscription = null;
    return post(box.dataset.unsubscribeUrl, { endpoint: sub.endpoint })
      .catch(function () { /* the server prunes it on its next push */ })
      .then(function () { return sub.unsubscribe(); })
      .then(function () { show(false); }, function () { show(false); })
      .then(function () { button.disabled = false; });
  }

  function notify(key, text) {
    if (seen[key]) return;
    seen[key] = true;
    if (subscription || !("Notification" in window) || Notification.permission !== "granted") return;
    var title = document.querySelector("h1") ? document.querySelector("h1").textContent : "Arena";
    var options = { body: text, tag: key, lang: "es-AR" };
    if (registration && registration.showNotification) {
      registration.showNotification(title, options);
      return;
    }
    try { new Notification(title, options); } catch (e) { /* Android: only the worker may show them */ }
  }

  function readNotices(silently) {
    document.querySelectorAll("[data-notice-key]").forEach(function (el) {
      if (silently) seen[el.dataset.noticeKey] = true;
      else notify(el.dataset.noticeKey, el.dataset.noticeText);
    });
  }

  function watchClock() {
    var last = {};
    setInterval(function () {
      document.querySelectorAll("#my-clock[data-state='running'][data-ten-key]").forEach(function (clock) {
        var el = clock.querySelector("[data-ends-at]");
        var end = el && Date.parse(el.dataset.endsAt);
        if (!end) return;
        var left = (end - Date.now()) / 1000;
        var key = clock.dataset.tenKey;
        if (last[key] !== undefined && last[key] > WARNING_SECONDS && left <= WARNING_SECONDS && left > 0) {
          notify(key, box.dataset.textTen);
        }
        last[key] = left;
      });
    }, 1000);
  }

  function pageOnly() {
    // No push on this server: the permission still lets the open page show the news.
    if (!("Notification" in window)) { button.disabled = true; return; }
    if (Notification.permission === "granted") { button.disabled = true; say(box.dataset.textPage); return; }
    button.disabled = Notification.permission === "denied";
    button.addEventListener("click", function () {
      Notification.requestPermission().then(function (permission) {
        button.disabled = permission !== "default";
        say(permission === "granted" ? box.dataset.textPage : box.dataset.textDenied);
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    box = document.getElementById("my-push");
    readNotices(true);
    document.addEventListener("arena:updated", function () { readNotices(false); });
    watchClock();
    if (!box) return;
    button = document.getElementById("push-toggle");
    status = document.getElementById("push-status");
    var worker = "serviceWorker" in navigator
      ? navigator.serviceWorker.register(box.dataset.workerUrl, { scope: "/yo/" })
      : Promise.reject(new Error("no service worker"));
    if (box.dataset.enabled !== "1") {
      worker.then(function (reg) { registration = reg; }, function () {});
      pageOnly();
      return;
    }
    if (!pushSupported()) { button.disabled = true; say(box.dataset.textUnsupported); return; }
    worker.then(function (reg) {
      registration = reg;
      return reg.pushManager.getSubscription();
    }).then(function (sub) {
      subscription = sub;
      if (sub && Notification.permission === "granted") post(box.dataset.subscribeUrl, sub.toJSON()).catch(function () {});
      show(!!sub);
      if (Notification.permission === "denied") say(box.dataset.textDenied);
    }).catch(function () { button.disabled = true; say(box.dataset.textUnsupported); });
    button.addEventListener("click", function () { return subscription ? turnOff() : turnOn(); });
  });
})();
