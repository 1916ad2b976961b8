from satrap.v1 import service_pb2 as _service_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TournamentFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOURNAMENT_FORMAT_UNSPECIFIED: _ClassVar[TournamentFormat]
    TOURNAMENT_FORMAT_SWISS: _ClassVar[TournamentFormat]
    TOURNAMENT_FORMAT_ROUND_ROBIN: _ClassVar[TournamentFormat]
    TOURNAMENT_FORMAT_ARENA: _ClassVar[TournamentFormat]

class TournamentStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOURNAMENT_STATUS_UNSPECIFIED: _ClassVar[TournamentStatus]
    TOURNAMENT_STATUS_REGISTRATION: _ClassVar[TournamentStatus]
    TOURNAMENT_STATUS_RUNNING: _ClassVar[TournamentStatus]
    TOURNAMENT_STATUS_FINISHED: _ClassVar[TournamentStatus]
    TOURNAMENT_STATUS_CANCELLED: _ClassVar[TournamentStatus]

class TournamentTieBreak(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOURNAMENT_TIE_BREAK_UNSPECIFIED: _ClassVar[TournamentTieBreak]
    TOURNAMENT_TIE_BREAK_BUCHHOLZ: _ClassVar[TournamentTieBreak]
    TOURNAMENT_TIE_BREAK_SONNEBORN_BERGER: _ClassVar[TournamentTieBreak]
    TOURNAMENT_TIE_BREAK_VERSUS_TIED: _ClassVar[TournamentTieBreak]
    TOURNAMENT_TIE_BREAK_PLACINGS: _ClassVar[TournamentTieBreak]
    TOURNAMENT_TIE_BREAK_FEWER_GAMES: _ClassVar[TournamentTieBreak]

class TournamentChange(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOURNAMENT_CHANGE_UNSPECIFIED: _ClassVar[TournamentChange]
    TOURNAMENT_CHANGE_CURRENT: _ClassVar[TournamentChange]
    TOURNAMENT_CHANGE_ENTRANT_JOINED: _ClassVar[TournamentChange]
    TOURNAMENT_CHANGE_ENTRANT_LEFT: _ClassVar[TournamentChange]
    TOURNAMENT_CHANGE_ROUND_PAIRED: _ClassVar[TournamentChange]
    TOURNAMENT_CHANGE_GAME_FINISHED: _ClassVar[TournamentChange]
    TOURNAMENT_CHANGE_FINISHED: _ClassVar[TournamentChange]
TOURNAMENT_FORMAT_UNSPECIFIED: TournamentFormat
TOURNAMENT_FORMAT_SWISS: TournamentFormat
TOURNAMENT_FORMAT_ROUND_ROBIN: TournamentFormat
TOURNAMENT_FORMAT_ARENA: TournamentFormat
TOURNAMENT_STATUS_UNSPECIFIED: TournamentStatus
TOURNAMENT_STATUS_REGISTRATION: TournamentStatus
TOURNAMENT_STATUS_RUNNING: TournamentStatus
TOURNAMENT_STATUS_FINISHED: TournamentStatus
TOURNAMENT_STATUS_CANCELLED: TournamentStatus
TOURNAMENT_TIE_BREAK_UNSPECIFIED: TournamentTieBreak
TOURNAMENT_TIE_BREAK_BUCHHOLZ: TournamentTieBreak
TOURNAMENT_TIE_BREAK_SONNEBORN_BERGER: TournamentTieBreak
TOURNAMENT_TIE_BREAK_VERSUS_TIED: TournamentTieBreak
TOURNAMENT_TIE_BREAK_PLACINGS: TournamentTieBreak
TOURNAMENT_TIE_BREAK_FEWER_GAMES: TournamentTieBreak
TOURNAMENT_CHANGE_UNSPECIFIED: TournamentChange
TOURNAMENT_CHANGE_CURRENT: TournamentChange
TOURNAMENT_CHANGE_ENTRANT_JOINED: TournamentChange
TOURNAMENT_CHANGE_ENTRANT_LEFT: TournamentChange
TOURNAMENT_CHANGE_ROUND_PAIRED: TournamentChange
TOURNAMENT_CHANGE_GAME_FINISHED: TournamentChange
TOURNAMENT_CHANGE_FINISHED: TournamentChange

class TournamentSettings(_message.Message):
    __slots__ = ("name", "game_type", "players_per_table", "teams", "format", "rounds", "arena_duration_ms", "time_control", "start_at_ms", "rated", "private", "entry_limit")
    NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_PER_TABLE_FIELD_NUMBER: _ClassVar[int]
    TEAMS_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    ARENA_DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    START_AT_MS_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_FIELD_NUMBER: _ClassVar[int]
    ENTRY_LIMIT_FIELD_NUMBER: _ClassVar[int]
    name: str
    game_type: str
    players_per_table: int
    teams: bool
    format: TournamentFormat
    rounds: int
    arena_duration_ms: int
    time_control: _service_pb2.TimeControl
    start_at_ms: int
    rated: bool
    private: bool
    entry_limit: int
    def __init__(self, name: _Optional[str] = ..., game_type: _Optional[str] = ..., players_per_table: _Optional[int] = ..., teams: _Optional[bool] = ..., format: _Optional[_Union[TournamentFormat, str]] = ..., rounds: _Optional[int] = ..., arena_duration_ms: _Optional[int] = ..., time_control: _Optional[_Union[_service_pb2.TimeControl, _Mapping]] = ..., start_at_ms: _Optional[int] = ..., rated: _Optional[bool] = ..., private: _Optional[bool] = ..., entry_limit: _Optional[int] = ...) -> None: ...

class CreateTournamentRequest(_message.Message):
    __slots__ = ("settings",)
    SETTINGS_FIELD_NUMBER: _ClassVar[int]
    settings: TournamentSettings
    def __init__(self, settings: _Optional[_Union[TournamentSettings, _Mapping]] = ...) -> None: ...

class CreateTournamentResponse(_message.Message):
    __slots__ = ("tournament",)
    TOURNAMENT_FIELD_NUMBER: _ClassVar[int]
    tournament: Tournament
    def __init__(self, tournament: _Optional[_Union[Tournament, _Mapping]] = ...) -> None: ...

class JoinTournamentRequest(_message.Message):
    __slots__ = ("tournament_id", "player_id", "partner_id")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    PARTNER_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    player_id: str
    partner_id: str
    def __init__(self, tournament_id: _Optional[str] = ..., player_id: _Optional[str] = ..., partner_id: _Optional[str] = ...) -> None: ...

class JoinTournamentResponse(_message.Message):
    __slots__ = ("entrant",)
    ENTRANT_FIELD_NUMBER: _ClassVar[int]
    entrant: TournamentEntrant
    def __init__(self, entrant: _Optional[_Union[TournamentEntrant, _Mapping]] = ...) -> None: ...

class LeaveTournamentRequest(_message.Message):
    __slots__ = ("tournament_id", "player_id")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    player_id: str
    def __init__(self, tournament_id: _Optional[str] = ..., player_id: _Optional[str] = ...) -> None: ...

class LeaveTournamentResponse(_message.Message):
    __slots__ = ("entrant",)
    ENTRANT_FIELD_NUMBER: _ClassVar[int]
    entrant: TournamentEntrant
    def __init__(self, entrant: _Optional[_Union[TournamentEntrant, _Mapping]] = ...) -> None: ...

class GetTournamentRequest(_message.Message):
    __slots__ = ("tournament_id",)
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    def __init__(self, tournament_id: _Optional[str] = ...) -> None: ...

class GetTournamentResponse(_message.Message):
    __slots__ = ("tournament",)
    TOURNAMENT_FIELD_NUMBER: _ClassVar[int]
    tournament: Tournament
    def __init__(self, tournament: _Optional[_Union[Tournament, _Mapping]] = ...) -> None: ...

class ListTournamentsRequest(_message.Message):
    __slots__ = ("game_type", "status", "page_size", "page_token")
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_type: str
    status: TournamentStatus
    page_size: int
    page_token: str
    def __init__(self, game_type: _Optional[str] = ..., status: _Optional[_Union[TournamentStatus, str]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListTournamentsResponse(_message.Message):
    __slots__ = ("tournaments", "next_page_token")
    TOURNAMENTS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    tournaments: _containers.RepeatedCompositeFieldContainer[Tournament]
    next_page_token: str
    def __init__(self, tournaments: _Optional[_Iterable[_Union[Tournament, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class TakeTournamentSeatRequest(_message.Message):
    __slots__ = ("tournament_id", "game_id", "player_id")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    game_id: str
    player_id: str
    def __init__(self, tournament_id: _Optional[str] = ..., game_id: _Optional[str] = ..., player_id: _Optional[str] = ...) -> None: ...

class TakeTournamentSeatResponse(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: _service_pb2.SeatCredential
    def __init__(self, seat: _Optional[_Union[_service_pb2.SeatCredential, _Mapping]] = ...) -> None: ...

class WatchTournamentRequest(_message.Message):
    __slots__ = ("tournament_id", "after_version")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_VERSION_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    after_version: int
    def __init__(self, tournament_id: _Optional[str] = ..., after_version: _Optional[int] = ...) -> None: ...

class TournamentUpdate(_message.Message):
    __slots__ = ("change", "tournament")
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_FIELD_NUMBER: _ClassVar[int]
    change: TournamentChange
    tournament: Tournament
    def __init__(self, change: _Optional[_Union[TournamentChange, str]] = ..., tournament: _Optional[_Union[Tournament, _Mapping]] = ...) -> None: ...

class Tournament(_message.Message):
    __slots__ = ("tournament_id", "settings", "status", "version", "creator", "entrants", "rounds", "total_rounds", "standings", "tie_breaks", "ends_at_ms")
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    SETTINGS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    CREATOR_FIELD_NUMBER: _ClassVar[int]
    ENTRANTS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    TIE_BREAKS_FIELD_NUMBER: _ClassVar[int]
    ENDS_AT_MS_FIELD_NUMBER: _ClassVar[int]
    tournament_id: str
    settings: TournamentSettings
    status: TournamentStatus
    version: int
    creator: str
    entrants: _containers.RepeatedCompositeFieldContainer[TournamentEntrant]
    rounds: _containers.RepeatedCompositeFieldContainer[TournamentRound]
    total_rounds: int
    standings: _containers.RepeatedCompositeFieldContainer[TournamentStanding]
    tie_breaks: _containers.RepeatedScalarFieldContainer[TournamentTieBreak]
    ends_at_ms: int
    def __init__(self, tournament_id: _Optional[str] = ..., settings: _Optional[_Union[TournamentSettings, _Mapping]] = ..., status: _Optional[_Union[TournamentStatus, str]] = ..., version: _Optional[int] = ..., creator: _Optional[str] = ..., entrants: _Optional[_Iterable[_Union[TournamentEntrant, _Mapping]]] = ..., rounds: _Optional[_Iterable[_Union[TournamentRound, _Mapping]]] = ..., total_rounds: _Optional[int] = ..., standings: _Optional[_Iterable[_Union[TournamentStanding, _Mapping]]] = ..., tie_breaks: _Optional[_Iterable[_Union[TournamentTieBreak, str]]] = ..., ends_at_ms: _Optional[int] = ...) -> None: ...

class TournamentEntrant(_message.Message):
    __slots__ = ("entrant", "player_ids", "withdrawn")
    ENTRANT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    entrant: int
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    withdrawn: bool
    def __init__(self, entrant: _Optional[int] = ..., player_ids: _Optional[_Iterable[str]] = ..., withdrawn: _Optional[bool] = ...) -> None: ...

class TournamentRound(_message.Message):
    __slots__ = ("number", "tables", "byes", "sit_outs")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    BYES_FIELD_NUMBER: _ClassVar[int]
    SIT_OUTS_FIELD_NUMBER: _ClassVar[int]
    number: int
    tables: _containers.RepeatedCompositeFieldContainer[TournamentTable]
    byes: _containers.RepeatedScalarFieldContainer[int]
    sit_outs: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, number: _Optional[int] = ..., tables: _Optional[_Iterable[_Union[TournamentTable, _Mapping]]] = ..., byes: _Optional[_Iterable[int]] = ..., sit_outs: _Optional[_Iterable[int]] = ...) -> None: ...

class TournamentTable(_message.Message):
    __slots__ = ("game_id", "entrants", "forfeited", "places", "points")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    ENTRANTS_FIELD_NUMBER: _ClassVar[int]
    FORFEITED_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    entrants: _containers.RepeatedScalarFieldContainer[int]
    forfeited: _containers.RepeatedScalarFieldContainer[bool]
    places: _containers.RepeatedScalarFieldContainer[int]
    points: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, game_id: _Optional[str] = ..., entrants: _Optional[_Iterable[int]] = ..., forfeited: _Optional[_Iterable[bool]] = ..., places: _Optional[_Iterable[int]] = ..., points: _Optional[_Iterable[int]] = ...) -> None: ...

class TournamentStanding(_message.Message):
    __slots__ = ("rank", "entrant", "withdrawn", "points", "games", "byes", "buchholz", "sonneborn_berger", "versus_tied", "placings")
    RANK_FIELD_NUMBER: _ClassVar[int]
    ENTRANT_FIELD_NUMBER: _ClassVar[int]
    WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    BYES_FIELD_NUMBER: _ClassVar[int]
    BUCHHOLZ_FIELD_NUMBER: _ClassVar[int]
    SONNEBORN_BERGER_FIELD_NUMBER: _ClassVar[int]
    VERSUS_TIED_FIELD_NUMBER: _ClassVar[int]
    PLACINGS_FIELD_NUMBER: _ClassVar[int]
    rank: int
    entrant: int
    withdrawn: bool
    points: int
    games: int
    byes: int
    buchholz: int
    sonneborn_berger: int
    versus_tied: int
    placings: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, rank: _Optional[int] = ..., entrant: _Optional[int] = ..., withdrawn: _Optional[bool] = ..., points: _Optional[int] = ..., games: _Optional[int] = ..., byes: _Optional[int] = ..., buchholz: _Optional[int] = ..., sonneborn_berger: _Optional[int] = ..., versus_tied: _Optional[int] = ..., placings: _Optional[_Iterable[int]] = ...) -> None: ...
