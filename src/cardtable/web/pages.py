"""The site's pages: home, a new table per game, the table, the rules, the language switch.

Pages are plain HTML from Jinja templates; everything live (the table itself,
creating a table) is done by the browser client in ``static/js`` over the
HTTP API and the WebSocket. The client gets its strings in the page language
and the facts it needs (games, variants, computer players) as one JSON blob.
"""

from __future__ import annotations

import json
import re
import time
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from sqlalchemy.exc import SQLAlchemyError

from cardtable.games.ladder import middle, standings
from cardtable.games.registry import find_game, ladder_of, package_of
from cardtable.server.live.hooks import (
    hooks_for,
    house_rules,
    rule_params,
    searches,
    variant_names,
)
from cardtable.server.live.rated import RATED_GAMES
from cardtable.server.protocol.errors import ApiError
from cardtable.server.protocol.models import TABLE_ID, seat_token
from cardtable.server.routes.deps import Manager, SiteSettings, find_table, set_seat_cookie
from cardtable.server.routes.learn import GUIDES
from cardtable.server.routes.signedin import database, session_id
from cardtable.server.routes.throttle import client_key
from cardtable.server.services import accounts, groups
from cardtable.server.services.seeks import check_seek
from cardtable.sim.estimate import MAX_SITE_DEALS
from cardtable.web import rules
from cardtable.web.catalogue import (
    client_catalogue,
    translate,
    translate_in,
    translate_plural,
    translations,
)
from cardtable.web.i18n import COOKIE, LANGUAGES, pick_language
from cardtable.web.labels import label, labels

WEB_DIR = Path(__file__).resolve().parent
GAMES = rules.GAMES
"""The games the site shows (see :data:`cardtable.web.rules.GAMES`)."""
LANG_COOKIE_DAYS = 365
ASSET_VERSION = "18"
"""Bumped when static files change in a way browsers must not cache across."""



async def signed_in(request: Request) -> None:
    """Who is signed in, for the header (``request.state.signed_in``): one indexed look-up
    when a session cookie comes, none without; the header offers to sign in when the
    database cannot say."""
    request.state.signed_in = None
    if session_id(request):
        try:
            account = await accounts.current(database(request), session_id(request))
        except SQLAlchemyError:  # the database is away (its thread logs that): signed out
            return
        request.state.signed_in = account.name if account else None


SIGNED_IN = Depends(signed_in)
"""Every page's dependency: the header names the signed-in player."""

router = APIRouter(include_in_schema=False, dependencies=[SIGNED_IN])
_TABLE = re.compile(TABLE_ID)


@cache
def environment() -> Environment:
    env = Environment(loader=FileSystemLoader(WEB_DIR / "templates"),
                      autoescape=select_autoescape(["html"]), trim_blocks=True,
                      lstrip_blocks=True, extensions=["jinja2.ext.i18n"])
    env.filters["tojson_attr"] = lambda value: json.dumps(value, ensure_ascii=False)
    env.filters["date"] = lambda ts: time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(ts))
    return env


def language(request: Request) -> str:
    return pick_language(request.query_params.get("lang"), request.cookies,
                         request.headers.get("accept-language"))


def gettext_callables(lang: str) -> dict[str, Any]:
    """The i18n extension's names for one page (passed per render, not installed in the
    shared environment, so concurrent pages in other languages do not meet), with the
    site's ``{name}`` placeholders as keyword arguments: ``_("Seat {n}", n=2)``."""
    def gettext(msgid: str, **values: Any) -> str:
        return translate(lang, msgid, **values)

    def ngettext(singular: str, plural: str, n: int, **values: Any) -> str:
        return translate_plural(lang, singular, plural, n, **values)

    def pgettext(context: str, msgid: str, **values: Any) -> str:
        return translate_in(lang, context, msgid, **values)

    def label_of(key: str) -> str:
        return label(lang, key) or key

    return {"_": gettext, "gettext": gettext, "ngettext": ngettext, "pgettext": pgettext,
            "label": label_of}


@cache
def _client_i18n(lang: str) -> str:
    """The page data's catalogue and labels, serialised once per language."""
    return (f'"i18n": {client_catalogue(lang)}, '
            f'"labels": {json.dumps(labels(lang), ensure_ascii=False, sort_keys=True)}')


def render(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page in the request's language; ``?lang=`` is remembered in a cookie."""
    lang = language(request)
    translations(lang)  # a missing catalogue fails here, naming the install step
    path = request.url.path
    query = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"]
    here = path + ("?" + "&".join(f"{k}={quote(v)}" for k, v in query) if query else "")
    page_data = json.dumps({"lang": lang, **context.pop("client", {})}, ensure_ascii=False)
    client = page_data[:-1] + ", " + _client_i18n(lang) + "}"
    me = getattr(request.state, "signed_in", None)
    html = environment().get_template(template).render(
        lang=lang, here=here, languages=LANGUAGES, games=GAMES, v=ASSET_VERSION, me=me,
        guides=tuple(GUIDES),
        client_json=Markup(client.replace("</", "<\\/")), **gettext_callables(lang),
        **context)
    response = HTMLResponse(html, status_code=status)
    if me is not None:  # a page that names its reader is not for shared caches
        response.headers["Cache-Control"] = "private"
    if request.query_params.get("lang") in LANGUAGES:
        response.set_cookie(COOKIE, lang, max_age=LANG_COOKIE_DAYS * 86400, samesite="lax")
    return response


def game_facts(game_id: str) -> dict[str, Any]:
    """What the new-table page offers for a game: variants, levels, computer players."""
    game = find_game(game_id)
    hooks = hooks_for(game_id)
    bots = _bot_names(game_id)
    facts: dict[str, Any] = {
        "id": game_id, "variants": variant_names(game_id),
        "params": [{"name": p.name, "default": p.default, "low": p.low, "high": p.high}
                   for p in rule_params(game_id)],
        "bots": bots, "default_bot": _quick_player(game_id, list(bots)),
        **ladder_facts(game_id),
        "seats": game.seats(game.parse_options({})),
        "match_wins": hooks.default_match_wins,
        "match_games": list(hooks.match_game_choices),
        "hints": hooks.offers_hints,
    }
    difficulties = package_of(game_id).variants.difficulties
    if difficulties:
        facts["levels"] = [{"name": lv.name, "options": lv.options,
                            "texts": {lang: translate(lang, lv.text) for lang in LANGUAGES},
                            "perfect": lv.perfect} for lv in difficulties]
    return facts


def ladder_facts(game_id: str) -> dict[str, Any]:
    """The game's levels for the seat picker, weakest first: each level's name, every name
    that means it (old tables name those), and its standing in the last tournament; the
    quick game's level (the middle one); the tournament behind the standings, and whether
    a level searches (then it thinks for a time here, and the standings say whether they
    were measured at that time or at the lab's fixed budget)."""
    levels = ladder_of(game_id)
    if not levels:
        return {}
    measured = standings(game_id) or {}
    rated = measured.get("levels", {})
    return {
        "ladder": [{"name": lv.name, "names": [lv.name, lv.bot, *lv.aliases],
                    "standing": rated.get(lv.name)} for lv in levels],
        "quick_level": middle(levels).name,
        "standings": {k: measured[k] for k in ("date", "games", "command", "think_seconds")
                      if k in measured} | {"searches": _searching_ladder(game_id)},
    }


@cache
def _searching_ladder(game_id: str) -> bool:
    """Whether a level of the game's ladder searches (thinks for a time on the site)."""
    return any(searches(game_id, level.bot) for level in ladder_of(game_id))


def ladders() -> dict[str, list[dict[str, Any]]]:
    """Each game's levels and the names that mean them: the replay and the review name a
    computer seat by its level, as the table does."""
    return {gid: [{"name": lv["name"], "names": lv["names"]}
                  for lv in ladder_facts(gid).get("ladder", [])] for gid in GAMES}


def _bot_names(game_id: str) -> dict[str, str]:
    """The game's computer players by the lab's name, each with how it plays."""
    players = package_of(game_id).players
    return {name: players.about.get(name, "") for name in players.names()}


def _quick_player(game_id: str, names: list[str]) -> str:
    """The quick game's computer player: the ladder's middle level, else the first."""
    levels = ladder_of(game_id)
    if levels:
        return middle(levels).name
    return names[0] if names else "random"


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> Response:
    facts = {gid: {"default_bot": _quick_player(gid, list(_bot_names(gid))),
                   "seats": game_facts(gid)["seats"]} for gid in GAMES}
    quick = {gid: {"name": middle(ladder_of(gid)).name, "n": len(ladder_of(gid))}
             for gid in GAMES}
    return render(request, "home.html", page="home", quick=quick, pairing=pairing_clocks(),
                  client={"page": "home", "games": facts})


CLOCKS = ([{"minutes": 1, "increment": 1}, {"minutes": 3, "increment": 2},
           {"minutes": 5, "increment": 3}, {"minutes": 10, "increment": 5}],
          [{"days": d} for d in (1, 2, 3, 7)])
"""The lobby's time controls: chess clocks (the games with them), then turn-based."""


def lobby_facts(game_id: str) -> dict[str, Any]:
    """What the lobby offers for a game: its two-player variants, its time controls, the
    one quick pairing uses, and whether it may be rated."""
    two = [v for v in sorted(variant_names(game_id)) if _lobby_variant(game_id, v)]
    chess = hooks_for(game_id).player_clocks
    return {"variants": two, "clocks": [*(CLOCKS[0] if chess else []), *CLOCKS[1]],
            "quick_clock": CLOCKS[0][2] if chess else None, "rated": game_id in RATED_GAMES}


def _lobby_variant(game_id: str, variant: str) -> bool:
    try:
        check_seek(game_id, variant, None, False, True)
    except ApiError:
        return False
    return True


def pairing_clocks() -> dict[str, str]:
    """Each game's quick-pairing clock as a button names it (``5+3``; none: ``""``)."""
    found = {}
    for gid in GAMES:
        clock = lobby_facts(gid)["quick_clock"]
        found[gid] = f"{clock['minutes']}+{clock['increment']}" if clock else ""
    return found


@router.get("/lobby", response_class=HTMLResponse)
async def lobby(request: Request) -> Response:
    """The lobby: open seeks, live (``lobby.js`` over ``/api/lobby/ws``)."""
    facts = {gid: lobby_facts(gid) for gid in GAMES}
    return render(request, "lobby.html", page="lobby", client={"page": "lobby", "games": facts})


@router.get("/play/{game_id}", response_class=HTMLResponse)
async def new_table(request: Request, game_id: str) -> Response:
    if game_id not in GAMES:
        return not_found(request)
    facts = game_facts(game_id)
    level = request.query_params.get("level")
    return render(request, "new.html", page="new", game=game_id, facts=facts,
                  pairing=pairing_clocks(),
                  client={"page": "new", "game": facts, "level": level})


@router.get("/rules/{game_id}", response_class=HTMLResponse)
async def rules_page(request: Request, game_id: str) -> Response:
    if game_id not in GAMES:
        return not_found(request)
    lang = language(request)
    title, body, toc = rules.render(game_id, lang)
    meta = rules.figures()
    return render(request, "rules.html", page="rules", game=game_id, title=title,
                  body=Markup(body), toc=toc, figures_meta=meta)


@router.get("/learn/{game_id}", response_class=HTMLResponse)
async def learn_page(request: Request, game_id: str) -> Response:
    """The guided first game: start it, or go on with the one this browser left."""
    if game_id not in GUIDES:
        return not_found(request)
    return render(request, "learn.html", page="learn", game=game_id,
                  client={"page": "learn", "game": game_id})


@router.get("/review", response_class=HTMLResponse)
async def review_page(request: Request, table: str | None = None,
                      game_no: int | None = None) -> Response:
    """A MateBeta game review and analysis board: of a table's game (``?table=&game_no=``)
    or of a record the visitor opens; the page asks the analysis API for the rest."""
    return render(request, "review.html", page="review", table=table,
                  client={"page": "review", "table": table, "game_no": game_no,
                          "ladders": ladders()})


@router.get("/replay", response_class=HTMLResponse)
async def replay_page(request: Request, table: str | None = None,
                      game_no: int | None = None, deals: int | None = None) -> Response:
    """Watch a finished game again (``?table=&game_no=``) or a record the visitor opens,
    step by step from any seat's view or the spectator's; Paternoster Duel and Duel 52
    games also get their review by the computer's estimate here (``?deals=``: deals of
    the unseen cards per decision, else the review's default). A visitor holding a
    seat at the table first sees the game through that seat's eyes."""
    seat, game = None, None
    if deals is not None and not 1 <= deals <= MAX_SITE_DEALS:
        deals = None  # the review's own default then (the API names the bounds)
    live = await request.app.state.manager.view(table) if table and _TABLE.match(table) else None
    if live is not None:
        seat = live.seat_for_token(seat_token(request.headers, request.cookies, live.id))
        game = live.game_id
    return render(request, "replay.html", page="replay", table=live.id if live else None,
                  game=game, client={"page": "replay", "table": live.id if live else None,
                                     "game_no": game_no, "seat": seat, "deals": deals,
                                     "ladders": ladders()})


@router.get("/lang/{code}")
async def switch_language(request: Request, code: str, next: str = "/") -> Response:
    """Switch the language and go back; only local paths are followed."""
    target = next if next.startswith("/") and not next.startswith("//") else "/"
    response = RedirectResponse(target, status_code=303)
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=LANG_COOKIE_DAYS * 86400, samesite="lax")
    return response


def not_found(request: Request) -> HTMLResponse:
    return render(request, "message.html", status=404, page="error",
                  message=translate(language(request), "Page not found."))


def table_page(request: Request, table: Any) -> HTMLResponse:
    """The table: the client renders it from the WebSocket's ``state`` messages."""
    game_id = table.game_id
    client = {"page": "table", "table": table.id, "game": game_id,
              "facts": game_facts(game_id) if game_id in GAMES else {"id": game_id}}
    house = house_rules(game_id, table.state.options.to_json()) if game_id in GAMES else []
    return render(request, "table.html", page="table", game=game_id, table=table.id,
                  client=client, house=house, seat_taken=used_invite(request, table),
                  watchable=bool(table.table_settings.get("spectators", True)))


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_link(table_id: str, request: Request, manager: Manager, settings: SiteSettings,
                     key: str | None = None) -> Response:
    """A table's page; a private link (``?key=``) sets the seat's cookie, then comes back
    to the page without the key."""
    table = await find_table(manager, table_id)
    if key is not None:
        await request.app.state.limiter.check("seats", client_key(request))
        if table.seat_for_token(key) is None:
            raise ApiError(403, "bad-token", "this private link holds no seat here")
        redirect = RedirectResponse(f"/t/{table.id}", status_code=303)
        set_seat_cookie(redirect, table.id, key, settings)
        return redirect
    return table_page(request, table)


def used_invite(request: Request, table: Any) -> bool:
    """Whether the page is an invite (``?seat=&invite=``) to a seat someone has taken, opened
    by a visitor who holds no seat here: the page says so from its first paint, before
    anyone taps "Take the seat" (the client keeps it up to date from the table's seats)."""
    seat, invite = request.query_params.get("seat", ""), request.query_params.get("invite")
    if not invite or not seat.isdigit():
        return False
    if table.seat_for_token(seat_token(request.headers, request.cookies, table.id)) is not None:
        return False
    seats = table.seats_json()
    return int(seat) < len(seats) and bool(seats[int(seat)]["taken"])


# --- the Tower campaign: the Score tab and a group's page ---


@router.get("/campaign", response_class=HTMLResponse)
async def score_tab(request: Request, g: str | None = None) -> Response:
    """Every group this browser knows (the ``ct_groups`` cookie) side by side; ``?g=`` adds
    groups by their share tokens (``.``-separated)."""
    db = request.app.state.manager.db
    tokens = groups.remembered(request.cookies)
    for extra in (g or "").split("."):
        if extra and extra not in tokens:
            tokens.append(extra)
    base = str(request.base_url).rstrip("/")
    known = []
    for token in tokens[-groups.MAX_REMEMBERED:]:
        row = await groups.load_group(db, token)
        if row is not None:
            known.append(groups.group_json(base, row))
    return render(request, "campaign.html", page="campaign", groups=known,
                  client={"page": "campaign"})


@router.get("/g/{token}", response_class=HTMLResponse)
async def group_page(request: Request, token: str) -> Response:
    """A group's page, shared by its link; opening it remembers the group in this browser."""
    row = await groups.load_group(request.app.state.manager.db, token)
    if row is None:
        return render(request, "message.html", status=404, page="error",
                      message=translate(language(request),
                                        "There is no group with this link."))
    group = groups.group_json(str(request.base_url).rstrip("/"), row)
    response = render(request, "group.html", page="group", group=group,
                      client={"page": "group", "token": token})
    groups.remember(response, request.cookies, token,
                      request.app.state.settings.secure_cookies)
    return response
