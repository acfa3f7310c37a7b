{% load i18n %}/* Arena «Mi torneo»: shows the avisos a player turned on (Web Push). Scope /yo/; no fetch handler.
 *
 * A push carries JSON {title, body, url, tag} (tournaments.push_delivery.payload): the notification
 * shows the body under the event's name; its tag replaces an earlier one with the same news (the open
 * page uses the same tag); a tap opens or focuses «Mi torneo».
 */
"use strict";
var FALLBACK_TITLE = "{{ _('Arena')|escapejs }}";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener("push", function (event) {
  var data = {};
  if (event.data) {
    try { data = event.data.json(); } catch (e) { data = { body: event.data.text() }; }
  }
  var options = { body: data.body || "", data: { url: data.url || "/yo/" }, lang: "es-AR" };
  if (data.tag) options.tag = data.tag;
  event.waitUntil(self.registration.showNotification(data.title || FALLBACK_TITLE, options));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/yo/";
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (list) {
    for (var i = 0; i < list.length; i += 1) {
      if (new URL(list[i].url).pathname === url && "focus" in list[i]) return list[i].focus();
    }
    return self.clients.openWindow(url);
  }));
});
