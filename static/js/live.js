// Every phone at the table follows the game. While the page is visible it holds a stream open
// that tells each new version of its game (or group) at once (data-stream); while there is no
// stream open (before it opens, after it drops, no stream on this server) it asks every 3 s
// whether the game changed. When it did, it refreshes the live part of the page — unless this
// phone has something typed and not saved yet: then it says so next to the entry and refreshes
// only when asked, so nothing typed is lost. The stream brings the new live part with the
// version (core/web/stream_part.py), so following a tap takes no request; a version that comes
// alone is fetched.
(function () {
  "use strict";
  var PERIOD = 3000;
  var asking = false;
  var stream = null;
  var held = null;  // the live part the stream brought, not shown yet: { version, part }
  // The words come from the page, in its language (data-live-note, data-live-show on <body>).
  var words = (document.body && document.body.dataset) || {};
  var CHANGED = words.liveNote || "Another phone saved a change. What you typed is still here.";
  var SHOW = words.liveShow || "Show the new state";

  function marker() { return document.querySelector("[data-live]"); }

  function typing() {
    var taps = document.querySelector("#entry input[name=taps]");
    if (taps && taps.value.trim()) { return true; }
    return !!document.querySelector("#entry form[data-typed]");
  }

  // The live part read again and swapped in (htmx). An answer that comes back after this
  // phone's own tap was answered is older than what is on the screen; htmx drops it, as the
  // entry it was asked for has been replaced. One that fails (the network went) throws
  // nothing: the change heard is asked again, as if it had not been shown.
  function redraw(heard, shown) {
    var note = document.getElementById("live-note");
    if (note) { note.remove(); }
    var m = marker();
    if (held && m && held.version === m.dataset.version) {
      window.htmx.swap("#entry", held.part, { swapStyle: "outerHTML" });
      held = null;
      return;
    }
    held = null;
    window.htmx.ajax("GET", window.location.pathname + window.location.search,
      { target: "#entry", swap: "outerHTML" })
      .catch(function () {
        var m = marker();
        if (typeof heard !== "string") { offerRedraw(); return; }
        if (m && m.dataset.version === heard) { m.dataset.version = shown; }
        window.setTimeout(function () { arrived(heard); }, PERIOD);
      });
  }

  function offerRedraw() {
    if (document.getElementById("live-note")) { return; }
    var messages = document.querySelector("#entry-messages") || document.querySelector("#entry");
    if (!messages) { return; }
    var note = document.createElement("p");
    note.id = "live-note";
    note.className = "flash warning";
    note.setAttribute("role", "status");
    note.textContent = CHANGED + " ";
    var show = document.createElement("button");
    show.type = "button";
    show.className = "secondary";
    show.textContent = SHOW;
    show.addEventListener("click", function () { redraw(); });
    note.appendChild(show);
    messages.prepend(note);
  }

  function told(name, version) {
    document.dispatchEvent(new CustomEvent(name, { detail: { version: version } }));
  }

  // A tap of this phone's still on its way may be what made the version heard: its answer
  // shows that version (and says what the tap did), so a refresh waits for it and is asked
  // only if the answer shows another.
  var heardMeanwhile = null;
  function answering() { return !!document.querySelector("#entry .htmx-request"); }
  function answered() {
    if (heardMeanwhile === null || answering()) { return; }
    var version = heardMeanwhile;
    heardMeanwhile = null;
    arrived(version);
  }
  ["htmx:afterSettle", "htmx:sendError", "htmx:responseError"].forEach(function (name) {
    document.addEventListener(name, answered);
  });

  // A new version, from the stream (with its live `part`, or alone) or an answer to the
  // question: shown, or offered.
  function arrived(version, part) {
    var m = marker();
    if (!m || version === null || version.trim() === m.dataset.version) { return; }
    if (answering()) { heardMeanwhile = version; return; }
    var shown = m.dataset.version;
    m.dataset.version = version.trim();
    held = part ? { version: m.dataset.version, part: part } : null;
    told("live:changed", m.dataset.version);
    if (typing()) { offerRedraw(); } else { redraw(m.dataset.version, shown); }
  }

  function streaming() { return !!stream && stream.readyState === 1; }

  function ask() {
    var m = marker();
    if (!m || asking || document.visibilityState !== "visible") { return; }
    listen(m);
    // An open stream would have told a new version: the page kept for reading offline is
    // current (register.js), and nothing needs asking.
    if (streaming()) { told("live:current", m.dataset.version); return; }
    asking = true;
    var shown = m.dataset.version;
    fetch(m.dataset.live + "?v=" + encodeURIComponent(shown),
      { credentials: "omit", cache: "no-store" })
      .then(function (response) {
        // The page kept for reading offline follows what the server says (register.js).
        if (response.status === 204) { told("live:current", shown); }
        return response.status === 200 ? response.text() : null;
      })
      .then(arrived)
      .catch(function () { /* offline for a moment: ask again next time */ })
      .then(function () { asking = false; });
  }

  // The browser opens a dropped stream again by itself, and its first event brings a version
  // missed meanwhile; a stream the server refused (a WSGI server's 204) stays closed until the
  // page is shown again.
  function listen(m) {
    if (stream && stream.url.indexOf(m.dataset.stream) !== -1) { return; }
    hush();
    if (!m.dataset.stream || !window.EventSource) { return; }
    var page = window.location.pathname + window.location.search;
    stream = new EventSource(m.dataset.stream + "?v=" + encodeURIComponent(m.dataset.version) +
      "&page=" + encodeURIComponent(page));
    stream.addEventListener("version", function (event) { arrived(event.data); });
    stream.addEventListener("part", function (event) { arrived(event.lastEventId, event.data); });
    stream.addEventListener("open", function () { said(true); });
    stream.addEventListener("error", function () { said(false); });
  }

  // Whether the page follows by its stream, on <html> (a redraw replaces the marker).
  function said(open) { document.documentElement.toggleAttribute("data-streaming", open); }

  function hush() {
    if (stream) { stream.close(); stream = null; }
    said(false);
  }

  function shownOrHidden() {
    if (document.visibilityState === "visible") { ask(); } else { hush(); }
  }

  // A form the thumb has touched holds typing until it is saved (its swap replaces it): a
  // tap counts at once, a letter typed into a box as soon as it is typed ("input").
  function touched(event) {
    var form = event.target.closest && event.target.closest("#entry form");
    if (form && !form.matches("[data-live-ignore]")) { form.setAttribute("data-typed", ""); }
  }
  document.addEventListener("change", touched);
  document.addEventListener("input", touched);
  document.addEventListener("visibilitychange", shownOrHidden);
  window.setInterval(ask, PERIOD);
  if (document.visibilityState === "visible" && marker()) { listen(marker()); }
})();
