"""Headless Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``), standard library only.

What the site's and the sandbox's browser tests and `bench` need of a browser: open a page (in a viewport of a given
size), wait (in real time) until a JavaScript expression on it is true, read values from it, its DOM, a screenshot;
one browser start serves many pages. Chromium reads the protocol's JSON messages on its descriptor 3 and
writes its replies on descriptor 4, each message ended by a NUL byte; no port is opened.

    with Browser() as b:
        page = b.open("http://127.0.0.1:8000/sandbox.html")
        b.wait(page, "document.body.dataset.ready", timeout=120)
        b.evaluate(page, "document.title")
"""

from __future__ import annotations

import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from typing import Any

__all__ = ["Browser", "BrowserError", "chromium"]

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
         "--remote-debugging-pipe")


class BrowserError(Exception):
    pass


def chromium() -> str | None:
    """The Chromium binary (Debian's package), or None."""
    return shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)


class Browser:
    """One headless Chromium process with a private profile; a context manager that always ends the process."""

    def __init__(self, binary: str | None = None, window: str = "1280,1000") -> None:
        binary = binary or chromium()
        if binary is None:
            raise BrowserError("headless Chromium is not installed (Debian: apt-get install chromium)")
        self.profile = tempfile.mkdtemp(prefix="berserk-chromium-")
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        # above any descriptor the child's dup2 writes, so that neither end is overwritten before it is moved
        hi_r = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
        hi_w = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
        os.close(to_chrome_r)
        os.close(from_chrome_w)

        def fds() -> None:
            os.dup2(hi_r, 3)
            os.dup2(hi_w, 4)

        self.proc = subprocess.Popen([binary, *FLAGS, f"--window-size={window}", f"--user-data-dir={self.profile}",
                                      "about:blank"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, pass_fds=(3, 4), preexec_fn=fds,
                                     start_new_session=True)
        os.close(hi_r)
        os.close(hi_w)
        self._next = 0
        self._buffer = b""
        self._targets: dict[str, str] = {}      # session id → target id, of the tabs `open` opened

    # -- the protocol
    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None,
             timeout: float = 30.0) -> dict[str, Any]:
        """Send one command and return its result (events in between are skipped)."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_chrome, json.dumps(message).encode("utf-8") + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})

    def _read(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("Chromium did not answer in time")
            ready, _, _ = select.select([self._from_chrome], [], [], left)
            if ready:
                chunk = os.read(self._from_chrome, 1 << 16)
                if not chunk:
                    raise BrowserError("Chromium closed the pipe (it exited)")
                self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(raw.decode("utf-8"))

    # -- pages
    def open(self, url: str, window: tuple[int, int] | None = None, timeout: float = 60.0) -> str:
        """Open `url` in a new tab; returns its session id. With `window` (width, height in CSS pixels) the tab
        has that viewport, and `open` returns once the page has loaded (its load event has fired), as
        `chromium --window-size=W,H --dump-dom` sees it; many pages can be opened in one browser start."""
        if window is None:
            target = self.send("Target.createTarget", {"url": url})["targetId"]
            session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            self._targets[session] = target
            return session
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self._targets[session] = target
        self.send("Emulation.setDeviceMetricsOverride", {"width": window[0], "height": window[1],
                                                         "deviceScaleFactor": 1, "mobile": False}, session)
        self.evaluate(session, "window.__berserkBlank = true")     # gone once the new page has replaced it
        navigated = self.send("Page.navigate", {"url": url}, session, timeout=timeout)
        if navigated.get("errorText"):
            raise BrowserError(f"{url}: {navigated['errorText']}")
        # readyState turns «complete» in the task that fires the load event, so its handlers have run too
        self.wait(session, "!window.__berserkBlank && document.readyState === 'complete'", timeout=timeout)
        return session

    def dom(self, session: str) -> str:
        """The page's DOM as HTML (what `chromium --dump-dom` prints)."""
        return self.evaluate(session, "document.documentElement.outerHTML")

    def screenshot(self, session: str) -> bytes:
        """A PNG of the tab's viewport."""
        import base64

        return base64.b64decode(self.send("Page.captureScreenshot", {"format": "png"}, session)["data"])

    def close_page(self, session: str) -> None:
        """Close a tab `open` opened."""
        target = self._targets.pop(session, None)
        if target is not None:
            self.send("Target.closeTarget", {"targetId": target})

    def evaluate(self, session: str, expression: str) -> Any:
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails'].get('text')}")
        return result.get("result", {}).get("value")

    def wait(self, session: str, expression: str, timeout: float = 120.0, every: float = 0.05) -> Any:
        """Poll `expression` until it is truthy; its value."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(session, expression)
            except BrowserError:
                if self.proc.poll() is not None:    # Chromium is gone: nothing to wait for
                    raise
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserError(f"after {timeout:.0f} s the page still has no {expression}")
            time.sleep(every)

    def close(self) -> None:
        try:
            if self.proc.poll() is None:
                try:
                    self.send("Browser.close", timeout=5)
                except (BrowserError, OSError):
                    pass
                try:
                    self.proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    pass
        finally:
            try:    # its renderers and zygote live in its process group: none outlives it
                os.killpg(self.proc.pid, 9)
            except (ProcessLookupError, PermissionError):
                pass
            if self.proc.poll() is None:
                self.proc.wait(timeout=10)
            for fd in (self._to_chrome, self._from_chrome):
                try:
                    os.close(fd)
                except OSError:
                    pass
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
