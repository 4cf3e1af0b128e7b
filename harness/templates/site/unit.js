/* berserk-rules offline site, unit pages: a collapsed scenario's play-out (<details class="lazy" data-src=…>) is
 * loaded when it is opened — its file calls BerserkLazy.put(anchor, html) — so a page's first load stays light;
 * a link to a collapsed scenario (#sc-…) opens it. <script> elements, not fetch(): works from file://. */
(function () {
  "use strict";
  function load(d) {
    if (d.getAttribute("data-loaded") || d.getAttribute("data-loading")) return;
    d.setAttribute("data-loading", "true");
    var s = document.createElement("script");
    s.src = d.getAttribute("data-src");
    document.head.appendChild(s);
  }
  window.BerserkLazy = {
    put: function (anchor, html) {
      var d = document.getElementById(anchor);
      if (!d) return;
      d.querySelector(".lazy-body").innerHTML = html;
      d.removeAttribute("data-loading");
      d.setAttribute("data-loaded", "true");
    },
    load: load
  };
  document.addEventListener("toggle", function (e) {
    var d = e.target;
    if (d && d.classList && d.classList.contains("lazy") && d.open) load(d);
  }, true);
  function openTarget() {
    var id = "";
    try { id = decodeURIComponent(window.location.hash.substring(1)); } catch (e) { return; }
    var target = id && document.getElementById(id);
    if (target && target.tagName === "DETAILS" && target.classList.contains("lazy")) {
      target.open = true;
      load(target);
      target.scrollIntoView();
    }
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
})();
