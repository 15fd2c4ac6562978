"""A learner's requests to a stack (``deploy/stack.py``), for its tests: plain HTTP with the learner cookie,
and a real Streamlit session over the websocket that runs the home page.
"""

from __future__ import annotations

import socket
import time
import urllib.request
from dataclasses import dataclass, field
from http.cookies import SimpleCookie

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.sync.client import connect
from websockets.typing import Origin, Subprotocol

from hearts_ui.storage import COOKIE

#: Loopback only: never through a proxy from the environment.
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
SESSION_TIMEOUT = 30.0


def answered_by(upstream: str) -> str:
    """The process that answered, from nginx's ``X-Upstream`` (``$upstream_addr``): the last one it
    tried, after any that failed ("127.0.0.1:9001, 127.0.0.1:9002")."""
    return upstream.rsplit(",", 1)[-1].strip()


def get(url: str, cookie: str | None = None) -> tuple[str, str | None]:
    """The process that answered (nginx's ``X-Upstream``) and the learner cookie the page set."""
    request = urllib.request.Request(url, headers={"Cookie": f"{COOKIE}={cookie}"} if cookie else {})
    with OPENER.open(request, timeout=10) as response:
        assert response.status == 200
        jar: SimpleCookie = SimpleCookie()
        for header in response.headers.get_all("Set-Cookie") or []:
            jar.load(header)
        morsel = jar.get(COOKIE)
        return response.headers.get("X-Upstream", ""), None if morsel is None else morsel.value


def learner_token(cookie: str | None) -> str | None:
    """Who the cookie says the learner is: its first part, the token (the rest, an expiry and the
    signature, changes whenever a page renews the cookie)."""
    return None if cookie is None else cookie.split(".", 1)[0]


def new_learner(url: str) -> str:
    """A learner cookie, as a first page sets it."""
    _, cookie = get(url + "/")
    assert cookie is not None
    return cookie


@dataclass
class HomePageRun:
    """What a Streamlit session sent while running the home page."""

    upstream: str  #: the process nginx passed the websocket to (``X-Upstream`` of the handshake)
    kinds: list[str] = field(default_factory=list)  #: every ForwardMsg's type, in order
    headings: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  #: exceptions the page showed
    status: int | None = None  #: the ``script_finished`` status of the last run


def run_home_page(port: int, cookie: str, host: str = "127.0.0.1") -> HomePageRun:
    """Open a Streamlit session through nginx on ``127.0.0.1:port`` as the learner ``cookie``, asking for
    ``host`` (sent with the port in ``Host`` and ``Origin``, as a browser does), and run the home page to
    its end (a rerun cut short by Streamlit's own rerun is followed by the next)."""
    rerun = BackMsg()
    rerun.rerun_script.query_string = ""
    rerun.rerun_script.page_name = ""
    site = f"{host}:{port}"
    with connect(
        f"ws://{site}/_stcore/stream",
        sock=socket.create_connection(("127.0.0.1", port), timeout=10),
        origin=Origin(f"http://{site}"),
        subprotocols=[Subprotocol("streamlit")],
        additional_headers={"Cookie": f"{COOKIE}={cookie}"},
        proxy=None,
        open_timeout=10,
        max_size=None,
    ) as websocket:
        assert websocket.response is not None
        run = HomePageRun(websocket.response.headers["X-Upstream"])
        websocket.send(rerun.SerializeToString())
        deadline = time.monotonic() + SESSION_TIMEOUT
        while run.status is None or run.status == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
            data = websocket.recv(timeout=max(0.1, deadline - time.monotonic()))
            assert isinstance(data, bytes)
            message = ForwardMsg()
            message.ParseFromString(data)
            kind = message.WhichOneof("type")
            run.kinds.append(str(kind))
            if kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                element = message.delta.new_element
                if element.WhichOneof("type") == "heading":
                    run.headings.append(element.heading.body)
                elif element.WhichOneof("type") == "exception":
                    run.errors.append(f"{element.exception.type}: {element.exception.message}")
            elif kind == "script_finished":
                run.status = message.script_finished
    return run
