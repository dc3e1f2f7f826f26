"""``gammon serve``: a gammon policy as an external player for GNU Backgammon.

gnubg's external player interface (gnubg 1.07 ``play.c``, ``PLAYER_EXTERNAL``;
``external.c``, ``ExternalRead``/``ExternalWrite``): after ``set player 0 external
localhost:5000`` gnubg connects to this server and, each time its external player must act,
sends a FIBS board string (:mod:`gammon.fibs`) ended by a newline (and a NUL byte). The server
answers one line:

- a play such as ``8/5 6/5`` (25 for the bar, 0 for off; an empty line when no play is legal);
- before rolling: ``roll`` or ``double``;
- facing a double: ``take``, ``drop`` or ``beaver``.

A line that is not a board, or a board that no game can reach, gets ``Error (gammon): ...``
(gnubg shows lines starting ``Error (`` as errors) and the server keeps serving. The server
binds to ``127.0.0.1`` unless told otherwise; :class:`Server` lists its limits (line length,
connections, idle clients, unread replies) and what it logs.

    >>> import gammon
    >>> engine = Engine("pubeval")
    >>> board = gammon.fibs.FibsBoard.from_game(
    ...     gammon.Game(gammon.Match(3), position=gammon.Position.start(), dice=(3, 1)))
    >>> engine.answer(str(board))
    '8/5 6/5'
    >>> engine.answer("hello")[:15]
    'Error (gammon):'
"""

from __future__ import annotations

import contextlib
import logging
import selectors
import socket
import socketserver
import sys
import threading
import time
from typing import Any, Optional, Union

import gammon._core as _core
from gammon._core import Net, Position, Variant
from gammon.cube import Cube, CubeRules
from gammon.errors import GammonError, InvalidInputError
from gammon.fibs import FibsBoard, FibsState
from gammon.game import Game
from gammon.mat import format_play
from gammon.match import Match, MoneySession, Scoreboard
from gammon.policies import (
    CubePolicy,
    CubeView,
    Policy,
    _check_by_core,
    default_cube_policy,
    default_policy,
)

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_IDLE_TIMEOUT",
    "DEFAULT_MAX_OUTPUT",
    "Engine",
    "Server",
    "serve",
]

DEFAULT_HOST = "127.0.0.1"
"""The address the server binds to by default: this machine only."""

_RULES = CubeRules(max_cube=4096)
_MONEY_RULES = CubeRules(max_cube=4096, beavers=True)  # gnubg allows beavers by default


class Engine:
    """Answers gnubg's questions with a checker policy and a cube policy.

    ``policy`` is a built-in name (``"pubeval"``, ``"heuristic"``, ``"random"``, ``"net"``), a
    :class:`gammon.Net` (nets of one's own, read from a weights file) or an object with
    ``choose(position, plays)`` (:class:`gammon.Policy`); ``cube`` is a built-in cube policy
    (``"never"``: never double, always take; ``"race"``: Keith's count in races; ``"net"``:
    Janowski's model over the shipped net), a :class:`gammon.Net` (the same model over its
    probabilities) or a :class:`gammon.CubePolicy`. Left out, both are a rollout's defaults
    (:func:`~gammon.default_policy`, :func:`~gammon.default_cube_policy`: the net's).
    ``plies`` and ``cube_plies`` (0, 1 or 2): how deep the net's plays and cube decisions are
    searched, as in rollouts. ``seed`` seeds the random policy.

    Raises :class:`~gammon.InvalidInputError` for an unknown policy name, a net of another
    game than backgammon, an object without a policy's methods, or ``plies`` that the policy
    does not search.
    """

    def __init__(
        self,
        policy: Union[str, Net, Policy, None] = None,
        cube: Union[str, Net, CubePolicy, None] = None,
        *,
        seed: int = 0,
        plies: int = 0,
        cube_plies: int = 0,
    ) -> None:
        policy = default_policy(Variant.BACKGAMMON) if policy is None else policy
        cube = default_cube_policy(Variant.BACKGAMMON) if cube is None else cube
        # The core checks the names, depths and nets, as for a rollout of gnubg's game.
        _check_by_core("serve", "policy", policy=policy, plies=plies)
        _check_by_core("serve", "cube policy", cube=cube, cube_plies=cube_plies)
        self.policy = policy
        self.cube = cube
        self.seed = seed
        self.plies = plies
        self.cube_plies = cube_plies
        self._count = 0
        self._lock = threading.Lock()

    def answer(self, line: str) -> str:
        """The reply to one line from gnubg (without the newline)."""
        try:
            state = FibsBoard.parse(line).state()
            return self.decide(state)
        except (GammonError, ValueError) as e:
            return f"Error (gammon): {e}"
        except Exception as e:  # a Python policy's bug: report it, keep serving
            return f"Error (gammon): the policy failed: {type(e).__name__}: {e}"

    def decide(self, state: FibsState) -> str:
        """The decision for a board: a play, ``roll``/``double`` or ``take``/``drop``."""
        pos = state.position
        if state.dice is not None and not state.doubled:
            return self._play(pos, state.dice)
        board = _scoreboard(state)
        if state.doubled:  # the answer of the player not on roll
            rules = _RULES if isinstance(board, Match) else _MONEY_RULES
            cube = Cube(state.cube, state.cube_owner, rules=rules).double(pos.turn)
            player = pos.turn.other()
        else:  # before rolling: double or roll
            game = Game(
                board if isinstance(board, Match) else None,
                Cube(state.cube, state.cube_owner, rules=_RULES),
                session=board if isinstance(board, MoneySession) else None,
                position=pos,
            )
            if not game.can_double():
                return "roll"
            cube, player = game.cube, pos.turn
        if isinstance(self.cube, (str, Net)):
            score = board.match_score if isinstance(board, Match) else None
            return _core._cube_decision(pos, self.cube, player, cube, score, False, self.cube_plies)
        view = CubeView(pos, player, cube, board)
        if not state.doubled:
            return "double" if self.cube.double(view) else "roll"
        answer = self.cube.take(view)
        if answer is True or answer == "take":
            return "take"
        return "beaver" if answer in ("beaver", "raccoon") and view.may_beaver else "drop"

    def _play(self, pos: Position, dice: tuple[int, int]) -> str:
        plays = pos.legal_plays(dice)
        if len(plays) == 0:
            return ""
        with self._lock:
            self._count += 1
            index = self._count
        if isinstance(self.policy, str):
            chosen = plays[_core._choose_play(plays, self.policy, self.seed, index, self.plies)]
        else:
            pick = self.policy.choose(pos, plays)
            chosen = plays[pick] if isinstance(pick, int) else pick
        return format_play(chosen)


def _scoreboard(state: FibsState) -> Scoreboard:
    if state.match_length == 0:
        return MoneySession(state.score)
    try:
        return Match(state.match_length, state.score, crawford_game=state.crawford)
    except InvalidInputError:
        return Match(state.match_length, state.score)


_log = logging.getLogger("gammon.serve")

DEFAULT_IDLE_TIMEOUT = 600.0
"""Seconds a connection may stay silent before it is closed (:class:`Server`)."""

DEFAULT_MAX_OUTPUT = 65536
"""Bytes of replies a client may leave unread before it is dropped (:class:`Server`)."""


class _Connection:
    """One client: reads lines, answers them, and keeps its replies in a bounded buffer.

    The socket is non-blocking; a selector waits for the next line (at most the idle
    timeout) and, while replies are waiting, for room to send them.
    """

    def __init__(self, sock: socket.socket, srv: Server) -> None:
        self.sock = sock
        self.srv = srv
        self.pending = bytearray()  # bytes of the line being read
        self.skipping = False  # the rest of an overlong line is being skipped
        self.out = bytearray()  # replies not yet taken by the client

    def run(self) -> str:
        """Serve until the client leaves or is dropped; returns why the connection ended."""
        srv = self.srv
        with selectors.DefaultSelector() as sel:
            watching = selectors.EVENT_READ
            sel.register(self.sock, watching)
            deadline = _deadline(srv.idle_timeout)
            while not srv.closing.is_set():
                events = selectors.EVENT_READ | (selectors.EVENT_WRITE if self.out else 0)
                if events != watching:
                    sel.modify(self.sock, events)
                    watching = events
                wait = None if deadline is None else max(0.0, deadline - time.monotonic())
                ready = sel.select(_POLL if wait is None else min(wait, _POLL))
                if not ready:
                    if deadline is not None and time.monotonic() >= deadline:
                        return f"idle for {srv.idle_timeout:g} s"
                    continue
                mask = ready[0][1]
                if mask & selectors.EVENT_WRITE:
                    self._send()
                if mask & selectors.EVENT_READ:
                    try:
                        data = self.sock.recv(65536)
                    except (BlockingIOError, InterruptedError):
                        continue
                    if not data:
                        self._drain(sel)
                        return "closed by the client"
                    deadline = _deadline(srv.idle_timeout)
                    self._lines(data)
                if len(self.out) > srv.max_output:
                    return f"dropped: more than {srv.max_output} bytes of replies unread"
        return "the server is shutting down"

    def _lines(self, data: bytes) -> None:
        """Answers every complete line of ``data`` (with what came before it)."""
        max_line = self.srv.max_line
        while data:
            cut = data.find(b"\n")
            chunk, data = (data, b"") if cut < 0 else (data[:cut], data[cut + 1 :])
            if not self.skipping:
                self.pending += chunk
                if len(self.pending) > max_line:
                    self.skipping = True
                    self.pending.clear()
            if cut < 0:
                return
            if self.skipping:
                self.skipping = False
                self._reply(f"Error (gammon): line longer than {max_line} bytes")
                continue
            raw = bytes(self.pending)
            self.pending.clear()
            text = raw.replace(b"\x00", b"").decode("utf-8", errors="replace").strip()
            if text:
                self._reply(self.srv.engine.answer(text))
            if len(self.out) > self.srv.max_output:
                return  # the connection is dropped: the rest goes unanswered

    def _reply(self, text: str) -> None:
        self.out += text.encode("utf-8") + b"\n"
        self._send()

    def _drain(self, sel: selectors.BaseSelector) -> None:
        """Sends the waiting replies to a client that has stopped sending.

        It may still read: wait at most the idle timeout for room.
        """
        deadline = _deadline(self.srv.idle_timeout)
        sel.modify(self.sock, selectors.EVENT_WRITE)
        while self.out and not self.srv.closing.is_set():
            if deadline is not None and time.monotonic() >= deadline:
                return
            if sel.select(_POLL):
                self._send()

    def _send(self) -> None:
        """Sends what the socket takes now of the waiting replies."""
        if not self.out:
            return
        try:
            sent = self.sock.send(self.out)
        except (BlockingIOError, InterruptedError):
            return
        del self.out[:sent]


_POLL = 0.5  # how often a waiting connection looks whether the server is shutting down


def _deadline(timeout: Optional[float]) -> Optional[float]:
    return None if timeout is None else time.monotonic() + timeout


class _Handler(socketserver.BaseRequestHandler):
    server: Server

    def handle(self) -> None:
        srv = self.server
        sock: socket.socket = self.request
        host, port = self.client_address[:2]
        peer = f"{host}:{port}"
        sock.setblocking(False)
        # The kernel's buffer of unsent replies is bounded too (by default it grows to MBs).
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, srv.max_output)
        if not srv.slots.acquire(blocking=False):
            with contextlib.suppress(OSError):
                sock.send(b"Error (gammon): too many connections\n")
            _log.warning("%s refused: all %d connections are taken", peer, srv.max_connections)
            return
        srv._connections.add(sock)
        _log.info("%s connected", peer)
        why = "closed"
        try:
            why = _Connection(sock, srv).run()
        except OSError as e:  # a reset or a broken pipe: the client went away
            why = f"lost: {e.strerror or type(e).__name__}"
        finally:
            srv.slots.release()  # first: once a connection no longer counts, its slot is free
            srv._connections.discard(sock)
        level = logging.INFO if why == "closed by the client" else logging.WARNING
        _log.log(level, "%s disconnected: %s", peer, why)


class Server(socketserver.ThreadingTCPServer):
    """The TCP server of ``gammon serve`` (one thread per connection).

    ``port`` 0 picks a free port (see :attr:`port`). At most ``max_connections`` clients are
    served at once (the next ones get ``Error (gammon): too many connections``); a line longer
    than ``max_line`` bytes is refused. A client that sends nothing for ``idle_timeout``
    seconds (``None``: never) is disconnected, and so is one that leaves more than
    ``max_output`` bytes of replies unread, so that idle or stuck clients cannot hold every
    slot. gnubg does not reconnect to an external player it has lost: raise ``idle_timeout``
    when its other player may think longer than that.

    Connections and disconnections are logged, one line each, on the ``gammon.serve``
    logger (disconnections for a cause at ``WARNING``, the rest at ``INFO``); a client that
    goes away early never prints a traceback.
    """

    daemon_threads = True
    allow_reuse_address = True  # SO_REUSEADDR: a restarted server gets its port back

    def __init__(
        self,
        engine: Engine,
        port: int = 0,
        host: str = DEFAULT_HOST,
        *,
        max_connections: int = 8,
        max_line: int = 4096,
        idle_timeout: Optional[float] = DEFAULT_IDLE_TIMEOUT,
        max_output: int = DEFAULT_MAX_OUTPUT,
    ) -> None:
        if max_connections < 1 or max_line < 64:
            raise InvalidInputError("serve: max_connections >= 1 and max_line >= 64")
        if idle_timeout is not None and not idle_timeout > 0:
            raise InvalidInputError(
                f"serve: idle_timeout must be a positive number of seconds or None, "
                f"not {idle_timeout!r}"
            )
        if max_output < 256:
            raise InvalidInputError(
                f"serve: max_output must be at least 256 bytes, not {max_output}"
            )
        self.engine = engine
        self.max_line = max_line
        self.max_connections = max_connections
        self.idle_timeout = idle_timeout
        self.max_output = max_output
        self.slots = threading.BoundedSemaphore(max_connections)
        self._connections: set[socket.socket] = set()
        self.closing = threading.Event()
        super().__init__((host, port), _Handler)

    @property
    def active_connections(self) -> int:
        """How many clients are being served now."""
        return len(self._connections)

    @property
    def port(self) -> int:
        """The port the server listens on."""
        return int(self.server_address[1])

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Log a failed connection in one line (no traceback)."""
        e = sys.exc_info()[1]
        _log.warning("%s: connection failed: %s: %s", client_address, type(e).__name__, e)

    def server_close(self) -> None:
        """Stop listening and end every connection (their threads leave within a second)."""
        self.closing.set()
        super().server_close()


def serve(
    port: int,
    *,
    policy: Union[str, Net, Policy, None] = None,
    cube: Union[str, Net, CubePolicy, None] = None,
    seed: int = 0,
    plies: int = 0,
    cube_plies: int = 0,
    ready: Optional[threading.Event] = None,
    **options: Any,
) -> None:
    """Serve until interrupted (Ctrl-C).

    ``policy``, ``cube``, ``seed``, ``plies`` and ``cube_plies`` are :class:`Engine`'s (by
    default the net's checker play and cube); ``options`` (``host``, ``max_connections``,
    ``max_line``, ``idle_timeout``, ``max_output``) are :class:`Server`'s. ``ready`` is set
    once the server listens.
    """
    engine = Engine(policy, cube, seed=seed, plies=plies, cube_plies=cube_plies)
    with Server(engine, port, **options) as srv:
        if ready is not None:
            ready.set()
        srv.serve_forever()
