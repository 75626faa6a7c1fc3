"""People's pages: a player's profile (``/@/{name}``: ratings with a small chart, the record
against each computer level, the games with Watch again and Review links) and the account
page (``/account``: sign up, sign in and out, a new password, deleting the account; its
forms talk to the accounts API from ``account.js``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from cardtable.server.live.rated import SCALE
from cardtable.server.protocol.errors import ApiError
from cardtable.server.routes.signedin import database
from cardtable.server.services import accounts, players
from cardtable.server.storage import accounts as stored
from cardtable.web.pages import SIGNED_IN, not_found, render

router = APIRouter(include_in_schema=False, dependencies=[SIGNED_IN])

CHART_W, CHART_H = 240, 60


def chart(points: list[float]) -> str:
    """An SVG polyline's points for ratings over time (at least two games)."""
    if len(points) < 2:
        return ""
    low, high = min(points), max(points)
    span = (high - low) or 1.0
    step = CHART_W / (len(points) - 1)
    return " ".join(f"{i * step:.1f},{CHART_H - 4 - (p - low) / span * (CHART_H - 8):.1f}"
                    for i, p in enumerate(points))


def computer_record(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Wins, losses and draws against each computer level, per game."""
    tally: dict[tuple[str, str], dict[str, Any]] = {}
    for g in games:
        levels = [o["level"] for o in g["opponents"] if o["kind"] == "computer"]
        if not levels or g["result"] is None:
            continue
        row = tally.setdefault((g["game"], levels[0]), {"game": g["game"], "level": levels[0],
                                                        "win": 0, "loss": 0, "draw": 0})
        row[g["result"]] += 1
    return sorted(tally.values(), key=lambda r: (r["game"], r["level"]))


@router.get("/@/{name}", response_class=HTMLResponse)
async def profile_page(name: str, request: Request, page: int = 0) -> HTMLResponse:
    db = database(request)
    try:
        data = await players.profile(db, name, max(0, min(page, 10_000)))
    except ApiError:
        return not_found(request)
    found = await accounts.find(db, stored.account_by_name, name)
    history = await db.run(stored.rating_history, found[0]) if found else []
    every = await db.run(stored.player_games, found[0], 0, 500) if found else []
    charts = {fam: chart([h["mu_after"] * SCALE for h in history if h["family"] == fam])
              for fam in data["ratings"]}
    return render(request, "profile.html", page="profile", player=data, charts=charts,
                  chart_w=CHART_W, chart_h=CHART_H,
                  computers=computer_record([players.game_row(r) for r in every]))


@router.get("/account", response_class=HTMLResponse)
async def account_page(request: Request) -> HTMLResponse:
    name = request.state.signed_in  # looked up for the header (:func:`pages.signed_in`)
    return render(request, "account.html", page="account", account=name,
                  client={"account": name})
