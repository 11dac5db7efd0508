// The service worker, served at /sw.js so that it looks after every page of the site.
// Static files come from its cache first: the cache is named after them, so a deploy that
// changes one installs a new worker with a new cache and the old one is dropped. Pages always
// come from the network: they carry scores and money, which must be today's, and nothing sent
// (a POST) is ever cached or sent again. Each game's page (and who owes whom) is kept aside as
// the phone last showed it, only to be shown when the network is gone, marked with the time it
// was last current; logging out forgets them. Any other page that cannot be fetched is replaced
// by the offline page.
// The view that serves this file fills in the values below (tracker/tableview/phone.py).
"use strict";

var CACHE = "%CACHE%";
var STATIC_URL = "%STATIC_URL%";
var OFFLINE_URL = "%OFFLINE_URL%";
var PRECACHE = ["%PRECACHE%"];
var LOGOUT_URL = "%LOGOUT_URL%";
var KEPT_PAGES = "kept-pages";  // not "cardtable-...": a new worker keeps them
// A tournament's or a session's page, its table view, or who owes whom (its codes to pay by).
var KEPT_PAGE = new RegExp("%KEPT_PAGE%");
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

// How a kept page follows the screen. A page's live part is swapped in by htmx (a live refresh,
// this phone's own tap) without a page load; the page then posts the part to this worker just as
// the server sent it (register.js), and the worker puts it in place of the same part of the
// page it keeps, between the markers the page's template puts around it
// (<!--kept-part:entry--> and <!--/kept-part:entry-->). So the copy is the page as served, its
// headers (the CSP among them) untouched, with the parts the screen shows now: built from what
// the server sent, not from the document, which the page's scripts change as they run (a form
// marked as set up would not be set up again). The worker does not fetch the page again to
// follow it: that would be a second request at every change for every phone at the table, and
// would keep figures the screen never showed. The live check's answers move the time the copy
// was last current (at most every CURRENT_STEP: the page shows minutes), or say it has changed
// since (a refresh that never came, a plain form sent from the group whose answer was not read),
// and then the codes to pay by are left out of it.
var KEPT_AT = "X-Kept-At", KEPT_VERSION = "X-Kept-Version", KEPT_CHANGED = "X-Kept-Changed";
var CURRENT_STEP = 10000;
var KEPT_PARTS = /^(entry|kept-sheet)$/;
var LONGEST_PART = 2000000;
var LIVE_VERSION = /<div hidden data-live="[^"]*" data-version="(\d+)"/;
// ledger/_pay_by_qr.html: one <details class="pay"> a transfer, nothing like it inside.
var PAY_CODES = /<details class="pay">[\s\S]*?<\/details>/g;

// One change to the kept pages at a time, in the order asked: each reads a copy and writes it
// back, and two at once would lose one. Only the cache's own work goes in turn, no fetch.
var keeping = Promise.resolve();
function inTurn(task) {
  var done = keeping.then(task).catch(function () { /* full or gone: kept at the next read */ });
  keeping = done;
  return done;
}

function versionIn(html) {
  var found = LIVE_VERSION.exec(html);
  return found ? found[1] : "";
}

// The one place a page is written into the kept pages: its body, the headers it was served
// with, and what the worker notes about it (`notes`: a header's value, or null to drop it).
function store(cache, url, body, headers, notes) {
  var kept = new Headers(headers);
  Object.keys(notes).forEach(function (name) {
    if (notes[name] === null) { kept.delete(name); } else { kept.set(name, String(notes[name])); }
  });
  return cache.put(url, new Response(body, { status: 200, headers: kept }));
}

// The kept pages, or null when none is kept (opening them would make them).
function keptPages() {
  return caches.has(KEPT_PAGES).then(function (has) { return has ? caches.open(KEPT_PAGES) : null; });
}

function withKept(url, then) {
  return inTurn(function () {
    return keptPages().then(function (cache) {
      return cache && cache.match(url).then(function (kept) { return kept && then(cache, kept); });
    });
  });
}

// A game's page as the server sent it, current now.
function keepCopy(url, response) {
  if (!response.ok || response.type !== "basic") { return Promise.resolve(); }
  return response.text().then(function (html) {
    return inTurn(function () {
      return caches.open(KEPT_PAGES).then(function (cache) {
        var notes = {};
        notes[KEPT_AT] = Date.now();
        notes[KEPT_VERSION] = versionIn(html);
        notes[KEPT_CHANGED] = null;
        return store(cache, url, html, response.headers, notes);
      });
    });
  }).catch(function () { /* cut short: kept at the next read */ });
}

// The part between a page's markers for `name`, replaced by `part`; null when the page has
// not exactly one such place or the part would bring markers of its own.
function withPart(html, name, part) {
  var open = "<!--kept-part:" + name + "-->", close = "<!--/kept-part:" + name + "-->";
  var start = html.indexOf(open), end = html.indexOf(close);
  if (start < 0 || end < start || html.indexOf(open, start + 1) >= 0) { return null; }
  if (part.indexOf("<!--kept-part:") >= 0 || part.indexOf("<!--/kept-part:") >= 0) { return null; }
  return html.slice(0, start + open.length) + part + html.slice(end);
}

// A part the page swapped in (its live part, or the sheet a session page holds beside it). The live
// part says the version it shows, current now.
function keepPart(url, name, part) {
  return withKept(url, function (cache, kept) {
    return kept.text().then(function (html) {
      var composed = withPart(html, name, part);
      if (composed === null) { return undefined; }
      var notes = {}, version = versionIn(part);
      if (version) {
        notes[KEPT_AT] = Date.now();
        notes[KEPT_VERSION] = version;
        notes[KEPT_CHANGED] = null;
      }
      return store(cache, url, composed, kept.headers, notes);
    });
  });
}

// The live check says the version the page shows is still the server's.
function stillCurrent(url, version) {
  return withKept(url, function (cache, kept) {
    var at = Number(kept.headers.get(KEPT_AT)) || 0;
    var changed = kept.headers.has(KEPT_CHANGED);
    if (kept.headers.get(KEPT_VERSION) !== version) { return undefined; }
    if (!changed && Date.now() - at < CURRENT_STEP) { return undefined; }
    var notes = {};
    notes[KEPT_AT] = Date.now();
    notes[KEPT_CHANGED] = null;
    return store(cache, url, kept.body, kept.headers, notes);
  });
}

// What the copy shows is no longer the server's: the live check answered another version
// (`version`), or a change was sent from its group (`version` null).
function markChanged(cache, url, kept, version) {
  if (kept.headers.has(KEPT_CHANGED)) { return undefined; }
  if (version !== null && kept.headers.get(KEPT_VERSION) === version) { return undefined; }
  var notes = {};
  notes[KEPT_CHANGED] = "1";
  return store(cache, url, kept.body, kept.headers, notes);
}

function changedSince(url, version) {
  return withKept(url, function (cache, kept) { return markChanged(cache, url, kept, version); });
}

// A plain form sent from a group's pages (a payment, a reversal, a round without JavaScript,
// changed payment details) may have changed what its kept pages show, whether or not its answer
// comes back: they say so until they are read again. The page the answer leads to is kept anew.
var GROUP = /^\/groups\/\d+\//;
function sentFrom(url) {
  var group = GROUP.exec(url.pathname);
  if (!group) { return Promise.resolve(); }
  return inTurn(function () {
    return keptPages().then(function (cache) {
      return cache && cache.keys().then(function (requests) {
        return Promise.all(requests
          .filter(function (request) { return new URL(request.url).pathname.indexOf(group[0]) === 0; })
          .map(function (request) {
            return cache.match(request).then(function (kept) {
              return kept ? markChanged(cache, request.url, kept, null) : undefined;
            });
          }));
      });
    });
  });
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
      // After the changes asked before (a form just sent, a part just swapped in): they are
      // the cache's own, never the network's, so this waits for no server.
      return keeping.then(function () {
        return caches.match(request.url, { cacheName: KEPT_PAGES });
      }).then(function (kept) { return kept ? marked(kept) : offline(); });
    });
}

// With the headers the page was served with (its Content-Security-Policy among them), but
// those of a body that is no longer the one sent and the worker's own notes. A copy that has
// changed since leaves out the codes to pay by: they may be for a transfer already paid.
function marked(kept) {
  var at = Number(kept.headers.get(KEPT_AT)) || 0;
  var changed = kept.headers.has(KEPT_CHANGED);
  var headers = new Headers(kept.headers);
  ["Content-Length", "Content-Encoding", KEPT_AT, KEPT_VERSION, KEPT_CHANGED].forEach(
    function (name) { headers.delete(name); });
  headers.set("Content-Type", "text/html; charset=utf-8");
  return kept.text().then(function (html) {
    var leftOut = 0;
    if (changed) { html = html.replace(PAY_CODES, function () { leftOut += 1; return ""; }); }
    var mark = '<main><p class="flash warning" role="status" id="kept-copy" data-kept-at="' + at +
      '"' + (changed ? " data-changed" : "") + (leftOut ? " data-codes-left-out" : "") + "></p>";
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

// A game's page read before this worker looked after it (the first visit, a reload that
// passed the worker by): fetched once more to be kept aside, so that it reads without a
// network from then on. Any copy kept before is older than the page on the screen.
function keepUnkept(path) {
  var url = new URL(path, self.location.origin);
  if (!KEPT_PAGE.test(url.pathname)) { return Promise.resolve(); }
  return fetch(url.href, { credentials: "same-origin" })
    .then(function (response) { return keepCopy(url.href, response); })
    .catch(function () { /* offline now: kept at the next read */ });
}

// The kept page a message is about: one of this site's pages kept for offline reading.
function keptUrl(path) {
  if (typeof path !== "string" || path.charAt(0) !== "/") { return null; }
  var url = new URL(path, self.location.origin);
  return url.origin === self.location.origin && KEPT_PAGE.test(url.pathname) ? url.href : null;
}

self.addEventListener("message", function (event) {
  var language = event.data && event.data.language;
  if (typeof language === "string" && LANGUAGE.test(language)) {
    event.waitUntil(keepOfflinePageIn(language));
  }
  var keep = event.data && event.data.keep;
  if (typeof keep === "string" && keep.charAt(0) === "/") { event.waitUntil(keepUnkept(keep)); }
  // What the page shows now (register.js): a part swapped in, or the live check's answer.
  var page = keptUrl(event.data && event.data.page), data = event.data || {};
  if (page && typeof data.part === "string" && KEPT_PARTS.test(data.part) &&
      typeof data.html === "string" && data.html.length <= LONGEST_PART) {
    event.waitUntil(keepPart(page, data.part, data.html));
  }
  if (page && typeof data.current === "string") { event.waitUntil(stillCurrent(page, data.current)); }
  if (page && typeof data.changed === "string") { event.waitUntil(changedSince(page, data.changed)); }
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
      event.waitUntil(inTurn(function () { return caches.delete(KEPT_PAGES); }));
    } else if (request.method === "POST") {
      event.waitUntil(sentFrom(url));
    }
    event.respondWith(networkOnly(event));
  }
  // Everything else (htmx's requests, the live check, what scripts post) is left to the
  // browser, as if there were no worker.
});
