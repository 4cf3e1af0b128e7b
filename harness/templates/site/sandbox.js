/* The sandbox page (harness/output/sandbox_site.py): the reference engine in Pyodide, driven through
   harness.output.sandbox.Sandbox.call (one JSON request in, one JSON reply out). All rules are the engine's;
   this script only shows what the Python side returns and sends the judge's clicks back.

   The URL's hash: #scenario=<id> starts from that scenario's board, #edition=heroes from an empty board;
   &play=<JSON list of moves> plays a scripted line at start (tests), &bench=1 measures one action's latency.
   When ready: <body data-ready="1"> (or "error"), #sb-canonical holds the canonical state, #sb-timing's
   data-cold-ms (page start → first legal actions shown) and data-action-ms (one action, median).
   Loading: Pyodide and the engine's zip are fetched in parallel from the first moment (the page's preloads), the
   progress is on screen while they load, and a service worker (sandbox-sw.js) keeps them in Cache Storage. */
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var call = null, view = null;
  var params = new URLSearchParams(location.hash.replace(/^#/, ""));

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function send(req) {
    var reply = JSON.parse(call(JSON.stringify(req)));
    $("sb-error").textContent = $("sb-edit-error").textContent = reply.ok ? "" : reply.error;
    if (reply.ok) { view = reply.view; render(); }
    if (reply.ok && NEW_POSITION[req.do]) clearExport(view.origin);
    return reply;
  }

  // a new position (a scenario's board, an empty board, an edit) starts a new line: the export form forgets the
  // previous line's scenario, unit, tag and title (the unit is the new position's scenario's, if it has one)
  var NEW_POSITION = {load: true, empty: true, edit: true};
  function clearExport(origin) {
    var units = (origin && origin.units) || [];
    $("sb-unit").value = units.length ? units[units.length - 1] : "";
    ["sb-tag", "sb-title", "sb-feature", "sb-yaml"].forEach(function (id) { $(id).value = ""; });
    ["sb-feature-path", "sb-board-path"].forEach(function (id) { $(id).textContent = ""; });
  }

  function button(text, onclick, cls) {
    var b = el("button", {type: "button", "class": cls || ""}, text);
    b.addEventListener("click", onclick);
    return b;
  }

  function fillList(id, items, empty) {
    var box = $(id); box.textContent = "";
    if (!items.length && empty) { box.textContent = empty; return; }
    items.forEach(function (it) { box.appendChild(it); });
  }

  function render() {
    var v = view;
    $("sb-turn").textContent = "Ход " + v.turn + ", активный игрок " + v.active + ", " + v.step_text +
      (v.game_over ? " · игра окончена" : "");
    $("sb-board").innerHTML = v.svg;
    $("sb-stack-name").textContent = v.stack_name.charAt(0).toUpperCase() + v.stack_name.slice(1) + " (сверху вниз)";
    fillList("sb-stack", v.stack.map(function (s) { return el("div", {}, s); }), "пуст");
    $("sb-waiting").textContent = v.waiting.length ? v.waiting.join("; ") : "—";
    $("sb-priority").textContent = v.priority || "ни у кого";
    var pend = $("sb-pending"); pend.textContent = "";
    if (v.pending) {
      pend.appendChild(el("p", {"class": "pending"}, "Ждёт решения: " + v.pending.text));
      var opts = el("div", {"class": "sb-buttons"});
      v.pending.options.forEach(function (o) {
        opts.appendChild(button(o.text, function () { timed({do: "answer", index: o.index}); }, "choice"));
      });
      pend.appendChild(opts);
    }
    fillList("sb-actions", v.actions.map(function (a) {
      return button(a.player + ": " + a.text, function () { timed({do: "act", index: a.index}); }, "action");
    }), v.pending ? "сначала решение выше" : "нет действий (приоритета нет ни у кого)");
    $("sb-undo").disabled = !v.can_undo; $("sb-redo").disabled = !v.can_redo;
    fillList("sb-events", v.events.map(function (e) {
      var li = el("li", e.rule ? {"class": "rule-effect"} : {});
      if (e.rule) li.appendChild(el("span", {"class": "tag"}, "эффект правил"));
      li.appendChild(document.createTextNode((e.rule ? " " : "") + e.text));
      return li;
    }), "");
    fillList("sb-line", v.line.map(function (t, i) {
      return el("li", i < v.pos ? {} : {"class": "muted"}, t);
    }), "");
    fillList("sb-history", v.history.map(function (t) { return el("li", {}, t); }), "");
    $("sb-origin").textContent = v.origin && v.origin.id ? "· начато с расклада сценария " + v.origin.name : "";
    renderEditor(v.board);
    $("sb-canonical").value = v.canonical;
    $("sb-canonical").setAttribute("data-digest", v.digest);
  }

  function renderEditor(board) {
    var names = Object.keys(window.BERSERK_SANDBOX_CARDS.cards[board.edition] || {}).sort();
    var pool = window.BERSERK_SANDBOX_CARDS.pool[board.edition] || [];
    var dl = $("sb-card-names");
    if (dl.getAttribute("data-edition") !== board.edition) {
      dl.textContent = "";
      names.forEach(function (n) { dl.appendChild(el("option", {value: n}, pool.indexOf(n) >= 0 ? "пул тестовых карт" : "каталог")); });
      dl.setAttribute("data-edition", board.edition);
    }
    ["sb-owner", "sb-active"].forEach(function (id) {
      var s = $(id), keep = s.value; s.textContent = "";
      board.players.forEach(function (p) { s.appendChild(el("option", {value: p}, p)); });
      s.value = id === "sb-active" ? board.active : (keep || board.players[0]);
    });
    $("sb-step").value = board.step; $("sb-turn-n").value = board.turn;
    $("sb-cell").hidden = board.edition !== "classic";
    var body = $("sb-cards").tBodies[0]; body.textContent = "";
    var heads = document.querySelectorAll("#sb-cards thead th");
    board.cards.forEach(function (c) {
      var tr = el("tr");
      tr.appendChild(el("td", {}, c.id));
      tr.appendChild(el("td", {}, c.card));
      tr.appendChild(cellOf(select(board.players, c.owner, function (val) { edit(c.id, "owner", val); edit(c.id, "controller", val); })));
      tr.appendChild(cellOf(select(ZONES, c.zone || "battlefield",
                                   function (val) { edit(c.id, "zone", val); })));
      tr.appendChild(cellOf(input("text", c.cell || "", function (val) { edit(c.id, "cell", val); }, 3)));
      tr.appendChild(cellOf(input("number", c.wounds || 0, function (val) { edit(c.id, "wounds", val); }, 2)));
      tr.appendChild(cellOf(input("number", c.additional_lives || 0, function (val) { edit(c.id, "additional_lives", val); }, 2)));
      tr.appendChild(cellOf(check(!!c.closed, function (val) { edit(c.id, "closed", val); })));
      tr.appendChild(cellOf(check(!!c.face_down, function (val) { edit(c.id, "face_down", val); })));
      tr.appendChild(cellOf(button("убрать", function () { send({do: "edit", edit: {op: "remove", id: c.id}}); })));
      // each cell names its column (site.css shows the names where the table becomes a list, on a narrow column)
      Array.prototype.forEach.call(tr.children, function (td, k) {
        var th = heads[k];
        if (k !== 1 && th && th.textContent) td.setAttribute("data-label", th.textContent);
      });
      body.appendChild(tr);
    });
  }

  function cellOf(node) { var td = el("td"); td.appendChild(node); return td; }
  var ZONES = [["battlefield", "поле боя"], ["hand", "рука"], ["deck", "колода"], ["graveyard", "кладбище"],
               ["additional", "доп. зона"]];
  function select(options, value, onchange) {
    var s = el("select");
    options.forEach(function (o) {
      var pair = Array.isArray(o) ? o : [o, o];
      s.appendChild(el("option", {value: pair[0]}, pair[1]));
    });
    s.value = value; s.addEventListener("change", function () { onchange(s.value); });
    return s;
  }
  function input(type, value, onchange, size) {
    var i = el("input", {type: type, size: String(size || 4)}); i.value = value;
    if (type === "number") i.min = "0";
    i.addEventListener("change", function () { onchange(i.value); });
    return i;
  }
  function check(value, onchange) {
    var i = el("input", {type: "checkbox"}); i.checked = value;
    i.addEventListener("change", function () { onchange(i.checked); });
    return i;
  }
  function edit(id, field, value) { send({do: "edit", edit: {op: "set", id: id, field: field, value: value}}); }

  function timed(req) {
    var t0 = performance.now();
    var reply = send(req);
    return {reply: reply, ms: performance.now() - t0};
  }

  function wire() {
    document.querySelectorAll("[data-empty]").forEach(function (b) {
      b.addEventListener("click", function () { send({do: "empty", edition: b.getAttribute("data-empty")}); });
    });
    $("sb-undo").addEventListener("click", function () { send({do: "undo"}); });
    $("sb-redo").addEventListener("click", function () { send({do: "redo"}); });
    $("sb-add").addEventListener("submit", function (ev) {
      ev.preventDefault();
      send({do: "edit", edit: {op: "add", card: $("sb-card").value.trim(), owner: $("sb-owner").value,
                               zone: $("sb-zone").value, cell: $("sb-cell").value.trim()}});
    });
    $("sb-active").addEventListener("change", function () { send({do: "edit", edit: {op: "position", field: "active", value: $("sb-active").value}}); });
    $("sb-step").addEventListener("change", function () { send({do: "edit", edit: {op: "position", field: "step", value: $("sb-step").value}}); });
    $("sb-turn-n").addEventListener("change", function () { send({do: "edit", edit: {op: "position", field: "turn", value: $("sb-turn-n").value}}); });
    $("sb-export").addEventListener("submit", function (ev) {
      ev.preventDefault();
      var r = send({do: "export", unit: $("sb-unit").value, tag: $("sb-tag").value, title: $("sb-title").value});
      if (r.ok) {
        $("sb-feature-path").textContent = "features/" + r.export.feature_path;
        $("sb-feature").value = r.export.feature;
        $("sb-board-path").textContent = "scenarios/" + r.export.board_path;
        $("sb-yaml").value = r.export.board;
      }
    });
  }

  function start() {
    var boards = window.BERSERK_SANDBOX_BOARDS, sid = params.get("scenario");
    if (sid) {
      var sc = boards.scenarios[sid];
      if (!sc) { $("sb-error").textContent = "Нет сценария «" + sid + "»: начат пустой расклад."; }
      else {
        var r = send({do: "load", board: boards.boards[sc.board],
                      origin: {id: sid, name: sc.name, units: sc.units, tags: sc.tags}});
        if (r.ok) return;                   // clearExport has set the unit from the scenario's
      }
    }
    send({do: "empty", edition: params.get("edition") || "classic"});
  }

  function median(xs) { var s = xs.slice().sort(function (a, b) { return a - b; }); return s.length ? s[Math.floor(s.length / 2)] : 0; }

  function finish() {
    var timing = $("sb-timing"), times = [];
    if (params.get("play")) {
      var moves = JSON.parse(params.get("play"));
      var r = send({do: "play", moves: moves});
      if (!r.ok) throw new Error(r.error);
    }
    if (params.get("bench")) {
      for (var i = 0; i < 7 && view.actions.length; i++) {
        times.push(timed({do: "act", index: view.actions.length - 1}).ms);
        send({do: "undo"});
      }
      timing.setAttribute("data-action-ms", median(times).toFixed(1));
    }
    if (params.get("export")) {
      var e = JSON.parse(call(JSON.stringify({do: "export", unit: params.get("unit") || "", tag: params.get("tag") || ""})));
      $("sb-feature").value = e.ok ? e.export.feature : ""; $("sb-yaml").value = e.ok ? e.export.board : "";
      $("sb-feature-path").textContent = e.ok ? e.export.feature_path : e.error;
      $("sb-board-path").textContent = e.ok ? e.export.board_path : "";
    }
    document.body.setAttribute("data-ready", "1");
    if ("serviceWorker" in navigator) {       // Cache Storage for the next visit (sandbox-sw.js), once ready
      navigator.serviceWorker.register("sandbox-sw.js").then(function () { return navigator.serviceWorker.ready; })
        .then(function () { document.body.setAttribute("data-cached", "1"); })
        .catch(function () { document.body.setAttribute("data-cached", "0"); /* the page works without it */ });
    }
  }

  function fail(message) {
    $("sb-status").textContent = message;
    document.body.setAttribute("data-ready", "error");
  }

  // what loads, and how much of it, on screen from the first moment: the page's files as the browser finishes them
  // (Resource Timing), of the total the build wrote into #sb-status's data-bytes
  var progressTimer = null;
  function showProgress(phase) {
    var status = $("sb-status"), bar = $("sb-progress"), total = +status.getAttribute("data-bytes") || 0;
    var done = 0;
    performance.getEntriesByType("resource").forEach(function (r) {
      if (/\/(pyodide|assets\/sandbox)\//.test(r.name)) done += r.encodedBodySize || r.transferSize || 0;
    });
    var mb = function (n) { return (n / 1e6).toFixed(1).replace(".", ","); };
    status.firstChild.textContent = phase + " " + mb(Math.min(done, total)) + " из " + mb(total) + " МБ… ";
    if (bar) bar.value = Math.min(done, total);
  }

  wire();
  if (location.protocol === "file:") {       // a browser runs no WebAssembly from a file: say so, and only that
    $("sb-file").hidden = false; fail($("sb-file").textContent); return;
  }
  if (typeof loadPyodide === "undefined") { fail($("sb-status").textContent); return; }
  showProgress("Загрузка: Python в браузере (Pyodide) и эталонный движок,");
  progressTimer = setInterval(function () { showProgress("Загрузка: Python в браузере (Pyodide) и эталонный движок,"); }, 100);
  // the engine's files and Pyodide are fetched at once (the page's <link rel=preload> started both)
  var timing = $("sb-timing");
  var kit = fetch("assets/sandbox/kit.zip").then(function (r) {
    if (!r.ok) throw new Error("файлы движка не загрузились (ответ сервера " + r.status + ")");
    return r.arrayBuffer();
  }).then(function (buf) { timing.setAttribute("data-kit-ms", performance.now().toFixed(0)); return buf; });
  // The next visit starts from a memory snapshot of Python with the engine imported and set up (Pyodide's
  // `_loadSnapshot`), kept in this build's cache (the service worker's: a new build drops it): Python's start and
  // the engine's import, most of the first start, are skipped. The first visit (or one whose snapshot fails to
  // load) starts Python as usual and takes the snapshot once the engine is set up, before any board is loaded.
  var snapCache = $("sb-status").getAttribute("data-cache"), snapKey = "assets/sandbox/engine.snapshot";
  var stored = ("caches" in window && snapCache) ? caches.open(snapCache).then(function (c) { return c.match(snapKey); })
    .then(function (r) { return r ? r.arrayBuffer() : null; }).catch(function () { return null; }) : Promise.resolve(null);
  var snapshotting = !!snapCache && "caches" in window;
  function fresh() { return loadPyodide({indexURL: "pyodide/", _makeSnapshot: snapshotting}); }
  var python = stored.then(function (snap) {
    if (!snap) return fresh().then(function (py) { return {py: py, restored: false}; });
    return loadPyodide({indexURL: "pyodide/", _loadSnapshot: new Uint8Array(snap)})
      .then(function (py) { return {py: py, restored: true}; }, function (err) {
        if (window.console) console.warn("snapshot not usable, Python starts as usual", err);
        caches.open(snapCache).then(function (c) { return c.delete(snapKey); });
        return fresh().then(function (py) { return {py: py, restored: false}; });
      });
  }).then(function (loaded) {
    timing.setAttribute("data-python-ms", performance.now().toFixed(0));
    timing.setAttribute("data-snapshot", loaded.restored ? "restored" : "none");
    return loaded;
  });
  var snapshot = null;
  Promise.all([python, kit]).then(function (loaded) {
    var py = loaded[0].py, buf = loaded[1];
    clearInterval(progressTimer);
    $("sb-status").firstChild.textContent = "Запуск эталонного движка… ";
    // the engine's files are unpacked in both cases: a snapshot holds Python's memory, not its file system
    py.unpackArchive(buf, "zip", {extractDir: "/home/pyodide/kit"});
    if (loaded[0].restored) {
      call = py.runPython("SANDBOX.call\n");
    } else {
      py.globals.set("SANDBOX_CARDS", JSON.stringify(window.BERSERK_SANDBOX_CARDS));
      call = py.runPython(
        "import json, sys\n" +
        "sys.path.insert(0, '/home/pyodide/kit')\n" +
        "from harness.output.sandbox import Sandbox\n" +
        "_d = json.loads(SANDBOX_CARDS)\n" +
        "SANDBOX = Sandbox(_d['cards'], _d['pool'], _d['invented'], _d.get('forms'))\n" +
        "del _d, SANDBOX_CARDS\n" +
        "SANDBOX.call\n");
      try { if (snapshotting) snapshot = py.makeMemorySnapshot(); }
      catch (err) { if (window.console) console.warn("no snapshot taken", err); }
    }
    timing.setAttribute("data-engine-ms", performance.now().toFixed(0));
    start();
    $("sb-timing").setAttribute("data-cold-ms", performance.now().toFixed(0));
    $("sb-timing").setAttribute("data-pyodide", py.version);
    $("sb-status").textContent = "Движок готов: эталонный движок в браузере (Pyodide " + py.version + ").";
    finish();
    if (snapshot) {                     // kept for the next visit, after the page is ready: it waits for nobody
      caches.open(snapCache).then(function (c) { return c.put(snapKey, new Response(snapshot)); })
        .then(function () { document.body.setAttribute("data-snapshot", "1"); },
              function () { document.body.setAttribute("data-snapshot", "0"); })
        .then(function () { snapshot = null; });
    }
  }).catch(function (err) {
    clearInterval(progressTimer);
    if (window.console) console.error(err);   // the details, for whoever opens the console
    fail("Движок не запустился: " + (err && /[а-яё]/i.test(err.message || "") ? err.message
          : "браузер не смог загрузить или запустить его. Обновите страницу; если не поможет, соберите сайт заново."));
  });
})();
