"""One long-running implementation process spoken to over the wire protocol: the handshake, requests and replies.

The harness must survive whatever the process does: every way a reply can go wrong is a ``Fault`` of its own, raised
as an ``ImplementationError`` naming it and showing the request; the case is an error, never a pass. A fault leaving
the conversation out of step (a timeout, a crash, a line that is not the reply) kills the process, and the next case
starts a fresh one, so a late reply can never answer another request. Each request is asked twice in one write and
the replies must agree, as must a request met again later (``determinism``). Requests can be sent ahead in one stream
(``send_ahead``, then ``collect``): vector cases (``prefetch``) and a speculating invariant's calls.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from rulespec.conformance.harness.vocabulary import DEFAULT_TIMEOUT
from rulespec.conformance.harness.wire.command import parse_command
from rulespec.conformance.harness.wire.determinism import Answers
from rulespec.conformance.harness.wire.ending import escaped, stopped, survivors
from rulespec.conformance.harness.wire.faults import Fault, WireFault, gone, shown_text
from rulespec.conformance.harness.wire.messages import ENCODER, Reply, Run, Started, numbered
from rulespec.conformance.harness.wire.process import Closed, LineProcess, Timeout
from rulespec.conformance.harness.wire.reply import Misfit, read_reply
from rulespec.conformance.harness.wire.startup import handshake

Heard = tuple[Reply | Misfit, bytes] | WireFault  # a reply read from a stream and its request line, or its fault
STARTUP_TIMEOUT = 20.0  # seconds to start and answer ``start``
CHUNK_LINES = 64  # lines sent ahead are written in chunks of this many: one wake-up of the process per chunk
_MAX_STARTS = 3  # consecutive failed starts before every case fails at once


class WireSession:
    """The conversation with one implementation process, restarted after any fault that breaks it."""

    def __init__(
        self,
        command: str,
        timeout: float = DEFAULT_TIMEOUT,
        startup_timeout: float = STARTUP_TIMEOUT,
        repeat: bool = True,
    ) -> None:
        self.command = command
        self.repeat = repeat  # ask every request twice; off only to measure what that costs
        self.argv = parse_command(command)
        self.timeout = timeout
        self.startup_timeout = startup_timeout
        self._process: LineProcess | None = None
        self._started: Started | None = None
        self._failed_starts = 0
        self._start_fault: WireFault | None = None
        self._next_id = 0
        self._answers = Answers()
        self._prefetched: dict[bytes, Heard] = {}
        self._pending: list[tuple[bytes, int, bytes, float]] = []  # sent ahead, unread: (body, ID, shown, written)
        self._written = 0  # how many of them are written
        self._unsent: list[bytes] = []  # lines of pending requests not yet written
        self._stray: list[WireFault] = []
        self._known: Started | None = None  # the last handshake answered: what the process offers, without a start
        self._offered: Started | None = None  # what ``begin`` was told it offers, until its own handshake
        self._spawned: LineProcess | None = None  # started by ``begin``, not yet asked ``start``
        # seconds that faults cost and the circuit breaker has not yet been charged (``take_cost``): every start
        # after the first (a restart's handshake), and every wait that ended in a fault breaking the conversation
        self._cost = 0.0
        self.startup_output = ""  # what the first start that said anything wrote while starting, inert: never a check's

    # --- the process -------------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        """The running process's ID (None when none runs): for measuring it from outside."""
        return self._process.pid if self._process is not None else None

    def started(self) -> Started:
        """The handshake, starting the process if it is not running; WireFault if it cannot start."""
        if self._process is not None and self._started is not None:
            return self._started
        if self._failed_starts >= _MAX_STARTS and self._start_fault is not None:
            raise self._start_fault
        began = time.monotonic()
        try:
            self._started = self._start()
        except WireFault as fault:
            self._failed_starts += 1
            self._start_fault = fault
            self._broken(fault)
            raise
        finally:
            if self._known is not None:  # a restart: its handshake is what the fault before it cost
                self._cost += time.monotonic() - began
        self._failed_starts = 0
        self._known = self._started
        return self._started

    def offer(self) -> Started:
        """What the process offers (its last handshake), without starting one when that is known: a process is
        started only to be asked something, never to be asked what it offers again."""
        known = self._started or self._known or self._offered
        return known if known is not None else self.started()

    def begin(self, offered: Started | None = None, process: LineProcess | None = None) -> None:
        """Start the process, or take ``process`` (the command's, started, never asked anything), and ask its handshake
        when it is first asked anything, ``offered`` (another process of the command answered it) standing for it
        until then: its start-up overlaps the work before, instead of preceding it."""
        self._offered = offered
        try:
            self._spawned = process or LineProcess(self.argv)
        except OSError:
            pass  # ``started`` meets it again, and says so, when it is asked

    def take_cost(self) -> float:
        """The seconds faults have cost since last asked (restarts' handshakes, waits that ended in a fault), taken."""
        cost, self._cost = self._cost, 0.0
        return cost

    def _start(self) -> Started:
        try:
            self._process, self._spawned = self._spawned or LineProcess(self.argv), None
        except OSError as exc:
            raise WireFault(Fault.START, f"{self.command!r}: {exc}") from exc
        started, said = handshake(self._process, self.startup_timeout)
        if said and not self.startup_output:
            self.startup_output = said
        return started

    def _broken(self, fault: WireFault) -> None:
        """A fault that broke the conversation: the process is killed; the fault cost time (the breaker counts it)."""
        fault.costly = True
        self.restart()

    def restart(self) -> None:
        """Kill the process: the next request starts a fresh one."""
        if self._process is not None:
            self._process.kill()
            self._stray += escaped(self._process, self.command) + survivors(self._process, self.command)
        self._pending, self._unsent, self._written = [], [], 0  # a killed process answers nothing it was sent
        self._process, self._started = None, None

    def close(self) -> list[WireFault]:
        """Stop the process; the faults of its ending (an unclean exit, stderr, a process of its group left)."""
        spawned, self._spawned = self._spawned, None
        if spawned is not None:  # begun and never asked anything: ended as a restart ends a process
            spawned.kill()
        process, self._process, self._started = self._process, None, None
        if process is None:
            return self.leftovers()
        ended = stopped(process)  # its kill notes the descendants that left the group, however late they left
        self._stray += escaped(process, self.command) + survivors(process, self.command)
        return ended + self.leftovers()

    def leftovers(self) -> list[WireFault]:
        """Processes of a killed group that outlived the kill, found so far (taken)."""
        found, self._stray = self._stray, []
        return found

    # --- one question --------------------------------------------------------------------

    def ask(self, question: Run) -> tuple[Reply | Misfit, bytes]:
        """The reply to one run request, checked for every fault of the conversation, and the request line.

        ``question`` is the request with ``id`` 0: the session numbers each line it sends. A Misfit (a reply
        its type refuses) is the caller's to raise: the conversation is still in step.
        """
        body = ENCODER.encode(question)  # the key of the determinism check and of prefetching
        if self._pending:  # replies to requests sent ahead and never collected come first: read and dropped
            self.collect()
        answered = self._prefetched.pop(body, None)
        if isinstance(answered, WireFault):
            raise answered
        if answered is not None:
            return answered
        self.started()
        process = self._process
        assert process is not None
        first, second = self._next_id + 1, self._next_id + 2
        self._next_id = second
        lines = [numbered(body, n) for n in (first, second)]
        shown = lines[0][:-1]
        stray_out, stray_err = process.drain()  # written after the previous reply, before this request
        waited = time.monotonic()
        try:
            self._write(process, lines[0] + lines[1] if self.repeat else lines[0], first, shown)
            reply = self._reply(process, first, shown)
            repeat = self._reply(process, second, shown) if self.repeat else reply
        except WireFault as fault:
            self._cost += time.monotonic() - waited
            self._broken(fault)
            raise
        out, err = process.drain()
        if stray_out or out:
            raise WireFault(Fault.EXTRA_OUTPUT, f"besides the reply, stdout had: {shown_text(stray_out + out)}", shown)
        if stray_err or err:
            raise WireFault(Fault.STDERR, shown_text(stray_err + err), shown)
        self._answers.check(body, reply, repeat, shown)
        return reply, shown

    def prefetch(self, questions: Sequence[Run]) -> None:
        """Ask many requests (``id`` 0, as ``ask`` takes them) in one stream; ``ask`` then answers from here."""
        if self.send_ahead(questions):
            self._prefetched.update((body, heard) for body, heard, _ in self.collect())

    def send_ahead(self, questions: Sequence[Run]) -> bool:
        """Send requests (``id`` 0, as ``ask`` takes them) without waiting for their replies: ``collect`` reads them.
        False, sending nothing, when the process wrote something unasked (``ask`` reports it).

        Pipelining pays the process switch once per chunk of lines, not once per request; replies
        already written are read meanwhile, so a stream cannot deadlock against a process writing them.
        """
        self.started()
        process = self._process
        assert process is not None
        if not self._pending and process.pending():
            return False
        for question in questions:
            first = self._next_id + 1
            self._next_id += 2
            body = ENCODER.encode(question)
            pair = [numbered(body, n) for n in (first, first + 1)]
            self._unsent += pair if self.repeat else pair[:1]
            self._pending.append((body, first, pair[0][:-1], 0.0))
        if len(self._unsent) >= CHUNK_LINES:
            self._flush(process)
        return True

    def _flush(self, process: LineProcess) -> None:
        """Write the lines not yet written (what the pipe takes now, the rest while reading), noting when."""
        lines, self._unsent, now = self._unsent, [], time.monotonic()
        self._pending[self._written :] = [(*sent[:3], now) for sent in self._pending[self._written :]]
        self._written = len(self._pending)
        try:
            process.send(b"".join(lines))
            process.pending()  # takes the replies already written, so the process is never blocked writing
        except Closed:
            self.restart()

    def collect(self) -> list[tuple[bytes, Heard, float]]:
        """Each request sent ahead, in the order sent: its body, its reply checked as ``ask`` checks it, and the
        seconds from its writing to its reply's reading (at least how long the process took).

        A fault that breaks the conversation ends the list there: the requests after it are left
        unanswered. So does output on stderr, pinned on the reply read when it was seen.
        """
        if self._process is not None:
            self._flush(self._process)
        pending, self._pending, self._written = self._pending, [], 0
        process, heard, waited = self._process, list[tuple[bytes, Heard, float]](), time.monotonic()
        if process is None:
            return heard
        for body, first, shown, written in pending:
            try:
                reply = self._reply(process, first, shown)
                repeat = self._reply(process, first + 1, shown) if self.repeat else reply
            except WireFault as fault:
                self._cost += time.monotonic() - waited  # the wait since the last reply: what this fault cost
                self._broken(fault)
                return [*heard, (body, fault, time.monotonic() - written)]
            waited = time.monotonic()
            said = process.stderr_now()
            if said:
                where = "seen on reading this reply of a batch: from this request or one just after it"
                self.restart()
                return [*heard, (body, WireFault(Fault.STDERR, f"{shown_text(said)} ({where})", shown), 0.0)]
            try:
                self._answers.check(body, reply, repeat, shown)
            except WireFault as fault:
                heard.append((body, fault, waited - written))
                continue
            heard.append((body, (reply, shown), waited - written))
        out, err = process.drain() if heard else (b"", b"")
        if out or err:
            body, _, shown, _ = pending[len(heard) - 1]
            kind = Fault.EXTRA_OUTPUT if out else Fault.STDERR
            heard[-1] = (body, WireFault(kind, f"after the reply: {shown_text(out or err)}", shown), 0.0)
            self.restart()
        return heard

    def _write(self, process: LineProcess, data: bytes, expected: int, shown: bytes) -> None:
        """Send a request; a process that is gone or stops reading is the request's fault."""
        try:
            process.write(data, time.monotonic() + self.timeout)
        except Timeout as exc:
            raise WireFault(
                Fault.TIMEOUT, f"the process stopped reading request {expected} within {self.timeout} s", shown
            ) from exc
        except Closed as exc:
            raise gone(process, f"before reading request {expected}", shown, exc) from exc

    def _reply(self, process: LineProcess, expected: int, shown: bytes) -> Reply | Misfit:
        """The next line, parsed as the reply to request ``expected``; a WireFault breaks the conversation."""
        try:
            line = process.read_line(time.monotonic() + self.timeout)
        except Timeout as exc:
            raise WireFault(
                Fault.TIMEOUT,
                f"no reply to request {expected} within {self.timeout} s; the process is restarted,"
                " so a late reply cannot answer another request",
                shown,
            ) from exc
        except Closed as exc:
            raise gone(process, f"before answering request {expected}", shown, exc) from exc
        return read_reply(line, expected, shown)
