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
(gnubg shows lines starting ``Error (`` as errors) and the server keeps serving. Lines longer
than ``max_line`` bytes are refused, and at most ``max_connections`` clients are served at
once; the server binds to ``127.0.0.1`` unless told otherwise.

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

import socket
import socketserver
import threading
from typing import Optional, Union

from gammon import _core
from gammon._core import Net, Variant
from gammon.cube import Cube, CubeRules
from gammon.errors import GammonError, InvalidInputError
from gammon.fibs import FibsBoard, FibsState
from gammon.game import Game
from gammon.mat import format_play
from gammon.match import Match, MatchScore, MoneySession, Scoreboard
from gammon.rollout import BUILTIN_POLICIES, Policy
from gammon.simulate import BUILTIN_CUBE_POLICIES, CubePolicy, CubeView

__all__ = ["DEFAULT_HOST", "Engine", "Server", "serve"]

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
    probabilities) or a :class:`gammon.CubePolicy`. ``seed`` seeds the random policy.

    Raises :class:`~gammon.InvalidInputError` for an unknown policy name or a net of another
    game than backgammon.
    """

    def __init__(
        self,
        policy: Union[str, Net, Policy] = "pubeval",
        cube: Union[str, Net, CubePolicy] = "race",
        *,
        seed: int = 0,
    ) -> None:
        if isinstance(policy, str) and policy not in BUILTIN_POLICIES:
            raise InvalidInputError(
                f"serve: unknown policy {policy!r}; built-in: {', '.join(BUILTIN_POLICIES)}"
            )
        if isinstance(cube, str) and cube not in BUILTIN_CUBE_POLICIES:
            raise InvalidInputError(
                f"serve: unknown cube policy {cube!r}; built-in: "
                f"{', '.join(BUILTIN_CUBE_POLICIES)} (or a CubePolicy)"
            )
        for what, obj in (("policy", policy), ("cube policy", cube)):
            if isinstance(obj, Net) and obj.variant != Variant.BACKGAMMON:
                game = obj.variant.canonical_name
                raise InvalidInputError(
                    f"serve: the {what} {obj!r} plays {game}; gnubg plays backgammon"
                )
        self.policy = policy
        self.cube = cube
        self.seed = seed
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
        board = _scoreboard(state)
        pos = state.position
        if state.doubled:
            doubler = pos.turn
            rules = _RULES if isinstance(board, Match) else _MONEY_RULES
            cube = Cube(state.cube, state.cube_owner, rules=rules).double(doubler)
            view = CubeView(pos, doubler.other(), cube, board)
            if isinstance(self.cube, (str, Net)):
                return _core._cube_decision(
                    pos, self.cube, doubler.other(), cube, _match_score(board), False
                )
            answer = self.cube.take(view)
            if answer is True or answer == "take":
                return "take"
            if answer in ("beaver", "raccoon") and view.may_beaver:
                return "beaver"
            return "drop"
        if state.dice is None:
            game = Game(
                board if isinstance(board, Match) else None,
                Cube(state.cube, state.cube_owner, rules=_RULES),
                session=board if isinstance(board, MoneySession) else None,
                position=pos,
            )
            if not game.can_double():
                return "roll"
            if isinstance(self.cube, (str, Net)):
                return _core._cube_decision(
                    pos, self.cube, pos.turn, game.cube, _match_score(board), False
                )
            game_view = CubeView(pos, pos.turn, game.cube, board)
            return "double" if self.cube.double(game_view) else "roll"
        plays = pos.legal_plays(state.dice)
        if len(plays) == 0:
            return ""
        with self._lock:
            self._count += 1
            index = self._count
        if isinstance(self.policy, str):
            chosen = plays[_core._choose_play(plays, self.policy, self.seed, index)]
        else:
            pick = self.policy.choose(pos, plays)
            chosen = plays[pick] if isinstance(pick, int) else pick
        return format_play(chosen)


def _match_score(board: Scoreboard) -> Optional[MatchScore]:
    return board.match_score if isinstance(board, Match) else None


def _scoreboard(state: FibsState) -> Scoreboard:
    if state.match_length == 0:
        return MoneySession(state.score)
    try:
        return Match(state.match_length, state.score, crawford_game=state.crawford)
    except InvalidInputError:
        return Match(state.match_length, state.score)


class _Handler(socketserver.StreamRequestHandler):
    server: Server

    def handle(self) -> None:
        srv = self.server
        if not srv.slots.acquire(blocking=False):
            self.wfile.write(b"Error (gammon): too many connections\n")
            return
        try:
            self._serve(srv)
        finally:
            srv.slots.release()

    def _serve(self, srv: Server) -> None:
        while True:
            raw = self.rfile.readline(srv.max_line + 1)
            if not raw:
                return
            if len(raw) > srv.max_line and not raw.endswith(b"\n"):
                # Skip the rest of the overlong line, then refuse it.
                while raw and not raw.endswith(b"\n"):
                    raw = self.rfile.readline(srv.max_line + 1)
                self._reply(f"Error (gammon): line longer than {srv.max_line} bytes")
                continue
            text = raw.replace(b"\x00", b"").decode("utf-8", errors="replace").strip()
            if not text:
                continue
            self._reply(srv.engine.answer(text))

    def _reply(self, text: str) -> None:
        self.wfile.write(text.encode("utf-8") + b"\n")
        self.wfile.flush()


class Server(socketserver.ThreadingTCPServer):
    """The TCP server of ``gammon serve`` (one thread per connection).

    ``port`` 0 picks a free port (see :attr:`port`).
    """

    daemon_threads = True
    allow_reuse_address = True

    def __init__(
        self,
        engine: Engine,
        port: int = 0,
        host: str = DEFAULT_HOST,
        *,
        max_connections: int = 8,
        max_line: int = 4096,
    ) -> None:
        if max_connections < 1 or max_line < 64:
            raise InvalidInputError("serve: max_connections >= 1 and max_line >= 64")
        self.engine = engine
        self.max_line = max_line
        self.slots = threading.BoundedSemaphore(max_connections)
        super().__init__((host, port), _Handler)

    @property
    def port(self) -> int:
        """The port the server listens on."""
        return int(self.server_address[1])

    def server_bind(self) -> None:
        """Bind, with ``SO_REUSEADDR`` so that a restarted server gets its port back."""
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        super().server_bind()


def serve(
    port: int,
    *,
    host: str = DEFAULT_HOST,
    policy: Union[str, Net, Policy] = "pubeval",
    cube: Union[str, Net, CubePolicy] = "race",
    seed: int = 0,
    max_connections: int = 8,
    max_line: int = 4096,
    ready: Optional[threading.Event] = None,
) -> None:
    """Serve until interrupted (Ctrl-C)."""
    with Server(
        Engine(policy, cube, seed=seed),
        port,
        host,
        max_connections=max_connections,
        max_line=max_line,
    ) as srv:
        if ready is not None:
            ready.set()
        srv.serve_forever()
