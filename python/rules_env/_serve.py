"""The `rules serve` child process: one JSON request line out, one reply line back."""
import json
import math
import os
import select
import shlex
import shutil
import subprocess
import time
import weakref

__all__ = ["RulesError", "ServeError", "ServeTimeout", "Server", "default_command"]


class RulesError(Exception):
    """A request the engine refused; ``code`` is the RulesError code (``ILLEGAL_ACTION``, ...) or serve's own
    (``BAD_REQUEST``, ``UNKNOWN_GAME``, ...), ``message`` the reason in a player's words."""

    def __init__(self, code, message, command=None):
        super().__init__("%s: %s" % (code, message))
        self.code = code
        self.message = message
        self.command = command


class ServeError(RuntimeError):
    """The child process misbehaved: it exited, or answered out of order."""


def _find_repo_main(start):
    here = os.path.abspath(start)
    while True:
        candidate = os.path.join(here, "packages", "cli", "dist", "main.js")
        if os.path.isfile(candidate):
            return candidate
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def default_command():
    """The command that starts `rules serve`: ``$RULES_SERVE`` (split like a shell line) if set, else the
    ``rules`` command on PATH, else ``node <repo>/packages/cli/dist/main.js serve`` for the first clone found
    above the current directory or above this package's files."""
    env = os.environ.get("RULES_SERVE")
    if env:
        return shlex.split(env)
    if shutil.which("rules"):
        return ["rules", "serve"]
    for start in (os.getcwd(), os.path.dirname(__file__)):
        main = _find_repo_main(start)
        if main:
            return [shutil.which("node") or "node", main, "serve"]
    raise FileNotFoundError(
        "cannot find `rules serve`: put the `rules` command on PATH, set RULES_SERVE (e.g. "
        "'node /path/to/rules/packages/cli/dist/main.js serve'), or pass command=[...]"
    )


def _stop(proc):
    """End ``proc`` and reap it, whatever state it is in (running, stopped, dead): close its input, give it
    10 s to exit, then kill it. Never raises."""
    for stream in (proc.stdin, proc.stdout):
        try:
            stream.close()
        except OSError:
            pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    except BaseException:  # an interrupt while waiting: still leave no process behind
        proc.kill()
        proc.wait()
        raise
    proc.wait()


class ServeTimeout(ServeError, TimeoutError):
    """A reply did not come within the server's ``timeout``. The server stays usable: the late reply is
    skipped when it comes (replies are matched by id)."""


class Server:
    """A running `rules serve`. ``call(cmd, **args)`` returns a request's ``result`` or raises
    :class:`RulesError`; ``close()`` ends the process (also at garbage collection and interpreter exit).

    ``timeout`` (seconds, default None: wait as long as it takes) bounds each call: a child that is stopped,
    busy or hung raises :class:`ServeTimeout` instead of blocking for ever. Replies are matched to requests by
    id, so a call cut short (a timeout, or Ctrl-C during a slow call) does not shift the replies of later
    calls: the reply it left behind is read and dropped by the next call."""

    def __init__(self, command=None, timeout=None):
        if timeout is not None and not (isinstance(timeout, (int, float)) and not isinstance(timeout, bool) and timeout > 0 and math.isfinite(timeout)):
            raise ValueError("timeout must be a positive number of seconds or None, not %r" % (timeout,))
        self.command = list(command) if command is not None else default_command()
        self.timeout = timeout
        self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self._in = self.process.stdin.fileno()
        self._out = self.process.stdout.fileno()
        os.set_blocking(self._in, False)
        self._buffer = bytearray()
        self._unsent = b""
        self._next_id = 0
        self._finalizer = weakref.finalize(self, _stop, self.process)

    @property
    def closed(self):
        return not self._finalizer.alive

    def _stopped(self, why):
        return ServeError("rules serve (%s) %s (exit code %s)" % (" ".join(self.command), why, self.process.poll()))

    def _wait(self, readable, deadline):
        """Wait until the child's output is readable (or its input writable); ServeTimeout past ``deadline``."""
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            raise ServeTimeout("rules serve gave no reply within %s s" % self.timeout)
        fds = ([self._out], [], []) if readable else ([], [self._in], [])
        if not any(select.select(*fds, left)):
            raise ServeTimeout("rules serve gave no reply within %s s" % self.timeout)

    def _send(self, data, deadline):
        """Write ``data`` after what an interrupted call left unwritten (a request line is never cut in two)."""
        self._unsent = bytes(self._unsent) + data
        while self._unsent:
            try:
                self._unsent = self._unsent[os.write(self._in, self._unsent):]
            except BlockingIOError:
                self._wait(False, deadline)
            except OSError as e:  # BrokenPipeError: the child is gone
                raise self._stopped("stopped: %s" % e) from e

    def _line(self, deadline):
        """The next complete reply line (the buffer keeps any partial line across interrupted calls)."""
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                return line
            self._wait(True, deadline)
            chunk = os.read(self._out, 1 << 20)
            if not chunk:
                raise self._stopped("closed its output")
            self._buffer += chunk

    def call(self, cmd, **args):
        return self.receive(self.submit(cmd, **args))

    def submit(self, cmd, **args):
        """Send a request without waiting for its reply: the ticket for :meth:`receive`. With several servers,
        submit to each and then receive from each, and they work at the same time."""
        if self.closed:
            raise ServeError("the rules serve process is closed")
        self._next_id += 1
        want = self._next_id
        try:
            request = json.dumps(dict(args, id=want, cmd=cmd), separators=(",", ":"), allow_nan=False).encode()
        except ValueError as e:  # NaN or infinity: JSON has none, and serve would refuse the line
            raise ValueError("a request holds a number JSON cannot carry (NaN or infinity): %s" % e) from None
        self._send(request + b"\n", None if self.timeout is None else time.monotonic() + self.timeout)
        return (want, cmd)

    def receive(self, ticket):
        """The ``result`` of the request ``ticket`` names (raises :class:`RulesError` for a refusal). Replies of
        earlier requests nobody waited for (a call cut short) are skipped."""
        want, cmd = ticket
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        while True:
            reply = json.loads(self._line(deadline))
            if isinstance(reply.get("id"), int) and reply["id"] < want:
                continue  # the reply of an earlier call that was cut short
            break
        if reply.get("id") != want:
            raise ServeError("reply out of order: %r" % (reply,))
        if not reply.get("ok"):
            error = reply.get("error") or {}
            raise RulesError(error.get("code", "INTERNAL"), error.get("message", ""), cmd)
        return reply["result"]

    def close(self):
        """End the process: close its input, wait for it to exit (kill it after 10 s). Safe to call again, and
        after the process died."""
        self._finalizer()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
