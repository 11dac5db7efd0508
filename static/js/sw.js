// The service worker, served at /sw.js so that it looks after every page of the site.
// Static files come from its cache first: the cache is named after them, so a deploy that
// changes one installs a new worker with a new cache and the old one is dropped. Pages always
// come from the network: they carry scores and money, which must be today's, and nothing sent
// (a POST) is ever cached or sent again. The last page read of each game is kept aside, only
// to be shown when the network is gone, marked with the time it was read; logging out forgets
// them. Any other page that cannot be fetched is replaced by the offline page.
// The view that serves this file fills in the values below (tracker/tableview/phone.py).
"use strict";

var CACHE = "%CACHE%";
var STATIC_URL = "%STATIC_URL%";
var OFFLINE_URL = "%OFFLINE_URL%";
var PRECACHE = ["%PRECACHE%"];
var LOGOUT_URL = "%LOGOUT_URL%";
var KEPT_PAGES = "kept-pages";  // not "cardtable-...": a new worker keeps them
// A tournament's or a session's page, its table view, or who owes whom (its codes to pay by).
var KEPT_PAGE = /^\/groups\/\d+\/((tournaments|sessions)\/\d+\/(table\/)?|balances\/)$/;
// Only when the offline page (in the phone's language) could not be cached.
var OFFLINE_TEXT = "Offline \u2014 nothing was saved. Your taps were not sent; " +
  "try again when the phone is back online.";

self.addEventListener("install", function (event) {
  var fresh = PRECACHE.map(function (url) { return new Request(url, { cache: "reload" }); });
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) { return cache.addAll(fresh); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names
          .filter(function (name) { return name.indexOf("cardtable-") === 0 && name !== CACHE; })
          .map(function (name) { return caches.delete(name); }));
      })
      .then(function () {
        // The page's request starts while the worker wakes up, instead of after.
        var preload = self.registration.navigationPreload;
        return preload && preload.enable();
      })
      .then(function () { return self.clients.claim(); })
  );
});

function isStatic(url) {
  return url.origin === self.location.origin && url.pathname.indexOf(STATIC_URL) === 0;
}

// One of this site's static files, or null.
function staticUrl(file) {
  try {
    var url = new URL(String(file), self.location.origin);
    return isStatic(url) ? url : null;
  } catch (error) { return null; }
}

function cacheFirst(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request).then(function (kept) {
      if (kept) { return kept; }
      return fetch(request).then(function (response) {
        if (response.ok && response.type === "basic") {
          cache.put(request, response.clone()).catch(function () { /* full: fetched next time */ });
        }
        return response;
      });
    });
  });
}

function offline() {
  return caches.match(OFFLINE_URL, { cacheName: CACHE }).then(function (page) {
    return page || new Response(OFFLINE_TEXT, {
      status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" }
    });
  });
}

function networkOnly(event) {
  return Promise.resolve(event.preloadResponse)
    .then(function (preloaded) { return preloaded || fetch(event.request); })
    .catch(offline);
}

// A copy of a game's page kept aside, with the time it was read.
function keepCopy(url, response) {
  if (!response.ok || response.type !== "basic") { return Promise.resolve(); }
  var headers = new Headers(response.headers);
  headers.set("X-Read-At", String(Date.now()));
  return response.blob().then(function (body) {
    var kept = new Response(body, { status: 200, headers: headers });
    return caches.open(KEPT_PAGES).then(function (cache) { return cache.put(url, kept); });
  }).catch(function () { /* full: the offline page instead */ });
}

// A game's page: from the network, a copy kept aside; without a network, that copy, marked
// (register.js writes the time in the page's language).
function gamePage(event) {
  var request = event.request;
  return Promise.resolve(event.preloadResponse)
    .then(function (preloaded) { return preloaded || fetch(request); })
    .then(function (response) {
      event.waitUntil(keepCopy(request.url, response.clone()));
      return response;
    })
    .catch(function () {
      return caches.match(request.url, { cacheName: KEPT_PAGES }).then(function (kept) {
        return kept ? marked(kept) : offline();
      });
    });
}

// With the headers the page was served with (its Content-Security-Policy among them), but
// those of a body that is no longer the one sent.
function marked(kept) {
  var readAt = Number(kept.headers.get("X-Read-At")) || 0;
  var headers = new Headers(kept.headers);
  ["Content-Length", "Content-Encoding", "X-Read-At"].forEach(function (name) { headers.delete(name); });
  headers.set("Content-Type", "text/html; charset=utf-8");
  return kept.text().then(function (html) {
    var mark = '<main><p class="flash warning" role="status" id="kept-copy" data-read-at="' +
      readAt + '"></p>';
    return new Response(html.replace("<main>", mark), { status: 200, headers: headers });
  });
}

// A page tells the worker the language it is read in (register.js): the offline page is cached
// in that language, fetched again only when it changes.
var LANGUAGE = /^[a-z]{2,3}(-[a-z0-9]+)?$/i;

function keepOfflinePageIn(language) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(OFFLINE_URL).then(function (kept) {
      if (kept && kept.headers.get("Content-Language") === language) { return undefined; }
      var url = OFFLINE_URL + "?language=" + encodeURIComponent(language);
      return fetch(url, { cache: "no-store" }).then(function (response) {
        return response.ok ? cache.put(OFFLINE_URL, response) : undefined;
      });
    });
  }).catch(function () { /* offline now: the page cached so far stays */ });
}

// A game's page read before this worker looked after it (the first visit): fetched once more
// to be kept aside, so that it reads without a network from then on.
function keepUnkept(path) {
  var url = new URL(path, self.location.origin);
  if (!KEPT_PAGE.test(url.pathname)) { return Promise.resolve(); }
  return caches.match(url.href, { cacheName: KEPT_PAGES }).then(function (kept) {
    if (kept) { return undefined; }
    return fetch(url.href, { credentials: "same-origin" })
      .then(function (response) { return keepCopy(url.href, response); });
  }).catch(function () { /* offline now: kept at the next read */ });
}

self.addEventListener("message", function (event) {
  var language = event.data && event.data.language;
  if (typeof language === "string" && LANGUAGE.test(language)) {
    event.waitUntil(keepOfflinePageIn(language));
  }
  var keep = event.data && event.data.keep;
  if (typeof keep === "string" && keep.charAt(0) === "/") { event.waitUntil(keepUnkept(keep)); }
  var files = event.data && Array.isArray(event.data.files) ? event.data.files.slice(0, 50) : [];
  event.waitUntil(Promise.all(files.map(function (file) {
    var url = staticUrl(file);
    return url ? cacheFirst(new Request(url.href)).catch(function () { /* fetched later */ }) : null;
  })));
});

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (request.method === "GET" && isStatic(url)) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === "navigate" && request.method === "GET" &&
             url.origin === self.location.origin && KEPT_PAGE.test(url.pathname)) {
    event.respondWith(gamePage(event));
  } else if (request.mode === "navigate") {
    if (request.method === "POST" && url.pathname === LOGOUT_URL) {
      event.waitUntil(caches.delete(KEPT_PAGES));
    }
    event.respondWith(networkOnly(event));
  }
  // Everything else (htmx's requests, the live check, what scripts post) is left to the
  // browser, as if there were no worker.
});
