"""The "Saved progress" page: what is saved for the learner, and what they can do with it.

Download (the store's export as a JSON file), load a file (checked whole before anything is
written), delete everything, and, only when an ``[auth]`` section is configured, sign in and out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from typing import Final, Literal

import streamlit as st

from hearts_core.store import StoredDataError, new_token, read_progress_file
from hearts_core.words.echo import escape_markdown, shorten

from .. import page_state
from ..language import speaking
from ..storage import account_subject, forget_session, learner, sign_in_available, start_afresh, store
from ..texts import ui
from ..widgets.card_table.component import reset_look
from ..widgets.new_cookie import new_cookie_code, send_new_cookie

#: The largest progress file accepted, in MB (a year of daily study is a few hundred kB).
MAX_UPLOAD_MB: Final = 5


@dataclass(frozen=True)
class AccountView(page_state.PageState):
    """The page's state: the ``notice`` to show once (success or error, and its text) after a load
    or a deletion."""

    notice: tuple[Literal["success", "error"], str] | None = None
    #: After forget-me: the code the browser posts for its new cookie, until it has.
    new_cookie: str | None = None


#: The box that must be ticked before everything is deleted.
SURE_KEY: Final = AccountView.widget_key("forget", "sure")


def render_account() -> None:
    """The whole page."""
    st.title(ui("nav.account"))
    st.markdown(ui("account.intro"))
    key = learner()
    _notice()
    _summary(key)
    if sign_in_available():
        _sign_in()
    _move(key)
    _forget(key)


def _notice() -> None:
    state = page_state.get(AccountView)
    if state.notice is not None:  # shown once
        page_state.update(AccountView, notice=None)
        kind, text = state.notice
        (st.success if kind == "success" else st.error)(text)


def _summary(key: str) -> None:
    st.subheader(ui("account.summary_heading"))
    lessons = store().lesson_progress(key)
    puzzles = store().puzzle_progress(key)
    columns = st.columns(4)
    columns[0].metric(ui("account.lessons"), sum(len(steps) for steps in lessons.values()))
    columns[1].metric(ui("account.puzzles"), len(puzzles))
    columns[2].metric(ui("account.solved"), sum(record.result == "solved" for record in puzzles.values()))
    columns[3].metric(ui("account.games"), len(store().games(key)))
    subject = account_subject()
    if subject is None:
        st.caption(ui("account.kept_browser"))
    else:
        st.caption(ui("account.kept_account", name=_display_name()))


def _display_name() -> str:
    user = st.user
    return str(user.get("name") or user.get("email") or user.get("sub") or "")


def _sign_in() -> None:
    st.subheader(ui("account.sign_in_heading"))
    if account_subject() is None:
        st.markdown(ui("account.sign_in_intro"))
        if st.button(ui("account.sign_in"), key=AccountView.widget_key("sign", "in"), icon=":material/login:"):
            st.login()
    else:
        st.button(
            ui("account.sign_out"),
            key=AccountView.widget_key("sign", "out"),
            on_click=_sign_out,
            icon=":material/logout:",
        )


def _sign_out() -> None:
    forget_session(identity=True)
    st.logout()


def _move(key: str) -> None:
    st.subheader(ui("account.move_heading"))
    exported = json.dumps(store().export(key), ensure_ascii=False, indent=1)
    st.download_button(
        ui("account.download"),
        exported,
        file_name=f"hearts-academy-progress-{date.today()}.json",
        mime="application/json",
        key=AccountView.widget_key("download"),
        icon=":material/download:",
        help=ui("account.download_help"),
        on_click="ignore",
    )
    upload = st.file_uploader(
        ui("account.upload"),
        type=["json"],
        key=AccountView.widget_key("upload"),
        help=ui("account.upload_help"),
        max_upload_size=MAX_UPLOAD_MB,
    )
    if upload is not None:
        st.button(
            ui("account.load"),
            key=AccountView.widget_key("load"),
            on_click=_load,
            args=(upload.getvalue(),),
            type="primary",
            icon=":material/upload:",
        )


@speaking
def _load(content: bytes) -> None:
    """Check the whole file, then add it to the learner's progress (or say why not, changing nothing)."""
    if len(content) > MAX_UPLOAD_MB * 1_000_000:
        page_state.update(AccountView, notice=("error", ui("account.too_big", limit=MAX_UPLOAD_MB)))
        return
    try:
        added = store().import_progress(learner(), read_progress_file(content))
    except StoredDataError as error:
        if error.code == "not_json":
            page_state.update(AccountView, notice=("error", ui("account.bad_json")))
            return
        problem = escape_markdown(shorten(f"{error.path}: {error.problem}", 200))  # it may quote the file
        page_state.update(AccountView, notice=("error", ui("account.bad_file", problem=problem)))
        return
    forget_session()
    loaded = ui(
        "account.loaded", lessons=added.lessons, puzzles=added.puzzles, games=added.games, settings=added.settings
    )
    page_state.update(AccountView, notice=("success", loaded))


def _forget(key: str) -> None:
    st.subheader(ui("account.forget_heading"))
    st.markdown(ui("account.forget_intro"))
    sure = st.checkbox(ui("account.forget_confirm"), key=SURE_KEY)
    st.button(
        ui("account.forget"),
        key=AccountView.widget_key("forget"),
        disabled=not sure,
        on_click=_delete,
        args=(key,),
        icon=":material/delete_forever:",
    )
    code = page_state.get(AccountView).new_cookie
    if code is not None:  # here, beside the button just clicked: a part out of sight may be drawn late
        send_new_cookie(code, on_done=_new_cookie_sent)


def _new_cookie_sent() -> None:
    page_state.update(AccountView, new_cookie=None)


def _delete(key: str) -> None:
    """Forget the learner (their cookie too), and go on as a new learner whose cookie the browser
    receives on this run: nothing this session does next is written for the old one."""
    store().forget(key)
    token = new_token()
    start_afresh(token)
    reset_look()
    page_state.set_widget_value(SURE_KEY, False)  # the box unticked: deleting again asks again
    page_state.update(AccountView, notice=("success", ui("account.forgotten")), new_cookie=new_cookie_code(token))


__all__ = ["render_account"]
