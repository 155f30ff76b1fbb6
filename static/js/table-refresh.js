/* The table page reloads itself every few seconds while nobody is typing on it, so the other
   side's phone sees a result awaiting its confirmation, and a table sees the director move the
   round on, without pressing anything. */
(function () {
  var main = document.querySelector("[data-refresh]");
  if (!main) return;
  var touched = false;
  document.addEventListener("input", function () { touched = true; });
  document.addEventListener("toggle", function () { touched = true; }, true);
  window.setInterval(function () {
    if (!touched && !document.hidden) window.location.replace(window.location.pathname + window.location.search);
  }, 1000 * parseInt(main.dataset.refresh, 10));
})();
