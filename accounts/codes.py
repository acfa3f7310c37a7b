"""Claim code text: generation, normalisation, keyed hash (no database)."""
from __future__ import annotations

import hashlib
import hmac
import secrets

from django.conf import settings

#: No 0/O, 1/I/L: a code read aloud or from paper is not mistyped.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8


def code_new() -> str:
    """A fresh random code: ``CODE_LENGTH`` characters of :data:`CODE_ALPHABET` (``secrets``)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def code_normalize(text: str) -> str:
    """What the player typed, upper case, without spaces or dashes ("abcd-efgh" → "ABCDEFGH")."""
    return "".join(ch for ch in str(text).upper() if ch not in " -\t")


def code_display(code: str) -> str:
    """The code as printed: two groups of four ("ABCD-EFGH")."""
    return f"{code[:4]}-{code[4:]}"


def code_hash(code: str) -> str:
    """HMAC-SHA256 of the normalised code under ``SECRET_KEY`` (hex, 64 characters)."""
    key = settings.SECRET_KEY.encode()
    return hmac.new(key, b"claim:" + code_normalize(code).encode(), hashlib.sha256).hexdigest()
