"""One child process spoken to in lines: start it, write lines, read lines before a deadline, kill it.

Raw file descriptors and ``poll`` rather than Python's buffered streams: a read must be
able to give up at a deadline (a hung implementation), and stdout and stderr must both
be drained while waiting (a child that fills the stderr pipe would otherwise block).
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import time
from collections.abc import Sequence

# a reply longer than this without a newline is not a line of the protocol
MAX_LINE = 64 * 1024 * 1024
_CHUNK = 1 << 16


class Timeout(Exception):
    """No complete line before the deadline."""


class Closed(Exception):
    """The child closed its stdout (it exited or crashed)."""


class LineProcess:
    """A started child with non-blocking pipes; every method is bounded by a deadline."""

    def __init__(self, argv: Sequence[str]) -> None:
        # its own session, so a kill reaches the child's children and nothing else
        self._child = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
            start_new_session=True,
        )
        assert self._child.stdin is not None and self._child.stdout is not None and self._child.stderr is not None
        self._stdin = self._child.stdin.fileno()
        self._stdout = self._child.stdout.fileno()
        self._stderr = self._child.stderr.fileno()
        for fd in (self._stdin, self._stdout, self._stderr):
            os.set_blocking(fd, False)
        self._in = bytearray()
        self._watching_stdin = False
        self._out = bytearray()
        self._err = bytearray()
        self._poll = select.poll()
        self._poll.register(self._stdout, select.POLLIN)
        self._poll.register(self._stderr, select.POLLIN)

    @property
    def pid(self) -> int:
        return self._child.pid

    def send(self, data: bytes) -> None:
        """Queue ``data`` for stdin and write what the pipe takes now; the rest goes out while reading.

        Writing and reading share one loop, so a long batch of requests cannot deadlock against
        a child that is blocked writing replies nobody reads yet.
        """
        self._in += data
        self._write_some()

    def write(self, data: bytes, deadline: float) -> None:
        """Write all of ``data``; Timeout if the child stops reading, Closed if it is gone."""
        self.send(data)
        while self._in:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise Timeout("the child stopped reading its stdin")
            if not self._pump(remaining):
                raise Closed("stdout closed")

    def _write_some(self) -> None:
        if not self._in:
            return
        try:
            sent = os.write(self._stdin, self._in)
        except BlockingIOError:
            sent = 0
        except (BrokenPipeError, ConnectionResetError) as exc:
            raise Closed("stdin closed") from exc
        del self._in[:sent]
        # wake for a writable stdin only while something waits to go out
        if self._in and not self._watching_stdin:
            self._poll.register(self._stdin, select.POLLOUT)
        elif not self._in and self._watching_stdin:
            self._poll.unregister(self._stdin)
        self._watching_stdin = bool(self._in)

    def read_line(self, deadline: float) -> bytes:
        """The next line of stdout, without its newline; stderr is collected meanwhile."""
        while True:
            end = self._out.find(b"\n")
            if end >= 0:
                line = bytes(self._out[:end])
                del self._out[: end + 1]
                return line
            if len(self._out) > MAX_LINE:
                raise Closed(f"a line longer than {MAX_LINE} bytes")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise Timeout("no complete line before the deadline")
            if not self._pump(remaining):
                raise Closed("stdout closed")

    def _pump(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds and read what is ready; False once stdout is closed."""
        still_open = True
        for fd, _ in self._poll.poll(max(timeout, 0.0) * 1000):
            if fd == self._stdin:
                self._write_some()
                continue
            if fd == self._stderr:
                self._read_stderr()
                continue
            chunk = self._read(self._stdout)
            if chunk == b"":
                still_open = False
            elif chunk:
                self._out += chunk
        return still_open

    def _read(self, fd: int) -> bytes | None:
        try:
            return os.read(fd, _CHUNK)
        except BlockingIOError:
            return None

    def _read_stderr(self) -> None:
        chunk = self._read(self._stderr)
        if chunk == b"":
            self._poll.unregister(self._stderr)
        elif chunk:
            self._err += chunk

    def pending(self) -> bool:
        """Whether the child has written anything nobody has read yet (nothing is taken)."""
        if self._poll.poll(0):
            self._pump(0.0)
        return bool(self._out or self._err)

    def stderr_now(self) -> bytes:
        """What the child has written to stderr so far, taken without waiting; stdout stays buffered."""
        if self._poll.poll(0):
            self._pump(0.0)
        err = bytes(self._err)
        self._err.clear()
        return err

    def drain(self) -> tuple[bytes, bytes]:
        """What the child has written and nobody has read yet: (stdout, stderr), without waiting."""
        for _ in range(1000):  # bounded: a child may write forever
            if not (self._poll.poll(0) and self._pump(0.0)):
                break
        out, err = bytes(self._out), bytes(self._err)
        self._out.clear()
        self._err.clear()
        return out, err

    def exit_status(self, wait: float = 0.0) -> int | None:
        """The child's exit status, waiting up to ``wait`` seconds; None while it runs."""
        try:
            return self._child.wait(wait) if wait > 0 else self._child.poll()
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        """Kill the child and its process group now; idempotent."""
        if self._child.poll() is None:
            try:
                os.killpg(self._child.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self._child.wait()
        for stream in (self._child.stdin, self._child.stdout, self._child.stderr):
            if stream is not None:
                stream.close()

    def stop(self, line: bytes, grace: float = 1.0) -> None:
        """Ask the child to exit with ``line``, close its stdin, and kill it if it has not gone in ``grace`` s."""
        if self._child.poll() is None:
            try:
                self.write(line, time.monotonic() + grace)
            except (Timeout, Closed):
                pass
            assert self._child.stdin is not None
            self._child.stdin.close()
            self.exit_status(grace)
        self.kill()
