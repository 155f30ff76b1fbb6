/* The print menu follows a pack being rendered in the background until it can be downloaded. */
(function () {
  var status = document.getElementById("print-pack-js").dataset.statusUrl;
  function poll() {
    var waiting = document.querySelectorAll(".pack[data-rendering]");
    if (!waiting.length) return;
    waiting.forEach(function (span) {
      fetch(status + "?paper=" + span.dataset.paper, {credentials: "same-origin"})
        .then(function (r) { return r.ok ? r.json() : null; }).then(function (s) {
          if (!s) return;
          if (s.ready) {
            var a = document.createElement("a"); a.href = s.url; a.textContent = "download";
            span.replaceChildren(a); delete span.dataset.rendering;
          } else {
            span.textContent = "rendering: " + s.done + " of " + (s.total || "…") + " prints done";
          }
        }).catch(function () {});
    });
    setTimeout(poll, 2000);
  }
  setTimeout(poll, 1000);
})();
