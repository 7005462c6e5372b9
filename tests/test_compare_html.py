"""The HTML report in a real browser: headless Chromium (Debian's `chromium` package; `.ci/run`
installs it) opens the file from disk with JavaScript off, and the test checks that nothing is
logged as an error, that no request leaves the page, that every section is there and that the
screenshot is not blank.

The browser is driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`: JSON
messages ending in a NUL byte on file descriptors 3 and 4), which needs nothing beyond the
standard library.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

import rougebleu
from rougebleu.report._tables import SECTIONS

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
_MOVE_FDS_AND_EXEC = (
    "import os, sys; r, w = os.dup(int(sys.argv[1])), os.dup(int(sys.argv[2])); "
    "os.dup2(r, 3); os.dup2(w, 4); os.set_inheritable(3, True); os.set_inheritable(4, True); "
    "os.execv(sys.argv[3], sys.argv[3:])"
)


def _browser() -> str:
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("no Chromium on PATH (Debian: apt-get install chromium; .ci/run installs it)")


class DevTools:
    """A Chromium started on a pipe, and its DevTools protocol."""

    def __init__(self, browser: str, profile: Path) -> None:
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        args = [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--remote-debugging-pipe",
            f"--user-data-dir={profile}",
            "about:blank",
        ]
        # The browser reads commands from descriptor 3 and writes replies to 4: a small Python
        # program moves the pipe's ends there (copies first, so neither overwrites the other;
        # dup2 onto the same number keeps close-on-exec, hence set_inheritable).
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _MOVE_FDS_AND_EXEC, str(to_browser_r), str(from_browser_w), *args],
            pass_fds=(to_browser_r, from_browser_w),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict] = []

    def _read(self) -> dict:
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("the browser closed the pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method: str, session: str | None = None, **params) -> dict:
        self._next_id += 1
        command = {"id": self._next_id, "method": method, "params": params}
        if session:
            command["sessionId"] = session
        os.write(self._to_browser, json.dumps(command).encode() + b"\0")
        while True:
            message = self._read()
            if message.get("id") == self._next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]
            self.events.append(message)

    def wait_for(self, method: str) -> dict:
        for event in self.events:
            if event.get("method") == method:
                return event
        while True:
            event = self._read()
            self.events.append(event)
            if event.get("method") == method:
                return event

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)


def _png_pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the unfiltered rows of an 8-bit RGB or RGBA PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data, header = 8, b"", None
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind, body = png[pos + 4 : pos + 8], png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            data += body
        pos += 12 + length
    width, height, depth, colour, *_ = header
    assert depth == 8 and colour in (2, 6), header
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(data)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + b) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line))
        prev = line
    return width, height, rows


def test_report_in_headless_chromium(tmp_path: Path) -> None:
    browser = _browser()
    refs = ["the cat sat on the mat", "a quick brown fox jumps", "hello world", "rain in spain falls"] * 10
    sys_a = ["the cat sat on a mat", "the quick brown fox jumps", "hello there world", "the rain in spain"] * 10
    sys_b = ["a cat sat on the mat", "a fox", "hello world", "rain falls in spain mainly"] * 10
    report = rougebleu.compare(
        {"A": sys_a, "B <b>&": sys_b}, refs, metrics=["bleu", "chrf", "rougeL"], paired_bs_n=100, paired_ar_n=100
    )
    page = tmp_path / "report.html"
    report.save(page)
    tools = DevTools(browser, tmp_path / "profile")
    try:
        targets = tools.send("Target.getTargets")["targetInfos"]
        target = next(t["targetId"] for t in targets if t["type"] == "page")
        session = tools.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            tools.send(f"{domain}.enable", session)
        tools.send("Emulation.setScriptExecutionDisabled", session, value=True)
        tools.send(
            "Emulation.setDeviceMetricsOverride", session, width=1200, height=1600, deviceScaleFactor=1, mobile=False
        )
        tools.send("Page.navigate", session, url=page.as_uri())
        tools.wait_for("Page.loadEventFired")
        root = tools.send("DOM.getDocument", session)["root"]["nodeId"]
        for sid in SECTIONS:
            node = tools.send("DOM.querySelector", session, nodeId=root, selector=f"section#{sid} h2")["nodeId"]
            assert node, f"section {sid} is missing"
        svgs = tools.send("DOM.querySelectorAll", session, nodeId=root, selector="svg")["nodeIds"]
        assert len(svgs) >= 10
        # The system name is escaped: text, not markup.
        html = tools.send("DOM.getOuterHTML", session, nodeId=root)["outerHTML"]
        assert "B &lt;b&gt;&amp;" in html and "B <b>&" not in html
        shot = base64.b64decode(tools.send("Page.captureScreenshot", session, format="png")["data"])
    finally:
        tools.close()
    problems = [
        e
        for e in tools.events
        if e.get("method") in ("Runtime.exceptionThrown",)
        or (e.get("method") == "Log.entryAdded" and e["params"]["entry"]["level"] == "error")
        or (e.get("method") == "Runtime.consoleAPICalled" and e["params"]["type"] in ("error", "assert"))
        or e.get("method") == "Network.loadingFailed"
    ]
    assert not problems, problems
    requested = {e["params"]["request"]["url"] for e in tools.events if e.get("method") == "Network.requestWillBeSent"}
    assert requested == {page.as_uri()}, requested  # the page itself, nothing else
    width, height, rows = _png_pixels(shot)
    assert (width, height) == (1200, 1600)
    colours = {row[x : x + 3] for row in rows[::8] for x in range(0, len(row), 24)}
    ink = sum(1 for row in rows[::8] for x in range(0, len(row), 24) if row[x : x + 3] != b"\xff\xff\xff")
    assert len(colours) > 20 and ink > 500, (len(colours), ink)
