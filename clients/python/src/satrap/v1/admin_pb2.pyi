from satrap.v1 import service_pb2 as _service_pb2
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AbortGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class AbortGameResponse(_message.Message):
    __slots__ = ("snapshot",)
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    snapshot: _service_pb2.GameSnapshot
    def __init__(self, snapshot: _Optional[_Union[_service_pb2.GameSnapshot, _Mapping]] = ...) -> None: ...

class DeleteGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class DeleteGameResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ReissueSeatTokenRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class ReissueSeatTokenResponse(_message.Message):
    __slots__ = ("credential",)
    CREDENTIAL_FIELD_NUMBER: _ClassVar[int]
    credential: _service_pb2.SeatCredential
    def __init__(self, credential: _Optional[_Union[_service_pb2.SeatCredential, _Mapping]] = ...) -> None: ...

class DeleteChatMessageRequest(_message.Message):
    __slots__ = ("game_id", "message_id")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    message_id: int
    def __init__(self, game_id: _Optional[str] = ..., message_id: _Optional[int] = ...) -> None: ...

class DeleteChatMessageResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class MuteChatRequest(_message.Message):
    __slots__ = ("game_id", "seat", "muted")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MUTED_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    muted: bool
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., muted: _Optional[bool] = ...) -> None: ...

class MuteChatResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...
