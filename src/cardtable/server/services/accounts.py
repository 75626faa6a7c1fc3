"""Accounts: signing up, in and out, changing the password, deleting the account.

Passwords are hashed with Argon2id (``argon2-cffi``) at OWASP's settings for it (19 MiB,
two passes, one lane), in a thread, at most :data:`HASHING_AT_ONCE` at a time, so a burst of
sign-ins neither blocks the event loop nor takes the machine's memory. A password is
capped in length before it is hashed. A session id is 32 random bytes; only its SHA-256
is stored (:mod:`cardtable.server.storage.accounts`), so every process of a site accepts
it. A wrong name and a wrong password get the same answer in the same time (an unknown
name is checked against a hash of nothing).
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from cardtable.server.protocol.errors import ApiError
from cardtable.server.services.names import check_name, name_key, name_keys
from cardtable.server.storage import accounts as stored
from cardtable.server.storage.db import Database

MIN_PASSWORD = 8
MAX_PASSWORD = 256
"""Characters of a password; longer ones are refused before any hashing."""
MAX_PASSWORD_BYTES = 1024
SESSION_DAYS = 30
HASHING_AT_ONCE = 2

HASHER = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
_NO_ACCOUNT_HASH = HASHER.hash(secrets.token_urlsafe(16))
_hashing = asyncio.Semaphore(HASHING_AT_ONCE)

WRONG = ApiError(401, "bad-sign-in", "wrong name or password")

T = TypeVar("T")


@dataclass(frozen=True)
class Account:
    id: int
    name: str


def check_password(raw: object, name: str | None = None) -> str:
    """The password if it may be one; :class:`ApiError` ``bad-password`` (never echoing it)."""
    if not isinstance(raw, str):
        raise ApiError(422, "bad-password", "a password is a string")
    if len(raw) > MAX_PASSWORD or len(raw.encode("utf-8", "surrogatepass")) > MAX_PASSWORD_BYTES:
        raise ApiError(422, "bad-password", f"a password has at most {MAX_PASSWORD} characters")
    if len(raw) < MIN_PASSWORD:
        raise ApiError(422, "bad-password", f"a password has at least {MIN_PASSWORD} characters")
    if name is not None and name_key(raw) == name_key(name):
        raise ApiError(422, "bad-password", "a password is not the name")
    return raw


def session_hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("utf-8", "replace")).hexdigest()


async def _hash(password: str) -> str:
    async with _hashing:
        return await asyncio.to_thread(HASHER.hash, password)


async def _verify(password_hash: str, password: str) -> bool:
    def verify() -> bool:
        try:
            return HASHER.verify(password_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    async with _hashing:
        return await asyncio.to_thread(verify)


async def find(db: Database, lookup: Callable[..., T | None], name: str) -> T | None:
    """``lookup(connection, key)`` for the account of this name: under its key, or under
    the key it was made with before the present rule (:func:`names.name_keys`)."""
    for key in name_keys(name):
        found = await db.run(lookup, key)
        if found is not None:
            return found
    return None


async def _new_session(db: Database, account_id: int) -> str:
    session_id = secrets.token_urlsafe(32)
    await db.run(stored.create_session, session_hash(session_id), account_id,
                 time.time() + SESSION_DAYS * 86400)
    return session_id


async def sign_up(db: Database, raw_name: object, raw_password: object) -> tuple[Account, str]:
    """A new account and its first session id; ``name-taken`` (409) when a name that
    looks the same is someone's."""
    name = check_name(raw_name)
    password = check_password(raw_password, name)
    key = name_key(name)
    taken = ApiError(409, "name-taken", "that name, or one that looks like it, is taken")
    if await find(db, stored.account_id_by_key, name) is not None:
        raise taken
    account_id = await db.run(stored.create_account, name, key, await _hash(password))
    if account_id is None:
        raise taken
    return Account(account_id, name), await _new_session(db, account_id)


async def sign_in(db: Database, raw_name: object, raw_password: object) -> tuple[Account, str]:
    """The account and a new session id; :data:`WRONG` (401) for a wrong name or password
    alike."""
    if not isinstance(raw_name, str) or not isinstance(raw_password, str) \
            or len(raw_name) > 80 or len(raw_password) > MAX_PASSWORD \
            or len(raw_password.encode("utf-8", "surrogatepass")) > MAX_PASSWORD_BYTES:
        raise WRONG
    row = await find(db, stored.account_by_key, raw_name)
    matches = await _verify(row.password_hash if row else _NO_ACCOUNT_HASH, raw_password)
    if row is None or not matches:
        raise WRONG
    if HASHER.check_needs_rehash(row.password_hash):
        await db.run(stored.set_password_hash, row.id, await _hash(raw_password))
    return Account(row.id, row.name), await _new_session(db, row.id)


async def current(db: Database, session_id: str | None) -> Account | None:
    """The account a session id is signed in to (None: no session, or an expired one)."""
    if not session_id or len(session_id) > 100:
        return None
    found = await db.run(stored.session_account, session_hash(session_id))
    return None if found is None else Account(*found)


async def sign_out(db: Database, session_id: str | None) -> None:
    if session_id and len(session_id) <= 100:
        await db.run(stored.delete_session, session_hash(session_id))


async def _confirm(db: Database, account: Account, raw_password: object) -> None:
    """The account's own password again, for what cannot be undone (``bad-sign-in``)."""
    row = await db.run(stored.account_by_id, account.id)
    if row is None or not isinstance(raw_password, str) or len(raw_password) > MAX_PASSWORD \
            or not await _verify(row.password_hash, raw_password):
        raise ApiError(401, "bad-sign-in", "wrong password")


async def change_password(db: Database, account: Account, session_id: str,
                          raw_password: object, raw_new: object) -> None:
    """A new password; every other browser of the account is signed out."""
    new = check_password(raw_new, account.name)
    await _confirm(db, account, raw_password)
    await db.run(stored.set_password_hash, account.id, await _hash(new))
    await db.run(stored.delete_other_sessions, account.id, session_hash(session_id))


async def delete(db: Database, account: Account, raw_password: object) -> None:
    """The account goes; its games stay, its seats in them named "deleted player"."""
    await _confirm(db, account, raw_password)
    await db.run(stored.delete_account, account.id)
