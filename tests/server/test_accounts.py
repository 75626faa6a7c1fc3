"""Accounts against a real server: signing up, in and out, a new password, deleting one's
account; the names refused; cookies; the cross-site guard; the sign-in limits; and no
password, session id or hash in the log, a page or /metrics."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from harness import TEST_FLAGS, Server, from_address

from cardtable.server.services.accounts import HASHER
from cardtable.server.services.names import name_key, name_keys

PASSWORD = "tulip-kettle-93"


def sign_up(server: Server, name: str, password: str = PASSWORD) -> httpx.Client:
    """A client of its own, signed up as ``name``."""
    client = anon(server)
    r = client.post("/api/accounts", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return client


def anon(server: Server) -> httpx.Client:
    """A client of its own that keeps its cookies to itself."""
    return httpx.Client(base_url=server.url, timeout=30)


def who(client: httpx.Client) -> str | None:
    r = client.get("/api/session")
    assert r.status_code == 200, r.text
    name: str | None = r.json()["name"]
    return name


def error(r: httpx.Response) -> str:
    code: str = r.json()["error"]["code"]
    return code


def test_sign_up_signs_in_with_a_safe_cookie(server: Server) -> None:
    client = anon(server)
    r = client.post("/api/accounts", json={"name": "Ada_L", "password": PASSWORD})
    assert r.status_code == 201 and r.json() == {"name": "Ada_L"}
    cookie = r.headers["set-cookie"]
    assert cookie.startswith("ct.session=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie
    assert who(client) == "Ada_L"
    assert who(httpx.Client(base_url=server.url)) is None


def test_names_that_are_taken_look_alike_or_break_the_rules(server: Server) -> None:
    sign_up(server, "Boris")
    for name, status, code in [
        ("boris", 409, "name-taken"), ("BORIS", 409, "name-taken"),
        ("B0ris", 409, "name-taken"),             # a zero for the o
        ("Вoris", 422, "bad-name"),               # a Cyrillic В among Latin letters
        ("Ｂｏｒｉｓ", 409, "name-taken"),          # full-width letters are the plain ones
        ("ab", 422, "bad-name"), ("a" * 21, 422, "bad-name"),
        ("tom cat", 422, "bad-name"), ("tom.cat", 422, "bad-name"),
        ("a\u0301\u0301", 422, "bad-name"), ("\U000e0041abc", 422, "bad-name"),
        ("Admin", 422, "bad-name"), ("deleted-player", 422, "bad-name"),
    ]:
        r = anon(server).post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert (r.status_code, error(r)) == (status, code), name
    # all-Cyrillic letters that look like a Latin name already taken
    sign_up(server, "BEAT")
    r = anon(server).post("/api/accounts", json={"name": "ВЕАТ", "password": PASSWORD})
    assert (r.status_code, error(r)) == (409, "name-taken")


def test_bad_input_is_refused_and_never_echoed(server: Server) -> None:
    secret = "s3cr3t-" + "x" * 300
    for body, status, code in [
        ({"name": 5, "password": PASSWORD}, 422, "invalid"),
        ({"name": "carla", "password": ["x"]}, 422, "invalid"),
        ({"name": "carla"}, 422, "invalid"),
        ({"name": "carla", "password": PASSWORD, "admin": True}, 422, "invalid"),
        ({"name": "carla", "password": secret}, 422, "invalid"),
        ({"name": "carla", "password": "short"}, 422, "bad-password"),
        ({"name": "carla", "password": "CARLA"}, 422, "bad-password"),
    ]:
        r = anon(server).post("/api/accounts", json=body)
        assert (r.status_code, error(r)) == (status, code), body
        assert secret not in r.text and "s3cr3t" not in r.text
    r = anon(server).post("/api/session", json={"name": "carla", "password": secret})
    assert r.status_code == 422
    assert who(anon(server)) is None


def test_sign_in_out_and_the_same_answer_for_a_wrong_name_or_password(server: Server) -> None:
    sign_up(server, "dora-k")
    client = anon(server)
    wrong_password = client.post("/api/session", json={"name": "dora-k", "password": "nope-nope"})
    wrong_name = client.post("/api/session", json={"name": "nobody-x", "password": PASSWORD})
    assert wrong_password.status_code == wrong_name.status_code == 401
    assert wrong_password.json() == wrong_name.json()
    assert error(wrong_name) == "bad-sign-in"
    r = client.post("/api/session", json={"name": "DORA-K", "password": PASSWORD})
    assert r.status_code == 200 and r.json() == {"name": "dora-k"}
    session = client.cookies["ct.session"]
    assert who(client) == "dora-k"
    assert client.delete("/api/session").status_code == 204
    assert who(client) is None
    stale = httpx.Client(base_url=server.url, cookies={"ct.session": session})
    assert who(stale) is None  # the session is gone from the database, not only the cookie


def test_a_new_password_signs_out_the_other_browsers(server: Server) -> None:
    first = sign_up(server, "emil")
    second = anon(server)
    assert second.post("/api/session", json={"name": "emil", "password": PASSWORD}) \
        .status_code == 200
    r = first.post("/api/accounts/me/password",
                   json={"password": "wrong-one", "new_password": "new-pass-77"})
    assert (r.status_code, error(r)) == (401, "bad-sign-in")
    r = first.post("/api/accounts/me/password",
                   json={"password": PASSWORD, "new_password": "new-pass-77"})
    assert r.status_code == 204
    assert who(first) == "emil" and who(second) is None
    assert anon(server).post("/api/session", json={"name": "emil", "password": PASSWORD}) \
        .status_code == 401
    assert anon(server).post("/api/session", json={"name": "emil", "password": "new-pass-77"}) \
        .status_code == 200
    r = anon(server).post("/api/accounts/me/password", json={"password": "x", "new_password": "y"})
    assert (r.status_code, error(r)) == (401, "not-signed-in")


def test_deleting_the_account_frees_its_name(server: Server) -> None:
    client = sign_up(server, "fritz")
    r = client.request("DELETE", "/api/accounts/me", json={"password": "not-it-at-all"})
    assert (r.status_code, error(r)) == (401, "bad-sign-in")
    assert who(client) == "fritz"
    assert client.request("DELETE", "/api/accounts/me", json={"password": PASSWORD}) \
        .status_code == 204
    assert who(client) is None
    assert anon(server).post("/api/session", json={"name": "fritz", "password": PASSWORD}) \
        .status_code == 401
    sign_up(server, "Fritz", "another-pass-1")


def test_changes_from_another_sites_page_are_refused(server: Server) -> None:
    client = sign_up(server, "gerda")
    evil = {"Origin": "https://evil.example"}
    for method, path, body in [
        ("DELETE", "/api/session", None),
        ("POST", "/api/accounts/me/password", {"password": PASSWORD, "new_password": "x" * 9}),
        ("DELETE", "/api/accounts/me", {"password": PASSWORD}),
        ("POST", "/api/session", {"name": "gerda", "password": PASSWORD}),
        ("POST", "/api/accounts", {"name": "gerda2", "password": PASSWORD}),
    ]:
        r = client.request(method, path, json=body, headers=evil)
        assert (r.status_code, error(r)) == (403, "cross-site"), path
    r = client.delete("/api/session", headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403
    assert who(client) == "gerda"
    own = {"Origin": server.url}
    assert client.delete("/api/session", headers=own).status_code == 204


@pytest.fixture(scope="module")
def limited_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the site's default limits on."""
    path = tmp_path_factory.mktemp("limited")
    srv = Server(f"sqlite:///{path / 'cardtable.db'}", path / "server.log",
                 flags=tuple(f for f in TEST_FLAGS if f != "--no-limits"))
    srv.start()
    yield srv
    srv.stop()


def test_sign_in_attempts_are_limited_per_address_and_per_name(limited_server: Server) -> None:
    srv = limited_server
    from_address(srv, "127.0.0.9").post("/api/accounts",
                                        json={"name": "hilde", "password": PASSWORD})
    one = from_address(srv, "127.0.0.10")
    answers = [one.post("/api/session", json={"name": "hilde", "password": f"wrong-{i}"})
               for i in range(11)]
    assert [r.status_code for r in answers] == [401] * 10 + [429]
    eleventh = answers[-1]
    assert error(eleventh) == "rate-limited" and 1 <= int(eleventh.headers["Retry-After"]) <= 60
    # the right password from that address waits too
    r = one.post("/api/session", json={"name": "hilde", "password": PASSWORD})
    assert r.status_code == 429
    # another address may try other names, but not this one
    other = from_address(srv, "127.0.0.11")
    r = other.post("/api/session", json={"name": "hilde", "password": PASSWORD})
    assert r.status_code == 429 and "this name" in r.json()["error"]["message"]
    assert other.post("/api/session", json={"name": "ida-x", "password": PASSWORD}) \
        .status_code == 401


def test_no_password_session_id_or_hash_anywhere(server: Server, tmp_path: Path) -> None:
    password = "unique-Pw-4711-zz"
    client = sign_up(server, "jonas", password)
    client.post("/api/session", json={"name": "jonas", "password": password})
    client.post("/api/session", json={"name": "jonas", "password": password + "-wrong"})
    client.post("/api/accounts/me/password",
                json={"password": password, "new_password": password + "-new"})
    session = client.cookies["ct.session"]
    pages = [client.get(path).text for path in ("/", "/api/session", "/api/openapi.json")]
    metrics = server.http.get("/metrics").text
    log = server.log_path.read_text(errors="replace")
    for text in [*pages, metrics, log]:
        assert password not in text and session not in text and "$argon2" not in text


def test_the_session_cookie_is_secure_on_a_tls_site(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'cardtable.db'}", tmp_path / "server.log",
                 "--secure-cookies")
    srv.start()
    try:
        r = anon(srv).post("/api/accounts", json={"name": "kira", "password": PASSWORD})
        assert r.status_code == 201
        assert "Secure" in r.headers["set-cookie"] and "HttpOnly" in r.headers["set-cookie"]
    finally:
        srv.stop()


def test_japanese_names_mix_kanji_and_kana_look_alike_mixes_are_refused(server: Server
                                                                        ) -> None:
    """Unicode's highly restrictive mixes: Han with Hiragana and Katakana (and with
    Bopomofo, or Hangul, each with Latin) are names; Latin with Cyrillic or Greek, Hangul
    with kana are not. Katakana カ and Han 力 look alike: one name."""
    for name in ("山田たろう", "佐々木", "ゆーき", "カトウ", "Kim김민준", "tanaka太郎"):
        r = anon(server).post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert r.status_code == 201 and r.json() == {"name": name}, (name, r.text)
    for name, status, code in [
        ("力トウ", 409, "name-taken"),           # Han 力 for Katakana カ
        ("ゆ一き", 409, "name-taken"),           # Han 一 for the long vowel ー
        ("Anaа", 422, "bad-name"),              # a Cyrillic а after Latin letters
        ("Αlex", 422, "bad-name"),              # a Greek Alpha before Latin letters
        ("山田б", 422, "bad-name"),              # Han with Cyrillic
        ("김たろう", 422, "bad-name"),            # Hangul with Hiragana
        ("ㄅㄆ김", 422, "bad-name"),              # Bopomofo with Hangul
    ]:
        r = anon(server).post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert (r.status_code, error(r)) == (status, code), name
    assert who(anon(server)) is None
    client = anon(server)
    r = client.post("/api/session", json={"name": "山田たろう", "password": PASSWORD})
    assert r.status_code == 200 and who(client) == "山田たろう"


def test_an_account_made_under_the_earlier_key_is_still_found(server: Server) -> None:
    """Before kana and Han look-alikes were one name, 田中一郎 was keyed as written; now
    its 一 is keyed as the long vowel ー. Such an account signs in and has its page."""
    assert name_keys("田中一郎") == [name_key("田中一郎"), "田中一郎"]
    engine = sa.create_engine(str(server.db_url))
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO accounts (name, name_key, password_hash, created_at) "
            "VALUES ('田中一郎', '田中一郎', :hash, :now)"),
            {"hash": HASHER.hash(PASSWORD), "now": time.time()})
    engine.dispose()
    client = anon(server)
    r = client.post("/api/session", json={"name": "田中一郎", "password": PASSWORD})
    assert r.status_code == 200 and who(client) == "田中一郎"
    page = server.http.get("/api/players/田中一郎")
    assert page.status_code == 200 and page.json()["name"] == "田中一郎"
    r = anon(server).post("/api/accounts", json={"name": "田中一郎", "password": PASSWORD})
    assert (r.status_code, error(r)) == (409, "name-taken")
