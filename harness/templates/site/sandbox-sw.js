/* The sandbox's service worker (harness/output/sandbox_site.py): the engine's and Pyodide's files, served from the
   browser's Cache Storage once fetched, so a second visit starts without the network or the server. One cache per
   build ("berserk-sandbox-<hash of what the build ships>"): a new build's worker drops the caches of older ones. */
"use strict";
var CACHE = "__CACHE__";          // "berserk-sandbox-<hash>" (sandbox_site.write_sandbox)
var KEPT = /\/(pyodide\/|assets\/sandbox\/)[^/]+$/;
var FILES = __FILES__;           // what the build ships for the sandbox, from the site's root

// installed once the page is ready (sandbox.js registers it then): the files come from the browser's HTTP cache
// or the local server, after the first start, not competing with it
self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(FILES); })
                  .then(function () { return self.skipWaiting(); }));
});
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("berserk-sandbox-") === 0 && n !== CACHE; })
                            .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});
self.addEventListener("fetch", function (event) {
  var req = event.request;
  if (req.method !== "GET" || !KEPT.test(new URL(req.url).pathname)) return;
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(req.url).then(function (hit) {
      if (hit) return hit;
      return fetch(req).then(function (resp) {
        if (resp.ok) cache.put(req.url, resp.clone());
        return resp;
      });
    });
  }));
});
