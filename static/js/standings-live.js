/* The event page's standings refresh themselves every few seconds while the event runs. */
(function () {
  var table = document.getElementById("standings-table");
  if (!table || !table.dataset.liveUrl) return;
  var url = table.dataset.liveUrl, sections = parseInt(table.dataset.sections || "1", 10);
  function cell(text, num) { var td = document.createElement("td"); td.textContent = text; if (num) td.className = "num"; return td; }
  function refresh() {
    fetch(url, {credentials: "same-origin"}).then(function (r) { return r.ok ? r.json() : null; }).then(function (data) {
      if (!data) return;
      document.getElementById("computed-at").textContent = data.computed_at_text || "—";
      var dd = document.getElementById("analysis-progress"), a = data.analysis;
      if (dd && a) dd.textContent = a.done ? "Double dummy: all " + a.boards + " boards analysed." :
        "Double dummy: " + a.analysed + " of " + a.boards + " boards analysed…";
      var stale = document.getElementById("standings-stale");
      if (stale) {
        stale.hidden = !data.out_of_date;
        stale.textContent = data.out_of_date ? data.out_of_date.charAt(0).toUpperCase() + data.out_of_date.slice(1) : "";
      }
      var body = table.querySelector("tbody"), last = null;
      body.innerHTML = "";
      data.standings.forEach(function (s) {
        var group = s.section + "/" + (s.direction || "");
        if (group !== last && (s.direction || sections > 1)) {
          var head = document.createElement("tr"), th = document.createElement("th");
          head.className = "field-head"; th.colSpan = 6;
          th.textContent = (sections > 1 ? "Section " + s.section + (s.direction ? " · " : "") : "") +
            (s.direction === "NS" ? "North-South" : s.direction === "EW" ? "East-West" : "");
          head.appendChild(th); body.appendChild(head);
        }
        last = group;
        var tr = document.createElement("tr");
        tr.appendChild(cell(s.rank)); tr.appendChild(cell(s.label)); tr.appendChild(cell(s.names));
        tr.appendChild(cell(s.total.toFixed(2), true));
        tr.appendChild(cell(s.percentage === null ? "" : s.percentage.toFixed(2), true));
        tr.appendChild(cell(s.boards, true));
        body.appendChild(tr);
      });
    }).catch(function () {});
  }
  setInterval(refresh, 5000);
})();
