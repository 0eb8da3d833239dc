// damka gui: draws what the server sends (board shape, pieces, legal moves with their full paths)
// and sends the player's choices back. No rules here: every move comes from the server's list.
'use strict';
(function () {
  const SVG = 'http://www.w3.org/2000/svg';
  const UNIT = 60;              // one square (or one hexagon width) in SVG units
  const STEP_MS = 220;          // one jump of an animated move
  const $ = (id) => document.getElementById(id);

  const app = {
    ws: null, queue: [], room: null, token: null, seat: null, mode: null,
    board: null, state: null, flipped: false, selected: null, analysing: false,
    centres: {}, animating: 0,
  };
  window.damka = app; // for the browser tests and the curious
  const MAX_MESSAGE_BYTES = 64 * 1024; // the server's limit (docs/gui.md): a larger message closes the connection

  // ---- connection -------------------------------------------------------------------------
  // No socket and no reconnect due: the one socket left goes without reconnecting.
  function disconnect() {
    clearTimeout(app.reconnectTimer);
    if (app.ws && app.ws.readyState !== WebSocket.CLOSED) { app.ws.onclose = null; app.ws.close(); }
  }
  function connect() {
    disconnect(); // one socket at a time
    const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
    app.ws = ws;
    ws.onopen = () => {
      $('conn').textContent = 'connected';
      app.seating = false; // a seat asked for while disconnected was not sent
      const q = app.queue; app.queue = [];
      if (app.room) {
        // Rejoining: what was asked while disconnected was for a position that may be gone, and
        // its refusal would hide the join's own answer (e.g. that the room expired). The board
        // waits for that answer.
        app.rejoining = true;
        // a switch to another room asked while disconnected: rejoin where we were instead
        if (app.leaving) backToPreviousRoom();
        if (q.length) app.notice = 'Not sent while disconnected: ' + q.map((m) => m.type).join(', ');
        const watch = app.seat === 'spectator' || (!app.seat && !app.token && watching(app.room));
        sendJoin(app.room, app.token, watch ? 'spectator' : undefined);
      } else {
        q.forEach(send);
      }
    };
    ws.onmessage = (e) => receive(JSON.parse(e.data));
    ws.onclose = (e) => {
      // 1009: the server closed on a message over its limit; said once the room is joined again
      if (e.code === 1009) app.notice = 'The last request was too long (at most 64 KB) and was not carried out';
      // 1008: refused by a limit of the server (too many connections from this address): say which
      $('conn').textContent = e.code === 1008 && e.reason ? 'refused: ' + e.reason + '; retrying…' : 'disconnected, reconnecting…';
      app.selected = null;
      if (app.state) { hideChooser(); highlight(); $('status').textContent = 'Disconnected: reconnecting…'; }
      // The clock stands still until the server tells it again: against the engine the server's
      // stops while nobody is in the room, and online only the server knows.
      const c = app.state && app.state.clock;
      if (c && c.running) {
        c[c.running] = Math.max(0, c[c.running] - (performance.now() - app.clockAt));
        c.running = null;
        showClocks();
      }
      app.reconnectTimer = setTimeout(connect, 1000);
    };
  }
  // Every join: the room, this browser's token for it (if any), the seat asked for, the player's name.
  function sendJoin(room, token, seat) {
    send({ type: 'join', room: room, token: token || undefined, seat: seat, name: myName() });
  }
  function send(msg) {
    // what an import left out stays shown until the player's next request that changes the game
    if (!['ping', 'export', 'analyse'].includes(msg.type)) app.importNote = null;
    if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(msg));
    else app.queue.push(msg);
  }
  setInterval(() => { if (app.ws && app.ws.readyState === WebSocket.OPEN) send({ type: 'ping' }); }, 30000);
  // Going to another address in this tab keeps the page frozen in the back-forward cache, its
  // socket open: the seat showed "connected" until the server's idle limit (75 s). Leaving closes
  // it at once (the seat shows "away"); coming back by Back reconnects and rejoins.
  window.addEventListener('pagehide', disconnect); // a reconnect due would otherwise run beside pageshow's
  window.addEventListener('pageshow', (e) => { if (e.persisted) connect(); });

  function receive(msg) {
    switch (msg.type) {
      case 'joined': joined(msg); break;
      case 'state': showState(msg); break;
      case 'analysis': showAnalysis(msg); break;
      case 'pdn': $('io').value = msg.text; break;
      case 'imported':
        app.importNote = msg.note ? 'Imported; ' + msg.note : null;
        $('message').textContent = app.importNote || ''; // an earlier import's error is out of date
        break;
      case 'error':
        $('message').textContent = msg.message;
        $('lobby-message').textContent = msg.message;
        // a refused join (the room expired while the tab slept, a wrong code): back to the lobby
        if (msg.request === 'join') {
          app.rejoining = false;
          if (app.seating) {
            app.seating = false; // a seat taken meanwhile: still watching, the reason shown
          } else if (app.leaving) {
            // a link to another room was refused: the server left us where we were
            backToPreviousRoom();
            history.replaceState(null, '', '#' + app.room);
            if (app.state) highlight();
          } else {
            if (localStorage.getItem('damka-last-room') === app.room) { localStorage.removeItem('damka-last-room'); $('back-to-game').classList.add('hidden'); }
            app.room = null; app.state = null; history.replaceState(null, '', location.pathname); showLobby();
          }
        }
        break;
      default: break;
    }
  }

  // Seat tokens by room, in localStorage: a player who closes the tab and opens the link again
  // (or opens it in a second tab) sits in its own seat, not in the friend's. The 50 most recent.
  const MAX_TOKENS = 50;
  function tokens() {
    try { return JSON.parse(localStorage.getItem('damka-tokens')) || {}; } catch (e) { return {}; }
  }
  function tokenFor(room) {
    const t = tokens()[room];
    return t ? t.token : sessionStorage.getItem('damka-token-' + room); // the tab's, from before
  }
  function keepToken(room, token) {
    const all = tokens();
    all[room] = { token: token, at: Date.now() };
    const rooms = Object.keys(all).sort((a, b) => all[b].at - all[a].at);
    for (const r of rooms.slice(MAX_TOKENS)) delete all[r];
    localStorage.setItem('damka-tokens', JSON.stringify(all));
  }
  // Whether this tab watched the room before a reload.
  function watching(room) { return sessionStorage.getItem('damka-watch-' + room) === '1'; }

  // A switch to another room (a pasted link) that will not happen: we are where we were.
  function backToPreviousRoom() {
    app.room = app.leaving.room; app.token = app.leaving.token; app.seat = app.leaving.seat; app.leaving = null;
  }

  function joined(msg) {
    app.rejoining = false;
    app.seating = false;
    $('lobby-message').textContent = '';
    // back with this room's token, but seated as a spectator: the seat was given away meanwhile
    if (app.token && !app.leaving && app.room === msg.room && !app.seat && msg.seat === 'spectator') {
      app.notice = 'Your seat was given to another player after 2 minutes away: you are watching';
    }
    const previous = app.leaving ? app.leaving.room : app.room;
    app.leaving = null;
    if (previous !== msg.room) { app.state = null; app.selected = null; hideChooser(); $('message').textContent = ''; }
    const sameSeat = previous === msg.room && app.seat === msg.seat && app.board;
    // online, a new game swaps the colours: the server seats us again
    const colours = ['white', 'black'];
    if (previous === msg.room && colours.includes(app.seat) && colours.includes(msg.seat) && app.seat !== msg.seat) {
      app.swapNotice = 'New game: you play ' + msg.seat; // said with the new game's position
    }
    app.room = msg.room; app.seat = msg.seat; app.mode = msg.mode;
    if (msg.token) { app.token = msg.token; keepToken(msg.room, msg.token); }
    else app.token = null;
    // a tab that watches keeps watching after a reload (it does not take a seat meant for a player)
    if (msg.seat === 'spectator') sessionStorage.setItem('damka-watch-' + msg.room, '1');
    else sessionStorage.removeItem('damka-watch-' + msg.room);
    localStorage.setItem('damka-last-room', msg.room);
    if (location.hash !== '#' + msg.room) history.replaceState(null, '', '#' + msg.room);
    if (!app.board || app.board.variant !== msg.board.variant) app.state = null;
    app.board = msg.board;
    if (!sameSeat) app.flipped = msg.seat === 'black';
    $('lobby').classList.add('hidden');
    $('game').classList.remove('hidden');
    $('message').textContent = app.notice || '';
    app.notice = null;
    const link = location.origin + location.pathname + '#' + msg.room;
    const seatText = msg.seat === 'both' ? 'both sides' : msg.seat === 'spectator' ? 'watching' : 'you play ' + msg.seat;
    $('room-info').innerHTML = '';
    const info = document.createElement('div');
    if (msg.mode === 'online') {
      info.innerHTML = 'Room <code id="code"></code> — ' + seatText + '<br><small>Friends open <a id="room-link"></a> or enter the code.</small> <button id="copy-link" type="button">Copy link</button>';
      info.querySelector('#code').textContent = msg.room;
      const a = info.querySelector('#room-link'); a.href = link; a.textContent = link;
      info.querySelector('#copy-link').onclick = () => copyLink(link);
    } else {
      info.textContent = (msg.mode === 'engine' ? 'Against damka — ' : 'Two players — ') + seatText;
    }
    $('room-info').appendChild(info);
    const local = msg.mode !== 'online' && msg.seat !== 'spectator';
    $('undo').disabled = !local; $('import').disabled = !local; $('analyse').disabled = !local;
    drawBoard();
  }

  // The clipboard needs a secure page (https, or localhost); elsewhere the link is selected to copy by hand.
  function copyLink(link) {
    const done = () => { $('message').textContent = 'Link copied: send it to your friend'; };
    const byHand = () => {
      const range = document.createRange();
      range.selectNodeContents($('room-link'));
      const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(range);
      $('message').textContent = 'The link is selected: copy it (Ctrl+C, or long-press on a phone)';
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(link).then(done, byHand);
    else byHand();
  }

  // ---- drawing ----------------------------------------------------------------------------
  function el(name, attrs, parent) {
    const e = document.createElementNS(SVG, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function geometry() {
    const b = app.board, hex = b.shape === 'hex';
    const dx = hex ? UNIT / 2 : UNIT, dy = hex ? UNIT * Math.sqrt(3) / 2 : UNIT;
    const pad = hex ? UNIT / Math.sqrt(3) : 0;
    const w = (b.width - 1) * dx + (hex ? UNIT : UNIT), h = (b.height - 1) * dy + (hex ? 2 * pad : UNIT);
    return { hex, dx, dy, w, h, r: UNIT / Math.sqrt(3) };
  }

  function centre(cell, g) {
    let x = cell.x, y = cell.y;
    if (app.flipped) { x = app.board.width - 1 - x; y = app.board.height - 1 - y; }
    return g.hex ? { x: UNIT / 2 + x * g.dx, y: g.r + y * g.dy } : { x: UNIT / 2 + x * g.dx, y: UNIT / 2 + y * g.dy };
  }

  function drawBoard() {
    const svg = $('board');
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const g = geometry();
    // a margin of two units: the outline of the outer hexagons is drawn half outside their cells
    svg.setAttribute('viewBox', '-2 -2 ' + (g.w + 4) + ' ' + (g.h + 4));
    svg.dataset.variant = app.board.variant;
    if (!g.hex) el('rect', { x: 0, y: 0, width: g.w, height: g.h, class: 'light' }, svg);
    const cells = el('g', { id: 'cells' }, svg);
    app.centres = {};
    for (const c of app.board.cells) {
      const p = centre(c, g);
      app.centres[c.name] = p;
      let shape;
      if (g.hex) {
        const pts = [];
        for (let k = 0; k < 6; k++) {
          const a = Math.PI / 180 * (60 * k - 90);
          pts.push((p.x + g.r * Math.cos(a)).toFixed(2) + ',' + (p.y + g.r * Math.sin(a)).toFixed(2));
        }
        shape = el('polygon', { points: pts.join(' '), class: 'hexcell' }, cells);
      } else {
        shape = el('rect', { x: p.x - UNIT / 2, y: p.y - UNIT / 2, width: UNIT, height: UNIT, class: 'cell' }, cells);
      }
      shape.dataset.cell = c.name;
      shape.id = 'cell-' + c.name;
      // the cell's name: bottom-left on squares, bottom-centre on hexagons (below the piece)
      const t = el('text', g.hex ? { x: p.x, y: p.y + 29, class: 'label', 'text-anchor': 'middle' }
        : { x: p.x - 27, y: p.y + 27, class: 'label' }, cells);
      t.textContent = c.name;
    }
    el('g', { id: 'pieces' }, svg);
    if (app.state) { drawPieces(app.state.pieces); highlight(); }
  }

  function pieceNode(piece) {
    const p = app.centres[piece.cell];
    const node = el('g', { class: 'piece ' + piece.side + (piece.king ? ' king' : ''), transform: 'translate(' + p.x + ',' + p.y + ')' });
    node.dataset.cell = piece.cell;
    const r = UNIT * (app.board.shape === 'hex' ? 0.31 : 0.38);
    el('circle', { r: r, class: 'body', 'stroke-width': 1.5 }, node);
    el('circle', { r: r * 0.7, class: 'ring' }, node);
    if (piece.king) {
      const s = r * 0.55;
      el('polygon', { class: 'crown', points: [[-s, s * 0.5], [-s, -s * 0.4], [-s * 0.5, 0], [0, -s * 0.7], [s * 0.5, 0], [s, -s * 0.4], [s, s * 0.5]].map((q) => q.join(',')).join(' ') }, node);
    }
    return node;
  }

  function drawPieces(pieces) {
    const layer = $('pieces');
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    for (const piece of pieces) layer.appendChild(pieceNode(piece));
  }

  // A move just played: show the piece jumping along its path, each captured piece fading as it is jumped.
  function animate(prev, state) {
    const last = state.last, path = last.path;
    const mover = prev.pieces.find((p) => p.cell === path[0]);
    if (!mover) { drawPieces(state.pieces); return; }
    const layer = $('pieces');
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    for (const piece of prev.pieces) if (piece.cell !== path[0]) layer.appendChild(pieceNode(piece));
    const node = pieceNode(mover);
    node.style.transition = 'transform ' + STEP_MS + 'ms ease-in-out';
    layer.appendChild(node);
    app.animating++;
    let step = 1;
    const token = {};
    app.animation = token;
    const next = () => {
      if (app.animation !== token) return;  // finished early or replaced
      if (step >= path.length) { app.animating--; drawPieces(state.pieces); highlight(); return; }
      const from = app.centres[path[step - 1]], to = app.centres[path[step]];
      node.setAttribute('transform', 'translate(' + to.x + ',' + to.y + ')');
      // the piece jumped over on this step: the captured cell lying between from and to
      for (const c of last.captured) {
        const q = app.centres[c];
        const cross = (to.x - from.x) * (q.y - from.y) - (to.y - from.y) * (q.x - from.x);
        const within = Math.min(from.x, to.x) - 1 <= q.x && q.x <= Math.max(from.x, to.x) + 1
          && Math.min(from.y, to.y) - 1 <= q.y && q.y <= Math.max(from.y, to.y) + 1;
        if (Math.abs(cross) < 1e-3 * UNIT * UNIT && within) {
          const v = layer.querySelector('.piece[data-cell="' + c + '"]:not(:last-child)');
          if (v) v.classList.add('fading');
        }
      }
      step++;
      setTimeout(next, STEP_MS + 30);
    };
    requestAnimationFrame(() => requestAnimationFrame(next));
  }

  function clearMarks() {
    document.querySelectorAll('#cells [data-cell]').forEach((c) => c.classList.remove('last', 'movable', 'selected', 'target', 'path'));
  }

  function cellNode(name) { return document.getElementById('cell-' + name); }

  function highlight() {
    clearMarks();
    const s = app.state;
    if (!s) return;
    if (s.last) s.last.path.forEach((c) => cellNode(c) && cellNode(c).classList.add('last'));
    if (!myTurn()) return;
    for (const m of s.legal) cellNode(m.path[0]).classList.add('movable');
    if (app.selected) {
      cellNode(app.selected).classList.add('selected');
      for (const m of s.legal) if (m.path[0] === app.selected) cellNode(m.path[m.path.length - 1]).classList.add('target');
      // a capture back to its first square: its first landing shows where it goes
      for (const m of s.legal) if (m.path[0] === app.selected && m.path[m.path.length - 1] === app.selected) cellNode(m.path[1]).classList.add('path');
    }
  }

  // ---- state ------------------------------------------------------------------------------
  function myTurn() {
    const s = app.state;
    return !!s && !s.result && !s.thinking && (app.seat === 'both' || app.seat === s.toMove)
      && !!app.ws && app.ws.readyState === WebSocket.OPEN && !app.rejoining;
  }

  // Online, the game starts when the second player sits down: no offer or resignation before (a
  // first move may be half made meanwhile; the server takes it once the other is there).
  function awaited(s) {
    return s.mode === 'online' && (s.seats.white === 'free' || s.seats.black === 'free');
  }

  function showState(s) {
    const prev = app.state;
    app.state = s;
    app.stateAt = performance.now();
    // Someone joining, leaving or reconnecting sends the same position again: a move half made stays.
    const samePosition = prev && prev.fen === s.fen && prev.ply === s.ply && prev.thinking === s.thinking
      && !prev.result === !s.result; // a new game from a game resigned at its start: the same board
    if (!samePosition || !app.selected || !s.legal.some((m) => m.path[0] === app.selected)) {
      app.selected = null;
      hideChooser();
    }
    if (!samePosition) { $('message').textContent = app.swapNotice || app.importNote || ''; app.swapNotice = null; }
    app.animation = null;
    app.animating = 0;
    if (prev && s.ply === prev.ply + 1 && s.last && prev.fen !== s.fen) animate(prev, s);
    else drawPieces(s.pieces);
    highlight();
    const list = $('moves');
    list.innerHTML = '';
    const first = app.board.firstSide;
    // move numbers start with the variant's first side (Black in english)
    const other = (side) => (side === 'white' ? 'black' : 'white');
    const startedBy = s.moves.length % 2 === 0 ? s.toMove : other(s.toMove);
    const offset = startedBy === first ? 0 : 1;
    let li = null;
    if (offset && s.moves.length) {
      li = document.createElement('li'); list.appendChild(li);
      const gap = document.createElement('span'); gap.textContent = '…'; gap.className = 'gap'; li.appendChild(gap);
    }
    s.moves.forEach((m, i) => {
      if (!li || (i + offset) % 2 === 0) { li = document.createElement('li'); list.appendChild(li); }
      const span = document.createElement('span'); span.textContent = m; li.appendChild(span);
    });
    list.dataset.first = first;
    list.scrollTop = list.scrollHeight;
    let status;
    if (s.result) status = 'Game over';
    else if (s.thinking) status = 'damka is thinking…';
    else if (awaited(s)) status = 'Waiting for the other player to join';
    else status = cap(s.toMove) + ' to move' + (myTurn() && app.seat !== 'both' ? ' (you)' : '');
    if (s.drawOffer && !s.result) status += ' — ' + (s.drawOffer === app.seat ? 'you offered a draw' : cap(s.drawOffer) + ' offers a draw');
    if (s.newGameOffer && s.result) status += ' — ' + (s.newGameOffer === app.seat ? 'you asked for a new game' : cap(s.newGameOffer) + ' asks for a new game');
    $('status').textContent = status;
    $('status').dataset.ply = s.ply;
    const r = $('result');
    if (s.result) { r.textContent = s.result.score + ' — ' + s.result.reason + outcomeForMe(s.result.score); r.classList.remove('hidden'); }
    else r.classList.add('hidden');
    app.analysing = s.analysis > 0;
    $('analyse').textContent = app.analysing ? 'Stop' : 'Start';
    if (!app.analysing) $('analysis').textContent = '';
    showDecisions(s);
    app.clockAt = performance.now();
    showClocks();
    if (app.typed && prev && s.ply === prev.ply + 1) {
      if ($('move-text').value.trim().toLowerCase() === app.typed) $('move-text').value = '';
      app.typed = null;
    }
    // moves may be typed too, in the variant's notation (the example is a legal move here)
    $('move-text').placeholder = s.legal.length ? 'Type a move, e.g. ' + s.legal[0].text : 'Type a move';
    const seat = (side) => (s.names && s.names[side] ? s.names[side] + ' (' + s.seats[side] + ')' : s.seats[side]);
    $('seats').textContent = 'White: ' + seat('white') + ', Black: ' + seat('black') + (s.spectators ? ', spectators: ' + s.spectators : '');
  }

  // Resign and draw: a player's, while the game goes on. The engine answers an offer at once
  // (after the first 20 moves, on the player's turn, when it sees itself no better); in hotseat both
  // players are at the board, so a draw is agreed at once. Resigning, and a draw in
  // hotseat, ask for a second click, so one slip does not end the game.
  function showDecisions(s) {
    const player = app.seat === 'white' || app.seat === 'black' || app.seat === 'both';
    const open = player && !s.result;
    $('decide').classList.toggle('hidden', !player);
    const waiting = awaited(s);
    $('resign').disabled = !open || waiting;
    const offered = s.drawOffer && !s.result ? s.drawOffer : null;
    const theirs = offered && offered !== app.seat && app.seat !== 'both';
    // damka answers on the player's turn: while it thinks its last search was of an earlier position
    $('draw').disabled = !open || offered === app.seat || waiting || (app.mode === 'engine' && s.thinking);
    const label = theirs ? 'Accept the draw' : offered === app.seat ? 'Draw offered' : 'Offer a draw';
    setLabel($('draw'), label);
    $('decline').classList.toggle('hidden', !open || !theirs);
    // online: the win over an opponent who left (the server says when it may be claimed)
    const other = app.seat === 'white' ? 'black' : 'white';
    const claimable = app.mode === 'online' && open && app.seat !== 'both' && s.seats[other] === 'away';
    $('claim').classList.toggle('hidden', !claimable);
    if (claimable) countDown($('claim'), 'Claim the win', freeIn(s, other), 'in');
    // online, a new game once this one is over, when both players ask (the colours swap)
    const online = app.mode === 'online';
    const asked = online && s.result && player ? s.newGameOffer : null;
    const otherHere = s.seats[app.seat === 'white' ? 'black' : 'white'] === 'connected';
    $('newgame').disabled = !player || (online && !s.result) || (asked === app.seat && otherHere);
    setLabel($('newgame'), !asked ? 'New game' : asked !== app.seat ? 'Accept a new game' : otherHere ? 'New game asked' : 'New game');
    // a spectator may sit in a seat nobody holds, or one its player has left for the claim time
    // (counted down until then: the player may come back)
    const vacant = (c) => s.seats[c] === 'free' || s.seats[c] === 'away';
    const sides = ['white', 'black'];
    const soonest = (a, b) => (freeIn(s, b) < freeIn(s, a) ? b : a);
    const seatable = app.seat === 'spectator' && online && !s.result && sides.some(vacant)
      ? sides.filter(vacant).reduce(soonest) : null;
    $('take-seat').classList.toggle('hidden', !seatable);
    if (seatable) { countDown($('take-seat'), 'Play ' + seatable, freeIn(s, seatable), 'free in'); $('take-seat').dataset.seat = seatable; }
    if (!open) disarm();
  }
  // Milliseconds until an away player's seat is free (the server's figure, less the time since it came); 0 when it is.
  function freeIn(s, side) {
    const left = s.seatsFreeIn && s.seatsFreeIn[side];
    return left ? Math.max(0, left - (performance.now() - app.stateAt)) : 0;
  }
  // A button that waits: disabled, its label saying how long, until the time is up.
  function countDown(button, label, ms, words) {
    button.disabled = ms > 0;
    setLabel(button, ms > 0 ? label + ' (' + words + ' ' + Math.ceil(ms / 1000) + ' s)' : label);
  }
  // the countdowns move on with nothing from the server (until each is at 0)
  setInterval(() => {
    const s = app.state;
    const since = performance.now() - app.stateAt;
    // one more turn once a count is out, to show its button free
    if (s && s.seatsFreeIn && Object.values(s.seatsFreeIn).some((ms) => ms - since > -500)) showDecisions(s);
  }, 250);
  // A button's label; one waiting for its second click keeps its question until then.
  function setLabel(button, label) {
    if (armed && armed.button === button) armed.label = label; else button.textContent = label;
  }
  // The button waiting for its second click, or null.
  let armed = null;
  function disarm() {
    if (!armed) return;
    armed.button.textContent = armed.label;
    clearTimeout(armed.timer);
    armed = null;
  }
  function confirmThen(button, question, action) {
    if (armed && armed.button === button) { disarm(); action(); return; }
    disarm();
    armed = { button: button, label: button.textContent, timer: setTimeout(disarm, 4000) };
    button.textContent = question;
  }

  // The clock: the server's times when the state came, the running side's counted down here
  // (the server ends the game when a flag falls).
  function showClocks() {
    const s = app.state, c = s && s.clock;
    $('clocks').classList.toggle('hidden', !c);
    if (!c) return;
    for (const side of ['white', 'black']) {
      const left = Math.max(0, c[side] - (c.running === side ? performance.now() - app.clockAt : 0));
      const e = $('clock-' + side);
      e.textContent = cap(side) + ' ' + clockText(left);
      e.classList.toggle('running', c.running === side);
      e.classList.toggle('low', left < 10000);
    }
  }
  function clockText(ms) {
    if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1); // the last seconds in tenths
    const s = Math.floor(ms / 1000);
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  }
  setInterval(() => { if (app.state && app.state.clock && app.state.clock.running) showClocks(); }, 100);

  // The result from the player's side: "you win", or who beat them.
  function outcomeForMe(score) {
    if (app.seat !== 'white' && app.seat !== 'black') return '';
    if (score === '1/2-1/2') return ' (draw)';
    const winner = score === '1-0' ? 'white' : score === '0-1' ? 'black' : null;
    if (!winner) return '';
    return winner === app.seat ? ' (you win)' : app.mode === 'engine' ? ' (damka wins)' : ' (you lose)';
  }

  function showAnalysis(a) {
    if (!app.state || a.ply !== app.state.ply) return;
    const out = $('analysis');
    if (a.finished) {
      if (app.state.result) out.innerHTML = ''; // lines of the position before the end would stand above it
      const d = document.createElement('div');
      d.className = 'finished';
      d.textContent = app.state.result ? '(the game is over: nothing to analyse)' : '(done for this position; it goes on after the next move)';
      out.appendChild(d);
      return;
    }
    out.innerHTML = '';
    for (const l of a.lines) {
      const d = document.createElement('div');
      const score = l.mate !== undefined ? (l.mate > 0 ? '#' + l.mate : '#-' + -l.mate) : (l.score >= 0 ? '+' : '') + (l.score / 100).toFixed(2);
      d.textContent = l.multipv + '. ' + score + '  d' + l.depth + '  ' + l.pv.join(' ');
      out.appendChild(d);
    }
  }

  function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

  // ---- input ------------------------------------------------------------------------------
  function movesBetween(from, to) {
    return app.state.legal.filter((m) => m.path[0] === from && m.path[m.path.length - 1] === to);
  }

  // A click during an animation shows the final position at once and is then taken as usual.
  function finishAnimation() {
    if (!app.animating) return;
    app.animation = null;
    app.animating = 0;
    drawPieces(app.state.pieces);
    highlight();
  }

  function pick(name) {
    finishAnimation();
    if (!myTurn()) return;
    if (app.selected) {
      // A capture may end on its own first square (around a group of pieces): the second click
      // on the selected piece plays it, where it would otherwise deselect.
      const ms = movesBetween(app.selected, name);
      if (ms.length === 1) { play(ms[0]); return; }
      if (ms.length > 1) { showChooser(ms); return; }
      // A square the capture passes through (the first landing, clicked as on a real board):
      // the one capture through it is played; several are offered.
      const through = name === app.selected ? []
        : app.state.legal.filter((m) => m.path[0] === app.selected && m.path.indexOf(name, 1) > 0);
      if (through.length === 1) { play(through[0]); return; }
      if (through.length > 1) { showChooser(through); return; }
    }
    const movable = app.state.legal.some((m) => m.path[0] === name);
    app.selected = movable && name !== app.selected ? name : null;
    const own = app.state.pieces.some((p) => p.cell === name && p.side === app.state.toMove);
    $('message').textContent = !movable && own
      ? 'This piece cannot move' + (app.state.legal.some((m) => m.captured.length > 0) ? ': a capture is compulsory' : '') : '';
    highlight();
  }

  function play(move) {
    app.selected = null;
    hideChooser();
    highlight();
    send({ type: 'move', move: move.text });
  }

  // Captures sharing their ends: one button per full path; hovering shows the path on the board.
  function showChooser(ms) {
    const box = $('chooser-moves');
    box.innerHTML = '';
    let previewed = null, touch = false;
    for (const m of ms) {
      const b = document.createElement('button');
      b.textContent = m.text + ' (takes ' + m.captured.join(', ') + ')';
      b.dataset.move = m.text;
      const preview = () => { previewed = m; highlight(); m.path.forEach((c) => cellNode(c).classList.add('path')); m.captured.forEach((c) => cellNode(c).classList.add('target')); };
      // a touch screen has no hover: the first tap shows the path, a second tap on it plays it
      // (the mouseenter a browser makes up for a tap is not a preview)
      b.onpointerdown = (e) => { touch = e.pointerType === 'touch'; };
      b.onmouseenter = () => { if (!touch) preview(); };
      b.onclick = () => { if (touch && previewed !== m) preview(); else play(m); };
      box.appendChild(b);
    }
    $('chooser').classList.remove('hidden');
  }
  function hideChooser() { $('chooser').classList.add('hidden'); }

  function cellAt(x, y) {
    const e = document.elementFromPoint(x, y);
    return e && e.closest ? e.closest('#cells [data-cell]') : null;
  }

  let dragFrom = null;
  const boardSvg = $('board');
  boardSvg.addEventListener('pointerdown', (e) => {
    const c = cellAt(e.clientX, e.clientY);
    if (!c) return;
    e.preventDefault();
    const name = c.dataset.cell;
    const wasSelected = app.selected;
    pick(name);
    dragFrom = app.selected && app.selected !== wasSelected ? name : null;
  });
  boardSvg.addEventListener('pointerup', (e) => {
    const from = dragFrom;
    dragFrom = null;
    if (!from) return;
    const c = cellAt(e.clientX, e.clientY);
    if (c && c.dataset.cell !== from && app.selected === from) pick(c.dataset.cell);
  });

  // ---- buttons ----------------------------------------------------------------------------
  function create(mode) {
    const msg = { type: 'create', mode: mode, variant: $('variant').value, side: $('side').value, level: $('level').value, name: myName() };
    const clock = $('clock').value.split('+'); // "minutes+seconds"
    if (clock.length === 2) msg.clock = { minutes: Number(clock[0]), increment: Number(clock[1]) };
    send(msg);
  }
  $('play-engine').onclick = () => create('engine');
  $('play-hotseat').onclick = () => create('hotseat');
  $('create-room').onclick = () => create('online');
  // Room codes are typed in any case, with dashes or spaces between groups.
  // As the server reads them (Crockford's base 32): O is 0, I and L are 1.
  function roomCode(text) { return text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1'); }
  // The room in the address; a malformed %-escape (a hand-typed link) is taken as it stands.
  function hashCode() {
    const raw = location.hash.slice(1);
    try { return roomCode(decodeURIComponent(raw)); } catch (e) { return roomCode(raw); }
  }

  function joinCode(seat) {
    const code = $('room-code').value.trim();
    if (!code) { $('lobby-message').textContent = 'Enter a room code'; return; }
    const norm = roomCode(code);
    app.room = norm;
    app.token = tokenFor(norm);
    app.seat = seat === 'spectator' ? 'spectator' : null;
    // when not yet connected, connecting joins app.room
    if (app.ws && app.ws.readyState === WebSocket.OPEN) sendJoin(norm, app.token, seat);
  }
  $('join-room').onclick = () => joinCode(undefined);
  $('watch-room').onclick = () => joinCode('spectator');
  $('flip').onclick = () => { app.flipped = !app.flipped; drawBoard(); };
  $('undo').onclick = () => send({ type: 'undo' });
  $('newgame').onclick = () => {
    const midGame = app.mode !== 'online' && app.state && !app.state.result && app.state.ply > 0;
    if (midGame) confirmThen($('newgame'), 'Start again? Click again', () => send({ type: 'newgame' }));
    else send({ type: 'newgame' });
  };
  // A typed move goes to the server as it is: the rules core reads any of its notations and
  // answers an illegal one with the legal moves.
  $('type-move').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('move-text').value.trim().toLowerCase(); // square names are lower case (a phone capitalises)
    if (!text) return;
    if (!myTurn()) {
      $('message').textContent = app.seat === 'spectator' ? 'Spectators cannot move'
        : !app.ws || app.ws.readyState !== WebSocket.OPEN || app.rejoining ? 'Disconnected: reconnecting…'
          : app.state && app.state.result ? 'The game is over' : 'Not your turn';
      return;
    }
    app.selected = null; hideChooser(); highlight();
    app.typed = text; // cleared from the box once played; a refused one stays to be mended
    send({ type: 'move', move: text });
  });
  $('resign').onclick = () => confirmThen($('resign'), 'Resign? Click again', () => send({ type: 'resign' }));
  $('draw').onclick = () => {
    // a draw agreed at once (hotseat, or damka taking it) ends the game: one slip must not
    if (app.seat === 'both' || app.mode === 'engine') confirmThen($('draw'), 'Offer a draw? Click again', () => send({ type: 'draw' }));
    else send({ type: 'draw' });
  };
  $('decline').onclick = () => send({ type: 'draw', accept: false });
  $('claim').onclick = () => send({ type: 'claim' });
  $('take-seat').onclick = () => { app.seating = true; sendJoin(app.room, null, $('take-seat').dataset.seat); };
  // The Lobby reloads the page without the room; a player in a game going on is asked first.
  $('leave').onclick = () => {
    const leave = () => { history.replaceState(null, '', location.pathname); location.reload(); };
    const playing = app.state && !app.state.result && app.state.ply > 0 && app.seat && app.seat !== 'spectator';
    if (playing) confirmThen($('leave'), 'Leave the game? Click again', leave); else leave();
  };
  // The lobby offers the way back to the last room this browser was in (it may have expired).
  const lastRoom = localStorage.getItem('damka-last-room');
  if (lastRoom && location.hash.length <= 1) {
    $('back-to-game').textContent = 'Back to the last game (' + lastRoom + ')';
    $('back-to-game').classList.remove('hidden');
    $('back-to-game').onclick = () => { location.hash = '#' + lastRoom; };
  }
  $('export-fen').onclick = () => { if (app.state) $('io').value = app.state.fen; };
  $('export-pdn').onclick = () => send({ type: 'export' });
  $('import').onclick = () => {
    const msg = { type: 'import', text: $('io').value };
    const bytes = new Blob([JSON.stringify(msg)]).size;
    if (bytes > MAX_MESSAGE_BYTES) {
      $('message').textContent = 'Too long to import (' + Math.ceil(bytes / 1024) + ' KB, at most 64 KB): paste one game';
      return;
    }
    send(msg);
  };
  $('analyse').onclick = () => send({ type: 'analyse', lines: app.analysing ? 0 : Number($('lines').value) });
  $('chooser-cancel').onclick = () => { hideChooser(); app.selected = null; highlight(); };
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !$('chooser').classList.contains('hidden')) $('chooser-cancel').click();
  });
  $('room-code').addEventListener('keydown', (e) => { if (e.key === 'Enter') joinCode(undefined); });

  function showLobby() {
    $('game').classList.add('hidden');
    $('lobby').classList.remove('hidden');
  }

  // The lobby's choices outlive a reload (the Lobby button reloads the page).
  // The player's name for online rooms (shown to the others, and in the PDN), kept like the choices.
  function myName() { return $('name').value.trim() || undefined; }
  for (const id of ['variant', 'side', 'level', 'clock', 'name']) {
    const saved = localStorage.getItem('damka-' + id);
    const known = !$(id).options || Array.from($(id).options).some((o) => o.value === saved); // a select keeps only its own values
    if (saved !== null && known) $(id).value = saved;
    $(id).addEventListener('change', () => localStorage.setItem('damka-' + id, $(id).value));
  }

  // A reload (or a shared link) joins the room in the address, with this tab's seat token if any.
  const seats = document.createElement('div');
  seats.id = 'seats';
  $('room-info').after(seats);
  if (location.hash.length > 1) {
    app.room = hashCode();
    app.token = tokenFor(app.room);
  }
  // A room link pasted into this tab's address bar changes only the hash: join that room.
  window.addEventListener('hashchange', () => {
    const code = hashCode();
    if (!code || code === app.room) return;
    // Until the server answers, we are still in the old room (a refused join leaves us there).
    if (app.room) app.leaving = { room: app.room, token: app.token, seat: app.seat };
    app.room = code;
    app.token = tokenFor(code);
    app.seat = null;
    sendJoin(code, app.token);
  });
  connect();
})();
