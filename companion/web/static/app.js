// The table companion's page: a seat's phone (/seat#<secret>) or the TV (/tv).
// One WebSocket; every journaled entry arrives with its number; a reconnect resumes from the
// last one seen (no reload).  Nothing here is trusted by the server (docs/web.md).
"use strict";
(function () {
  const seatPage = location.pathname === "/seat";
  const secret = seatPage ? decodeURIComponent(location.hash.slice(1)) : "";
  const $ = (id) => document.getElementById(id);
  let game = "", seq = 0, socket = null, wait = 500, pending = null;
  const shown = new Map();  // entry number -> its lines (each shown once)
  if (!seatPage) document.body.classList.add("tv");

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }
  function note(text, bad) {
    const n = $("note"); n.textContent = text; n.hidden = !text; n.className = bad ? "note bad" : "note";
  }
  function key() {
    const bytes = new Uint8Array(12); crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }
  function act(body) {
    pending = Object.assign({ type: "act", at: seq, key: key() }, body);
    for (const b of document.querySelectorAll("#offers button, #roll")) b.disabled = true;
    note("Sent…");
    send(pending);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(scheme + "//" + location.host + "/ws");
    socket.onopen = () => {
      wait = 500;
      send({ type: "hello", secret: secret, game: game, since: seq });
      if (pending) send(pending);  // unanswered when the line went: the same key, applied once
    };
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    socket.onclose = (event) => {
      $("offline").hidden = false;
      if (event.code === 4001) { $("offline").textContent = "This link no longer works: ask the table for your seat's new code."; return; }
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 5000);
    };
  }

  function receive(m) {
    if (m.type === "welcome") {
      $("offline").hidden = true;
      $("who").textContent = m.seat ? "Seat: " + m.name : "Spectators: the public table";
    } else if (m.type === "state") {
      if (m.reset || m.game !== game) { shown.clear(); $("log").replaceChildren(); }
      game = m.game; seq = m.seq;
      for (const entry of m.log) addEntry(entry);
      render(m.public, m.private || {});
    } else if (m.type === "result") {
      if (pending && m.key === pending.key) pending = null;
      note(m.text, !m.ok);
      for (const b of document.querySelectorAll("#offers button, #roll")) b.disabled = false;
    } else if (m.type === "talk") {
      note(m.text, !m.ok);
      if (m.released) { holding = false; $("talk").classList.remove("held"); }  // the table let go (or never held)
    } else if (m.type === "error") {
      note(m.text, true);
    }
  }

  function addEntry(entry) {
    if (shown.has(entry.seq) || !entry.lines.length) return;  // an entry is shown once
    shown.set(entry.seq, entry.lines);
    const log = $("log");
    for (const line of entry.lines) {
      const li = el("li", line); li.dataset.seq = entry.seq; log.prepend(li);
    }
    while (log.children.length > 60) log.lastChild.remove();
  }

  function render(pub, mine) {
    $("title").textContent = pub.title || "Table companion";
    if (pub.game === "arkham") renderArkham(pub); else renderCthulhu(pub);
    renderStory(pub);
    $("mine").hidden = !mine.seat;
    if (!mine.seat) return;
    $("seat-name").textContent = mine.name;
    const signs = $("signs"); signs.replaceChildren();
    if (mine.elder_signs.length) {
      signs.append(el("span", "Elder Signs:", "label"));
      for (const v of mine.elder_signs) signs.append(el("span", String(v), "sign"));
    }
    $("sheet").textContent = mine.sheet.join("\n");
    $("dice").hidden = !mine.dice;
    $("talk").hidden = !mine.talk;
    const offers = $("offers"); offers.replaceChildren();
    for (const [heading, group] of grouped(mine.offers)) {
      const part = el("div", undefined, "group");
      if (heading) part.append(el("h3", heading));
      for (const offer of group) {
        const b = el("button", offer.label);
        b.dataset.entry = offer.entry;
        b.onclick = () => act({ command: offer.command });
        part.append(b);
      }
      offers.append(part);
    }
    if (!mine.offers.length && !mine.dice) offers.append(el("p", "Nothing to choose now."));
  }

  // The offers grouped as the touchscreen enters them (companion/ui/entry.py, sent as each
  // offer's entry and area): what the seat may do out of turn first, then area by area, then
  // the rest (numbers, yes/no, named choices, a button alone).
  function grouped(offers) {
    const groups = new Map();
    for (const offer of offers) {
      const heading = offer.out_of_turn ? "Out of turn" :
        (offer.entry === "area" || offer.entry === "units") && offer.area ? offer.area : "";
      if (!groups.has(heading)) groups.set(heading, []);
      groups.get(heading).push(offer);
    }
    return [...groups.entries()].sort((a, b) => rank(a[0]) - rank(b[0]));
  }
  function rank(heading) { return heading === "Out of turn" ? 0 : heading === "" ? 1 : 2; }

  function renderCthulhu(pub) {
    $("turn").textContent = "Round " + pub.round + " · " + pub.phase + (pub.turn ? " · " + pub.prompt : "");
    const rows = [["Faction", "Power", "Doom", "Signs", "Books"]];
    for (const p of pub.players) {
      const signs = p.elder_signs + " hidden" + (p.revealed.length ? ", +" + p.revealed.join(",") : "");
      rows.push([p.name, p.power, p.doom, signs, p.spellbooks]);
    }
    table(rows);
    const track = pub.ritual.track;
    $("ritual").textContent = "Ritual of Annihilation: " + (track[pub.ritual.at] !== undefined ? "costs " + track[pub.ritual.at] : "end of the track") +
      " (" + pub.ritual.at + "/" + track.length + ")";
    const w = pub.watcher, worms = pub.worms;
    let extra = "";
    if (w) extra += "The Watcher: " + (w.awake ? "awake in " + w.area : "asleep, token " + w.token) + ". ";
    if (worms) extra += "Worms: " + worms.on_map.map((x) => x.area).join(", ") + " (" + worms.supply + " in supply). ";
    if (pub.outcome) extra += "Game over: " + pub.outcome.winners.join(", ") + " (" + pub.outcome.reason + ").";
    $("watcher").textContent = extra;
    const areas = $("areas"); areas.replaceChildren();
    for (const a of pub.areas) {
      const parts = [];
      if (a.gate) parts.push("gate: " + a.gate);
      parts.push(...a.units, ...a.markers);
      areas.append(el("li", a.area + " — " + parts.join(", ")));
    }
  }

  const COLOURS = ["#7fc4a8", "#e07a5f", "#f3d67a", "#8fa8e8", "#c58fe0", "#e0a05f", "#9ad06b", "#e8e4d8"];
  function renderStory(pub) {
    // The game's story: Doom and Power by round (SVG, no library), the Spellbooks as they came,
    // the big moments; a finished game opens with it (body.over puts it first).
    const story = pub.story, over = pub.game !== "arkham" && !!pub.outcome;
    document.body.classList.toggle("over", over);
    $("ending").hidden = !over;
    if (over) $("ending").textContent = "Game over: " + (pub.outcome.winners.join(", ") || "no winner") + " (" + pub.outcome.reason + ")";
    const chart = $("chart");
    chart.hidden = !story || story.rounds.length < 2;
    if (!chart.hidden) {
      drawLines($("doom"), story, "doom");
      drawLines($("power"), story, "power");
      const legend = $("legend"); legend.replaceChildren();
      story.players.forEach((p, n) => {
        const key = el("span", "■ " + p.name + " " + p.doom[p.doom.length - 1] + " Doom  ");
        key.style.color = COLOURS[n % COLOURS.length];
        legend.append(key);
      });
    }
    listed("books", story && story.books, (b) => "Round " + b.round + ": " + b.player + " — " + b.name);
    listed("moments", story && story.moments, (m) => "Round " + m.round + ": " + m.text);
  }
  function listed(id, items, words) {
    $(id + "-part").hidden = !items || !items.length;
    $(id).replaceChildren(...(items || []).map((item) => el("li", words(item))));
  }
  function drawLines(svg, story, field) {
    // A line per faction; the scale's top a little above the highest value (the lines apart).
    const ns = "http://www.w3.org/2000/svg", w = 320, h = 160, pad = 18;
    const top = Math.max(8, ...story.players.flatMap((p) => p[field])) + 2;
    const x = (i) => pad + (i * (w - 2 * pad)) / Math.max(1, story.rounds.length - 1);
    const y = (v) => h - pad - (v * (h - 2 * pad)) / top;
    svg.replaceChildren();
    const axis = document.createElementNS(ns, "polyline");
    axis.setAttribute("points", pad + "," + pad + " " + pad + "," + (h - pad) + " " + (w - pad) + "," + (h - pad));
    axis.setAttribute("fill", "none"); axis.setAttribute("stroke", "#555");
    svg.append(axis);
    story.players.forEach((p, n) => {
      const line = document.createElementNS(ns, "polyline");
      line.setAttribute("points", p[field].map((v, i) => x(i) + "," + y(v)).join(" "));
      line.setAttribute("fill", "none"); line.setAttribute("stroke", COLOURS[n % COLOURS.length]); line.setAttribute("stroke-width", "2.5");
      line.dataset.name = p.name;
      svg.append(line);
    });
  }

  function renderArkham(pub) {
    // The Mythos state: doom and terror, the cards in play, gates and seals, closed places,
    // then the monsters by place (the board's list).
    $("turn").textContent = "Doom " + pub.doom.at + "/" + pub.doom.track + " · Terror " + pub.terror +
      " · Mythos Phases " + pub.mythos_phases + (pub.awakened ? " · The Ancient One awakens: " + pub.awakened : "");
    table([["Investigator", "Place", "Clues", "Sneak"],
      ...pub.investigators.map((i) => [i.name + (i.delayed ? " (delayed)" : ""), i.place || "-", i.clues, i.sneak])]);
    $("ritual").textContent = "Environment: " + (pub.environment || "none") + ". Rumor: " + (pub.rumor ? pub.rumor + " (track " + pub.rumor_track + ")" : "none") + ".";
    $("watcher").textContent = "Gates: " + (pub.gates.join(", ") || "none") + ". Seals: " + (pub.seals.join(", ") || "none") + "." +
      (pub.closed.length ? " Closed: " + pub.closed.join(", ") + "." : "");
    const areas = $("areas"); areas.replaceChildren();
    for (const m of pub.monsters) areas.append(el("li", m));
    if (!pub.monsters.length) areas.append(el("li", "No monsters in Arkham."));
  }

  function table(rows) {
    const t = $("players"); t.replaceChildren();
    rows.forEach((row, i) => {
      const tr = el("tr");
      for (const cell of row) tr.append(el(i ? "td" : "th", String(cell)));
      t.append(tr);
    });
  }

  // Hold to talk: the TABLE's microphone listens while this is held (a phone's own microphone
  // needs a secure context, HTTPS, which the table's plain http address is not); the table reads
  // back what it heard, and a second press says yes (docs/voice.md).
  const talk = $("talk");
  let holding = false;
  function hold(on) {
    if (on === holding) return;
    holding = on; talk.classList.toggle("held", on);
    send({ type: "talk", pressed: on });
  }
  talk.addEventListener("pointerdown", (e) => { e.preventDefault(); talk.setPointerCapture(e.pointerId); hold(true); });
  for (const up of ["pointerup", "pointercancel", "lostpointercapture"]) talk.addEventListener(up, () => hold(false));
  talk.addEventListener("contextmenu", (e) => e.preventDefault());  // a long press is not a menu

  $("roll").onclick = () => {
    const faces = $("faces").value.split(/[\s,]+/).filter(Boolean).map(Number);
    act({ roll: faces });
  };
  connect();
})();
