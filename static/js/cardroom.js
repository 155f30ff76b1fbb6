/* Page behaviour without inline scripts (the Content-Security-Policy allows scripts from this
   site only): confirmations, the print button, the traveller's pair picker. */
(function () {
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) event.preventDefault();
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-print]")) window.print();
  });
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches("select[data-pairs]")) return;
    var pair = select.value.split(" v ");
    select.form.ns.value = pair[0];
    select.form.ew.value = pair[1];
  });
})();
