{% comment %}The judge pages' service worker (tournaments.views.judge_app.service_worker), scope /juez/.
Network first for the judge pages, the JavaScript catalog and the static files they use; the last copy
when the network fails. POSTs are never touched: the page's script (static/arena/offline_queue.js)
keeps what could not be sent. The page asks for the round's table forms to be kept ("cache-pages").{% endcomment %}/* Arena — judges' service worker. */
"use strict";
var CONFIG = {{ config|safe }};
var PAGES = "arena-judge-pages-v" + CONFIG.version;
var FILES = "arena-judge-files-v" + CONFIG.version;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(FILES).then(function (cache) { return cache.addAll(CONFIG.precache); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("arena-judge-") === 0 && name !== PAGES && name !== FILES;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function keep(cacheName, request, response) {
  if (response.ok && response.type === "basic" && !response.redirected) {
    var copy = response.clone();
    return caches.open(cacheName).then(function (cache) { return cache.put(request, copy); })
      .then(function () { return response; }, function () { return response; });
  }
  return Promise.resolve(response);
}

function offlinePage() {
  var html = "<!doctype html><html lang=\"es-AR\"><head><meta charset=\"utf-8\">" +
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" + CONFIG.offlineTitle +
    "</title></head><body style=\"font-family:system-ui,sans-serif;margin:1rem\"><h1>" + CONFIG.offlineTitle +
    "</h1><p>" + CONFIG.offlineText + "</p></body></html>";
  return new Response(html, {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
}

function networkFirst(request, cacheName) {
  return fetch(request).then(function (response) {
    return keep(cacheName, request, response);
  }, function () {
    return caches.match(request, {ignoreVary: true}).then(function (found) {
      if (found) { return found; }
      // A list with other filters or page: the copy without its query is better than nothing.
      return caches.match(request, {ignoreSearch: true, ignoreVary: true}).then(function (close) {
        return close || (request.mode === "navigate" ? offlinePage() : Response.error());
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (url.pathname.indexOf(CONFIG.scope) === 0) {
    event.respondWith(networkFirst(request, PAGES));
  } else if (CONFIG.precache.indexOf(url.pathname) !== -1) {
    event.respondWith(networkFirst(request, FILES));
  }
});

// The page lists the forms of the round's tables it shows: kept now, so they open without network.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "cache-pages" || !Array.isArray(data.urls)) { return; }
  var source = event.source;
  var urls = data.urls.filter(function (u) { return new URL(u, self.location.href).pathname.indexOf(CONFIG.scope) === 0; });
  event.waitUntil(caches.open(PAGES).then(function (cache) {
    var kept = 0;
    return urls.reduce(function (previous, u) {
      return previous.then(function () {
        return fetch(u, {credentials: "same-origin"}).then(function (response) {
          if (response.ok && !response.redirected) { kept += 1; return cache.put(u, response); }
        }, function () {});
      });
    }, Promise.resolve()).then(function () {
      if (source) { source.postMessage({type: "pages-cached", count: kept}); }
    });
  }));
});
