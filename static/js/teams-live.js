/* Teams pages that follow play (matches waiting, standings): every few seconds the page is read
   again in the background and each part marked data-live is replaced by its new self, so the
   director sees boards come in without reloading (and the scroll position stays). */
(function () {
  var parts = document.querySelectorAll("[data-live]");
  if (!parts.length) return;
  var seconds = parseInt(parts[0].dataset.live, 10) || 10;
  function refresh() {
    if (document.hidden) return;
    fetch(window.location.pathname + window.location.search, {credentials: "same-origin"}).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (html) {
      if (!html) return;
      var fresh = new DOMParser().parseFromString(html, "text/html");
      parts.forEach(function (part) {
        var next = fresh.getElementById(part.id);
        if (next) part.innerHTML = next.innerHTML;
      });
    }).catch(function () {});
  }
  window.setInterval(refresh, seconds * 1000);
})();
