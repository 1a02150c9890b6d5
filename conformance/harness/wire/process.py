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

from rulespec.conformance.harness.wire.descendants import (
    TOKEN,
    become_subreaper,
    descendants,
    end,
    new_token,
    outside_group,
)

# a reply longer than this is not a line of the protocol: refused as soon as the buffer passes it
# (the games' largest results are a few kilobytes)
MAX_LINE = 4 * 1024 * 1024
# stderr is kept to its last STDERR_KEPT bytes (a crash's reason is at its end): a flood cannot grow the harness
STDERR_KEPT = 64 * 1024
_CHUNK = 1 << 16
_WATCH = 0.05  # seconds between checks that the child still runs while waiting for a line
_GONE_WITHIN = 2.0  # seconds a killed process group has to vanish
# seconds a process told to stop has to exit: a correct adapter freeing gigabytes on a loaded machine needs more
# than one; only a process that ignores ``stop`` pays it, once per run
STOP_GRACE = 5.0


class Timeout(Exception):
    """No complete line before the deadline."""


class Closed(Exception):
    """The child closed its stdout (it exited or crashed)."""


class Exited(Closed):
    """The child exited, though its stdout may still be held open (by a process it started)."""


class ClosedStdin(Closed):
    """The child's stdin took no more: it closed it, or it exited."""


class ClosedStdout(Closed):
    """The child closed its stdout but still runs."""


class Overlong(Closed):
    """A line longer than MAX_LINE: refused at once, the conversation is out of step."""


class LineProcess:
    """A started child with non-blocking pipes; every method is bounded by a deadline."""

    def __init__(self, argv: Sequence[str]) -> None:
        # its own session, so a kill reaches the child's children and nothing else; a token in its
        # environment, and the harness its subreaper, for the descendants that leave the session
        become_subreaper()
        self._token = new_token()
        self._left_group: set[int] = set()  # descendants seen outside the child's group, ended or not
        self._child = subprocess.Popen(
            list(argv),
            env=os.environ | {TOKEN: self._token},
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
        self.err_dropped = 0  # bytes of stderr dropped from the front to keep the last STDERR_KEPT
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
            raise ClosedStdin("stdin closed") from exc
        del self._in[:sent]
        # wake for a writable stdin only while something waits to go out
        if self._in and not self._watching_stdin:
            self._poll.register(self._stdin, select.POLLOUT)
        elif not self._in and self._watching_stdin:
            self._poll.unregister(self._stdin)
        self._watching_stdin = bool(self._in)

    def _write_left(self) -> None:
        """Write more of what waits for stdin; a closed stdin drops it (the reading side then finds the child gone)."""
        try:
            self._write_some()
        except Closed:
            self._in.clear()
            if self._watching_stdin:
                self._poll.unregister(self._stdin)
            self._watching_stdin = False

    def read_line(self, deadline: float) -> bytes:
        """The next line of stdout, without its newline; stderr is collected meanwhile."""
        while True:
            end = self._out.find(b"\n")
            if end >= 0:
                line = bytes(self._out[:end])
                del self._out[: end + 1]
                return line
            if len(self._out) > MAX_LINE:
                raise Overlong(f"more than {MAX_LINE} bytes without a newline")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise Timeout("no complete line before the deadline")
            if not self._pump(min(remaining, _WATCH)):
                if self.exit_status(wait=0.5) is None:
                    raise ClosedStdout("the child closed its stdout but still runs")
                raise Exited(f"the child exited with status {self._child.returncode}")
            if b"\n" not in self._out and self._child.poll() is not None:
                # the child is gone; take what it wrote before it went (a process it started and that still
                # holds its stdout will not answer), then the line is there or never will be
                before = -1
                while b"\n" not in self._out and before != len(self._out) <= MAX_LINE:
                    before = len(self._out)
                    self._pump(0.0)
                if b"\n" not in self._out:
                    raise Exited(f"the child exited with status {self._child.returncode}")

    def _pump(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds and read what is ready; False once stdout is closed."""
        still_open = True
        for fd, _ in self._poll.poll(max(timeout, 0.0) * 1000):
            if fd == self._stdin:
                self._write_left()
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
            if len(self._err) > STDERR_KEPT:
                self.err_dropped += len(self._err) - STDERR_KEPT
                del self._err[:-STDERR_KEPT]

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
        """Kill the child's whole process group, and every descendant that left it, now; idempotent.

        The group outlives its leader while any member runs (a helper, a grandchild holding stdout), so it is
        killed whether or not the child still runs; those that left it are noted (``escaped``), however late.
        """
        self._signal_group(signal.SIGKILL)
        left = [pid for pid in descendants(self._child.pid, self._token) if pid != self._child.pid]
        self._left_group.update(outside_group(left, self._child.pid))
        end(left)
        self._child.wait()
        for stream in (self._child.stdin, self._child.stdout, self._child.stderr):
            if stream is not None:
                stream.close()

    def _signal_group(self, signal_number: int) -> bool:
        """Send a signal to the child's process group; False when no process of it is left."""
        try:
            os.killpg(self._child.pid, signal_number)
        except ProcessLookupError:
            return False
        except PermissionError:  # the group's ID now names someone else's processes: ours are gone
            return False
        return True

    def escaped(self) -> list[int]:
        """The child's descendants that left its process group (found by their token): running, or ended by a kill."""
        return sorted(self._left_group.union(outside_group(descendants(self._child.pid, self._token), self._child.pid)))

    def survivors(self) -> list[int]:
        """After ``kill``: the child's descendants, whatever their group, still running after a short grace."""
        deadline = time.monotonic() + _GONE_WITHIN
        while True:
            left = descendants(self._child.pid, self._token)
            if not left or time.monotonic() > deadline:
                return left
            self._signal_group(signal.SIGKILL)
            end(left)
            time.sleep(0.01)

    def stop(self, line: bytes, grace: float = STOP_GRACE) -> tuple[int | None, bytes, bytes]:
        """Ask the child to exit with ``line``, close its stdin, kill its group if it has not gone in ``grace`` s.

        Returns the child's exit status (None: it had to be killed) and what it wrote meanwhile (stdout, stderr).
        """
        status = self._child.poll()
        out = err = b""
        if status is None:
            try:
                self.write(line, time.monotonic() + grace)
            except (Timeout, Closed):
                pass
            assert self._child.stdin is not None
            self._child.stdin.close()
            deadline = time.monotonic() + grace
            while status is None and time.monotonic() < deadline:
                if not self._pump(min(_WATCH, max(deadline - time.monotonic(), 0.0))):  # its last words on stderr
                    status = self.exit_status(max(deadline - time.monotonic(), 0.01))
                del self._out[STDERR_KEPT:]  # stdout after 'stop' is only shown: a flood of it cannot grow the harness
                status = self._child.poll()
            out, err = self.drain()
            out = out[:STDERR_KEPT]
        self.kill()
        return status, out, err
