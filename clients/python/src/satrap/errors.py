"""Typed errors: every failed call raises a `SatrapError` subclass that
carries the gRPC status code, the server's message and, for a move the rules
forbid, the rule id the message cites (`KS-4`, `AX-12`, …).

They subclass `grpc.RpcError` and keep its `code()` and `details()`, so
code written against plain grpcio keeps working.
"""

from __future__ import annotations

import re
from typing import Dict, Optional, Type

import grpc

# The server puts the rule first: "KS-4: only the seat to act may play".
_RULE_ID = re.compile(r"^([A-Z]{2,3}-\d+[A-Za-z0-9.]*):")
# Messages are bounded by the server; this bounds what an error keeps.
_MAX_DETAILS = 1000


def rule_id_of(details: str) -> Optional[str]:
    """The rule id a FAILED_PRECONDITION message starts with, if any."""
    m = _RULE_ID.match(details or "")
    return m.group(1) if m else None


class SatrapError(grpc.RpcError):
    """A call the server (or the transport) refused."""

    def __init__(self, code: grpc.StatusCode, details: str, rule_id: Optional[str] = None):
        details = (details or "")[:_MAX_DETAILS]
        super().__init__(f"{code.name}: {details}")
        self.status_code = code
        self.message = details
        self.rule_id = rule_id

    def code(self) -> grpc.StatusCode:
        return self.status_code

    def details(self) -> str:
        return self.message

    def __str__(self) -> str:
        return f"{self.status_code.name}: {self.message}"


class InvalidArgument(SatrapError):
    """A malformed request: fix it."""


class NotFound(SatrapError):
    """No such game (or a private one without its token)."""


class Unauthenticated(SatrapError):
    """A token of no seat, or a missing or unknown API key."""


class PermissionDenied(SatrapError):
    """A spectator acting, a role too small, a seat without its invite code."""


class FailedPrecondition(SatrapError):
    """A move the rules forbid now (`rule_id` names the rule), not this
    seat's turn, a clock that already ran out, a lobby step out of order."""


class AlreadyExists(SatrapError):
    """The player is already in a queue for a match (FindMatch): one queue
    at a time."""


class Aborted(SatrapError):
    """`expected_version` is not the current version: someone moved first.
    Wait for the next update, list again and resend."""


class ResourceExhausted(SatrapError):
    """A server limit or a caller's quota."""


class Unavailable(SatrapError):
    """The server or its database is unreachable, or it is shutting down."""


class DeadlineExceeded(SatrapError):
    """The call's own deadline passed; a write may or may not have applied."""


class Cancelled(SatrapError):
    """The call was cancelled."""


class DataLoss(SatrapError):
    """Stored data is damaged: an operator must look."""


class Internal(SatrapError):
    """A bug in satrap."""


_BY_CODE: Dict[grpc.StatusCode, Type[SatrapError]] = {
    grpc.StatusCode.INVALID_ARGUMENT: InvalidArgument,
    grpc.StatusCode.NOT_FOUND: NotFound,
    grpc.StatusCode.UNAUTHENTICATED: Unauthenticated,
    grpc.StatusCode.PERMISSION_DENIED: PermissionDenied,
    grpc.StatusCode.FAILED_PRECONDITION: FailedPrecondition,
    grpc.StatusCode.ALREADY_EXISTS: AlreadyExists,
    grpc.StatusCode.ABORTED: Aborted,
    grpc.StatusCode.RESOURCE_EXHAUSTED: ResourceExhausted,
    grpc.StatusCode.UNAVAILABLE: Unavailable,
    grpc.StatusCode.DEADLINE_EXCEEDED: DeadlineExceeded,
    grpc.StatusCode.CANCELLED: Cancelled,
    grpc.StatusCode.DATA_LOSS: DataLoss,
    grpc.StatusCode.INTERNAL: Internal,
}


def from_rpc_error(e: grpc.RpcError) -> SatrapError:
    """The typed error for a grpcio error (returned as is if already typed)."""
    if isinstance(e, SatrapError):
        return e
    code = e.code() if callable(getattr(e, "code", None)) else grpc.StatusCode.UNKNOWN
    code = code or grpc.StatusCode.UNKNOWN
    details = e.details() if callable(getattr(e, "details", None)) else str(e)
    details = details or ""
    rule = rule_id_of(details) if code == grpc.StatusCode.FAILED_PRECONDITION else None
    return _BY_CODE.get(code, SatrapError)(code, details, rule)


def relayed(stream):
    """The messages of a server stream, its failure raised as a typed error;
    the stream is cancelled when the caller stops reading."""
    try:
        yield from stream
    except grpc.RpcError as e:
        raise from_rpc_error(e) from None
    finally:
        stream.cancel()
