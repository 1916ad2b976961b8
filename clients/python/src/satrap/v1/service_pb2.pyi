from satrap.v1 import alexandros_pb2 as _alexandros_pb2
from satrap.v1 import king_of_siam_pb2 as _king_of_siam_pb2
from satrap.v1 import ming_dynasty_pb2 as _ming_dynasty_pb2
from satrap.v1 import territories_pb2 as _territories_pb2
from google.protobuf import field_mask_pb2 as _field_mask_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TakebackPolicy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TAKEBACK_POLICY_UNSPECIFIED: _ClassVar[TakebackPolicy]
    TAKEBACK_POLICY_NEVER: _ClassVar[TakebackPolicy]
    TAKEBACK_POLICY_CASUAL_ONLY: _ClassVar[TakebackPolicy]
    TAKEBACK_POLICY_ALWAYS: _ClassVar[TakebackPolicy]

class GameStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_STATUS_UNSPECIFIED: _ClassVar[GameStatus]
    GAME_STATUS_IN_PROGRESS: _ClassVar[GameStatus]
    GAME_STATUS_FINISHED: _ClassVar[GameStatus]
    GAME_STATUS_WAITING: _ClassVar[GameStatus]

class UpdateCause(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    UPDATE_CAUSE_UNSPECIFIED: _ClassVar[UpdateCause]
    UPDATE_CAUSE_SEATS: _ClassVar[UpdateCause]
    UPDATE_CAUSE_STARTED: _ClassVar[UpdateCause]
    UPDATE_CAUSE_CHAT: _ClassVar[UpdateCause]
    UPDATE_CAUSE_OFFER: _ClassVar[UpdateCause]

class TimeoutPolicy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TIMEOUT_POLICY_UNSPECIFIED: _ClassVar[TimeoutPolicy]
    TIMEOUT_POLICY_BOT_MOVES: _ClassVar[TimeoutPolicy]
    TIMEOUT_POLICY_BOT_TAKES_SEAT: _ClassVar[TimeoutPolicy]
    TIMEOUT_POLICY_FORFEIT: _ClassVar[TimeoutPolicy]

class UpdateMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    UPDATE_MODE_UNSPECIFIED: _ClassVar[UpdateMode]
    UPDATE_MODE_FULL: _ClassVar[UpdateMode]
    UPDATE_MODE_DELTA: _ClassVar[UpdateMode]

class CreatePolicy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CREATE_POLICY_UNSPECIFIED: _ClassVar[CreatePolicy]
    CREATE_POLICY_ANYONE: _ClassVar[CreatePolicy]
    CREATE_POLICY_GUESTS: _ClassVar[CreatePolicy]
    CREATE_POLICY_KEYS_ONLY: _ClassVar[CreatePolicy]

class ChatChannel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CHAT_CHANNEL_UNSPECIFIED: _ClassVar[ChatChannel]
    CHAT_CHANNEL_EVERYONE: _ClassVar[ChatChannel]
    CHAT_CHANNEL_SEATS: _ClassVar[ChatChannel]
    CHAT_CHANNEL_TEAM: _ClassVar[ChatChannel]

class OfferKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    OFFER_KIND_UNSPECIFIED: _ClassVar[OfferKind]
    OFFER_KIND_TAKEBACK: _ClassVar[OfferKind]
    OFFER_KIND_DRAW: _ClassVar[OfferKind]
    OFFER_KIND_ABORT: _ClassVar[OfferKind]

class OfferStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    OFFER_STATUS_UNSPECIFIED: _ClassVar[OfferStatus]
    OFFER_STATUS_PENDING: _ClassVar[OfferStatus]
    OFFER_STATUS_ACCEPTED: _ClassVar[OfferStatus]
    OFFER_STATUS_DECLINED: _ClassVar[OfferStatus]
    OFFER_STATUS_WITHDRAWN: _ClassVar[OfferStatus]
    OFFER_STATUS_EXPIRED: _ClassVar[OfferStatus]
TAKEBACK_POLICY_UNSPECIFIED: TakebackPolicy
TAKEBACK_POLICY_NEVER: TakebackPolicy
TAKEBACK_POLICY_CASUAL_ONLY: TakebackPolicy
TAKEBACK_POLICY_ALWAYS: TakebackPolicy
GAME_STATUS_UNSPECIFIED: GameStatus
GAME_STATUS_IN_PROGRESS: GameStatus
GAME_STATUS_FINISHED: GameStatus
GAME_STATUS_WAITING: GameStatus
UPDATE_CAUSE_UNSPECIFIED: UpdateCause
UPDATE_CAUSE_SEATS: UpdateCause
UPDATE_CAUSE_STARTED: UpdateCause
UPDATE_CAUSE_CHAT: UpdateCause
UPDATE_CAUSE_OFFER: UpdateCause
TIMEOUT_POLICY_UNSPECIFIED: TimeoutPolicy
TIMEOUT_POLICY_BOT_MOVES: TimeoutPolicy
TIMEOUT_POLICY_BOT_TAKES_SEAT: TimeoutPolicy
TIMEOUT_POLICY_FORFEIT: TimeoutPolicy
UPDATE_MODE_UNSPECIFIED: UpdateMode
UPDATE_MODE_FULL: UpdateMode
UPDATE_MODE_DELTA: UpdateMode
CREATE_POLICY_UNSPECIFIED: CreatePolicy
CREATE_POLICY_ANYONE: CreatePolicy
CREATE_POLICY_GUESTS: CreatePolicy
CREATE_POLICY_KEYS_ONLY: CreatePolicy
CHAT_CHANNEL_UNSPECIFIED: ChatChannel
CHAT_CHANNEL_EVERYONE: ChatChannel
CHAT_CHANNEL_SEATS: ChatChannel
CHAT_CHANNEL_TEAM: ChatChannel
OFFER_KIND_UNSPECIFIED: OfferKind
OFFER_KIND_TAKEBACK: OfferKind
OFFER_KIND_DRAW: OfferKind
OFFER_KIND_ABORT: OfferKind
OFFER_STATUS_UNSPECIFIED: OfferStatus
OFFER_STATUS_PENDING: OfferStatus
OFFER_STATUS_ACCEPTED: OfferStatus
OFFER_STATUS_DECLINED: OfferStatus
OFFER_STATUS_WITHDRAWN: OfferStatus
OFFER_STATUS_EXPIRED: OfferStatus

class GameType(_message.Message):
    __slots__ = ("id", "name", "min_players", "max_players", "description", "rules", "bots", "action_spaces")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MAX_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    ACTION_SPACES_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    min_players: int
    max_players: int
    description: str
    rules: str
    bots: _containers.RepeatedScalarFieldContainer[str]
    action_spaces: _containers.RepeatedCompositeFieldContainer[ActionSpace]
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., min_players: _Optional[int] = ..., max_players: _Optional[int] = ..., description: _Optional[str] = ..., rules: _Optional[str] = ..., bots: _Optional[_Iterable[str]] = ..., action_spaces: _Optional[_Iterable[_Union[ActionSpace, _Mapping]]] = ...) -> None: ...

class ListGameTypesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListGameTypesResponse(_message.Message):
    __slots__ = ("game_types",)
    GAME_TYPES_FIELD_NUMBER: _ClassVar[int]
    game_types: _containers.RepeatedCompositeFieldContainer[GameType]
    def __init__(self, game_types: _Optional[_Iterable[_Union[GameType, _Mapping]]] = ...) -> None: ...

class SeatRequest(_message.Message):
    __slots__ = ("name", "bot", "open", "player_id")
    NAME_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    name: str
    bot: str
    open: bool
    player_id: str
    def __init__(self, name: _Optional[str] = ..., bot: _Optional[str] = ..., open: _Optional[bool] = ..., player_id: _Optional[str] = ...) -> None: ...

class GameOptions(_message.Message):
    __slots__ = ("king_of_siam", "alexandros", "ming_dynasty", "territories")
    KING_OF_SIAM_FIELD_NUMBER: _ClassVar[int]
    ALEXANDROS_FIELD_NUMBER: _ClassVar[int]
    MING_DYNASTY_FIELD_NUMBER: _ClassVar[int]
    TERRITORIES_FIELD_NUMBER: _ClassVar[int]
    king_of_siam: _king_of_siam_pb2.KingOfSiamOptions
    alexandros: _alexandros_pb2.AlexandrosOptions
    ming_dynasty: _ming_dynasty_pb2.MingDynastyOptions
    territories: _territories_pb2.TerritoriesOptions
    def __init__(self, king_of_siam: _Optional[_Union[_king_of_siam_pb2.KingOfSiamOptions, _Mapping]] = ..., alexandros: _Optional[_Union[_alexandros_pb2.AlexandrosOptions, _Mapping]] = ..., ming_dynasty: _Optional[_Union[_ming_dynasty_pb2.MingDynastyOptions, _Mapping]] = ..., territories: _Optional[_Union[_territories_pb2.TerritoriesOptions, _Mapping]] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("game_type", "seats", "seed", "options", "private", "time_control", "on_timeout", "bot_fill", "invite_codes", "rated", "takebacks")
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    ON_TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    BOT_FILL_FIELD_NUMBER: _ClassVar[int]
    INVITE_CODES_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    TAKEBACKS_FIELD_NUMBER: _ClassVar[int]
    game_type: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatRequest]
    seed: int
    options: GameOptions
    private: bool
    time_control: TimeControl
    on_timeout: TimeoutPolicy
    bot_fill: BotFill
    invite_codes: bool
    rated: bool
    takebacks: TakebackPolicy
    def __init__(self, game_type: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatRequest, _Mapping]]] = ..., seed: _Optional[int] = ..., options: _Optional[_Union[GameOptions, _Mapping]] = ..., private: _Optional[bool] = ..., time_control: _Optional[_Union[TimeControl, _Mapping]] = ..., on_timeout: _Optional[_Union[TimeoutPolicy, str]] = ..., bot_fill: _Optional[_Union[BotFill, _Mapping]] = ..., invite_codes: _Optional[bool] = ..., rated: _Optional[bool] = ..., takebacks: _Optional[_Union[TakebackPolicy, str]] = ...) -> None: ...

class SeatCredential(_message.Message):
    __slots__ = ("seat", "name", "token", "open")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    name: str
    token: str
    open: bool
    def __init__(self, seat: _Optional[int] = ..., name: _Optional[str] = ..., token: _Optional[str] = ..., open: _Optional[bool] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game_id", "seats", "snapshot", "spectator_token", "invites")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_TOKEN_FIELD_NUMBER: _ClassVar[int]
    INVITES_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatCredential]
    snapshot: GameSnapshot
    spectator_token: str
    invites: _containers.RepeatedCompositeFieldContainer[Invite]
    def __init__(self, game_id: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatCredential, _Mapping]]] = ..., snapshot: _Optional[_Union[GameSnapshot, _Mapping]] = ..., spectator_token: _Optional[str] = ..., invites: _Optional[_Iterable[_Union[Invite, _Mapping]]] = ...) -> None: ...

class SeatInfo(_message.Message):
    __slots__ = ("seat", "name", "bot", "resigned", "open", "invite_only", "player_id")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    RESIGNED_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    INVITE_ONLY_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    seat: int
    name: str
    bot: str
    resigned: bool
    open: bool
    invite_only: bool
    player_id: str
    def __init__(self, seat: _Optional[int] = ..., name: _Optional[str] = ..., bot: _Optional[str] = ..., resigned: _Optional[bool] = ..., open: _Optional[bool] = ..., invite_only: _Optional[bool] = ..., player_id: _Optional[str] = ...) -> None: ...

class SeatResult(_message.Message):
    __slots__ = ("seat", "rank", "score")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    rank: int
    score: int
    def __init__(self, seat: _Optional[int] = ..., rank: _Optional[int] = ..., score: _Optional[int] = ...) -> None: ...

class Outcome(_message.Message):
    __slots__ = ("winners", "draw", "results", "ending", "summary", "agreed")
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    ENDING_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    AGREED_FIELD_NUMBER: _ClassVar[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    draw: bool
    results: _containers.RepeatedCompositeFieldContainer[SeatResult]
    ending: str
    summary: str
    agreed: bool
    def __init__(self, winners: _Optional[_Iterable[int]] = ..., draw: _Optional[bool] = ..., results: _Optional[_Iterable[_Union[SeatResult, _Mapping]]] = ..., ending: _Optional[str] = ..., summary: _Optional[str] = ..., agreed: _Optional[bool] = ...) -> None: ...

class GameSnapshot(_message.Message):
    __slots__ = ("game_id", "game_type", "version", "status", "to_act", "viewer", "king_of_siam", "alexandros", "ming_dynasty", "territories", "outcome", "text", "seats", "private", "clocks", "client_seed", "rated", "offer", "takebacks")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    KING_OF_SIAM_FIELD_NUMBER: _ClassVar[int]
    ALEXANDROS_FIELD_NUMBER: _ClassVar[int]
    MING_DYNASTY_FIELD_NUMBER: _ClassVar[int]
    TERRITORIES_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_FIELD_NUMBER: _ClassVar[int]
    CLOCKS_FIELD_NUMBER: _ClassVar[int]
    CLIENT_SEED_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    TAKEBACKS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    game_type: str
    version: int
    status: GameStatus
    to_act: _containers.RepeatedScalarFieldContainer[int]
    viewer: int
    king_of_siam: _king_of_siam_pb2.KingOfSiamView
    alexandros: _alexandros_pb2.AlexandrosView
    ming_dynasty: _ming_dynasty_pb2.MingDynastyView
    territories: _territories_pb2.TerritoriesView
    outcome: Outcome
    text: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    private: bool
    clocks: Clocks
    client_seed: bool
    rated: bool
    offer: Offer
    takebacks: TakebackPolicy
    def __init__(self, game_id: _Optional[str] = ..., game_type: _Optional[str] = ..., version: _Optional[int] = ..., status: _Optional[_Union[GameStatus, str]] = ..., to_act: _Optional[_Iterable[int]] = ..., viewer: _Optional[int] = ..., king_of_siam: _Optional[_Union[_king_of_siam_pb2.KingOfSiamView, _Mapping]] = ..., alexandros: _Optional[_Union[_alexandros_pb2.AlexandrosView, _Mapping]] = ..., ming_dynasty: _Optional[_Union[_ming_dynasty_pb2.MingDynastyView, _Mapping]] = ..., territories: _Optional[_Union[_territories_pb2.TerritoriesView, _Mapping]] = ..., outcome: _Optional[_Union[Outcome, _Mapping]] = ..., text: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., private: _Optional[bool] = ..., clocks: _Optional[_Union[Clocks, _Mapping]] = ..., client_seed: _Optional[bool] = ..., rated: _Optional[bool] = ..., offer: _Optional[_Union[Offer, _Mapping]] = ..., takebacks: _Optional[_Union[TakebackPolicy, str]] = ...) -> None: ...

class GetGameRequest(_message.Message):
    __slots__ = ("game_id", "observation")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    observation: bool
    def __init__(self, game_id: _Optional[str] = ..., observation: _Optional[bool] = ...) -> None: ...

class GetGameResponse(_message.Message):
    __slots__ = ("snapshot", "observation")
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    snapshot: GameSnapshot
    observation: Observation
    def __init__(self, snapshot: _Optional[_Union[GameSnapshot, _Mapping]] = ..., observation: _Optional[_Union[Observation, _Mapping]] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("king_of_siam", "alexandros", "ming_dynasty", "territories")
    KING_OF_SIAM_FIELD_NUMBER: _ClassVar[int]
    ALEXANDROS_FIELD_NUMBER: _ClassVar[int]
    MING_DYNASTY_FIELD_NUMBER: _ClassVar[int]
    TERRITORIES_FIELD_NUMBER: _ClassVar[int]
    king_of_siam: _king_of_siam_pb2.KingOfSiamAction
    alexandros: _alexandros_pb2.AlexandrosAction
    ming_dynasty: _ming_dynasty_pb2.MingDynastyAction
    territories: _territories_pb2.TerritoriesAction
    def __init__(self, king_of_siam: _Optional[_Union[_king_of_siam_pb2.KingOfSiamAction, _Mapping]] = ..., alexandros: _Optional[_Union[_alexandros_pb2.AlexandrosAction, _Mapping]] = ..., ming_dynasty: _Optional[_Union[_ming_dynasty_pb2.MingDynastyAction, _Mapping]] = ..., territories: _Optional[_Union[_territories_pb2.TerritoriesAction, _Mapping]] = ...) -> None: ...

class LegalAction(_message.Message):
    __slots__ = ("action", "notation", "action_id")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    NOTATION_FIELD_NUMBER: _ClassVar[int]
    ACTION_ID_FIELD_NUMBER: _ClassVar[int]
    action: Action
    notation: str
    action_id: int
    def __init__(self, action: _Optional[_Union[Action, _Mapping]] = ..., notation: _Optional[str] = ..., action_id: _Optional[int] = ...) -> None: ...

class ListLegalActionsRequest(_message.Message):
    __slots__ = ("game_id", "observation")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    observation: bool
    def __init__(self, game_id: _Optional[str] = ..., observation: _Optional[bool] = ...) -> None: ...

class ListLegalActionsResponse(_message.Message):
    __slots__ = ("version", "actions", "observation")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    version: int
    actions: _containers.RepeatedCompositeFieldContainer[LegalAction]
    observation: Observation
    def __init__(self, version: _Optional[int] = ..., actions: _Optional[_Iterable[_Union[LegalAction, _Mapping]]] = ..., observation: _Optional[_Union[Observation, _Mapping]] = ...) -> None: ...

class ApplyActionRequest(_message.Message):
    __slots__ = ("game_id", "expected_version", "action", "notation", "action_id", "no_text", "lean")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    NOTATION_FIELD_NUMBER: _ClassVar[int]
    ACTION_ID_FIELD_NUMBER: _ClassVar[int]
    NO_TEXT_FIELD_NUMBER: _ClassVar[int]
    LEAN_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    expected_version: int
    action: Action
    notation: str
    action_id: int
    no_text: bool
    lean: bool
    def __init__(self, game_id: _Optional[str] = ..., expected_version: _Optional[int] = ..., action: _Optional[_Union[Action, _Mapping]] = ..., notation: _Optional[str] = ..., action_id: _Optional[int] = ..., no_text: _Optional[bool] = ..., lean: _Optional[bool] = ...) -> None: ...

class GameEvent(_message.Message):
    __slots__ = ("version", "seat", "description", "king_of_siam", "alexandros", "ming_dynasty", "territories", "timed_out")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    KING_OF_SIAM_FIELD_NUMBER: _ClassVar[int]
    ALEXANDROS_FIELD_NUMBER: _ClassVar[int]
    MING_DYNASTY_FIELD_NUMBER: _ClassVar[int]
    TERRITORIES_FIELD_NUMBER: _ClassVar[int]
    TIMED_OUT_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    description: str
    king_of_siam: _king_of_siam_pb2.KingOfSiamEvent
    alexandros: _alexandros_pb2.AlexandrosEvent
    ming_dynasty: _ming_dynasty_pb2.MingDynastyEvent
    territories: _territories_pb2.TerritoriesEvent
    timed_out: SeatTimedOut
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., description: _Optional[str] = ..., king_of_siam: _Optional[_Union[_king_of_siam_pb2.KingOfSiamEvent, _Mapping]] = ..., alexandros: _Optional[_Union[_alexandros_pb2.AlexandrosEvent, _Mapping]] = ..., ming_dynasty: _Optional[_Union[_ming_dynasty_pb2.MingDynastyEvent, _Mapping]] = ..., territories: _Optional[_Union[_territories_pb2.TerritoriesEvent, _Mapping]] = ..., timed_out: _Optional[_Union[SeatTimedOut, _Mapping]] = ...) -> None: ...

class ApplyActionResponse(_message.Message):
    __slots__ = ("snapshot", "events", "progress")
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    snapshot: GameSnapshot
    events: _containers.RepeatedCompositeFieldContainer[GameEvent]
    progress: GameProgress
    def __init__(self, snapshot: _Optional[_Union[GameSnapshot, _Mapping]] = ..., events: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ..., progress: _Optional[_Union[GameProgress, _Mapping]] = ...) -> None: ...

class WatchGameRequest(_message.Message):
    __slots__ = ("game_id", "from_version", "mode", "text")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    from_version: int
    mode: UpdateMode
    text: bool
    def __init__(self, game_id: _Optional[str] = ..., from_version: _Optional[int] = ..., mode: _Optional[_Union[UpdateMode, str]] = ..., text: _Optional[bool] = ...) -> None: ...

class GameUpdate(_message.Message):
    __slots__ = ("version", "events", "snapshot", "delta", "cause", "chat")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    DELTA_FIELD_NUMBER: _ClassVar[int]
    CAUSE_FIELD_NUMBER: _ClassVar[int]
    CHAT_FIELD_NUMBER: _ClassVar[int]
    version: int
    events: _containers.RepeatedCompositeFieldContainer[GameEvent]
    snapshot: GameSnapshot
    delta: SnapshotDelta
    cause: UpdateCause
    chat: _containers.RepeatedCompositeFieldContainer[ChatMessage]
    def __init__(self, version: _Optional[int] = ..., events: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ..., snapshot: _Optional[_Union[GameSnapshot, _Mapping]] = ..., delta: _Optional[_Union[SnapshotDelta, _Mapping]] = ..., cause: _Optional[_Union[UpdateCause, str]] = ..., chat: _Optional[_Iterable[_Union[ChatMessage, _Mapping]]] = ...) -> None: ...

class GetHistoryRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class HistoryEntry(_message.Message):
    __slots__ = ("version", "seat", "notation", "action", "hidden", "events", "timeout", "at_ms")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NOTATION_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    notation: str
    action: Action
    hidden: bool
    events: _containers.RepeatedCompositeFieldContainer[GameEvent]
    timeout: TimeoutPolicy
    at_ms: int
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., notation: _Optional[str] = ..., action: _Optional[_Union[Action, _Mapping]] = ..., hidden: _Optional[bool] = ..., events: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ..., timeout: _Optional[_Union[TimeoutPolicy, str]] = ..., at_ms: _Optional[int] = ...) -> None: ...

class GetHistoryResponse(_message.Message):
    __slots__ = ("game_id", "game_type", "seats", "options", "entries", "seed", "status", "version", "chat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    CHAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    game_type: str
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    options: GameOptions
    entries: _containers.RepeatedCompositeFieldContainer[HistoryEntry]
    seed: int
    status: GameStatus
    version: int
    chat: _containers.RepeatedCompositeFieldContainer[ChatMessage]
    def __init__(self, game_id: _Optional[str] = ..., game_type: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., options: _Optional[_Union[GameOptions, _Mapping]] = ..., entries: _Optional[_Iterable[_Union[HistoryEntry, _Mapping]]] = ..., seed: _Optional[int] = ..., status: _Optional[_Union[GameStatus, str]] = ..., version: _Optional[int] = ..., chat: _Optional[_Iterable[_Union[ChatMessage, _Mapping]]] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ("game_type", "status", "page_size", "page_token", "open_seats", "include_abandoned")
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    OPEN_SEATS_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_ABANDONED_FIELD_NUMBER: _ClassVar[int]
    game_type: str
    status: GameStatus
    page_size: int
    page_token: str
    open_seats: bool
    include_abandoned: bool
    def __init__(self, game_type: _Optional[str] = ..., status: _Optional[_Union[GameStatus, str]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., open_seats: _Optional[bool] = ..., include_abandoned: _Optional[bool] = ...) -> None: ...

class GameSummary(_message.Message):
    __slots__ = ("game_id", "game_type", "status", "version", "seats", "created_at_ms", "updated_at_ms", "private", "time_control", "rated", "abandoned")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_MS_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_MS_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    ABANDONED_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    game_type: str
    status: GameStatus
    version: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    created_at_ms: int
    updated_at_ms: int
    private: bool
    time_control: TimeControl
    rated: bool
    abandoned: bool
    def __init__(self, game_id: _Optional[str] = ..., game_type: _Optional[str] = ..., status: _Optional[_Union[GameStatus, str]] = ..., version: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., created_at_ms: _Optional[int] = ..., updated_at_ms: _Optional[int] = ..., private: _Optional[bool] = ..., time_control: _Optional[_Union[TimeControl, _Mapping]] = ..., rated: _Optional[bool] = ..., abandoned: _Optional[bool] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameSummary]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[GameSummary, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class ResignRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class ResignResponse(_message.Message):
    __slots__ = ("snapshot", "events")
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    snapshot: GameSnapshot
    events: _containers.RepeatedCompositeFieldContainer[GameEvent]
    def __init__(self, snapshot: _Optional[_Union[GameSnapshot, _Mapping]] = ..., events: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ...) -> None: ...

class RotateSeatTokenRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class RotateSeatTokenResponse(_message.Message):
    __slots__ = ("credential",)
    CREDENTIAL_FIELD_NUMBER: _ClassVar[int]
    credential: SeatCredential
    def __init__(self, credential: _Optional[_Union[SeatCredential, _Mapping]] = ...) -> None: ...

class ActionSpace(_message.Message):
    __slots__ = ("players", "num_distinct_actions", "observation_shape")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    NUM_DISTINCT_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_SHAPE_FIELD_NUMBER: _ClassVar[int]
    players: int
    num_distinct_actions: int
    observation_shape: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, players: _Optional[int] = ..., num_distinct_actions: _Optional[int] = ..., observation_shape: _Optional[_Iterable[int]] = ...) -> None: ...

class Observation(_message.Message):
    __slots__ = ("tensor", "shape", "action_mask", "num_distinct_actions", "version")
    TENSOR_FIELD_NUMBER: _ClassVar[int]
    SHAPE_FIELD_NUMBER: _ClassVar[int]
    ACTION_MASK_FIELD_NUMBER: _ClassVar[int]
    NUM_DISTINCT_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    tensor: _containers.RepeatedScalarFieldContainer[float]
    shape: _containers.RepeatedScalarFieldContainer[int]
    action_mask: bytes
    num_distinct_actions: int
    version: int
    def __init__(self, tensor: _Optional[_Iterable[float]] = ..., shape: _Optional[_Iterable[int]] = ..., action_mask: _Optional[bytes] = ..., num_distinct_actions: _Optional[int] = ..., version: _Optional[int] = ...) -> None: ...

class TimeControl(_message.Message):
    __slots__ = ("none", "per_move_ms", "fischer")
    NONE_FIELD_NUMBER: _ClassVar[int]
    PER_MOVE_MS_FIELD_NUMBER: _ClassVar[int]
    FISCHER_FIELD_NUMBER: _ClassVar[int]
    none: NoClock
    per_move_ms: int
    fischer: Fischer
    def __init__(self, none: _Optional[_Union[NoClock, _Mapping]] = ..., per_move_ms: _Optional[int] = ..., fischer: _Optional[_Union[Fischer, _Mapping]] = ...) -> None: ...

class NoClock(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Fischer(_message.Message):
    __slots__ = ("budget_ms", "increment_ms")
    BUDGET_MS_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_MS_FIELD_NUMBER: _ClassVar[int]
    budget_ms: int
    increment_ms: int
    def __init__(self, budget_ms: _Optional[int] = ..., increment_ms: _Optional[int] = ...) -> None: ...

class BotFill(_message.Message):
    __slots__ = ("after_ms", "bot")
    AFTER_MS_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    after_ms: int
    bot: str
    def __init__(self, after_ms: _Optional[int] = ..., bot: _Optional[str] = ...) -> None: ...

class Clocks(_message.Message):
    __slots__ = ("time_control", "as_of_ms", "seats", "on_timeout")
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    AS_OF_MS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    ON_TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    time_control: TimeControl
    as_of_ms: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatClock]
    on_timeout: TimeoutPolicy
    def __init__(self, time_control: _Optional[_Union[TimeControl, _Mapping]] = ..., as_of_ms: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[SeatClock, _Mapping]]] = ..., on_timeout: _Optional[_Union[TimeoutPolicy, str]] = ...) -> None: ...

class SeatClock(_message.Message):
    __slots__ = ("seat", "remaining_ms", "running", "deadline_ms")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REMAINING_MS_FIELD_NUMBER: _ClassVar[int]
    RUNNING_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    remaining_ms: int
    running: bool
    deadline_ms: int
    def __init__(self, seat: _Optional[int] = ..., remaining_ms: _Optional[int] = ..., running: _Optional[bool] = ..., deadline_ms: _Optional[int] = ...) -> None: ...

class SeatTimedOut(_message.Message):
    __slots__ = ("seat", "policy")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POLICY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    policy: TimeoutPolicy
    def __init__(self, seat: _Optional[int] = ..., policy: _Optional[_Union[TimeoutPolicy, str]] = ...) -> None: ...

class Invite(_message.Message):
    __slots__ = ("seat", "code")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    code: str
    def __init__(self, seat: _Optional[int] = ..., code: _Optional[str] = ...) -> None: ...

class JoinGameRequest(_message.Message):
    __slots__ = ("game_id", "seat", "name", "invite_code", "player_id")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    INVITE_CODE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    name: str
    invite_code: str
    player_id: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., name: _Optional[str] = ..., invite_code: _Optional[str] = ..., player_id: _Optional[str] = ...) -> None: ...

class JoinGameResponse(_message.Message):
    __slots__ = ("seat", "snapshot")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    seat: SeatCredential
    snapshot: GameSnapshot
    def __init__(self, seat: _Optional[_Union[SeatCredential, _Mapping]] = ..., snapshot: _Optional[_Union[GameSnapshot, _Mapping]] = ...) -> None: ...

class LeaveGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class LeaveGameResponse(_message.Message):
    __slots__ = ("snapshot",)
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    snapshot: GameSnapshot
    def __init__(self, snapshot: _Optional[_Union[GameSnapshot, _Mapping]] = ...) -> None: ...

class SnapshotDelta(_message.Message):
    __slots__ = ("changed", "values")
    CHANGED_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    changed: _field_mask_pb2.FieldMask
    values: GameSnapshot
    def __init__(self, changed: _Optional[_Union[_field_mask_pb2.FieldMask, _Mapping]] = ..., values: _Optional[_Union[GameSnapshot, _Mapping]] = ...) -> None: ...

class GameProgress(_message.Message):
    __slots__ = ("version", "status", "to_act")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    version: int
    status: GameStatus
    to_act: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, version: _Optional[int] = ..., status: _Optional[_Union[GameStatus, str]] = ..., to_act: _Optional[_Iterable[int]] = ...) -> None: ...

class FindMatchRequest(_message.Message):
    __slots__ = ("game_type", "players", "rated", "name", "player_id", "time_control", "bot_fill_after_seconds", "bot")
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    BOT_FILL_AFTER_SECONDS_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    game_type: str
    players: int
    rated: bool
    name: str
    player_id: str
    time_control: TimeControl
    bot_fill_after_seconds: int
    bot: str
    def __init__(self, game_type: _Optional[str] = ..., players: _Optional[int] = ..., rated: _Optional[bool] = ..., name: _Optional[str] = ..., player_id: _Optional[str] = ..., time_control: _Optional[_Union[TimeControl, _Mapping]] = ..., bot_fill_after_seconds: _Optional[int] = ..., bot: _Optional[str] = ...) -> None: ...

class MatchUpdate(_message.Message):
    __slots__ = ("queued", "found")
    QUEUED_FIELD_NUMBER: _ClassVar[int]
    FOUND_FIELD_NUMBER: _ClassVar[int]
    queued: MatchQueued
    found: MatchFound
    def __init__(self, queued: _Optional[_Union[MatchQueued, _Mapping]] = ..., found: _Optional[_Union[MatchFound, _Mapping]] = ...) -> None: ...

class MatchQueued(_message.Message):
    __slots__ = ("position", "waiting", "waited_ms", "window")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    WAITING_FIELD_NUMBER: _ClassVar[int]
    WAITED_MS_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    position: int
    waiting: int
    waited_ms: int
    window: float
    def __init__(self, position: _Optional[int] = ..., waiting: _Optional[int] = ..., waited_ms: _Optional[int] = ..., window: _Optional[float] = ...) -> None: ...

class MatchFound(_message.Message):
    __slots__ = ("game_id", "seat", "rated", "snapshot")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: SeatCredential
    rated: bool
    snapshot: GameSnapshot
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[_Union[SeatCredential, _Mapping]] = ..., rated: _Optional[bool] = ..., snapshot: _Optional[_Union[GameSnapshot, _Mapping]] = ...) -> None: ...

class PlayerRating(_message.Message):
    __slots__ = ("player_id", "game_type", "rating", "uncertainty", "display", "games", "wins", "last_change", "updated_at_ms", "name", "place")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    UNCERTAINTY_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    WINS_FIELD_NUMBER: _ClassVar[int]
    LAST_CHANGE_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_MS_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    game_type: str
    rating: float
    uncertainty: float
    display: float
    games: int
    wins: int
    last_change: float
    updated_at_ms: int
    name: str
    place: int
    def __init__(self, player_id: _Optional[str] = ..., game_type: _Optional[str] = ..., rating: _Optional[float] = ..., uncertainty: _Optional[float] = ..., display: _Optional[float] = ..., games: _Optional[int] = ..., wins: _Optional[int] = ..., last_change: _Optional[float] = ..., updated_at_ms: _Optional[int] = ..., name: _Optional[str] = ..., place: _Optional[int] = ...) -> None: ...

class GetRatingsRequest(_message.Message):
    __slots__ = ("game_type", "player_ids")
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    game_type: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, game_type: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class GetRatingsResponse(_message.Message):
    __slots__ = ("ratings",)
    RATINGS_FIELD_NUMBER: _ClassVar[int]
    ratings: _containers.RepeatedCompositeFieldContainer[PlayerRating]
    def __init__(self, ratings: _Optional[_Iterable[_Union[PlayerRating, _Mapping]]] = ...) -> None: ...

class ListLeaderboardRequest(_message.Message):
    __slots__ = ("game_type", "page_size", "page_token")
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_type: str
    page_size: int
    page_token: str
    def __init__(self, game_type: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListLeaderboardResponse(_message.Message):
    __slots__ = ("ratings", "next_page_token")
    RATINGS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    ratings: _containers.RepeatedCompositeFieldContainer[PlayerRating]
    next_page_token: str
    def __init__(self, ratings: _Optional[_Iterable[_Union[PlayerRating, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class WatchEventsRequest(_message.Message):
    __slots__ = ("after_sequence",)
    AFTER_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    after_sequence: int
    def __init__(self, after_sequence: _Optional[int] = ...) -> None: ...

class FeedEvent(_message.Message):
    __slots__ = ("sequence", "at_ms", "game_id", "game_type", "owner", "tournament_id", "created", "started", "finished", "aborted", "deleted", "tournament_started", "tournament_round_paired", "tournament_finished", "tournament_cancelled")
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_NUMBER: _ClassVar[int]
    STARTED_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    ABORTED_FIELD_NUMBER: _ClassVar[int]
    DELETED_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_STARTED_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_ROUND_PAIRED_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_FINISHED_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_CANCELLED_FIELD_NUMBER: _ClassVar[int]
    sequence: int
    at_ms: int
    game_id: str
    game_type: str
    owner: str
    tournament_id: str
    created: GameCreated
    started: GameStarted
    finished: GameFinished
    aborted: GameAborted
    deleted: GameDeleted
    tournament_started: TournamentStarted
    tournament_round_paired: TournamentRoundPaired
    tournament_finished: TournamentFinished
    tournament_cancelled: TournamentCancelled
    def __init__(self, sequence: _Optional[int] = ..., at_ms: _Optional[int] = ..., game_id: _Optional[str] = ..., game_type: _Optional[str] = ..., owner: _Optional[str] = ..., tournament_id: _Optional[str] = ..., created: _Optional[_Union[GameCreated, _Mapping]] = ..., started: _Optional[_Union[GameStarted, _Mapping]] = ..., finished: _Optional[_Union[GameFinished, _Mapping]] = ..., aborted: _Optional[_Union[GameAborted, _Mapping]] = ..., deleted: _Optional[_Union[GameDeleted, _Mapping]] = ..., tournament_started: _Optional[_Union[TournamentStarted, _Mapping]] = ..., tournament_round_paired: _Optional[_Union[TournamentRoundPaired, _Mapping]] = ..., tournament_finished: _Optional[_Union[TournamentFinished, _Mapping]] = ..., tournament_cancelled: _Optional[_Union[TournamentCancelled, _Mapping]] = ...) -> None: ...

class TournamentStarted(_message.Message):
    __slots__ = ("entrants",)
    ENTRANTS_FIELD_NUMBER: _ClassVar[int]
    entrants: int
    def __init__(self, entrants: _Optional[int] = ...) -> None: ...

class TournamentRoundPaired(_message.Message):
    __slots__ = ("round",)
    ROUND_FIELD_NUMBER: _ClassVar[int]
    round: int
    def __init__(self, round: _Optional[int] = ...) -> None: ...

class TournamentFinished(_message.Message):
    __slots__ = ("winner_ids",)
    WINNER_IDS_FIELD_NUMBER: _ClassVar[int]
    winner_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, winner_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class TournamentCancelled(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GameCreated(_message.Message):
    __slots__ = ("seats", "rated")
    SEATS_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    rated: bool
    def __init__(self, seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., rated: _Optional[bool] = ...) -> None: ...

class GameStarted(_message.Message):
    __slots__ = ("seats",)
    SEATS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    def __init__(self, seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ...) -> None: ...

class GameFinished(_message.Message):
    __slots__ = ("outcome", "rated", "rating_changes")
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    RATING_CHANGES_FIELD_NUMBER: _ClassVar[int]
    outcome: Outcome
    rated: bool
    rating_changes: _containers.RepeatedCompositeFieldContainer[RatingChange]
    def __init__(self, outcome: _Optional[_Union[Outcome, _Mapping]] = ..., rated: _Optional[bool] = ..., rating_changes: _Optional[_Iterable[_Union[RatingChange, _Mapping]]] = ...) -> None: ...

class RatingChange(_message.Message):
    __slots__ = ("seat", "player_id", "before", "after")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    BEFORE_FIELD_NUMBER: _ClassVar[int]
    AFTER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    player_id: str
    before: PlayerRating
    after: PlayerRating
    def __init__(self, seat: _Optional[int] = ..., player_id: _Optional[str] = ..., before: _Optional[_Union[PlayerRating, _Mapping]] = ..., after: _Optional[_Union[PlayerRating, _Mapping]] = ...) -> None: ...

class GameAborted(_message.Message):
    __slots__ = ("by",)
    BY_FIELD_NUMBER: _ClassVar[int]
    by: str
    def __init__(self, by: _Optional[str] = ...) -> None: ...

class GameDeleted(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetServerInfoRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetServerInfoResponse(_message.Message):
    __slots__ = ("create", "rated_play", "guests", "limits", "abandoned_after_ms")
    CREATE_FIELD_NUMBER: _ClassVar[int]
    RATED_PLAY_FIELD_NUMBER: _ClassVar[int]
    GUESTS_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    ABANDONED_AFTER_MS_FIELD_NUMBER: _ClassVar[int]
    create: CreatePolicy
    rated_play: bool
    guests: bool
    limits: ServerLimits
    abandoned_after_ms: int
    def __init__(self, create: _Optional[_Union[CreatePolicy, str]] = ..., rated_play: _Optional[bool] = ..., guests: _Optional[bool] = ..., limits: _Optional[_Union[ServerLimits, _Mapping]] = ..., abandoned_after_ms: _Optional[int] = ...) -> None: ...

class ServerLimits(_message.Message):
    __slots__ = ("create_per_minute", "create_burst", "max_live_bot_games", "guest_create_per_minute", "guest_create_burst", "guest_max_live_bot_games", "max_watch_streams", "max_watchers_per_game", "max_message_bytes", "client_seeds", "chat_max_chars", "chat_per_minute", "chat_burst", "offer_expiry_seconds", "abort_moves_per_seat")
    CREATE_PER_MINUTE_FIELD_NUMBER: _ClassVar[int]
    CREATE_BURST_FIELD_NUMBER: _ClassVar[int]
    MAX_LIVE_BOT_GAMES_FIELD_NUMBER: _ClassVar[int]
    GUEST_CREATE_PER_MINUTE_FIELD_NUMBER: _ClassVar[int]
    GUEST_CREATE_BURST_FIELD_NUMBER: _ClassVar[int]
    GUEST_MAX_LIVE_BOT_GAMES_FIELD_NUMBER: _ClassVar[int]
    MAX_WATCH_STREAMS_FIELD_NUMBER: _ClassVar[int]
    MAX_WATCHERS_PER_GAME_FIELD_NUMBER: _ClassVar[int]
    MAX_MESSAGE_BYTES_FIELD_NUMBER: _ClassVar[int]
    CLIENT_SEEDS_FIELD_NUMBER: _ClassVar[int]
    CHAT_MAX_CHARS_FIELD_NUMBER: _ClassVar[int]
    CHAT_PER_MINUTE_FIELD_NUMBER: _ClassVar[int]
    CHAT_BURST_FIELD_NUMBER: _ClassVar[int]
    OFFER_EXPIRY_SECONDS_FIELD_NUMBER: _ClassVar[int]
    ABORT_MOVES_PER_SEAT_FIELD_NUMBER: _ClassVar[int]
    create_per_minute: int
    create_burst: int
    max_live_bot_games: int
    guest_create_per_minute: int
    guest_create_burst: int
    guest_max_live_bot_games: int
    max_watch_streams: int
    max_watchers_per_game: int
    max_message_bytes: int
    client_seeds: bool
    chat_max_chars: int
    chat_per_minute: int
    chat_burst: int
    offer_expiry_seconds: int
    abort_moves_per_seat: int
    def __init__(self, create_per_minute: _Optional[int] = ..., create_burst: _Optional[int] = ..., max_live_bot_games: _Optional[int] = ..., guest_create_per_minute: _Optional[int] = ..., guest_create_burst: _Optional[int] = ..., guest_max_live_bot_games: _Optional[int] = ..., max_watch_streams: _Optional[int] = ..., max_watchers_per_game: _Optional[int] = ..., max_message_bytes: _Optional[int] = ..., client_seeds: _Optional[bool] = ..., chat_max_chars: _Optional[int] = ..., chat_per_minute: _Optional[int] = ..., chat_burst: _Optional[int] = ..., offer_expiry_seconds: _Optional[int] = ..., abort_moves_per_seat: _Optional[int] = ...) -> None: ...

class ChatMessage(_message.Message):
    __slots__ = ("id", "channel", "seat", "name", "text", "at_ms", "deleted", "team")
    ID_FIELD_NUMBER: _ClassVar[int]
    CHANNEL_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    DELETED_FIELD_NUMBER: _ClassVar[int]
    TEAM_FIELD_NUMBER: _ClassVar[int]
    id: int
    channel: ChatChannel
    seat: int
    name: str
    text: str
    at_ms: int
    deleted: bool
    team: int
    def __init__(self, id: _Optional[int] = ..., channel: _Optional[_Union[ChatChannel, str]] = ..., seat: _Optional[int] = ..., name: _Optional[str] = ..., text: _Optional[str] = ..., at_ms: _Optional[int] = ..., deleted: _Optional[bool] = ..., team: _Optional[int] = ...) -> None: ...

class SendChatMessageRequest(_message.Message):
    __slots__ = ("game_id", "channel", "text")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    CHANNEL_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    channel: ChatChannel
    text: str
    def __init__(self, game_id: _Optional[str] = ..., channel: _Optional[_Union[ChatChannel, str]] = ..., text: _Optional[str] = ...) -> None: ...

class SendChatMessageResponse(_message.Message):
    __slots__ = ("message",)
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    message: ChatMessage
    def __init__(self, message: _Optional[_Union[ChatMessage, _Mapping]] = ...) -> None: ...

class Offer(_message.Message):
    __slots__ = ("id", "kind", "seat", "version", "expires_at_ms", "accepted", "waiting", "status", "moves")
    ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_AT_MS_FIELD_NUMBER: _ClassVar[int]
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    WAITING_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    id: int
    kind: OfferKind
    seat: int
    version: int
    expires_at_ms: int
    accepted: _containers.RepeatedScalarFieldContainer[int]
    waiting: _containers.RepeatedScalarFieldContainer[int]
    status: OfferStatus
    moves: int
    def __init__(self, id: _Optional[int] = ..., kind: _Optional[_Union[OfferKind, str]] = ..., seat: _Optional[int] = ..., version: _Optional[int] = ..., expires_at_ms: _Optional[int] = ..., accepted: _Optional[_Iterable[int]] = ..., waiting: _Optional[_Iterable[int]] = ..., status: _Optional[_Union[OfferStatus, str]] = ..., moves: _Optional[int] = ...) -> None: ...

class MakeOfferRequest(_message.Message):
    __slots__ = ("game_id", "kind")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    kind: OfferKind
    def __init__(self, game_id: _Optional[str] = ..., kind: _Optional[_Union[OfferKind, str]] = ...) -> None: ...

class MakeOfferResponse(_message.Message):
    __slots__ = ("offer", "snapshot")
    OFFER_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    offer: Offer
    snapshot: GameSnapshot
    def __init__(self, offer: _Optional[_Union[Offer, _Mapping]] = ..., snapshot: _Optional[_Union[GameSnapshot, _Mapping]] = ...) -> None: ...

class AnswerOfferRequest(_message.Message):
    __slots__ = ("game_id", "offer_id", "accept")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    OFFER_ID_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    offer_id: int
    accept: bool
    def __init__(self, game_id: _Optional[str] = ..., offer_id: _Optional[int] = ..., accept: _Optional[bool] = ...) -> None: ...

class AnswerOfferResponse(_message.Message):
    __slots__ = ("offer", "snapshot")
    OFFER_FIELD_NUMBER: _ClassVar[int]
    SNAPSHOT_FIELD_NUMBER: _ClassVar[int]
    offer: Offer
    snapshot: GameSnapshot
    def __init__(self, offer: _Optional[_Union[Offer, _Mapping]] = ..., snapshot: _Optional[_Union[GameSnapshot, _Mapping]] = ...) -> None: ...
