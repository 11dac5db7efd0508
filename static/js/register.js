// The app on the phone: registers the service worker (static/js/sw.js, served at the site's
// root so that it looks after every page), which caches the static files and shows a clear
// page when the network is gone. Where there are no service workers (http on a LAN is not a
// secure context) the site works as before.
(function () {
  "use strict";
  var script = document.currentScript;
  // In the page's language (data-offline-note on <body>); English where a page has none.
  var OFFLINE = (document.body && document.body.dataset.offlineNote) ||
    "Offline \u2014 nothing was saved. Your taps were not sent; " +
    "try again when the phone is back online.";
  var worker = script && script.dataset.worker;
  var server = (script && script.dataset.server) || "/healthz";

  function register() {
    navigator.serviceWorker.register(worker, { scope: "/" })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (registration) {
        // The worker caches its offline page in the language this page is read in.
        var language = document.documentElement.lang;
        if (registration.active && language) {
          registration.active.postMessage({ language: language });
        }
        // A page the worker did not serve (the first visit) is kept by it all the same, with
        // the files it loaded, so that it reads without a network from then on.
        if (registration.active && !navigator.serviceWorker.controller) {
          var files = Array.prototype.map.call(
            document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=icon]"),
            function (element) { return element.src || element.href; });
          registration.active.postMessage({ keep: window.location.pathname, files: files });
        }
      })
      .catch(function () { /* the site works without it */ });
  }

  if (worker && "serviceWorker" in navigator) {
    // After the page's own files: the worker's first fetches do not slow the first visit.
    if (document.readyState === "complete") { register(); }
    else { window.addEventListener("load", register); }
  }

  // What the screen shows, told to the worker, which keeps the page for reading offline as
  // this phone last showed it (sw.js): each part swapped in, as the server sent it, and what
  // the live check answers (live.js). Without a worker (plain http) there is no one to tell.
  var page = window.location.pathname + window.location.search;
  function tellTheWorker(message) {
    if (!worker || !("serviceWorker" in navigator)) { return; }
    message.page = page;
    navigator.serviceWorker.ready
      .then(function (registration) {
        if (registration.active) { registration.active.postMessage(message); }
      })
      .catch(function () { /* kept at the next read */ });
  }
  document.addEventListener("htmx:afterSwap", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (event.target.id === "entry" && xhr) {
      tellTheWorker({ part: "entry", html: xhr.responseText });
    }
  });
  document.addEventListener("kept:part", function (event) {
    tellTheWorker({ part: event.detail.part, html: event.detail.html });
  });
  document.addEventListener("live:current", function (event) {
    tellTheWorker({ current: event.detail.version });
  });
  document.addEventListener("live:changed", function (event) {
    tellTheWorker({ changed: event.detail.version });
  });

  // A tap htmx could not send (no network) says so where messages go; the form keeps the taps.
  document.addEventListener("htmx:sendError", function (event) {
    var config = event.detail && event.detail.requestConfig;
    if (config && String(config.verb).toLowerCase() === "get") { return; }
    if (document.getElementById("offline-note")) { return; }
    var messages = document.querySelector("#entry-messages, #messages") ||
      document.querySelector("main");
    if (!messages) { return; }
    var note = document.createElement("p");
    note.id = "offline-note";
    note.className = "flash error";
    note.setAttribute("role", "alert");
    note.textContent = OFFLINE;
    messages.prepend(note);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var note = document.getElementById("offline-note");
    if (note && event.detail && event.detail.successful) { note.remove(); }
  });

  // The network is back when the server answers, not when the browser says so: a page drawn
  // without a network may believe itself online, a Wi-Fi may have no way to the server, and
  // the browser may say "online" for a moment while it settles. So the server is asked, at
  // the "online" event at once, else with a growing pause.
  function whenTheServerAnswers(then) {
    var pause = 1000, waiting = null, answered = false;
    function ask() {
      window.clearTimeout(waiting);
      fetch(server, { cache: "no-store", credentials: "omit" })
        .then(function (response) {
          if (!response.ok) { throw new Error(String(response.status)); }
          if (!answered) { answered = true; then(); }
        })
        .catch(later);
    }
    function later() {
      window.clearTimeout(waiting);
      waiting = window.setTimeout(ask, pause);
      pause = Math.min(pause * 2, 15000);
    }
    window.addEventListener("online", function () { pause = 1000; ask(); });
    later();
  }

  // A game's page as this phone last showed it, shown by the worker without a network: says
  // so, as of when it was last current, and what it cannot know (the words on <body>).
  var kept = document.getElementById("kept-copy");
  if (kept) {
    var words = document.body.dataset;
    var at = new Date(Number(kept.dataset.keptAt));
    // Written as the server writes a time in this language (cardtable/formats/: "09:15 PM",
    // "21:15"), in the pages' time zone; some browsers put a narrow space before "PM".
    var time = at.toLocaleTimeString(document.documentElement.lang || undefined,
      { hour: "2-digit", minute: "2-digit", timeZone: words.timeZone || undefined })
      .replace(/\u202f/g, " ");
    var said = [(words.keptNote ||
      "As of {time}, offline: the page as this phone last showed it.").replace("{time}", time)];
    if ("changed" in kept.dataset) {
      said.push(words.keptChanged || "It has changed since; the changes are not shown.");
    } else if (words.keptSince) {
      said.push(words.keptSince);
    }
    if ("codesLeftOut" in kept.dataset && words.keptCodes) { said.push(words.keptCodes); }
    kept.textContent = said.join(" ");
    whenTheServerAnswers(function () { window.location.reload(); });  // today's
  }

  // The offline page's way back to where the phone was. It stands in for the page the phone
  // could not fetch: after a reload (the live check's, or the person's) or a step through the
  // history, that is the page the phone was on, so "Back" asks for it again; after a tap on a
  // link or a form, the phone was on the page before.
  function backToWhereThePhoneWas() {
    var entries = window.performance && performance.getEntriesByType &&
      performance.getEntriesByType("navigation");
    var arrivedBy = entries && entries.length ? entries[0].type : "navigate";
    if (arrivedBy === "reload" || arrivedBy === "back_forward") { window.location.reload(); }
    else if (window.history.length > 1) { window.history.back(); }
    else { window.location.assign("/"); }
  }
  document.addEventListener("click", function (event) {
    var back = event.target.closest && event.target.closest("[data-back]");
    if (!back) { return; }
    event.preventDefault();
    backToWhereThePhoneWas();
  });
  if (document.getElementById("offline")) { whenTheServerAnswers(backToWhereThePhoneWas); }
})();
