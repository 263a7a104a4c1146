"""The `rules serve` child process: one JSON request line out, one reply line back."""
import json
import os
import shlex
import shutil
import subprocess
import weakref

__all__ = ["RulesError", "ServeError", "Server", "default_command"]


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
    if proc.poll() is None:
        try:
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    for stream in (proc.stdin, proc.stdout):
        try:
            stream.close()
        except OSError:
            pass


class Server:
    """A running `rules serve`. ``call(cmd, **args)`` returns a request's ``result`` or raises
    :class:`RulesError`; ``close()`` ends the process (also at garbage collection and interpreter exit)."""

    def __init__(self, command=None):
        self.command = list(command) if command is not None else default_command()
        self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._next_id = 0
        self._finalizer = weakref.finalize(self, _stop, self.process)

    @property
    def closed(self):
        return not self._finalizer.alive

    def call(self, cmd, **args):
        if self.closed:
            raise ServeError("the rules serve process is closed")
        self._next_id += 1
        request = dict(args, id=self._next_id, cmd=cmd)
        try:
            self.process.stdin.write(json.dumps(request, separators=(",", ":")).encode() + b"\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        except (BrokenPipeError, OSError) as e:
            raise ServeError("rules serve (%s) stopped: %s" % (" ".join(self.command), e)) from e
        if not line:
            raise ServeError("rules serve (%s) closed its output (exit code %s)" % (" ".join(self.command), self.process.poll()))
        reply = json.loads(line)
        if reply.get("id") != self._next_id:
            raise ServeError("reply out of order: %r" % (reply,))
        if not reply.get("ok"):
            error = reply.get("error") or {}
            raise RulesError(error.get("code", "INTERNAL"), error.get("message", ""), cmd)
        return reply["result"]

    def close(self):
        """End the process: close its input, wait for it to exit (kill it after 10 s)."""
        self._finalizer()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
