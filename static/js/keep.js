// The one way a phone keeps what the thumb chose through a reload, a locked phone or a closed
// tab: a form's choices as [name, value] pairs in localStorage, under a key its caller names (a
// tournament's hand and step in cutthroat.js; a hand held offline in outbox.js), put back when
// the form is drawn again. Without JavaScript, or where storage is refused, nothing is kept.
(function () {
  "use strict";

  function storage() {
    try { return window.localStorage; } catch (error) { return null; }
  }

  function keep(key, pairs) {
    var store = storage();
    try {
      if (!store) { return; }
      if (pairs.length) { store.setItem(key, JSON.stringify(pairs)); } else { store.removeItem(key); }
    } catch (error) { /* storage full: the choices are still on the page */ }
  }

  // The pairs kept under `key`, or null; an object {name: value} (kept before pairs) reads too.
  function kept(key) {
    var store = storage(), found;
    try { found = store && JSON.parse(store.getItem(key)); } catch (error) { return null; }
    if (!found) { return null; }
    if (Array.isArray(found)) { return found; }
    return Object.keys(found).map(function (name) { return [name, found[name]]; });
  }

  function forget(key) {
    var store = storage();
    if (store) { store.removeItem(key); }
  }

  // Every key that starts with `prefix` and is not one of `wanted` (an object used as a set).
  function forgetOthers(prefix, wanted) {
    var store = storage();
    if (!store) { return; }
    for (var i = store.length - 1; i >= 0; i--) {
      var key = store.key(i);
      if (key && key.indexOf(prefix) === 0 && !wanted[key]) { store.removeItem(key); }
    }
  }

  // A form's choices ticked as `pairs` says, and only those.
  function fillIn(form, pairs) {
    form.querySelectorAll("input[type=radio], input[type=checkbox]").forEach(function (input) {
      input.checked = pairs.some(function (f) { return f[0] === input.name && f[1] === input.value; });
    });
    form.querySelectorAll("select").forEach(function (select) {
      pairs.filter(function (f) { return f[0] === select.name; }).forEach(function (f) { select.value = f[1]; });
    });
  }

  window.cardtableKeep = { keep: keep, kept: kept, forget: forget, forgetOthers: forgetOthers, fillIn: fillIn };
})();
