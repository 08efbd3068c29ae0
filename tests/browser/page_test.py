#!/usr/bin/env python3
"""The page of `junqi serve` in a real browser: Debian's headless chromium, driven over
the DevTools protocol through a pipe (--remote-debugging-pipe), so nothing beyond the
Python standard library is needed. It loads the page, edits the deployment by clicking,
plays moves by clicking, undoes, asks a hint, shows the belief, offers a draw, resigns,
replays the game from the full board and from Red's view, watches the record file the
game is appended to, plays a flip game by clicking face-down pieces, plays a four-player
game (四国) in East's seat by clicking on the cross, lets a clock run out, follows a
game of a running `junqi tournament --serve` live, and checks what the page shows at each
step. Screenshots go to --out.

  python3 tests/browser/page_test.py --junqi build/runner/junqi [--bot random] [--moves 3]

Prints the page load time and each click-to-reply time; exits non-zero on a failure."""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request


class Browser:
    """One headless chromium page, spoken to as CDP JSON messages separated by NUL."""

    def __init__(self, chromium, profile):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def pipe_fds():  # chromium reads commands on fd 3 and writes answers on fd 4
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)
            # A pipe that already was fd 3 keeps its close-on-exec flag through dup2 onto
            # itself (a no-op): clear it, or chromium starts without its pipe.
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.proc = subprocess.Popen(
            [chromium, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars",
             f"--user-data-dir={profile}", "--window-size=900,820", "about:blank"],
            preexec_fn=pipe_fds, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": 900, "height": 820, "deviceScaleFactor": 1, "mobile": False})

    def send(self, method, params=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.time() + 30
        while time.time() < deadline:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply.get("result", {})
            chunk = os.read(self.from_chrome, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buffer += chunk
        raise RuntimeError(f"{method}: no answer in 30 s")

    def eval(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait(self, expression, what, seconds=30):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.eval(expression):
                return
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}; status: {self.text('#status')!r}, "
                             f"message: {self.text('#message')!r}")

    def click(self, selector):
        """A real mouse click at the middle of the element."""
        box = self.eval(f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
                        " if (!e) return null; e.scrollIntoView({block: 'nearest'});"
                        " const r = e.getBoundingClientRect();"
                        " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        if box is None:
            raise AssertionError(f"nothing to click at {selector}")
        x, y = box
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent",
                      {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})

    def drag(self, source, target):
        """Presses the mouse on one element, moves to another and releases it there."""
        points = []
        for selector in (source, target):
            points.append(self.eval(f"(() => {{ const r = document.querySelector({json.dumps(selector)})"
                                    ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"))
        (x1, y1), (x2, y2) = points
        self.send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x1, "y": y1, "button": "left", "clickCount": 1})
        for k in range(1, 6):
            self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x1 + (x2 - x1) * k / 5,
                                                   "y": y1 + (y2 - y1) * k / 5, "button": "left", "buttons": 1})
        self.send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x2, "y": y2, "button": "left", "clickCount": 1})

    def text(self, selector):
        return self.eval(f"(document.querySelector({json.dumps(selector)}) || {{}}).textContent || ''")

    def screenshot(self, path):
        import base64
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close")
        except RuntimeError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def start_server(junqi, data_dir, watched):
    proc = subprocess.Popen([junqi, "serve", "--port", "0", "--deployments", data_dir, "--watch", watched],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()
    match = re.search(r"http://[\d.]+:(\d+)/", line)
    if not match:
        proc.kill()
        raise RuntimeError(f"junqi serve did not start: {line!r}")
    return proc, f"http://127.0.0.1:{match.group(1)}/"


def ply(b):
    return int(b.eval("document.body.dataset.ply || '0'"))


def play_a_move(b):
    """Clicks own pieces until one shows legal destinations, then clicks the first one.
    Returns the milliseconds from that click to the bot's reply on the page."""
    before = ply(b)
    pieces = b.eval("[...document.querySelectorAll('#pieces .piece')].filter(p => "
                    "p.classList.contains(document.querySelector('#game-title').textContent.includes('you play red')"
                    " ? 'red' : 'blue')).map(p => p.dataset.square)")
    for square in pieces:
        b.click(f'#hits [data-square="{square}"]')
        target = b.eval("(document.querySelector('#marks .target') || {dataset: {}}).dataset.target || null")
        if target:
            start = time.time()
            b.click(f'#hits [data-square="{target}"]')
            b.wait(f"Number(document.body.dataset.ply) >= {before + 2} || "
                   "document.querySelector('#status').textContent.startsWith('Game over')", "the bot's reply")
            b.wait("document.querySelector('#status').textContent.startsWith('Your move') || "
                   "document.querySelector('#status').textContent.startsWith('Game over')", "our turn again")
            return (time.time() - start) * 1000
    raise AssertionError("no own piece shows a legal destination")


def swap_officers(b, slots, square):
    """Clicks two own officers of different ranks (deployment slots 10 to 24), square(slot)
    naming their squares. Returns both squares and the deployment string the swap gives."""
    officers = [i for i in range(10, 25) if slots[i] in "MGDRTYCP"]
    a, c = next((i, j) for i in officers for j in officers if slots[i] != slots[j])
    b.click(f'#hits [data-square="{square(a)}"]')
    b.click(f'#hits [data-square="{square(c)}"]')
    swapped = list(slots)
    swapped[a], swapped[c] = swapped[c], swapped[a]
    return square(a), square(c), "/".join("".join(swapped[r * 5:r * 5 + 5]) for r in range(6))


def resign_then_replay(b, check, what, result):
    """Resigns the game unless it is over (the status must then name `result`), checks that
    its record is offered for download and opens its replay."""
    if not b.text("#status").startswith("Game over"):
        b.click("#resign")
        b.wait("document.querySelector('#status').textContent.startsWith('Game over')", f"the {what}'s resignation")
        check(result in b.text("#status"), f"resigned the {what}: {b.text('#status')}")
    check(b.eval("!document.querySelector('#record').hidden"), f"the {what}'s record offered for download")
    b.click("#replay-this")
    b.wait("document.body.dataset.mode === 'replay'", f"the {what}'s replay")


def flip_game(b, check, args):
    """A flip game (翻棋) by clicking: face-down pieces turned up one click each, the
    colours given by the flips, undo, resignation. Returns the click-to-reply times."""
    b.click("#replay-close")
    b.wait("document.body.dataset.mode === 'setup'", "the new-game form")
    b.eval("(() => { const s = document.querySelector('#kind'); s.value = 'flip';"
           " s.dispatchEvent(new Event('change')); })()")
    check(b.eval("document.querySelector('#deployment-editor').hidden"), "the flip game asks no deployment")
    b.eval(f"(() => {{ const s = document.querySelector('#bot'); s.value = {json.dumps(args.bot)};"
           " s.dispatchEvent(new Event('change')); })()")
    b.click("#start")
    b.wait("document.body.dataset.mode === 'play' && document.querySelector('#status').textContent.includes('face-down')",
           "the flip game to start")
    check(b.eval("document.querySelectorAll('#pieces .piece.face-down').length") == 50, "50 pieces face down")
    check(b.eval("[...document.querySelectorAll('#pieces .piece')].every(p => p.dataset.piece === '?')"),
          "no face-down piece is named")
    replies = []
    for _ in range(args.moves):
        before = ply(b)
        square = b.eval("(() => { const s = [...document.querySelectorAll('#pieces .piece.face-down')]; "
                        "return s.length ? s[(s.length * 7) % 13 % s.length].dataset.square : null; })()")
        start = time.time()
        b.click(f'#hits [data-square="{square}"]')
        b.wait(f"Number(document.body.dataset.ply) >= {before + 2} || "
               "document.querySelector('#status').textContent.startsWith('Game over')", "the bot's reply to a flip")
        b.wait("!page.game.thinking", "our turn again")
        replies.append((time.time() - start) * 1000)
        check(b.eval(f"page.game.moves[{before}].by === 'you' && "
                     f"page.game.moves[{before}].text.startsWith('{square}^')"), f"clicking {square} turned it up")
    # Once the colours are given the bot may move instead of turning a piece up.
    flips = "page.game.moves.filter(m => m.text.includes('^')).length"
    check(b.eval(f"document.querySelectorAll('#pieces .piece.face-down').length === 50 - {flips}"),
          "one piece turned up per flip")
    check("turned up" in b.text("#moves"), "the move list names the turned-up pieces")
    check(b.eval("page.game.colours_assigned") == ("you play" in b.text("#game-title")),
          f"the title follows the colours: {b.text('#game-title')}")
    b.screenshot(os.path.join(args.out, "page-flip.png"))
    b.click("#undo")
    b.wait(f"Number(document.body.dataset.ply) === {2 * args.moves - 2}", "the flip game's undo")
    check(b.eval(f"document.querySelectorAll('#pieces .piece.face-down').length === 50 - {flips}"),
          "undo turns the taken-back flips face down again")
    b.click("#resign")
    b.wait("document.querySelector('#status').textContent.startsWith('Game over')", "the flip game's resignation")
    check("the bot wins" in b.text("#status"), f"resigned the flip game: {b.text('#status')}")
    b.click("#replay-this")
    b.wait("document.body.dataset.mode === 'replay'", "the flip game's replay")
    b.click("#replay-last")
    known = b.eval("[...document.querySelectorAll('#pieces .piece.known-face-down')].map(p => p.dataset.piece)")
    check(len(known) == 50 - b.eval(flips) and "?" not in known,
          f"the replay's full board names the {len(known)} face-down pieces")
    b.eval("(() => { const s = document.querySelector('#replay-view'); s.value = 'red';"
           " s.dispatchEvent(new Event('change')); })()")
    b.wait("document.querySelector('#status').textContent.includes(\"red's view\")", "a side's view")
    check(b.eval("document.querySelectorAll('#pieces .piece.face-down').length") > 0 and
          b.eval("document.querySelectorAll('#pieces .piece.known-face-down').length") == 0,
          "a side's view of the flip game keeps them face down")
    b.click("#replay-close")
    return replies


def select_movable_piece(b, seat):
    """Clicks the seat's pieces in turn until one shows a legal destination; returns its
    square and the first destination (None if no piece can move)."""
    square = None
    for square in b.eval(f"[...document.querySelectorAll('#pieces .piece.{seat}')].map(p => p.dataset.square)"):
        b.click(f'#hits [data-square="{square}"]')
        target = b.eval("(document.querySelector('#marks .target') || {dataset: {}}).dataset.target || null")
        if target:
            return square, target
    return square, None


def four_game(b, check, args):
    """A four-player game (四国) in the seat of East: the cross drawn with our half at the
    bottom, a swap in our deployment, moves by clicking (South's bot moves first, the
    three bots answer each of ours), the other seats' pieces as blank tiles, a hint, undo,
    resignation, the replay. Returns the click-to-reply times."""
    b.wait("document.body.dataset.mode === 'setup'", "the new-game form")
    # The belief view, left on by the 2-player game (and disabled by the flip game): off,
    # so that the replies are timed alone.
    b.eval("document.querySelector('#belief').checked = false")
    # The cross is wider than the 2-player board: a wider window keeps the panel beside it.
    b.send("Emulation.setDeviceMetricsOverride", {"width": 1100, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    b.eval("(() => { const s = document.querySelector('#kind'); s.value = 'four';"
           " s.dispatchEvent(new Event('change')); })()")
    sides = b.eval("[...document.querySelector('#side').options].map(o => o.value)")
    check(sides == ["south", "east", "north", "west"], f"the four seats offered: {sides}")
    b.eval("(() => { const s = document.querySelector('#side'); s.value = 'east';"
           " s.dispatchEvent(new Event('change')); })()")
    check(b.eval("document.querySelectorAll('#hits [data-square]').length") == 129, "the cross has 129 squares")
    check(b.eval("document.querySelectorAll('#board .camp').length") == 20, "20 camps drawn")
    check(b.eval("document.querySelectorAll('#board .hq').length") == 8, "8 headquarters drawn")
    check(b.eval("document.querySelector('#clock-row').hidden"), "no clock for four players")
    check(b.eval("[...document.querySelectorAll('#bot option')].some(o => o.value === 'heuristic' && o.disabled)"),
          "a bot that does not play four seats is not offered")
    own = b.eval("[...document.querySelectorAll('#pieces .piece.east')].map(p => p.dataset.square)")
    check(len(own) == 25 and all(sq.startswith("E") for sq in own), "25 own pieces to deploy in East's half")
    # Our half at the bottom: every own piece below the centre square Cb2.
    low = b.eval("(() => { const c = document.querySelector('#hits [data-square=\"Cb2\"]').getBoundingClientRect().y;"
                 " return [...document.querySelectorAll('#pieces .piece.east')]"
                 ".every(p => p.getBoundingClientRect().y > c); })()")
    check(low, "East's half drawn at the bottom")
    slots = b.eval("document.querySelector('#deployment-text').value").replace("/", "")
    a, c, expected = swap_officers(b, slots, lambda i: f"E{'abcde'[i % 5]}{i // 5 + 1}")
    b.wait(f"document.querySelector('#deployment-text').value === {json.dumps(expected)}", "the swap in East's half")
    check(True, f"a swap {a}<->{c} in our half is kept")
    b.eval(f"(() => {{ const s = document.querySelector('#bot'); s.value = {json.dumps(args.bot)};"
           " s.dispatchEvent(new Event('change')); })()")
    b.click("#start")
    b.wait("document.body.dataset.mode === 'play' && "
           "document.querySelector('#status').textContent.startsWith('Your move')", "the four-player game to start")
    check(b.eval("page.game.deployment") == expected, "the game uses the deployment as edited")
    check(ply(b) == 1 and b.eval("page.game.moves[0].seat") == "south", "South's bot moved first")
    # South's first move may already be a fight (a railway piece can reach another seat's
    # front row on ply 1): the side that lost it has a piece fewer, and a reveal it caused
    # (a flag shown when a Field Marshal dies) names the squares that are no longer blank.
    first = b.eval("page.game.moves[0].text").split(" ")
    counts = {"south": 25, "east": 25, "north": 25, "west": 25}
    fight = re.match(r"^S\w+x([SENW])\w+([<>=])$", first[0])
    if fight:
        defender = {"S": "south", "E": "east", "N": "north", "W": "west"}[fight.group(1)]
        for seat in {"<": ["south"], ">": [defender], "=": ["south", defender]}[fight.group(2)]:
            counts[seat] -= 1
    shown = {m.group(1) for t in first[1:] if (m := re.match(r"^[senw][A-Z]@(\S+)$", t))}
    for seat in ("south", "north", "west"):
        pieces = b.eval(f"[...document.querySelectorAll('#pieces .piece.{seat}')].map(p => [p.dataset.piece, "
                        "p.classList.contains('hidden'), p.textContent, p.dataset.square])")
        check(len(pieces) == counts[seat] and
              all(p[0][1] == "X" and p[1] and p[2] == "" for p in pieces if p[3] not in shown),
              f"{seat}'s {counts[seat]} pieces are blank tiles (South opened {first[0]})")
    replies = []
    for _ in range(args.moves):
        before = ply(b)
        square, target = select_movable_piece(b, "east")
        check(target is not None, "an own piece shows its legal destinations")
        start = time.time()
        b.click(f'#hits [data-square="{target}"]')
        b.wait("document.querySelector('#status').textContent.startsWith('Your move') && "
               f"Number(document.body.dataset.ply) > {before} || "
               "document.querySelector('#status').textContent.startsWith('Game over') || "
               "document.querySelector('#status').textContent.startsWith('You are out')", "the bots' replies")
        replies.append((time.time() - start) * 1000)
        check(b.eval(f"page.game.moves[{before}].seat === 'east' && page.game.moves[{before}].text.startsWith("
                     f"{json.dumps(square + '-')}) || page.game.moves[{before}].text.startsWith({json.dumps(square + 'x')})"),
              f"our click played {square} to {target}")
        if not b.text("#status").startswith("Your move"):
            break
    check(b.eval("document.querySelectorAll('#moves li').length === page.game.ply"), "every ply listed")
    check(b.text("#moves li:first-child").startswith("South 南: "), f"the move list names the seats: "
                                                                   f"{b.text('#moves li:first-child')}")
    seats = b.eval("[...document.querySelectorAll('#seats li')].map(l => l.textContent)")
    check(len(seats) == 4 and seats[1].startswith("East 东 (you)") and "partner" in seats[3],
          f"the seats listed: {seats}")
    check(b.eval("document.querySelectorAll('#marks .last').length") == 2, "the last move marked")
    check(b.eval("[...document.querySelectorAll('#pieces .piece.east text')].every(t => /^[A-Z]$/.test(t.textContent))"),
          "English letters on our pieces (the option is still on)")
    b.click("#letters")
    check("军旗" in b.text("#pieces"), "Chinese names on our pieces")
    b.screenshot(os.path.join(args.out, "page-four.png"))
    if b.text("#status").startswith("Your move"):
        b.click("#hint")
        b.wait("document.querySelector('#hint-text').textContent.startsWith('Hint:')", "the four-player hint", 60)
        check(b.eval("document.querySelectorAll('#marks .hint-mark').length === 2 && "
                     "page.game.legal.includes(page.game.hint)"), f"the hint, a legal move, marked on the cross: "
                                                                 f"{b.text('#hint-text')}")
        before = ply(b)
        b.click("#undo")
        b.wait(f"Number(document.body.dataset.ply) < {before} && page.game.your_turn", "the four-player undo")
        check(b.eval("page.game.moves.length === 0 || page.game.moves[page.game.moves.length - 1].seat !== 'east'"),
              f"undo took back our move and the bots' replies: ply {before} -> {ply(b)}")
    if b.text("#status").startswith("Your move"):
        # The belief view: a guess under every piece we cannot identify, all its chances
        # for a clicked one.
        if not b.eval("document.querySelector('#belief').checked"):
            b.click("#belief")
        b.wait("document.querySelectorAll('#marks .belief-label').length > 0", "the four-player belief labels")
        check(b.eval("document.querySelectorAll('#marks .belief-label').length") ==
              b.eval("document.querySelectorAll('#pieces .piece.hidden').length"),
              "a belief for every unidentified piece")
        other = b.eval("document.querySelector('#pieces .piece.hidden').dataset.square")
        b.click(f'#hits [data-square="{other}"]')
        check("%" in b.text("#belief-panel"), f"the belief of {other}: {b.text('#belief-panel')}")
        b.screenshot(os.path.join(args.out, "page-four-belief.png"))
        b.click("#belief")
        # A draw offer, answered by the next opponent to search (a random bot declines).
        b.click("#draw")
        b.wait("document.querySelector('#status').textContent.includes('draw offered')", "the four-player draw offer")
        square, target = select_movable_piece(b, "east")
        before = ply(b)
        b.click(f'#hits [data-square="{target}"]')
        b.wait(f"Number(document.body.dataset.ply) > {before + 1} && !page.game.thinking", "the answer to the offer")
        status = b.text("#status")
        check("declined" in status or "Game over" in status or "out" in status,
              f"the opponents answered the draw offer: {status}")
    # Resigned for our team; the replay, on the cross: the full board names every piece,
    # East's view only its own.
    resign_then_replay(b, check, "four-player game", "the other team wins")
    b.click("#replay-last")
    check(b.eval("document.querySelectorAll('#hits [data-square]').length") == 129, "the replay drawn on the cross")
    full = b.eval("[...document.querySelectorAll('#pieces .piece')].map(p => p.dataset.piece)")
    check(len(full) > 90 and not any(p[1] == "X" for p in full), f"the full board names all {len(full)} pieces")
    views = b.eval("[...document.querySelectorAll('#replay-view option')].map(o => o.value)")
    check(views == ["full", "south", "east", "north", "west"], f"a seat's view to choose: {views}")
    b.eval("(() => { const s = document.querySelector('#replay-view'); s.value = 'east';"
           " s.dispatchEvent(new Event('change')); })()")
    b.wait("document.querySelector('#status').textContent.includes(\"east's view\")", "East's view of the replay")
    seen = b.eval("[...document.querySelectorAll('#pieces .piece')].map(p => [p.dataset.piece, "
                  "p.classList.contains('hidden')])")
    check(all((p[0][0] == "e") != p[1] for p in seen), "East's view names its own pieces only")
    check(b.text("#replay-move").split(":")[0] in ("South 南", "East 东", "North 北", "West 西"),
          f"the replay names the seat of the move: {b.text('#replay-move')}")
    b.click("#replay-close")
    b.wait("document.body.dataset.mode === 'setup'", "the new-game form again")
    b.eval("(() => { const s = document.querySelector('#kind'); s.value = 'dark';"
           " s.dispatchEvent(new Event('change')); })()")
    check(b.eval("document.querySelectorAll('#hits [data-square]').length") == 60, "back to the 2-player board")
    b.send("Emulation.setDeviceMetricsOverride", {"width": 900, "height": 820, "deviceScaleFactor": 1, "mobile": False})
    return replies


def clock_game(b, check, args):
    """A dark game on a 3-second clock: both clocks shown, ours running down while we
    think, the bot's after its reply, and our loss on time when we stop moving."""
    b.wait("document.body.dataset.mode === 'setup'", "the new-game form")
    b.eval("(() => { const s = document.querySelector('#kind'); s.value = 'dark';"
           " s.dispatchEvent(new Event('change')); })()")
    b.eval("document.querySelector('#clock-minutes').value = '0.05'")  # 3 s
    b.eval("document.querySelector('#clock-increment').value = '0'")
    b.click("#start")
    b.wait("document.body.dataset.mode === 'play' && !document.querySelector('#clocks').hidden", "the clocks")
    check(b.text("#clock-bot") == "Bot 3.0", f"the bot's clock full: {b.text('#clock-bot')}")
    first = int(b.eval("document.querySelector('#clock-you').dataset.ms"))
    b.wait(f"Number(document.querySelector('#clock-you').dataset.ms) < {first - 300}", "our clock to run")
    check(b.eval("document.querySelector('#clock-you').classList.contains('running')"), "our clock runs on our move")
    play_a_move(b)
    check(int(b.eval("document.querySelector('#clock-bot').dataset.ms")) <= 3000 and
          b.eval("document.querySelector('#clock-you').classList.contains('running') && "
                 "!document.querySelector('#clock-bot').classList.contains('running')"),
          "after the bot's reply our clock runs again, the bot's stopped")
    b.screenshot(os.path.join(args.out, "page-clock.png"))
    b.wait("document.querySelector('#status').textContent.startsWith('Game over')", "our flag to fall", 15)
    check(b.text("#status") == "Game over: the bot wins (0-1, time)", f"lost on time: {b.text('#status')}")
    check(b.text("#clock-you") == "You 0.0", f"our clock at zero: {b.text('#clock-you')}")


def live_tournament(b, check, args, work):
    """`junqi tournament ... --serve 0`: the page of the tournament's own server follows a
    game in progress and sees its next move appear, beside the standings."""
    out = os.path.join(work, "live.jsonl")
    proc = subprocess.Popen([args.junqi, "tournament", "--player", "pimc", "--player", "greedy", "--games", "2",
                             "--tc", "movetime=150", "--concurrency", "1", "--out", out, "--serve", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = None
        for line in proc.stdout:
            match = re.search(r"http://[\d.]+:(\d+)/", line)
            if match:
                url = f"http://127.0.0.1:{match.group(1)}/"
                break
        check(url is not None, f"junqi tournament --serve names its page: {url}")
        b.send("Page.navigate", {"url": url})
        b.wait("document.body && document.body.dataset.ready === 'true'", "the tournament's page")
        b.wait("!document.querySelector('#live-row').hidden", "a game in progress", 30)
        check(not b.eval("document.querySelector('#watch').hidden"), "the standings table shown beside the board")
        b.click("#live-follow")
        b.wait("document.querySelector('#status').textContent.startsWith('Live:')", "the live game")
        first = int(b.eval("document.body.dataset.ply"))
        b.wait(f"Number(document.body.dataset.ply) > {first}", "the next move of the live game", 15)
        check(True, f"the live game's move appears: ply {first} -> {b.eval('document.body.dataset.ply')}")
        check(b.text("#replay-ply").split(" / ")[0] == b.text("#replay-ply").split(" / ")[1],
              f"following stays on the last ply: {b.text('#replay-ply')}")
        b.screenshot(os.path.join(args.out, "page-live.png"))
    finally:
        proc.send_signal(2)  # Ctrl-C: the tournament stops and its server with it
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def run(args):
    work = tempfile.mkdtemp(prefix="junqi-page-")
    watched = os.path.join(work, "watched.jsonl")
    server, url = start_server(args.junqi, os.path.join(work, "deployments"), watched)
    b = Browser(args.chromium, os.path.join(work, "profile"))
    checks = 0

    def check(condition, what):
        nonlocal checks
        if not condition:
            raise AssertionError(what)
        checks += 1
        print(f"ok {checks} - {what}")

    try:
        start = time.time()
        b.send("Page.navigate", {"url": url})
        b.wait("document.body && document.body.dataset.ready === 'true'", "the page to load")
        load_ms = (time.time() - start) * 1000
        check(b.eval("document.querySelectorAll('#hits [data-square]').length") == 60, "the board has 60 squares")
        check(b.eval("document.querySelectorAll('#board .camp').length") == 10, "10 camps drawn")
        check(b.eval("document.querySelectorAll('#pieces .piece.red').length") == 25, "25 own pieces to deploy")
        check("军旗" in b.text("#pieces"), "pieces named in Chinese")

        # The deployment editor: a refused swap names the rule; a legal one is kept.
        deployment = b.eval("document.querySelector('#deployment-text').value")
        slots = deployment.replace("/", "")
        flag = "abcde"[slots.index("F") % 5] + "1"           # Red: own slot = the square
        front = next(f"{'abcde'[i % 5]}6" for i in range(25, 30) if slots[i] not in "+F")
        b.click(f'#hits [data-square="{flag}"]')
        b.click(f'#hits [data-square="{front}"]')
        b.wait("document.querySelector('#message').textContent.startsWith('Refused')", "the refusal")
        check(re.search("lag", b.text("#message")), f"swapping the flag to {front} is refused naming the rule: "
                                                    f"{b.text('#message')}")
        check(b.eval("document.querySelector('#deployment-text').value") == deployment, "the refused swap is undone")
        a, c, expected = swap_officers(b, slots, lambda i: f"{'abcde'[i % 5]}{i // 5 + 1}")  # Red: slot = square
        b.wait(f"document.querySelector('#deployment-text').value === {json.dumps(expected)}", "the swap")
        check(True, f"a legal swap {a}<->{c} is kept")
        b.drag(f'#hits [data-square="{a}"]', f'#hits [data-square="{c}"]')
        b.wait(f"document.querySelector('#deployment-text').value === {json.dumps(deployment)}", "the drag")
        check(True, f"dragging {a} onto {c} swaps them back")
        b.eval("document.querySelector('#deployment-name').value = 'browser_test'")
        b.click("#save-deployment")
        b.wait("document.querySelector('#message').textContent === 'Saved as browser_test'", "the save")
        check(os.path.exists(os.path.join(work, "deployments", "browser_test.txt")), "the deployment saved server-side")

        b.eval(f"(() => {{ const s = document.querySelector('#bot'); s.value = {json.dumps(args.bot)};"
               " s.dispatchEvent(new Event('change')); })()")
        b.click("#start")
        b.wait("document.body.dataset.mode === 'play' && "
               "document.querySelector('#status').textContent.startsWith('Your move')", "the game to start")
        check(b.eval("document.querySelectorAll('#pieces .piece.blue').length") == 25, "25 enemy pieces shown")
        check(set(b.eval("[...document.querySelectorAll('#pieces .piece.blue')].map(p => p.dataset.piece)")) == {"x"},
              "every enemy piece unidentified")

        replies = [play_a_move(b) for _ in range(args.moves)]
        check(b.eval("document.querySelectorAll('#moves li').length") == 2 * args.moves, "the moves listed")
        check(b.eval("document.querySelectorAll('#marks .last').length") == 2, "the last move marked")
        b.screenshot(os.path.join(args.out, "page-game.png"))

        b.click("#undo")
        b.wait(f"Number(document.body.dataset.ply) === {2 * args.moves - 2}", "the undo")
        check(b.eval("document.querySelectorAll('#moves li').length") == 2 * args.moves - 2,
              "undo takes back our move and the reply")

        b.click("#hint")
        b.wait("document.querySelector('#hint-text').textContent.startsWith('Hint:')", "the hint", 60)
        check(b.eval("document.querySelectorAll('#marks .hint-mark').length") == 2, "the hint marked on the board")

        b.click("#belief")
        b.wait("document.querySelectorAll('#marks .belief-label').length > 0", "the belief labels")
        check(b.eval("document.querySelectorAll('#marks .belief-label').length") ==
              b.eval("document.querySelectorAll('#pieces .piece.blue').length"), "a belief for every enemy piece")
        enemy = b.eval("document.querySelector('#pieces .piece.blue').dataset.square")
        b.click(f'#hits [data-square="{enemy}"]')
        check("%" in b.text("#belief-panel"), f"the belief of {enemy}: {b.text('#belief-panel')}")
        b.screenshot(os.path.join(args.out, "page-belief.png"))

        b.click("#letters")
        check(b.eval("[...document.querySelectorAll('#pieces .piece.red text')].every(t => /^[A-Z]$/.test(t.textContent))"),
              "English letters on the pieces")

        b.click("#draw")
        b.wait("document.querySelector('#status').textContent.includes('draw offered')", "the draw offer")
        replies.append(play_a_move(b))
        status = b.text("#status")
        check("declined" in status or "draw" in status, f"the bot answered the draw offer: {status}")

        # Replay the game just played, from the full board and from Red's view.
        resign_then_replay(b, check, "game", "the bot wins")
        plies = int(b.text("#replay-ply").split("/")[1])
        check(b.text("#replay-ply") == f"0 / {plies}" and plies > 0, f"the replay opens at the start: {b.text('#replay-ply')}")
        b.click("#replay-next")
        check(b.text("#replay-ply") == f"1 / {plies}", "one ply forward")
        check(b.text("#replay-move").startswith("Red:"), f"Red's first move shown: {b.text('#replay-move')}")
        b.click("#replay-last")
        check(b.text("#replay-ply") == f"{plies} / {plies}", "to the end")
        full = b.eval("[...document.querySelectorAll('#pieces .piece.blue')].map(p => p.dataset.piece)")
        check(full and "x" not in full, "the full board names Blue's pieces")
        b.screenshot(os.path.join(args.out, "page-replay.png"))
        b.eval("(() => { const s = document.querySelector('#replay-view'); s.value = 'red';"
               " s.dispatchEvent(new Event('change')); })()")
        b.wait("document.querySelector('#status').textContent.includes(\"red's view\")", "Red's view")
        seen = b.eval("[...document.querySelectorAll('#pieces .piece.blue')].map(p => p.dataset.piece)")
        check(seen and set(seen) <= {"x", "f"}, "Red's view hides Blue's pieces (the flag only once revealed)")
        check(b.text("#replay-ply") == f"{plies} / {plies}", "the view changes at the same ply")

        # Watching: the game's record appended to the file the server follows shows up in
        # the standings within the page's two-second look, and opens at its last ply.
        game_id = b.eval("page.game.id")
        with urllib.request.urlopen(f"{url}api/games/{game_id}/record") as r, open(watched, "ab") as out:
            out.write(r.read())
        b.wait("document.querySelectorAll('#standings tbody tr').length === 2", "the standings", 10)
        rows = b.eval("[...document.querySelectorAll('#standings tbody tr')].map(r => r.textContent)")
        check(rows[0].startswith(args.bot) and rows[1].startswith("you"), f"the standings: {rows}")
        b.click("#watch-open")
        b.wait(f"document.querySelector('#replay-ply').textContent === '{plies} / {plies}' && "
               "document.querySelector('#status').textContent.includes('full board')", "the watched game")
        check(True, "the watched game opens at its end, full board")
        replies += flip_game(b, check, args)
        four = four_game(b, check, args)
        clock_game(b, check, args)
        live_tournament(b, check, args, work)
        print(f"page load: {load_ms:.0f} ms; click to the bot's reply ({args.bot}): "
              + ", ".join(f"{r:.0f}" for r in replies) + " ms; four players, click to the three bots' replies: "
              + ", ".join(f"{r:.0f}" for r in four) + " ms")
        print(f"browser test: {checks} passed, 0 failed")
        return 0
    except (AssertionError, RuntimeError) as e:
        try:
            b.screenshot(os.path.join(args.out, "page-failure.png"))
        except RuntimeError:
            pass
        print(f"not ok - {e}")
        print(f"browser test: {checks} passed, 1 failed")
        return 1
    finally:
        b.close()
        server.send_signal(2)  # Ctrl-C: the server stops cleanly
        try:
            code = server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            code = "killed"
        if code != 0:
            print(f"junqi serve exited with {code} after Ctrl-C")
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--junqi", default="build/runner/junqi")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--bot", default="random", help="the opponent (the default keeps the test fast)")
    parser.add_argument("--moves", type=int, default=3)
    parser.add_argument("--out", default="build/browser-test", help="where the screenshots go")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    sys.exit(run(args))


if __name__ == "__main__":
    main()
