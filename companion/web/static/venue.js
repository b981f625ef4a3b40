// The venue's page: every table of the shared journal, pushed when any table's entry lands
// (Server-Sent Events from /venue.events; the browser reconnects by itself when the line goes).
"use strict";
(function () {
  const head = ["Table", "Game", "Round", "Players (Doom)", "Over", "Winners", "Minutes"];
  function cell(tag, text) { const c = document.createElement(tag); c.textContent = String(text); return c; }
  function show(rows) {
    const table = document.getElementById("tables"); table.replaceChildren();
    const tr = document.createElement("tr"); head.forEach((h) => tr.append(cell("th", h))); table.append(tr);
    for (const r of rows) {
      const line = document.createElement("tr");
      const players = r.players.map((p, i) => p + (r.doom[i] !== undefined ? " (" + r.doom[i] + ")" : "")).join(", ");
      [r.table, r.title, r.round, players, r.over ? "yes" : "no", r.winners.join(", "), r.minutes].forEach((v) => line.append(cell("td", v)));
      line.dataset.table = r.table;
      line.dataset.entries = r.entries;
      table.append(line);
    }
    document.getElementById("offline").hidden = true;
  }
  const feed = new EventSource("/venue.events");
  feed.onmessage = (event) => show(JSON.parse(event.data));
  feed.onerror = () => { document.getElementById("offline").hidden = false; };
})();
