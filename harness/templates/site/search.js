/* berserk-rules offline search.
 *
 * The same rules as `berserk-rules lookup` (harness/lookup.py): an exact unit id; a clause number, bare
 * (113.6: every edition) or with an edition (heroes:113.6), or a unit path (536.2.a), or a section (537);
 * else words, optionally after an edition (heroes:Талитха): units holding every word in some form.
 * Words are stemmed with the Russian Snowball algorithm (a port of the generated snowballstemmer code the
 * index was built with); a query stem of 4+ letters also matches longer stems it begins.
 * The index (window.BERSERK_INDEX) holds, per unit, its stems with their counts.
 */
(function () {
  "use strict";

  // ------------------------------------------------------------------ Russian Snowball stemmer
  var V = "аеиоуыэюя";
  function isV(ch) { return V.indexOf(ch) >= 0; }
  function longest(w, end, lb, list) {
    // the longest suffix of w[0:end] in list that starts at or after lb
    var best = null;
    for (var i = 0; i < list.length; i++) {
      var s = list[i][0];
      if (s.length <= end - lb && w.substring(end - s.length, end) === s && (best === null || s.length > best[0].length)) {
        best = list[i];
      }
    }
    return best;
  }
  function g(group, words) { return words.map(function (s) { return [s, group]; }); }
  var PERFECTIVE = g(1, ["в", "вши", "вшись"]).concat(g(2, ["ив", "ивши", "ившись", "ыв", "ывши", "ывшись"]));
  var ADJECTIVE = g(1, ["ее", "ие", "ое", "ые", "ими", "ыми", "ей", "ий", "ой", "ый", "ем", "им", "ом", "ым", "его",
    "ого", "ему", "ому", "их", "ых", "ею", "ою", "ую", "юю", "ая", "яя"]);
  var PARTICIPLE = g(1, ["ем", "нн", "вш", "щ", "ющ"]).concat(g(2, ["ивш", "ывш", "ующ"]));
  var REFLEXIVE = g(1, ["сь", "ся"]);
  var VERB = g(1, ["ла", "на", "ете", "йте", "ли", "й", "л", "ем", "н", "ло", "но", "ет", "ют", "ны", "ть", "ешь", "нно"])
    .concat(g(2, ["ила", "ыла", "ена", "ейте", "уйте", "ите", "или", "ыли", "ей", "уй", "ил", "ыл", "им", "ым", "ен",
      "ило", "ыло", "ено", "ят", "ует", "уют", "ит", "ыт", "ены", "ить", "ыть", "ишь", "ую", "ю"]));
  var NOUN = g(1, ["а", "ев", "ов", "е", "ие", "ье", "и", "еи", "ии", "ами", "ями", "иями", "й", "ей", "ией", "ий", "ой",
    "ам", "ем", "ием", "ом", "ям", "иям", "о", "у", "ах", "ях", "иях", "ы", "ь", "ю", "ию", "ью", "я", "ия", "ья"]);
  var DERIVATIONAL = g(1, ["ост", "ость"]);
  var TIDY = g(1, ["ейше", "ейш"]).concat(g(2, ["н"]), g(3, ["ь"]));

  function stem(word) {
    var w = word.replace(/ё/g, "е");
    var n = w.length, pV = n, p2 = n, i = 0;
    while (i < n && !isV(w[i])) i++;
    if (i < n) {
      i++; pV = i;
      while (i < n && isV(w[i])) i++;
      if (i < n) {
        i++;
        while (i < n && !isV(w[i])) i++;
        if (i < n) {
          i++;
          while (i < n && isV(w[i])) i++;
          if (i < n) { i++; p2 = i; }
        }
      }
    }
    var end = n, lb = pV, m;
    function precededByAYa(at) { return at > lb && (w[at - 1] === "а" || w[at - 1] === "я"); }
    function cut(len) { end -= len; }
    // perfective gerund, or (reflexive) adjectival / verb / noun
    m = longest(w, end, lb, PERFECTIVE);
    var done = false;
    if (m && (m[1] === 2 || precededByAYa(end - m[0].length))) { cut(m[0].length); done = true; }
    if (!done) {
      m = longest(w, end, lb, REFLEXIVE);
      if (m) cut(m[0].length);
      m = longest(w, end, lb, ADJECTIVE);
      if (m) {
        cut(m[0].length);
        var p = longest(w, end, lb, PARTICIPLE);
        if (p && (p[1] === 2 || precededByAYa(end - p[0].length))) cut(p[0].length);
      } else {
        m = longest(w, end, lb, VERB);
        if (m && (m[1] === 2 || precededByAYa(end - m[0].length))) {
          cut(m[0].length);
        } else {
          m = longest(w, end, lb, NOUN);
          if (m) cut(m[0].length);
        }
      }
    }
    if (end > lb && w[end - 1] === "и") cut(1);
    m = longest(w, end, lb, DERIVATIONAL);
    if (m && end - m[0].length >= p2) cut(m[0].length);
    m = longest(w, end, lb, TIDY);
    if (m) {
      if (m[1] === 1) {
        cut(m[0].length);
        if (end - 1 > lb && w[end - 1] === "н" && w[end - 2] === "н") cut(1);
      } else if (m[1] === 2) {
        if (end - 1 > lb && w[end - 2] === "н") cut(1);
      } else {
        cut(1);
      }
    }
    return w.substring(0, end);
  }

  function words(text) {
    return text.toLowerCase().replace(/ё/g, "е").match(/[\p{L}\p{N}]+/gu) || [];
  }
  function stemList(text) { return words(text).map(stem); }

  // ------------------------------------------------------------------ find (harness.lookup.Index.find)
  var NUMBER_RE = /^(?:([a-z]+):)?(\d+(?:\.[0-9a-z]+)*)\.?$/;
  var EDITION_WORDS_RE = /^([A-Za-z]+):\s*([\s\S]+)$/;

  function idx() { return window.BERSERK_INDEX || { units: [], editions: [], min_prefix: 4 }; }

  function byNumber(number, edition) {
    var pool = idx().units.filter(function (u) { return !edition || u.e === edition; });
    var found = pool.filter(function (u) { return u.k === "clause" && u.n === number; });
    if (!found.length) found = pool.filter(function (u) { return u.id === u.e + ":" + number; });
    if (!found.length && number.indexOf(".") < 0) {
      found = pool.filter(function (u) { return u.k === "clause" && u.s === number; });
    }
    return found;
  }

  function uniq(list) {
    var seen = {}, out = [];
    list.forEach(function (x) { if (!seen[x]) { seen[x] = true; out.push(x); } });
    return out;
  }

  function search(text, edition) {
    var wanted = uniq(stemList(text));
    if (!wanted.length) return [];
    var minPrefix = idx().min_prefix, scored = [];
    idx().units.forEach(function (u, pos) {
      if (edition && u.e !== edition) return;
      var total = 0;
      for (var i = 0; i < wanted.length; i++) {
        var q = wanted[i], hits = u.st[q] || 0;
        if (q.length >= minPrefix) {
          for (var s in u.st) {
            if (s !== q && s.lastIndexOf(q, 0) === 0) hits += u.st[s];
          }
        }
        if (!hits) return;
        total += hits;
      }
      scored.push([total, pos, u]);
    });
    scored.sort(function (a, b) { return b[0] - a[0] || a[1] - b[1]; });
    return scored.map(function (t) { return t[2]; });
  }

  function find(query) {
    var q = query.trim();
    if (!q) return [];
    var all = idx().units;
    for (var i = 0; i < all.length; i++) {
      if (all[i].id === q || all[i].id === q.toLowerCase()) return [all[i]];
    }
    var m = NUMBER_RE.exec(q.toLowerCase());
    if (m && (!m[1] || idx().editions.indexOf(m[1]) >= 0)) return byNumber(m[2], m[1] || null);
    var edition = null;
    m = EDITION_WORDS_RE.exec(q);
    if (m && idx().editions.indexOf(m[1].toLowerCase()) >= 0) { edition = m[1].toLowerCase(); q = m[2]; }
    return search(q, edition);
  }

  // ------------------------------------------------------------------ page
  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    (children || []).forEach(function (c) { e.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return e;
  }

  function highlight(text, stems) {
    // wrap the words of text whose stem matches a query stem in <mark>
    var frag = document.createDocumentFragment(), re = /[\p{L}\p{N}]+/gu, last = 0, m;
    while ((m = re.exec(text)) !== null) {
      var s = stem(m[0].toLowerCase().replace(/ё/g, "е"));
      var hit = stems.some(function (q) { return s === q || (q.length >= idx().min_prefix && s.lastIndexOf(q, 0) === 0); });
      if (hit) {
        frag.appendChild(document.createTextNode(text.substring(last, m.index)));
        frag.appendChild(el("mark", {}, [m[0]]));
        last = m.index + m[0].length;
      }
    }
    frag.appendChild(document.createTextNode(text.substring(last)));
    return frag;
  }

  function byId() {
    var map = {};
    idx().units.forEach(function (u) { map[u.id] = u; });
    return map;
  }

  function render(query) {
    var list = document.getElementById("results"), note = document.getElementById("search-note");
    if (!list) return;
    var hits = find(query), units = byId();
    var qStems = uniq(stemList(query.replace(/^[A-Za-z]+:\s*/, "")));
    list.innerHTML = "";
    list.setAttribute("data-query", query);
    list.setAttribute("data-query-stems", qStems.join(" "));
    list.setAttribute("data-ids", hits.map(function (u) { return u.id; }).join(" "));
    var groups = [], byClause = {};
    hits.forEach(function (u) {
      if (!byClause[u.c]) { byClause[u.c] = { clause: units[u.c] || u, hits: [] }; groups.push(byClause[u.c]); }
      byClause[u.c].hits.push(u);
    });
    groups.forEach(function (gr) {
      var c = gr.clause;
      var played = gr.hits.concat([c]).some(function (u) { return u.sc > 0; }) ||
        idx().units.some(function (u) { return u.c === c.id && u.sc > 0; });
      var head = el("a", { "class": "clause", href: c.u }, [
        (c.l || c.id) + " ", el("span", { "class": "cid" }, [c.id])]);
      var snip = el("span", { "class": "snip" }); snip.appendChild(highlight(c.t, qStems)); head.appendChild(snip);
      var li = el("li", { "class": "result", "data-clause": c.id }, [head]);
      var subs = gr.hits.filter(function (u) { return u.id !== c.id; });
      if (subs.length) {
        var ul = el("ul");
        subs.forEach(function (u) {
          var a = el("a", { href: u.u, "data-unit": u.id }, [el("b", {}, [(u.l || "¶") + " "])]);
          a.appendChild(highlight(u.t, qStems));
          ul.appendChild(el("li", {}, [a, u.sc ? el("span", { "class": "played" }, [" ▶ разыгран"]) : ""]));
        });
        li.appendChild(ul);
      }
      if (played) li.appendChild(el("span", { "class": "played" }, ["▶ примеры разыграны на доске"]));
      list.appendChild(li);
    });
    if (note) {
      note.textContent = !query.trim() ? "" : hits.length
        ? "Найдено: " + hits.length + (groups.length !== hits.length ? " (в " + groups.length + " пунктах)" : "")
        : "Ничего не найдено по «" + query + "».";
    }
  }

  function currentQuery() {
    var m = /[?&]q=([^&#]*)/.exec(window.location.search);
    if (!m) return "";
    try { return decodeURIComponent(m[1].replace(/\+/g, " ")); } catch (e) { return ""; }
  }

  var BerserkSearch = {
    stem: stem, stemList: stemList, words: words, find: find,
    init: function () {
      var input = document.getElementById("q"), q = currentQuery();
      if (input) {
        input.value = q;
        input.addEventListener("input", function () {
          render(input.value);
          if (window.history && window.history.replaceState && window.location.protocol !== "file:") {
            window.history.replaceState(null, "", "?q=" + encodeURIComponent(input.value));
          }
        });
      }
      render(q);
    },
    submit: function (form) {
      var input = form.querySelector("input");
      render(input.value);
      var first = document.querySelector("#results a");
      var exact = find(input.value);
      if (exact.length === 1 && first) { window.location.href = first.getAttribute("href"); return false; }
      return false;
    }
  };
  window.BerserkSearch = BerserkSearch;
})();
