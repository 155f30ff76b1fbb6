/* The event page's standings refresh themselves every few seconds while the event runs. */
(function () {
  var table = document.getElementById("standings-table");
  if (!table || !table.dataset.liveUrl) return;
  var url = table.dataset.liveUrl, sections = parseInt(table.dataset.sections || "1", 10);
  function cell(text, num) { var td = document.createElement("td"); td.textContent = text; if (num) td.className = "num"; return td; }
  function link(href, text) { var a = document.createElement("a"); a.href = href; a.textContent = text; return a; }
  function labelCell(s) {  /* a link only to the score cards the viewer may see (the server decides) */
    var td = cell(s.score_card_url ? "" : s.label);
    if (s.score_card_url) td.appendChild(link(s.score_card_url, s.label));
    return td;
  }
  function travellers(groups) {  /* the boards whose travellers the viewer may now open */
    var box = document.getElementById("traveller-links");
    if (!box || !groups || !groups.length) return;
    box.innerHTML = "";
    groups.forEach(function (g) {
      var p = document.createElement("p");
      if (groups.length > 1 || parseInt(box.dataset.sections || "1", 10) > 1) p.appendChild(document.createTextNode("Section " + g.section + ": "));
      g.boards.forEach(function (b) { p.appendChild(link(b.url, String(b.board))); p.appendChild(document.createTextNode(" ")); });
      box.appendChild(p);
    });
  }
  function overall(rows) {  /* an event scored across the field: the ranking of the whole field */
    var box = document.getElementById("overall-table");
    if (!box) return;
    var body = box.querySelector("tbody"), last = null;
    body.innerHTML = "";
    rows.forEach(function (s) {
      if (s.direction && s.direction !== last) {
        var head = document.createElement("tr"), th = document.createElement("th");
        head.className = "field-head"; th.colSpan = 7;
        th.textContent = s.direction === "NS" ? "North-South" : "East-West";
        head.appendChild(th); body.appendChild(head);
      }
      last = s.direction;
      var tr = document.createElement("tr");
      [s.overall, s.section, s.label, s.names].forEach(function (t) { tr.appendChild(cell(t)); });
      tr.appendChild(cell(s.total.toFixed(2), true));
      tr.appendChild(cell(s.percentage === null ? "" : s.percentage.toFixed(2), true));
      tr.appendChild(cell(s.rank));
      body.appendChild(tr);
    });
  }
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
      travellers(data.travellers);
      var body = table.querySelector("tbody"), last = null, across = !!data.across_field;
      body.innerHTML = "";
      data.standings.forEach(function (s) {
        var group = s.section + "/" + (s.direction || "");
        if (group !== last && (s.direction || sections > 1)) {
          var head = document.createElement("tr"), th = document.createElement("th");
          head.className = "field-head"; th.colSpan = across ? 7 : 6;
          th.textContent = (sections > 1 ? "Section " + s.section + (s.direction ? " · " : "") : "") +
            (s.direction === "NS" ? "North-South" : s.direction === "EW" ? "East-West" : "");
          head.appendChild(th); body.appendChild(head);
        }
        last = group;
        var tr = document.createElement("tr");
        tr.appendChild(cell(s.rank)); tr.appendChild(labelCell(s)); tr.appendChild(cell(s.names));
        tr.appendChild(cell(s.total.toFixed(2), true));
        tr.appendChild(cell(s.percentage === null ? "" : s.percentage.toFixed(2), true));
        tr.appendChild(cell(s.boards, true));
        if (across) tr.appendChild(cell(s.overall || ""));
        body.appendChild(tr);
      });
      overall(data.overall || []);
    }).catch(function () {});
  }
  setInterval(refresh, 5000);
})();
