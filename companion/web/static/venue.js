// The venue's page: every table of the shared journal, asked for every two seconds.
"use strict";
(function () {
  const head = ["Table", "Game", "Round", "Players (Doom)", "Over", "Winners", "Minutes"];
  function cell(tag, text) { const c = document.createElement(tag); c.textContent = String(text); return c; }
  async function refresh() {
    try {
      const rows = await (await fetch("/venue.json", { cache: "no-store" })).json();
      const table = document.getElementById("tables"); table.replaceChildren();
      const tr = document.createElement("tr"); head.forEach((h) => tr.append(cell("th", h))); table.append(tr);
      for (const r of rows) {
        const line = document.createElement("tr");
        const players = r.players.map((p, i) => p + (r.doom[i] !== undefined ? " (" + r.doom[i] + ")" : "")).join(", ");
        [r.table, r.title, r.round, players, r.over ? "yes" : "no", r.winners.join(", "), r.minutes].forEach((v) => line.append(cell("td", v)));
        line.dataset.table = r.table;
        table.append(line);
      }
      document.getElementById("offline").hidden = true;
    } catch (e) {
      document.getElementById("offline").hidden = false;
    }
  }
  refresh();
  setInterval(refresh, 2000);
})();
