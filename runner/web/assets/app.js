// The junqi page: a deployment editor and a board to play the server's bots on. Every
// rule lives in the server (docs/web.md): the page draws the geometry it is given, sends
// clicks as moves, and shows the state the server returns for the person's own view.
'use strict';

const NAMES = { M: '司令', G: '军长', D: '师长', R: '旅长', T: '团长', Y: '营长', C: '连长',
                P: '排长', E: '工兵', B: '炸弹', L: '地雷', F: '军旗', X: '?' };
const ENGLISH = { M: 'Marshal', G: 'General', D: 'Division', R: 'Brigade', T: 'Regiment', Y: 'Battalion',
                  C: 'Company', P: 'Platoon', E: 'Engineer', B: 'Bomb', L: 'Landmine', F: 'Flag', X: 'unknown' };
const OUTCOMES = { '>': 'the attacker won', '<': 'the defender won', '=': 'both fell' };
const FILES = 'abcde';
const SVG = 'http://www.w3.org/2000/svg';
const CELL_W = 80, CELL_H = 55, TOP = 30, LEFT = 50, RIVER = 50;
// The four-player game (四国): seats in playing order, and the cross's scale: one unit of
// the engine's table (x, y) in pixels, the table's middle at FOUR_MID.
const SEAT_LETTERS = 'SENW', SEAT_NAMES = ['south', 'east', 'north', 'west'];
const SEAT_LABELS = { south: 'South 南', east: 'East 东', north: 'North 北', west: 'West 西' };
const UNIT = 40, FOUR_MID = 370;

const page = {
  geometry: null, fourGeometry: null, four: false,  // four: the cross is drawn, page.side a seat
  mode: 'setup', side: 'red', deployment: [], selected: null,
  game: null, belief: null, poll: null,
  clockTick: null, clockAt: 0,  // the clocks' redraw timer; when the state was received
  replay: null,  // {source, games, game, viewpoint, frames, at}; source: {text} or {watch: true}
};
const $ = (id) => document.getElementById(id);

// ---- talking to the server ----
async function api(method, path, body) {
  const res = await fetch(path, {
    method, headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}
function say(text) { $('message').textContent = text || ''; }
async function attempt(f) {
  try { say(''); await f(); } catch (e) { say(e.message); }
}

// ---- names ----
// A piece is a letter in the 2-player games (Red upper case), a seat letter and a type
// letter in the four-player game ("sM", "eX").
const typeOf = (letter) => (letter.length === 2 ? letter[1] : letter.toUpperCase());
function label(letter) {
  const t = typeOf(letter);
  return $('letters').checked ? (t === 'X' ? '?' : t) : NAMES[t];
}
function fullName(letter) {
  const t = typeOf(letter);
  return $('letters').checked ? ENGLISH[t] : NAMES[t];
}
const seatOfPiece = (letter) => SEAT_NAMES[SEAT_LETTERS.indexOf(letter[0].toUpperCase())];
const colourOf = (letter) => (letter.length === 2 ? seatOfPiece(letter)
  : letter === letter.toUpperCase() ? 'red' : 'blue');
const FACE_DOWN = '?';  // the flip game's face-down piece: the server never says what it is
const seatIndex = (name) => SEAT_NAMES.indexOf(name);

// ---- board geometry: the person's own side at the bottom ----
function squareXY(name) {
  if (page.four) return fourXY(name);
  const file = FILES.indexOf(name[0]), rank = Number(name.slice(1));
  const col = page.side === 'red' ? file : 4 - file;
  const row = page.side === 'red' ? 12 - rank : rank - 1;
  return [LEFT + col * CELL_W, TOP + row * CELL_H + (row >= 6 ? RIVER : 0)];
}
// Deployment slot (own rank, own file from the own left) to its square's name.
function slotSquare(slot) {
  const ownRank = Math.floor(slot / 5) + 1, ownFile = slot % 5;
  if (page.four) return SEAT_LETTERS[seatIndex(page.side)] + FILES[ownFile] + ownRank;
  return page.side === 'red' ? FILES[ownFile] + ownRank : FILES[4 - ownFile] + (13 - ownRank);
}
function el(tag, attrs, parent, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

// The cross: the engine's table point of the square, turned so that the person's seat
// is at the bottom (seat k's half is South's turned k quarter turns counterclockwise).
function fourXY(name) {
  let [x, y] = page.fourPoints[name];
  for (let k = 0; k < seatIndex(page.side); ++k) [x, y] = [y, -x];
  return [FOUR_MID + x * UNIT, FOUR_MID - y * UNIT];
}
// The parts both boards share: every link (roads, railways and the cross's corner arcs,
// bowed towards the middle `mid`), then the posts (sizes in px: camp radius, headquarters
// and post width and height), and last the layers for pieces and marks under the click
// targets (hit: width and height).
function drawLinks(svg, links, mid) {
  const g = el('g', {}, svg);
  for (const l of links) {
    const [x1, y1] = squareXY(l.from), [x2, y2] = squareXY(l.to);
    if (l.arc) {
      const cx = (x1 + x2) / 2 + (mid - (x1 + x2) / 2) * 0.08, cy = (y1 + y2) / 2 + (mid - (y1 + y2) / 2) * 0.08;
      for (const cls of ['rail', 'rail-inner']) el('path', { d: `M${x1},${y1} Q${cx},${cy} ${x2},${y2}`, class: cls, fill: 'none' }, g);
      continue;
    }
    el('line', { x1, y1, x2, y2, class: l.rail ? 'rail' : 'road' }, g);
    if (l.rail) el('line', { x1, y1, x2, y2, class: 'rail-inner' }, g);
  }
}
function drawPosts(svg, squares, { camp, hq, post }) {
  for (const s of squares) {
    const [x, y] = squareXY(s.name);
    if (s.camp) el('circle', { cx: x, cy: y, r: camp, class: 'camp' }, svg);
    else if (s.headquarters) el('rect', { x: x - hq[0] / 2, y: y - hq[1] / 2, width: hq[0], height: hq[1], rx: hq[2], class: 'hq' }, svg);
    else el('rect', { x: x - post[0] / 2, y: y - post[1] / 2, width: post[0], height: post[1], class: 'post' }, svg);
  }
}
function drawLayers(svg, squares, [w, h]) {
  page.pieceLayer = el('g', { id: 'pieces' }, svg);
  page.markLayer = el('g', { id: 'marks' }, svg);
  const hits = el('g', { id: 'hits' }, svg);
  for (const s of squares) {
    const [x, y] = squareXY(s.name);
    el('rect', { x: x - w / 2, y: y - h / 2, width: w, height: h, class: 'hit', 'data-square': s.name }, hits);
  }
}

function drawFourBoard(svg) {
  svg.setAttribute('viewBox', `0 0 ${2 * FOUR_MID} ${2 * FOUR_MID}`);
  const g = page.fourGeometry;
  drawLinks(svg, g.links, FOUR_MID);
  drawPosts(svg, g.squares, { camp: 14, hq: [38, 26, 10], post: [34, 22] });
  // Each seat named behind its back rank, along it (the halves on the sides read upwards).
  for (let k = 0; k < 4; ++k) {
    const turn = (k - seatIndex(page.side) + 4) % 4;
    let [x, y] = [0, -8.75];
    for (let i = 0; i < turn; ++i) [x, y] = [-y, x];
    const [px, py] = [FOUR_MID + x * UNIT, FOUR_MID - y * UNIT + (turn % 2 ? 0 : 5)];
    const role = k === seatIndex(page.side) ? ' (you)' : (k + 2) % 4 === seatIndex(page.side) ? ' (partner)' : '';
    el('text', { x: px, y: py, 'text-anchor': 'middle', 'dominant-baseline': turn % 2 ? 'middle' : 'auto',
                 transform: turn % 2 ? `rotate(${turn === 1 ? -90 : 90} ${px} ${py})` : '',
                 class: `seat-label seat-${SEAT_NAMES[k]}`, 'data-seat': SEAT_NAMES[k] }, svg, SEAT_LABELS[SEAT_NAMES[k]] + role);
  }
  drawLayers(svg, g.squares, [40, 40]);
}

function drawBoard() {
  const svg = $('board');
  svg.innerHTML = '';
  svg.classList.toggle('four', page.four);
  if (page.four) { drawFourBoard(svg); return; }
  svg.setAttribute('viewBox', `0 0 ${2 * LEFT + 4 * CELL_W} ${2 * TOP + 11 * CELL_H + RIVER}`);
  const g = page.geometry;
  drawLinks(svg, g.links);
  // Mountains: the files where no link crosses between the two halves.
  const crossing = new Set(g.links.filter((l) => l.from.slice(1) === '6' && l.to.slice(1) === '7').map((l) => l.from[0]));
  for (const f of FILES) {
    if (crossing.has(f)) continue;
    const [x] = squareXY(f + '6'), y = TOP + 5 * CELL_H + CELL_H / 2 + RIVER / 2 + 5;
    el('text', { x, y, 'text-anchor': 'middle', class: 'mountain' }, svg, '山');
  }
  drawPosts(svg, g.squares, { camp: 21, hq: [60, 36, 14], post: [56, 30] });
  drawLayers(svg, g.squares, [72, 48]);
}

function drawPiece(square, letter, extraClass) {
  const [x, y] = squareXY(square);
  const down = letter === FACE_DOWN;
  const hidden = page.four && letter[1] === 'X';  // another seat's piece the person cannot identify
  const g = el('g', { class: `piece ${down ? 'face-down' : colourOf(letter)} ${hidden ? 'hidden' : ''} ${extraClass || ''}`,
                      'data-square': square, 'data-piece': letter }, page.pieceLayer);
  const [w, h] = page.four ? [34, 22] : [54, 30];
  el('rect', { x: x - w / 2, y: y - h / 2, width: w, height: h, rx: 4 }, g);
  el('text', { x, y: y + (page.four ? 4 : 5), 'text-anchor': 'middle' }, g, down || hidden ? '' : label(letter));
}

// The squares a move or a flip names: [from, to] for a move, [square] for a flip (b7^).
function moveSquares(text) {
  // 2-player squares a1..e12; four-player ones with their half's letter, Sa1..We6, Ca1..Cc3.
  const m = /^([SENWC]?[a-e]\d+)(?:[-x]([SENWC]?[a-e]\d+)|\^)/.exec(text || '');
  return m ? (m[2] ? [m[1], m[2]] : [m[1]]) : null;
}

// ---- the deployment editor ----
function ownLetter(t) {
  if (page.four) return SEAT_LETTERS[seatIndex(page.side)].toLowerCase() + t;
  return page.side === 'red' ? t : t.toLowerCase();
}
function deploymentString() {
  const groups = [];
  for (let r = 0; r < 6; ++r) groups.push(page.deployment.slice(r * 5, r * 5 + 5).join(''));
  return groups.join('/');
}
function setDeployment(text) {
  const letters = text.replace(/\//g, '').split('');
  if (letters.length !== 30) throw new Error('a deployment string is six groups of five symbols');
  page.deployment = letters;
  $('deployment-text').value = deploymentString();
}
function renderSetup() {
  page.pieceLayer.innerHTML = '';
  page.markLayer.innerHTML = '';
  if ($('kind').value === 'flip') {
    $('status').textContent = 'Flip game: every piece starts face down';
    return;
  }
  page.deployment.forEach((t, slot) => {
    if (t !== '+') drawPiece(slotSquare(slot), ownLetter(t), page.selected === slot ? 'selected' : '');
  });
  $('status').textContent = page.four ? 'Deploy your pieces in your half (the bots deploy theirs), then start the game'
                                      : 'Deploy your pieces, then start the game';
}
async function checkDeployment(text) {
  // A four-player seat deploys in its own frame, as Red's deployment is written.
  return api('POST', '/api/deployment/check', { text, side: page.four ? 'red' : page.side });
}
function slotOf(square) {
  for (let s = 0; s < 30; ++s) if (slotSquare(s) === square) return s;
  return -1;
}
async function clickSetup(square) {
  const slot = slotOf(square);
  if (slot < 0 || page.deployment[slot] === '+') { page.selected = null; renderSetup(); return; }
  if (page.selected === null || page.selected === slot) {
    page.selected = page.selected === slot ? null : slot;
    renderSetup();
    return;
  }
  const before = page.deployment.slice(), a = page.selected;
  [page.deployment[a], page.deployment[slot]] = [page.deployment[slot], page.deployment[a]];
  page.selected = null;
  const check = await checkDeployment(deploymentString());
  if (!check.legal) {
    page.deployment = before;
    say('Refused: ' + check.error);
  }
  $('deployment-text').value = deploymentString();
  renderSetup();
}

async function loadSavedList() {
  const list = await api('GET', '/api/deployments');
  const sel = $('saved-deployments');
  sel.innerHTML = '<option value="">Load…</option>';
  for (const d of list.deployments) {
    const o = document.createElement('option');
    o.value = d.name;
    o.textContent = d.name + (d.description ? ' — ' + d.description : '');
    sel.appendChild(o);
  }
}

// ---- playing ----
function render() {
  if (page.mode === 'setup') { renderSetup(); return; }
  if (page.mode === 'replay') { renderReplay(); return; }
  const s = page.game;
  page.pieceLayer.innerHTML = '';
  page.markLayer.innerHTML = '';
  const last = s.moves.length ? moveSquares(s.moves[s.moves.length - 1].text) : null;
  if (last) for (const sq of last) {
    const [x, y] = squareXY(sq);
    el('rect', { x: x - 33, y: y - 21, width: 66, height: 42, class: 'last' }, page.markLayer);
  }
  for (const p of s.board) drawPiece(p.square, p.piece, page.selected === p.square ? 'selected' : '');
  if (page.selected) for (const m of s.legal) {
    const [from, to] = moveSquares(m);
    if (from !== page.selected || !to) continue;
    const [x, y] = squareXY(to);
    el('circle', { cx: x, cy: y, r: 9, class: 'target', 'data-target': to }, page.markLayer);
  }
  if (s.hint) {
    for (const sq of moveSquares(s.hint)) {
      const [x, y] = squareXY(sq);
      el('circle', { cx: x, cy: y, r: 24, class: 'hint-mark' }, page.markLayer);
    }
  }
  if ($('belief').checked && page.belief) for (const p of page.belief.pieces) {
    const [best, prob] = Object.entries(p.types).sort((a, b) => b[1] - a[1])[0];
    const [x, y] = squareXY(p.square);
    el('text', { x, y: y + (page.four ? 17 : 26), 'text-anchor': 'middle', class: `belief-label${page.four ? ' four' : ''}` }, page.markLayer,
       `${label(best)} ${Math.round(prob * 100)}%`);
  }
  $('status').textContent = statusText(s);
  $('game-title').textContent = s.kind === 'four' ? `四国 with ${s.bot} (you play ${s.seat})` : `vs ${s.bot} (${s.kind}, ${youPlay(s)})`;
  $('captured').hidden = s.kind === 'four';
  $('captured-title').textContent = s.kind === 'four' ? 'Seats' : 'Captured';
  $('seats').hidden = s.kind !== 'four';
  if (s.kind === 'four') renderSeats(s);
  $('hint-text').textContent = s.hint_pending ? 'Looking for a hint…' : s.hint ? 'Hint: ' + s.hint : '';
  if (s.lost) {
    $('lost-bot').textContent = s.lost.bot.map(fullName).join(' ') || '—';
    $('lost-you').textContent = s.lost.you.map(fullName).join(' ') || '—';
  }
  const ol = $('moves');
  ol.innerHTML = '';
  for (const m of s.moves) {
    const li = document.createElement('li');
    if (s.kind === 'four') {
      li.textContent = fourMoveText(m, s);
      li.className = /x/.test(m.text.split(' ')[0]) ? 'fight' : '';
      ol.appendChild(li);
      continue;
    }
    const token = m.text.split(' ')[0], fight = /x/.test(token), flip = /\^(.)$/.exec(token);
    li.textContent = `${m.by === 'you' ? 'You' : 'Bot'}: ${m.text}` +
      (fight ? ` — ${fullName(m.mover)} attacked ${fullName(m.target)}: ${OUTCOMES[token.slice(-1)]}` : '') +
      (flip ? ` — turned up a ${colourOf(flip[1])} ${fullName(flip[1])}` : '');
    if (fight) li.className = 'fight';
    ol.appendChild(li);
  }
  ol.scrollTop = ol.scrollHeight;
  $('undo').disabled = !s.can_undo;
  for (const id of ['draw', 'resign', 'hint']) $(id).disabled = s.over;
  $('hint').disabled = s.over || !s.your_turn;
  $('draw').disabled = s.over;
  $('replay-this').hidden = !s.over;
  $('belief').disabled = !hasBelief(s);
  const rec = $('record');
  rec.hidden = !s.over;
  rec.href = `/api/games/${s.id}/record`;
  document.body.dataset.ply = s.ply;
}

// ---- the four-player game's own panels ----
const seatTitle = (name, s) => SEAT_LABELS[name] + (name === s.seat ? ' (you)' : '');
// What the person saw of a ply: who moved, the tokens, the fight as seen (another seat's
// unidentified piece is '?'), the seats that went out.
function fourMoveText(m, s) {
  const tokens = m.text.split(' '), move = tokens[0];
  let text = `${seatTitle(m.seat, s)}: ${move}`;
  if (/x/.test(move)) {
    const who = (p) => `${SEAT_LABELS[seatOfPiece(p)].split(' ')[0]}'s ${fullName(p)}`;
    text += ` — ${who(m.mover)} attacked ${who(m.target)}: ${OUTCOMES[move.slice(-1)]}`;
  }
  for (const t of tokens.slice(1)) {
    const out = /^out:([SENW]):(.+)$/.exec(t), shown = /^([senw])([A-Z])@(\S+)$/.exec(t);
    if (out) text += `; ${SEAT_LABELS[SEAT_NAMES[SEAT_LETTERS.indexOf(out[1])]]} is out (${out[2]})`;
    else if (shown) text += `; ${SEAT_LABELS[seatOfPiece(shown[1])].split(' ')[0]}'s ${fullName(shown[1] + shown[2])} is on ${shown[3]}`;
  }
  return text;
}
function renderSeats(s) {
  const ul = $('seats');
  ul.innerHTML = '';
  for (const seat of s.seats) {
    const li = document.createElement('li');
    li.className = `seat-${seat.seat}${seat.out ? ' out' : ''}${s.to_move === seat.seat && !s.over ? ' to-move' : ''}`;
    li.dataset.seat = seat.seat;
    const role = seat.player === 'you' ? 'you' : seat.partner ? `partner, ${seat.player}` : `opponent, ${seat.player}`;
    li.textContent = `${SEAT_LABELS[seat.seat]} (${role}): ` +
      (seat.out ? `out (${seat.out_reason})` : `${seat.pieces} pieces`);
    ul.appendChild(li);
  }
}

// Which side the person plays; in the flip game the seat until the flips give colours.
function youPlay(s) {
  if (s.kind === 'flip' && !s.colours_assigned) return `you act ${s.seat}, colours not yet given`;
  return `you play ${s.person}`;
}

// The belief view: the dark game's enemy pieces, the four-player game's unidentified ones
// (the open game hides nothing; in the flip game a face-down piece is anything face down).
const hasBelief = (s) => s.kind === 'dark' || s.kind === 'four';

function statusText(s) {
  if (s.kind === 'four') {
    if (s.over) {
      const who = s.winner === 'you' ? 'your team wins' : s.winner === 'opponents' ? 'the other team wins' : 'a draw';
      return `Game over: ${who} (${s.result}, ${s.reason})`;
    }
    const me = s.seats[seatIndex(s.seat)];
    if (me.out) return `You are out (${me.out_reason}): the bots play on`;
    const offer = s.draw_offer === 'pending' ? ' — draw offered' : s.draw_offer === 'declined' ? ' — the opponents declined the draw' : '';
    return (s.your_turn ? `Your move (${s.seat})` : `${SEAT_LABELS[s.to_move]} is thinking…`) + offer;
  }
  if (s.over) {
    const who = s.winner === 'you' ? 'you win' : s.winner === 'bot' ? 'the bot wins' : 'a draw';
    return `Game over: ${who} (${s.result}, ${s.reason})`;
  }
  const offer = s.draw_offer === 'pending' ? ' — draw offered' : s.draw_offer === 'declined' ? ' — the bot declined the draw' : '';
  const yours = s.kind === 'flip' && !s.colours_assigned ? 'Your turn: click a face-down piece to turn it up'
    : s.kind === 'flip' ? `Your move (${s.person}): move a piece or turn one up` : 'Your move';
  return (s.thinking ? 'The bot is thinking…' : yours) + offer;
}

// ---- the clocks: the server's times, counted down here between states ----
const FLAG_MARGIN_MS = 300;  // a little beyond the server's margin for the request's trip
function clockText(ms) {
  const s = Math.max(0, ms) / 1000;
  return s < 10 ? s.toFixed(1) : `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
}
function drawClocks() {
  const c = page.game && page.game.clock;
  $('clocks').hidden = !c;
  if (!c) return;
  const elapsed = performance.now() - page.clockAt;
  for (const who of ['you', 'bot']) {
    const left = c[who] - (c.running === who ? elapsed : 0);
    const e = $('clock-' + who);
    e.textContent = `${who === 'you' ? 'You' : 'Bot'} ${clockText(left)}`;
    e.classList.toggle('running', c.running === who);
    e.classList.toggle('low', left < 10000);
    e.dataset.ms = Math.max(0, Math.round(left));
  }
  // Our flag falls on the server: ask it once our time is gone.
  if (c.running === 'you' && c.you - elapsed < -FLAG_MARGIN_MS && !page.clockAsked) {
    page.clockAsked = true;
    attempt(refresh);
  }
}
function startClocks() {
  page.clockAt = performance.now();
  page.clockAsked = false;
  clearInterval(page.clockTick);
  if (page.game.clock && page.game.clock.running) page.clockTick = setInterval(drawClocks, 100);
  drawClocks();
}

async function refresh() {
  page.game = await api('GET', `/api/games/${page.game.id}`);
  await afterState();
}
async function afterState() {
  startClocks();
  // Asked once the bots have moved: while they think, the board is about to change.
  if ($('belief').checked && hasBelief(page.game) && !page.game.thinking) {
    try { page.belief = await api('GET', `/api/games/${page.game.id}/belief`); } catch (e) { page.belief = null; }
  } else {
    page.belief = null;
    $('belief-panel').textContent = '';
  }
  render();
  clearTimeout(page.poll);
  if (page.game.thinking || page.game.hint_pending) page.poll = setTimeout(() => attempt(refresh), 100);
}
async function act(path, body) {
  page.game = await api('POST', `/api/games/${page.game.id}/${path}`, body);
  page.selected = null;
  await afterState();
}

async function clickPlay(square) {
  const s = page.game;
  if (!s.your_turn) {
    if (!s.over) say(s.kind === 'four' ? 'Wait for the bots to move' : 'Wait for the bot to move');
    return;
  }
  if (page.selected && s.legal.includes(`${page.selected}-${square}`)) {
    await act('move', { move: `${page.selected}-${square}` });
    return;
  }
  if (s.legal.includes(`${square}^`)) {  // the flip game: a face-down piece turned up
    await act('move', { move: `${square}^` });
    return;
  }
  const piece = s.board.find((p) => p.square === square);
  const mine = piece && (s.kind === 'four' ? seatOfPiece(piece.piece) === s.seat : colourOf(piece.piece) === s.person);
  if (mine && s.legal.some((m) => m.startsWith(square + '-'))) {
    page.selected = page.selected === square ? null : square;
  } else {
    page.selected = null;
    if (page.belief) {
      const b = page.belief.pieces.find((p) => p.square === square);
      if (b) $('belief-panel').textContent = `${square}: ` + Object.entries(b.types).sort((x, y) => y[1] - x[1])
        .map(([t, p]) => `${fullName(t)} ${Math.round(p * 100)}%`).join(', ');
    }
  }
  render();
}

// ---- replay: a record file's games, ply by ply, from a point of view ----
async function openReplay(source, game, viewpoint, atEnd) {
  const r = source.live ? await api('POST', '/api/watch/replay', { live: source.live, viewpoint })
    : source.watch ? await api('POST', '/api/watch/replay', { game, viewpoint })
    : await api('POST', '/api/replay', { text: source.text, game, viewpoint });
  const same = page.replay && page.replay.source === source && page.replay.game === game;
  const at = atEnd ? r.frames.length - 1 : same ? page.replay.at : 0;
  page.replay = { source, games: r.games, game, viewpoint, frames: r.frames, at: Math.min(at, r.frames.length - 1) };
  clearTimeout(page.poll);
  clearInterval(page.clockTick);
  clearInterval(page.livePoll);
  // A game in progress: asked again every second, the page staying on its last ply.
  if (source.live) page.livePoll = setInterval(() => attempt(followLive), 1000);
  $('clocks').hidden = true;
  page.mode = 'replay';
  document.body.dataset.mode = 'replay';
  // A four-player game is drawn on the cross, the seat whose view it is at the bottom.
  page.four = r.games[game].kind === 'four';
  page.side = page.four ? (viewpoint === 'full' ? 'south' : viewpoint) : viewpoint === 'blue' ? 'blue' : 'red';
  const views = $('replay-view');
  views.innerHTML = '';
  for (const [value, text] of [['full', 'the full board'],
    ...(page.four ? SEAT_NAMES.map((n) => [n, SEAT_LABELS[n]]) : [['red', 'Red'], ['blue', 'Blue']])])
    views.add(new Option(text, value));
  for (const id of ['setup', 'play']) $(id).hidden = true;
  $('replay').hidden = false;
  const sel = $('replay-game');
  sel.innerHTML = '';
  for (const g of r.games)
    sel.add(new Option(`${g.id}: ${g.red} – ${g.blue} ${g.result} (${g.plies} plies)`, g.index, false, g.index === game));
  $('replay-view').value = viewpoint;
  drawBoard();
  renderReplay();
}
function renderReplay() {
  const r = page.replay, frame = r.frames[r.at], g = r.games[r.game];
  page.pieceLayer.innerHTML = '';
  page.markLayer.innerHTML = '';
  const squares = moveSquares(frame.move);
  if (squares) for (const sq of squares) {
    const [x, y] = squareXY(sq);
    el('rect', { x: x - 33, y: y - 21, width: 66, height: 42, class: 'last' }, page.markLayer);
  }
  // The flip game's full board names face-down pieces: drawn face down, their letter shown.
  for (const p of frame.board) drawPiece(p.square, p.piece, p.face_down ? 'known-face-down' : '');
  $('replay-ply').textContent = `${r.at} / ${r.frames.length - 1}`;
  const mover = g.kind === 'four' ? SEAT_LABELS[SEAT_NAMES[frame.player]]
    : g.kind === 'flip' ? (r.at % 2 ? 'First' : 'Second') : r.at % 2 ? 'Red' : 'Blue';
  $('replay-move').textContent = frame.move ? `${mover}: ${frame.move}` : 'Start';
  const [first, second] = g.kind === 'four' ? ['South+North', 'East+West'] : ['Red', 'Blue'];
  $('replay-result').textContent = `${g.red} (${first}) – ${g.blue} (${second}): ` +
    (g.result ? `${g.result}, ${g.reason}` : 'in progress');
  const seenBy = r.viewpoint === 'full' ? 'the full board' : r.viewpoint + "'s view";
  $('status').textContent = r.source.live ? `Live: ${g.red} – ${g.blue}, ply ${r.frames.length - 1} (${seenBy})`
                                          : `Replay: ${seenBy}`;
  document.body.dataset.ply = r.at;
}
function stepReplay(to) {
  page.replay.at = Math.max(0, Math.min(page.replay.frames.length - 1, to));
  renderReplay();
}

// ---- watching a match or tournament (junqi serve --watch FILE, junqi tournament --serve) ----
// The followed game again; once it is over, the same game from the record file.
async function followLive() {
  const r = page.replay;
  if (page.mode !== 'replay' || !r || !r.source.live) { clearInterval(page.livePoll); return; }
  const atEnd = r.at === r.frames.length - 1;
  try {
    await openReplay(r.source, 0, r.viewpoint, atEnd);
  } catch (e) {
    const w = await api('GET', '/api/watch');
    const done = w.games.find((g) => g.id === r.source.live);
    if (done) await openReplay({ watch: true }, done.index, r.viewpoint, true);
  }
}

async function loadWatch() {
  let w;
  try { w = await api('GET', '/api/watch'); } catch (e) { return false; }  // nothing watched
  $('watch').hidden = false;
  $('watch-file').textContent = w.file;
  const body = $('standings').tBodies[0];
  body.innerHTML = '';
  for (const r of w.standings) {
    const tr = body.insertRow();
    for (const v of [r.player, r.games, r.wins, r.draws, r.losses, r.points]) tr.insertCell().textContent = v;
  }
  const sel = $('watch-games'), chosen = sel.value;
  sel.innerHTML = '';
  for (const g of w.games) sel.add(new Option(`${g.id}: ${g.red} – ${g.blue} ${g.result} (${g.reason})`, g.index));
  sel.value = chosen && Number(chosen) < w.games.length ? chosen : w.games.length ? String(w.games.length - 1) : '';
  $('watch-open').disabled = !w.games.length;
  const live = $('live-games'), following = live.value;
  live.innerHTML = '';
  for (const g of w.live) live.add(new Option(`${g.id}: ${g.red} – ${g.blue}, ply ${g.plies}`, g.id));
  if (w.live.some((g) => g.id === following)) live.value = following;
  $('live-row').hidden = !w.live.length;
  return true;
}

// ---- the new-game form ----
async function setUpForm() {
  const [bots, rules] = await Promise.all([api('GET', '/api/bots'), api('GET', '/api/rules')]);
  const KINDS = { dark: 'Dark 暗棋 (enemy hidden)', open: 'Open 明棋', flip: 'Flip 翻棋 (all face down)',
                  four: 'Four players 四国' };
  for (const k of rules.kinds) $('kind').add(new Option(KINDS[k] || k, k));
  for (const b of bots.bots) $('bot').add(new Option(b.name, b.name, b.name === bots.default, b.name === bots.default));
  page.bots = bots.bots;
  const describe = () => {
    const b = bots.bots.find((x) => x.name === $('bot').value);
    $('bot-description').textContent = b ? b.description : '';
  };
  $('bot').onchange = describe;
  describe();
  for (const o of rules.options) {
    const l = document.createElement('label');
    const input = document.createElement('input');
    input.dataset.key = o.key;
    input.dataset.default = o.default;
    if (o.type === 'bool') { input.type = 'checkbox'; input.checked = o.default === 'true'; }
    else { input.type = o.type === 'int' ? 'number' : 'text'; input.value = o.default; input.size = 12; }
    l.append(input, ' ' + o.key);
    $('rules').appendChild(l);
  }
}
// The sides the person may take: a colour, the flip game's seat (first or second to act),
// or one of the four-player game's seats.
function sideChoices(kind) {
  if (kind === 'four') return SEAT_NAMES.map((n, i) => [n, SEAT_LABELS[n] + (i === 0 ? ' (moves first)' : '')]);
  if (kind === 'flip') return [['red', 'First to act'], ['blue', 'Second']];
  return [['red', 'Red (moves first)'], ['blue', 'Blue']];
}
// The flip game deals its own layout and its seats act first or second: no deployment,
// only the bots that play it. The four-player game: a seat, the bots that play four
// seats, no clock; the person deploys in its own half of the cross. Each kind's own rule
// options (flip_*, four_*) are shown only for it.
function kindChanged() {
  const kind = $('kind').value, flip = kind === 'flip', four = kind === 'four';
  const side = $('side'), chosen = side.value;
  side.innerHTML = '';
  for (const [value, text] of sideChoices(kind)) side.add(new Option(text, value));
  if ([...side.options].some((o) => o.value === chosen)) side.value = chosen;
  $('deployment-editor').hidden = flip;
  $('clock-row').hidden = four;
  for (const o of $('bot').options) {
    const b = page.bots.find((x) => x.name === o.value);
    o.disabled = (flip && !b.flip) || (four && !b.four);
  }
  if ($('bot').selectedOptions[0].disabled) $('bot').value = [...$('bot').options].find((o) => !o.disabled).value;
  for (const input of $('rules').querySelectorAll('input')) {
    const key = input.dataset.key;
    input.parentElement.hidden = (key.startsWith('flip_') && !flip) || (key.startsWith('four_') && !four);
  }
  page.side = side.value;
  page.four = four;
  page.selected = null;
  if (page.mode === 'setup') {
    drawBoard();
    renderSetup();
  }
}
// clock=MS+INC from the form's minutes and seconds, or none.
function timeControl() {
  const minutes = Number($('clock-minutes').value) || 0, increment = Number($('clock-increment').value) || 0;
  if (minutes <= 0) return 'none';
  return `clock=${Math.round(minutes * 60000)}+${Math.round(increment * 1000)}`;
}
function ruleOptions() {
  const out = {};
  for (const input of $('rules').querySelectorAll('input')) {
    const value = input.type === 'checkbox' ? String(input.checked) : input.value;
    if (value !== input.dataset.default) out[input.dataset.key] = value;
  }
  return out;
}
async function randomDeployment() {
  setDeployment((await api('GET', '/api/deployment/random')).text);
  page.selected = null;
  renderSetup();
}
function startSetup() {
  page.mode = 'setup';
  page.game = null;
  page.selected = null;
  document.body.dataset.mode = 'setup';
  $('setup').hidden = false;
  $('play').hidden = true;
  $('replay').hidden = true;
  $('clocks').hidden = true;
  kindChanged();
}

function wire() {
  $('board').addEventListener('click', (e) => {
    const hit = e.target.closest('[data-square]');
    if (!hit) return;
    attempt(() => (page.mode === 'setup' ? clickSetup(hit.dataset.square) : clickPlay(hit.dataset.square)));
  });
  // Dragging a piece onto another swaps them too (a plain click never leaves its square).
  let dragFrom = null;
  $('board').addEventListener('pointerdown', (e) => {
    const hit = e.target.closest('[data-square]');
    dragFrom = page.mode === 'setup' && hit ? hit.dataset.square : null;
  });
  $('board').addEventListener('pointerup', (e) => {
    const hit = e.target.closest('[data-square]'), from = dragFrom;
    dragFrom = null;
    if (!hit || !from || hit.dataset.square === from || page.mode !== 'setup') return;
    const slot = slotOf(from);
    if (slot < 0 || page.deployment[slot] === '+') return;
    page.selected = slot;
    attempt(() => clickSetup(hit.dataset.square));
  });
  $('side').onchange = kindChanged;
  $('kind').onchange = kindChanged;
  $('random-deployment').onclick = () => attempt(randomDeployment);
  $('saved-deployments').onchange = () => attempt(async () => {
    const name = $('saved-deployments').value;
    if (!name) return;
    setDeployment((await api('GET', `/api/deployments/${encodeURIComponent(name)}`)).text);
    renderSetup();
  });
  $('save-deployment').onclick = () => attempt(async () => {
    const name = $('deployment-name').value.trim();
    await api('PUT', `/api/deployments/${encodeURIComponent(name)}`, { text: deploymentString() });
    await loadSavedList();
    say(`Saved as ${name}`);
  });
  $('import-deployment').onclick = () => attempt(async () => {
    const text = $('deployment-text').value.trim();
    const check = await checkDeployment(text);
    if (!check.legal) throw new Error('Refused: ' + check.error);
    setDeployment(text);
    renderSetup();
  });
  $('new-game').onsubmit = (e) => {
    e.preventDefault();
    attempt(async () => {
      const flip = $('kind').value === 'flip', four = $('kind').value === 'four';
      page.game = await api('POST', '/api/games', {
        kind: $('kind').value, bot: $('bot').value, side: page.side, rules: ruleOptions(),
        ...(four ? {} : { time_control: timeControl() }),
        ...(flip ? {} : { deployment: deploymentString() }),
      });
      page.mode = 'play';
      page.selected = null;
      document.body.dataset.mode = 'play';
      $('setup').hidden = true;
      $('play').hidden = false;
      $('belief-panel').textContent = '';
      await afterState();
    });
  };
  $('undo').onclick = () => attempt(() => act('undo'));
  $('resign').onclick = () => attempt(() => act('resign'));
  $('hint').onclick = () => attempt(() => act('hint'));
  $('draw').onclick = () => attempt(async () => {
    await act('draw');
    say('Draw offered: the bot answers with its next search');
  });
  $('belief').onchange = () => attempt(afterState);
  $('letters').onchange = () => render();
  $('new').onclick = () => { clearTimeout(page.poll); clearInterval(page.clockTick); startSetup(); };
  $('replay-file').onchange = () => attempt(async () => {
    const file = $('replay-file').files[0];
    if (file) await openReplay({ text: await file.text() }, 0, 'full');
  });
  $('replay-this').onclick = () => attempt(async () => {
    const res = await fetch(`/api/games/${page.game.id}/record`);
    if (!res.ok) throw new Error((await res.json()).error);
    await openReplay({ text: await res.text() }, 0, 'full');
  });
  $('replay-game').onchange = () => attempt(() => openReplay(page.replay.source, Number($('replay-game').value), page.replay.viewpoint));
  $('replay-view').onchange = () => attempt(() => openReplay(page.replay.source, page.replay.game, $('replay-view').value));
  $('live-follow').onclick = () => attempt(() => openReplay({ live: $('live-games').value }, 0, 'full', true));
  $('watch-open').onclick = () => attempt(() => openReplay({ watch: true }, Number($('watch-games').value), 'full', true));
  $('replay-first').onclick = () => stepReplay(0);
  $('replay-prev').onclick = () => stepReplay(page.replay.at - 1);
  $('replay-next').onclick = () => stepReplay(page.replay.at + 1);
  $('replay-last').onclick = () => stepReplay(page.replay.frames.length - 1);
  $('replay-close').onclick = () => { $('replay').hidden = true; startSetup(); };
}

async function main() {
  page.geometry = await api('GET', '/api/geometry');
  page.fourGeometry = await api('GET', '/api/geometry/four');
  page.fourPoints = Object.fromEntries(page.fourGeometry.squares.map((s) => [s.name, [s.x, s.y]]));
  await setUpForm();
  wire();
  drawBoard();
  await randomDeployment();
  await loadSavedList();
  startSetup();
  // The watched file grows game by game: look again every two seconds.
  if (await loadWatch()) setInterval(() => loadWatch().catch((e) => say(e.message)), 2000);
  document.body.dataset.ready = 'true';
}
attempt(main);
