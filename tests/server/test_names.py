"""Names judged by Unicode category, over HTTP: a name the coarse schema pattern lets
through but that shows as nothing, hides format characters or piles combining marks is
refused with the documented 422 ``invalid`` wherever a name comes in (a table's creator,
a seat in the table's request, a seat claim, a group); real names of many scripts are
kept as sent."""

from __future__ import annotations

import re
import unicodedata

import pytest
from harness import Server
from test_bad_input import error_of

REFUSED = {
    "tag character": "\U000E0041",
    "combining grapheme joiner": "\u034f",
    "variation selector": "\ufe0f",
    "two accents": "\u0301\u0301",
    "a with 39 accents": "a" + "\u0301" * 39,
    "a with 5 accents": "a" + "\u0301" * 5,
    "accent on a space": "Ann \u0301",
    "private use": "Ann\ue000",
    "unassigned": "Ann\u0378",
    "tag inside a name": "Ann\U000E0041",
    "Arabic number sign": "\u0600Ann",
}

ACCEPTED = {
    "Vietnamese": "Nguyễn Thị Ánh",
    "Vietnamese decomposed": unicodedata.normalize("NFD", "Nguyễn Thị Ánh"),
    "Hindi": "अनुराधा",
    "Thai": "สมชาย",
    "Thai with marks": "สมศักดิ์",
    "Korean": "김민준",
    "Arabic": "محمد",
    "Arabic with shadda": "عليّ",
    "Sinhala with a joiner": "ශ්\u200dරී",
    "Persian with a non-joiner": "می\u200cخواهم",
    "Tibetan stack": "བསྒྲུབས",
    "pointed Hebrew": "שָׁלוֹם",
    "Yoruba": "Ọ̀ṣun",
    "emoji with skin tone and joiner": "👩🏽\u200d💻",
    "flag": "🇩🇪",
    "keycap": "1\ufe0f\u20e3",
    "decomposed Zoë": "Zoe\u0308",
}


def _claimed_name(server: Server, name: str) -> str:
    """Claim a fresh table's second seat under ``name``: the name the table shows."""
    created = server.create()
    table_id, invite = created["table"]["id"], created["invites"]["1"]
    r = server.http.post(f"/api/tables/{table_id}/seats/1",
                         json={"invite": invite, "name": name})
    assert r.status_code == 200, r.text
    shown: str = server.http.get(f"/api/tables/{table_id}").json()["seats"][1]["name"]
    return shown


def _schema_pattern(server: Server) -> re.Pattern[str]:
    schema = server.http.get("/openapi.json").json()["components"]["schemas"]
    name = next(s for s in schema["CreateTable"]["properties"]["creator_name"]["anyOf"]
                if s.get("type") == "string")
    return re.compile(name["pattern"])


@pytest.mark.parametrize("name", REFUSED.values(), ids=REFUSED.keys())
def test_a_name_the_pattern_allows_is_refused_by_category_everywhere(
        server: Server, name: str) -> None:
    """Each of these passes the published pattern, so only the server's category check
    turns it away, with a 422 in the one error shape; the invite stays unused."""
    assert _schema_pattern(server).search(name)
    error_of(server.http.post("/api/tables", json={"game": "duel", "creator_name": name}),
             422, "invalid")
    error_of(server.http.post("/api/tables", json={"game": "duel",
                                                   "seats": [{"name": name}, {}]}),
             422, "invalid")
    created = server.create()
    table_id, invite = created["table"]["id"], created["invites"]["1"]
    error_of(server.http.post(f"/api/tables/{table_id}/seats/1",
                              json={"invite": invite, "name": name}), 422, "invalid")
    assert server.claim(table_id, 1, invite)
    error_of(server.http.post("/api/groups", json={"name": name}), 422, "invalid")


@pytest.mark.parametrize("name", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_real_names_of_many_scripts_are_kept_as_sent(server: Server, name: str) -> None:
    created = server.create(creator_name=name)
    assert created["table"]["seats"][0]["name"] == name
    assert _claimed_name(server, name) == name
    group = server.http.post("/api/groups", json={"name": name})
    assert group.status_code == 201, group.text
    assert group.json()["name"] == name
