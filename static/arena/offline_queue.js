/* Results entered without network wait on the phone and are sent by themselves (issue #29 point 1).
 *
 * One box per page, section[data-offline-queue] with data-kind "judge" (templates/judge/_userbar.html)
 * or "player" (templates/me/_offline_queue.html) and data-user (who is signed in); each page shows and
 * sends only that person's entries of its kind.
 * - A judge's result form (form[data-offline-result], judge/table.html) is sent by fetch with an
 *   Idempotency-Key (a UUID) and answered in JSON (tournaments.views.judge._table_post_json). When
 *   the network fails, the result is kept in IndexedDB ("arena-offline", store "results") with its key,
 *   the form's hidden fields (the table's version, id and players) and the table's number and players.
 * - A player's report form (form[data-offline-report], me/_report.html) keeps its confirmation page
 *   while online; without network the player confirms on the phone and the report is kept likewise,
 *   to be sent confirmed (tournaments.views.me_reports.report).
 * - A penalty (form[data-offline-draft], judge/penalty_new.html) is issued only online: the ladder
 *   needs the server's record. Without network the form is kept as a draft (status "draft", never
 *   sent); «Abrir el borrador» fills the form again (#borrador=<key>) to see the decision online.
 * - The kept entries are sent oldest first on "online", on every page load and every 20 s while some
 *   wait. A saved one leaves the queue; one the server refuses (saved meanwhile, the round or the
 *   table paired again) stays as a conflict shown by table and players until dismissed: never sent
 *   again by itself, never overwriting anything.
 * - data-sw-url: the judge pages' service worker (/juez/sw.js) is registered, keeps the pages and is
 *   asked to keep the forms of the round's tables listed on the page.
 * Texts come from Django's JavaScript catalog (/jsi18n/: gettext, ngettext, interpolate).
 */
(function () {
  "use strict";
  var box = document.querySelector("[data-offline-queue]");
  if (!box || !window.indexedDB) { return; }
  var kind = box.dataset.kind || "judge";
  var _ = window.gettext || function (s) { return s; };
  var ngettext = window.ngettext || function (s, p, n) { return n === 1 ? s : p; };
  var fmt = window.interpolate || function (s, o) { return s.replace(/%\((\w+)\)s/g, function (m, k) { return o[k]; }); };
  var sent = [];
  var note = "";
  var cachedPages = null;

  // ------------------------------------------------------------------ IndexedDB
  var opened = null;
  function db() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var request = indexedDB.open("arena-offline", 1);
        request.onupgradeneeded = function () { request.result.createObjectStore("results", {keyPath: "key"}); };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opened;
  }
  function store(mode, work) {
    return db().then(function (database) {
      return new Promise(function (resolve, reject) {
        var tx = database.transaction("results", mode);
        var request = work(tx.objectStore("results"));
        tx.oncomplete = function () { resolve(request ? request.result : undefined); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }
  function all() {
    return store("readonly", function (s) { return s.getAll(); }).then(function (rows) {
      // Each signed-in person sees and sends only their own: another judge on the same phone does not.
      return rows.filter(function (e) { return e.kind === kind && e.user === box.dataset.user; }).sort(function (a, b) { return a.created - b.created || (a.key < b.key ? -1 : 1); });
    });
  }
  function put(entry) { return store("readwrite", function (s) { return s.put(entry); }); }
  function remove(key) { return store("readwrite", function (s) { return s.delete(key); }); }

  function uuid() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  // ------------------------------------------------------------------ sending
  /* One POST of a kept (or just entered) result: {status: "saved" | "refused" | "conflict", message, …},
   * {status: "offline"} when the network failed, {status: "unreachable"} when the answer is not the
   * form's JSON (signed out, an error page). */
  function send(entry, queued) {
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) { if (pair[0] !== "csrfmiddlewaretoken") { body.append(pair[0], pair[1]); } });
    body.append("csrfmiddlewaretoken", csrfToken() || entry.csrf || "");
    return fetch(entry.url, {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      headers: {"Accept": "application/json", "Idempotency-Key": entry.key, "X-Arena-Queued": queued ? "1" : "0"}
    }).then(function (response) {
      if ((response.headers.get("Content-Type") || "").indexOf("application/json") === -1) {
        return {status: "unreachable", http: response.status};
      }
      return response.json().then(function (data) { data.http = response.status; return data; });
    }, function () { return {status: "offline"}; });
  }

  // A call while a flush runs (the network came back during the page load's try) runs once more after
  // it: the running one may already have stopped at «sin conexión».
  var flushing = null;
  var again = false;
  function flush() {
    if (flushing) { again = true; return flushing; }
    var run = function () {
      return all().then(function (entries) {
        var waiting = entries.filter(function (e) { return e.status === "pending"; });
        return waiting.reduce(function (previous, entry) {
          return previous.then(function (stop) {
            if (stop) { return true; }
            return send(entry, true).then(function (answer) {
              if (answer.status === "offline") { note = ""; return true; }
              if (answer.status === "unreachable") {
                note = fmt(_("No se pudieron enviar los resultados (respuesta %(code)s): volvé a cargar la página o ingresá de nuevo."),
                           {code: answer.http}, true);
                return true;
              }
              note = "";
              if (answer.status === "saved") {
                sent.push(answer.message);
                return remove(entry.key).then(function () { return false; });
              }
              entry.status = "conflict";
              entry.message = answer.message;
              entry.code = answer.code;
              return put(entry).then(function () { return false; });
            });
          });
        }, Promise.resolve(false));
      });
    };
    var before = sent.length;
    var locked = navigator.locks ? navigator.locks.request("arena-offline-" + kind, run) : run();
    flushing = locked.then(render, render).then(function () {
      flushing = null;
      if (sent.length > before) { refreshTables(); }
      if (again) { again = false; return flush(); }
    });
    return flushing;
  }

  // The round's list (judge/tables.html) shows what the server holds now: after results were sent, its
  // tables are read again, so a table just saved no longer reads «pendiente».
  function refreshTables() {
    var list = document.getElementById("tables");
    if (!list || !window.fetch || !window.DOMParser) { return; }
    fetch(location.href, {credentials: "same-origin", cache: "no-store"})
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("tables");
        if (fresh) { list.innerHTML = fresh.innerHTML; }
      })
      .catch(function () {});
  }

  // ------------------------------------------------------------------ the box
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text) { node.textContent = text; }
    return node;
  }
  function where(entry) {
    return fmt(_("Mesa %(table)s · %(players)s"), {table: entry.table, players: entry.players}, true);
  }
  // A kept entry's link (to its table, or to its draft) and its «Descartar» button.
  function openOrDiscard(item, entry, label, href) {
    var open = el("a", "", label);
    open.href = href;
    var drop = el("button", "btn btn-small", _("Descartar"));
    drop.type = "button";
    drop.addEventListener("click", function () { remove(entry.key).then(render); });
    item.appendChild(open);
    item.appendChild(document.createTextNode(" "));
    item.appendChild(drop);
  }
  function render() {
    return all().then(function (entries) {
      var pending = entries.filter(function (e) { return e.status === "pending"; });
      var conflicts = entries.filter(function (e) { return e.status === "conflict"; });
      box.textContent = "";
      if (!navigator.onLine) {
        box.appendChild(el("p", "offline-now", kind === "player"
          ? _("Sin conexión: tu reporte se guarda en el teléfono y se envía solo cuando vuelva la red.")
          : _("Sin conexión: ves la última copia guardada en el teléfono. Los resultados que cargues se guardan acá y se envían solos.")));
      }
      if (pending.length) {
        var line = el("p", "pending-count");
        var count = kind === "player"
          ? ngettext("%(n)s reporte sin enviar", "%(n)s reportes sin enviar", pending.length)
          : ngettext("%(n)s resultado sin enviar", "%(n)s resultados sin enviar", pending.length);
        line.appendChild(el("strong", "", fmt(count, {n: pending.length}, true)));
        var retry = el("button", "btn btn-small", _("Enviar ahora"));
        retry.type = "button";
        retry.addEventListener("click", flush);
        line.appendChild(document.createTextNode(" "));
        line.appendChild(retry);
        box.appendChild(line);
        var list = el("ul", "pending");
        pending.forEach(function (e) { list.appendChild(el("li", "pending", where(e))); });
        box.appendChild(list);
      }
      if (note) { box.appendChild(el("p", "note", note)); }
      if (conflicts.length) {
        box.appendChild(el("p", "", kind === "player"
          ? _("Tu reporte no se envió: revisalo.")
          : ngettext("Un resultado no se cargó: revisalo.", "Estos resultados no se cargaron: revisalos.", conflicts.length)));
        var clist = el("ul", "conflicts");
        conflicts.forEach(function (e) {
          var item = el("li", "conflict");
          item.dataset.table = e.table;
          item.appendChild(el("strong", "", where(e)));
          item.appendChild(el("div", "", e.message || ""));
          openOrDiscard(item, e, _("Ver la mesa"), e.url);
          clist.appendChild(item);
        });
        box.appendChild(clist);
      }
      var drafts = entries.filter(function (e) { return e.status === "draft"; });
      if (drafts.length) {
        box.appendChild(el("p", "", fmt(ngettext("Un borrador de penalidad: se emite sólo con conexión.",
                                           "%(n)s borradores de penalidad: se emiten sólo con conexión.", drafts.length),
                                        {n: drafts.length}, true)));
        var dlist = el("ul", "drafts");
        drafts.forEach(function (e) {
          var item = el("li", "draft");
          item.dataset.table = e.table;
          item.appendChild(el("strong", "", fmt(_("Penalidad · %(where)s"), {where: where(e)}, true)));
          item.appendChild(document.createTextNode(" "));
          openOrDiscard(item, e, _("Abrir el borrador"), e.url + "#borrador=" + e.key);
          dlist.appendChild(item);
        });
        box.appendChild(dlist);
      }
      if (sent.length) {
        var slist = el("ul", "sent-list");
        sent.forEach(function (m) { slist.appendChild(el("li", "sent", fmt(_("Enviado: %(what)s"), {what: m}, true))); });
        box.appendChild(slist);
      }
      if (cachedPages !== null) {
        box.appendChild(el("p", "small cached", fmt(ngettext("%(n)s página de mesas disponible sin conexión.",
                                                       "%(n)s páginas de mesas disponibles sin conexión.", cachedPages),
                                                    {n: cachedPages}, true)));
      }
      box.dataset.pending = pending.length;
      box.dataset.conflicts = conflicts.length;
      box.hidden = !box.firstChild;
    });
  }

  // ------------------------------------------------------------------ the result form
  function entryOf(form, submitter) {
    var fields = [];
    new FormData(form).forEach(function (value, name) { fields.push([name, String(value)]); });
    if (submitter && submitter.name) { fields.push([submitter.name, submitter.value]); }
    return {
      key: uuid(), kind: kind, user: box.dataset.user, url: form.getAttribute("action") || location.pathname, fields: fields, csrf: csrfToken(),
      created: Date.now(), status: "pending", table: form.dataset.table, round: form.dataset.round,
      players: form.dataset.players, version: Number(form.dataset.version)
    };
  }
  function keepShown(form, text) {
    form.hidden = true;
    var kept = el("p", "kept-offline", text);
    kept.setAttribute("role", "status");
    form.parentNode.insertBefore(kept, form);
    return render();
  }
  function nativeSubmit(form, submitter) {
    form.dataset.native = "1";
    if (submitter && submitter.name) {  // submit() sends no button: keep the one tapped («action»)
      var chosen = document.createElement("input");
      chosen.type = "hidden"; chosen.name = submitter.name; chosen.value = submitter.value;
      form.appendChild(chosen);
    }
    HTMLFormElement.prototype.submit.call(form);
  }

  // Delegated: «Mi torneo» swaps its report box in and out as the page updates itself (live.js).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || form.dataset.native === "1") { return; }
    if (kind === "judge" && form.matches("form[data-offline-result]")) {
      event.preventDefault();
      var buttons = form.querySelectorAll("button[type=submit]");
      buttons.forEach(function (b) { b.disabled = true; });
      var entry = entryOf(form, event.submitter);
      send(entry, false).then(function (answer) {
        buttons.forEach(function (b) { b.disabled = false; });
        if (answer.status === "saved") { location.assign(answer.next); return; }
        if (answer.status === "offline") {
          return put(entry).then(function () {
            return keepShown(form, fmt(_("Sin conexión: el resultado de la mesa %(table)s quedó guardado en este teléfono y se envía solo cuando vuelva la red."),
                                       {table: entry.table}, true));
          });
        }
        // Refused or not understood: the page shows why, as without the script (nothing was saved).
        nativeSubmit(form);
      });
    } else if (kind === "judge" && form.matches("form[data-offline-draft]")) {
      event.preventDefault();
      var draftSubmitter = event.submitter;
      fetch(box.dataset.probeUrl, {method: "HEAD", cache: "no-store", credentials: "same-origin"}).then(function () {
        var restored = form.dataset.draftKey;
        (restored ? remove(restored) : Promise.resolve()).then(function () { nativeSubmit(form, draftSubmitter); });
      }, function () {
        var draft = entryOf(form, draftSubmitter);
        draft.status = "draft";
        draft.url = location.pathname;
        draft.fields = draft.fields.filter(function (pair) { return pair[0] !== "fingerprint" && pair[0] !== "action"; });
        var replaced = form.dataset.draftKey;
        (replaced ? remove(replaced) : Promise.resolve()).then(function () { return put(draft); }).then(function () {
          form.dataset.draftKey = draft.key;
          return keepShown(form, fmt(_("Sin conexión: la penalidad de la mesa %(table)s quedó como borrador en este teléfono. Se emite sólo con conexión: abrí el borrador cuando vuelva la red."),
                                     {table: draft.table}, true));
        });
      });
    } else if (kind === "player" && form.matches("form[data-offline-report]")) {
      event.preventDefault();
      var submitter = event.submitter;
      // Online, the server's confirmation page as always; the probe only tells whether it can be reached.
      fetch(box.dataset.probeUrl, {method: "HEAD", cache: "no-store", credentials: "same-origin"}).then(function () {
        nativeSubmit(form);
      }, function () {
        if (!window.confirm(form.dataset.confirmOffline)) { return; }
        var entry = entryOf(form, submitter);
        entry.fields.push(["confirmar", "1"]);
        return put(entry).then(function () {
          return keepShown(form, _("Sin conexión: tu reporte quedó guardado en este teléfono y se envía solo cuando vuelva la red."));
        });
      });
    }
  });

  // «Abrir el borrador»: the penalty form filled again from the draft kept on the phone.
  var draftForm = document.querySelector("form[data-offline-draft]");
  function restoreDraft() {
    var wanted = /#borrador=([\w-]+)/.exec(location.hash);
    if (!wanted || !draftForm) { return; }
    all().then(function (entries) {
      var draft = entries.filter(function (e) { return e.key === wanted[1] && e.status === "draft"; })[0];
      if (!draft) { return; }
      draftForm.dataset.draftKey = draft.key;
      draftForm.hidden = false;
      draft.fields.forEach(function (pair) {
        if (pair[0] === "csrfmiddlewaretoken") { return; }
        draftForm.querySelectorAll("[name=\"" + pair[0] + "\"]").forEach(function (input) {
          if (input.type === "radio" || input.type === "checkbox") {
            if (input.value === pair[1]) { input.checked = true; }
          } else {
            input.value = pair[1];
          }
          input.dispatchEvent(new Event("change", {bubbles: true}));
        });
      });
    });
  }
  restoreDraft();
  window.addEventListener("hashchange", restoreDraft);

  // Signing out leaves no judge page behind on the phone (the results not sent stay).
  document.querySelectorAll("form[data-judge-logout]").forEach(function (form) {
    form.addEventListener("submit", function () {
      if (!window.caches) { return; }
      caches.keys().then(function (names) {
        names.forEach(function (name) { if (name.indexOf("arena-judge-pages") === 0) { caches.delete(name); } });
      });
    });
  });

  // ------------------------------------------------------------------ service worker
  if (box.dataset.swUrl && "serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "pages-cached") { cachedPages = event.data.count; render(); }
    });
    navigator.serviceWorker.register(box.dataset.swUrl, {scope: box.dataset.scope}).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (!navigator.onLine || !registration.active) { return; }
      var urls = [location.href];
      document.querySelectorAll("#tables a[href]").forEach(function (a) { urls.push(a.href); });
      registration.active.postMessage({type: "cache-pages", urls: urls});
    }).catch(function () {});
  }

  window.addEventListener("online", flush);
  window.addEventListener("offline", render);
  setInterval(function () { if (box.dataset.pending > 0) { flush(); } }, 20000);
  flush();
}());
