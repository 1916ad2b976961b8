from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class KingOfSiamFaction(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KING_OF_SIAM_FACTION_UNSPECIFIED: _ClassVar[KingOfSiamFaction]
    KING_OF_SIAM_FACTION_RAMA: _ClassVar[KingOfSiamFaction]
    KING_OF_SIAM_FACTION_LAO: _ClassVar[KingOfSiamFaction]
    KING_OF_SIAM_FACTION_MALAY: _ClassVar[KingOfSiamFaction]

class KingOfSiamController(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KING_OF_SIAM_CONTROLLER_UNSPECIFIED: _ClassVar[KingOfSiamController]
    KING_OF_SIAM_CONTROLLER_RAMA: _ClassVar[KingOfSiamController]
    KING_OF_SIAM_CONTROLLER_LAO: _ClassVar[KingOfSiamController]
    KING_OF_SIAM_CONTROLLER_MALAY: _ClassVar[KingOfSiamController]
    KING_OF_SIAM_CONTROLLER_BRITISH: _ClassVar[KingOfSiamController]

class KingOfSiamProvince(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KING_OF_SIAM_PROVINCE_UNSPECIFIED: _ClassVar[KingOfSiamProvince]
    KING_OF_SIAM_PROVINCE_CHIANG_MAI: _ClassVar[KingOfSiamProvince]
    KING_OF_SIAM_PROVINCE_NAN: _ClassVar[KingOfSiamProvince]
    KING_OF_SIAM_PROVINCE_SUKOTHAI: _ClassVar[KingOfSiamProvince]
    KING_OF_SIAM_PROVINCE_KORAT: _ClassVar[KingOfSiamProvince]
    KING_OF_SIAM_PROVINCE_BANGKOK: _ClassVar[KingOfSiamProvince]
    KING_OF_SIAM_PROVINCE_CHANTHABURI: _ClassVar[KingOfSiamProvince]
    KING_OF_SIAM_PROVINCE_NAKHON: _ClassVar[KingOfSiamProvince]
    KING_OF_SIAM_PROVINCE_PATTANI: _ClassVar[KingOfSiamProvince]

class KingOfSiamCard(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KING_OF_SIAM_CARD_UNSPECIFIED: _ClassVar[KingOfSiamCard]
    KING_OF_SIAM_CARD_RAMA: _ClassVar[KingOfSiamCard]
    KING_OF_SIAM_CARD_LAO: _ClassVar[KingOfSiamCard]
    KING_OF_SIAM_CARD_MALAY: _ClassVar[KingOfSiamCard]
    KING_OF_SIAM_CARD_KHON_THAI: _ClassVar[KingOfSiamCard]
    KING_OF_SIAM_CARD_ONE_VS_ONE: _ClassVar[KingOfSiamCard]
    KING_OF_SIAM_CARD_TWO_VS_ONE: _ClassVar[KingOfSiamCard]
    KING_OF_SIAM_CARD_KING: _ClassVar[KingOfSiamCard]

class KingOfSiamStep(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KING_OF_SIAM_STEP_UNSPECIFIED: _ClassVar[KingOfSiamStep]
    KING_OF_SIAM_STEP_PLACE_FACTION_CARD: _ClassVar[KingOfSiamStep]
    KING_OF_SIAM_STEP_PLACE_KHON_THAI: _ClassVar[KingOfSiamStep]
    KING_OF_SIAM_STEP_EXCHANGE_1V1: _ClassVar[KingOfSiamStep]
    KING_OF_SIAM_STEP_EXCHANGE_2V1: _ClassVar[KingOfSiamStep]
    KING_OF_SIAM_STEP_KING: _ClassVar[KingOfSiamStep]
    KING_OF_SIAM_STEP_TAKE: _ClassVar[KingOfSiamStep]

class KingOfSiamEnding(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KING_OF_SIAM_ENDING_UNSPECIFIED: _ClassVar[KingOfSiamEnding]
    KING_OF_SIAM_ENDING_BRITISH: _ClassVar[KingOfSiamEnding]
    KING_OF_SIAM_ENDING_NORMAL: _ClassVar[KingOfSiamEnding]
KING_OF_SIAM_FACTION_UNSPECIFIED: KingOfSiamFaction
KING_OF_SIAM_FACTION_RAMA: KingOfSiamFaction
KING_OF_SIAM_FACTION_LAO: KingOfSiamFaction
KING_OF_SIAM_FACTION_MALAY: KingOfSiamFaction
KING_OF_SIAM_CONTROLLER_UNSPECIFIED: KingOfSiamController
KING_OF_SIAM_CONTROLLER_RAMA: KingOfSiamController
KING_OF_SIAM_CONTROLLER_LAO: KingOfSiamController
KING_OF_SIAM_CONTROLLER_MALAY: KingOfSiamController
KING_OF_SIAM_CONTROLLER_BRITISH: KingOfSiamController
KING_OF_SIAM_PROVINCE_UNSPECIFIED: KingOfSiamProvince
KING_OF_SIAM_PROVINCE_CHIANG_MAI: KingOfSiamProvince
KING_OF_SIAM_PROVINCE_NAN: KingOfSiamProvince
KING_OF_SIAM_PROVINCE_SUKOTHAI: KingOfSiamProvince
KING_OF_SIAM_PROVINCE_KORAT: KingOfSiamProvince
KING_OF_SIAM_PROVINCE_BANGKOK: KingOfSiamProvince
KING_OF_SIAM_PROVINCE_CHANTHABURI: KingOfSiamProvince
KING_OF_SIAM_PROVINCE_NAKHON: KingOfSiamProvince
KING_OF_SIAM_PROVINCE_PATTANI: KingOfSiamProvince
KING_OF_SIAM_CARD_UNSPECIFIED: KingOfSiamCard
KING_OF_SIAM_CARD_RAMA: KingOfSiamCard
KING_OF_SIAM_CARD_LAO: KingOfSiamCard
KING_OF_SIAM_CARD_MALAY: KingOfSiamCard
KING_OF_SIAM_CARD_KHON_THAI: KingOfSiamCard
KING_OF_SIAM_CARD_ONE_VS_ONE: KingOfSiamCard
KING_OF_SIAM_CARD_TWO_VS_ONE: KingOfSiamCard
KING_OF_SIAM_CARD_KING: KingOfSiamCard
KING_OF_SIAM_STEP_UNSPECIFIED: KingOfSiamStep
KING_OF_SIAM_STEP_PLACE_FACTION_CARD: KingOfSiamStep
KING_OF_SIAM_STEP_PLACE_KHON_THAI: KingOfSiamStep
KING_OF_SIAM_STEP_EXCHANGE_1V1: KingOfSiamStep
KING_OF_SIAM_STEP_EXCHANGE_2V1: KingOfSiamStep
KING_OF_SIAM_STEP_KING: KingOfSiamStep
KING_OF_SIAM_STEP_TAKE: KingOfSiamStep
KING_OF_SIAM_ENDING_UNSPECIFIED: KingOfSiamEnding
KING_OF_SIAM_ENDING_BRITISH: KingOfSiamEnding
KING_OF_SIAM_ENDING_NORMAL: KingOfSiamEnding

class KingOfSiamFollowers(_message.Message):
    __slots__ = ("rama", "lao", "malay")
    RAMA_FIELD_NUMBER: _ClassVar[int]
    LAO_FIELD_NUMBER: _ClassVar[int]
    MALAY_FIELD_NUMBER: _ClassVar[int]
    rama: int
    lao: int
    malay: int
    def __init__(self, rama: _Optional[int] = ..., lao: _Optional[int] = ..., malay: _Optional[int] = ...) -> None: ...

class KingOfSiamOptions(_message.Message):
    __slots__ = ("starting_pairs",)
    STARTING_PAIRS_FIELD_NUMBER: _ClassVar[int]
    starting_pairs: _containers.RepeatedCompositeFieldContainer[KingOfSiamStartingPair]
    def __init__(self, starting_pairs: _Optional[_Iterable[_Union[KingOfSiamStartingPair, _Mapping]]] = ...) -> None: ...

class KingOfSiamStartingPair(_message.Message):
    __slots__ = ("first", "second")
    FIRST_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    first: KingOfSiamFaction
    second: KingOfSiamFaction
    def __init__(self, first: _Optional[_Union[KingOfSiamFaction, str]] = ..., second: _Optional[_Union[KingOfSiamFaction, str]] = ...) -> None: ...

class KingOfSiamAction(_message.Message):
    __slots__ = ("play", "place", "exchange_1v1", "exchange_2v1", "king", "take")
    class Pass(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Play(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: KingOfSiamCard
        def __init__(self, card: _Optional[_Union[KingOfSiamCard, str]] = ...) -> None: ...
    class Place(_message.Message):
        __slots__ = ("province",)
        PROVINCE_FIELD_NUMBER: _ClassVar[int]
        province: KingOfSiamProvince
        def __init__(self, province: _Optional[_Union[KingOfSiamProvince, str]] = ...) -> None: ...
    class Exchange1v1(_message.Message):
        __slots__ = ("province_a", "faction_a", "province_b", "faction_b")
        PROVINCE_A_FIELD_NUMBER: _ClassVar[int]
        FACTION_A_FIELD_NUMBER: _ClassVar[int]
        PROVINCE_B_FIELD_NUMBER: _ClassVar[int]
        FACTION_B_FIELD_NUMBER: _ClassVar[int]
        province_a: KingOfSiamProvince
        faction_a: KingOfSiamFaction
        province_b: KingOfSiamProvince
        faction_b: KingOfSiamFaction
        def __init__(self, province_a: _Optional[_Union[KingOfSiamProvince, str]] = ..., faction_a: _Optional[_Union[KingOfSiamFaction, str]] = ..., province_b: _Optional[_Union[KingOfSiamProvince, str]] = ..., faction_b: _Optional[_Union[KingOfSiamFaction, str]] = ...) -> None: ...
    class Exchange2v1(_message.Message):
        __slots__ = ("two_side", "sent", "one_side", "returned")
        TWO_SIDE_FIELD_NUMBER: _ClassVar[int]
        SENT_FIELD_NUMBER: _ClassVar[int]
        ONE_SIDE_FIELD_NUMBER: _ClassVar[int]
        RETURNED_FIELD_NUMBER: _ClassVar[int]
        two_side: KingOfSiamProvince
        sent: _containers.RepeatedScalarFieldContainer[KingOfSiamFaction]
        one_side: KingOfSiamProvince
        returned: KingOfSiamFaction
        def __init__(self, two_side: _Optional[_Union[KingOfSiamProvince, str]] = ..., sent: _Optional[_Iterable[_Union[KingOfSiamFaction, str]]] = ..., one_side: _Optional[_Union[KingOfSiamProvince, str]] = ..., returned: _Optional[_Union[KingOfSiamFaction, str]] = ...) -> None: ...
    class King(_message.Message):
        __slots__ = ("tile_low", "tile_high", "marker")
        TILE_LOW_FIELD_NUMBER: _ClassVar[int]
        TILE_HIGH_FIELD_NUMBER: _ClassVar[int]
        MARKER_FIELD_NUMBER: _ClassVar[int]
        tile_low: KingOfSiamProvince
        tile_high: KingOfSiamProvince
        marker: KingOfSiamProvince
        def __init__(self, tile_low: _Optional[_Union[KingOfSiamProvince, str]] = ..., tile_high: _Optional[_Union[KingOfSiamProvince, str]] = ..., marker: _Optional[_Union[KingOfSiamProvince, str]] = ...) -> None: ...
    class Take(_message.Message):
        __slots__ = ("province", "faction")
        PROVINCE_FIELD_NUMBER: _ClassVar[int]
        FACTION_FIELD_NUMBER: _ClassVar[int]
        province: KingOfSiamProvince
        faction: KingOfSiamFaction
        def __init__(self, province: _Optional[_Union[KingOfSiamProvince, str]] = ..., faction: _Optional[_Union[KingOfSiamFaction, str]] = ...) -> None: ...
    PASS_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    EXCHANGE_1V1_FIELD_NUMBER: _ClassVar[int]
    EXCHANGE_2V1_FIELD_NUMBER: _ClassVar[int]
    KING_FIELD_NUMBER: _ClassVar[int]
    TAKE_FIELD_NUMBER: _ClassVar[int]
    play: KingOfSiamAction.Play
    place: KingOfSiamAction.Place
    exchange_1v1: KingOfSiamAction.Exchange1v1
    exchange_2v1: KingOfSiamAction.Exchange2v1
    king: KingOfSiamAction.King
    take: KingOfSiamAction.Take
    def __init__(self, play: _Optional[_Union[KingOfSiamAction.Play, _Mapping]] = ..., place: _Optional[_Union[KingOfSiamAction.Place, _Mapping]] = ..., exchange_1v1: _Optional[_Union[KingOfSiamAction.Exchange1v1, _Mapping]] = ..., exchange_2v1: _Optional[_Union[KingOfSiamAction.Exchange2v1, _Mapping]] = ..., king: _Optional[_Union[KingOfSiamAction.King, _Mapping]] = ..., take: _Optional[_Union[KingOfSiamAction.Take, _Mapping]] = ..., **kwargs) -> None: ...

class KingOfSiamEvent(_message.Message):
    __slots__ = ("card_played", "placed", "effect_skipped", "exchanged", "tiles_swapped", "follower_taken", "take_skipped", "passed", "struggle_resolved", "game_ended")
    class CardPlayed(_message.Message):
        __slots__ = ("seat", "card", "last_card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        LAST_CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: KingOfSiamCard
        last_card: bool
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[KingOfSiamCard, str]] = ..., last_card: _Optional[bool] = ...) -> None: ...
    class Placed(_message.Message):
        __slots__ = ("seat", "card", "faction", "count", "province")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        FACTION_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        PROVINCE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: KingOfSiamCard
        faction: KingOfSiamFaction
        count: int
        province: KingOfSiamProvince
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[KingOfSiamCard, str]] = ..., faction: _Optional[_Union[KingOfSiamFaction, str]] = ..., count: _Optional[int] = ..., province: _Optional[_Union[KingOfSiamProvince, str]] = ...) -> None: ...
    class EffectSkipped(_message.Message):
        __slots__ = ("seat", "card", "faction")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        FACTION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: KingOfSiamCard
        faction: KingOfSiamFaction
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[KingOfSiamCard, str]] = ..., faction: _Optional[_Union[KingOfSiamFaction, str]] = ...) -> None: ...
    class Exchanged(_message.Message):
        __slots__ = ("seat", "card", "from_province", "sent", "to_province", "returned")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        FROM_PROVINCE_FIELD_NUMBER: _ClassVar[int]
        SENT_FIELD_NUMBER: _ClassVar[int]
        TO_PROVINCE_FIELD_NUMBER: _ClassVar[int]
        RETURNED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: KingOfSiamCard
        from_province: KingOfSiamProvince
        sent: _containers.RepeatedScalarFieldContainer[KingOfSiamFaction]
        to_province: KingOfSiamProvince
        returned: KingOfSiamFaction
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[KingOfSiamCard, str]] = ..., from_province: _Optional[_Union[KingOfSiamProvince, str]] = ..., sent: _Optional[_Iterable[_Union[KingOfSiamFaction, str]]] = ..., to_province: _Optional[_Union[KingOfSiamProvince, str]] = ..., returned: _Optional[_Union[KingOfSiamFaction, str]] = ...) -> None: ...
    class TilesSwapped(_message.Message):
        __slots__ = ("seat", "tile_low", "tile_low_box", "tile_high", "tile_high_box", "marker")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TILE_LOW_FIELD_NUMBER: _ClassVar[int]
        TILE_LOW_BOX_FIELD_NUMBER: _ClassVar[int]
        TILE_HIGH_FIELD_NUMBER: _ClassVar[int]
        TILE_HIGH_BOX_FIELD_NUMBER: _ClassVar[int]
        MARKER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        tile_low: KingOfSiamProvince
        tile_low_box: int
        tile_high: KingOfSiamProvince
        tile_high_box: int
        marker: KingOfSiamProvince
        def __init__(self, seat: _Optional[int] = ..., tile_low: _Optional[_Union[KingOfSiamProvince, str]] = ..., tile_low_box: _Optional[int] = ..., tile_high: _Optional[_Union[KingOfSiamProvince, str]] = ..., tile_high_box: _Optional[int] = ..., marker: _Optional[_Union[KingOfSiamProvince, str]] = ...) -> None: ...
    class FollowerTaken(_message.Message):
        __slots__ = ("seat", "province", "faction")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PROVINCE_FIELD_NUMBER: _ClassVar[int]
        FACTION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        province: KingOfSiamProvince
        faction: KingOfSiamFaction
        def __init__(self, seat: _Optional[int] = ..., province: _Optional[_Union[KingOfSiamProvince, str]] = ..., faction: _Optional[_Union[KingOfSiamFaction, str]] = ...) -> None: ...
    class TakeSkipped(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class Passed(_message.Message):
        __slots__ = ("seat", "automatic", "passes")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        AUTOMATIC_FIELD_NUMBER: _ClassVar[int]
        PASSES_FIELD_NUMBER: _ClassVar[int]
        seat: int
        automatic: bool
        passes: int
        def __init__(self, seat: _Optional[int] = ..., automatic: _Optional[bool] = ..., passes: _Optional[int] = ...) -> None: ...
    class StruggleResolved(_message.Message):
        __slots__ = ("struggle", "province", "controller", "returned", "british")
        STRUGGLE_FIELD_NUMBER: _ClassVar[int]
        PROVINCE_FIELD_NUMBER: _ClassVar[int]
        CONTROLLER_FIELD_NUMBER: _ClassVar[int]
        RETURNED_FIELD_NUMBER: _ClassVar[int]
        BRITISH_FIELD_NUMBER: _ClassVar[int]
        struggle: int
        province: KingOfSiamProvince
        controller: KingOfSiamController
        returned: KingOfSiamFollowers
        british: int
        def __init__(self, struggle: _Optional[int] = ..., province: _Optional[_Union[KingOfSiamProvince, str]] = ..., controller: _Optional[_Union[KingOfSiamController, str]] = ..., returned: _Optional[_Union[KingOfSiamFollowers, _Mapping]] = ..., british: _Optional[int] = ...) -> None: ...
    class GameEnded(_message.Message):
        __slots__ = ("ending", "winners", "draw", "summary")
        ENDING_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        DRAW_FIELD_NUMBER: _ClassVar[int]
        SUMMARY_FIELD_NUMBER: _ClassVar[int]
        ending: KingOfSiamEnding
        winners: _containers.RepeatedScalarFieldContainer[int]
        draw: bool
        summary: str
        def __init__(self, ending: _Optional[_Union[KingOfSiamEnding, str]] = ..., winners: _Optional[_Iterable[int]] = ..., draw: _Optional[bool] = ..., summary: _Optional[str] = ...) -> None: ...
    CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    PLACED_FIELD_NUMBER: _ClassVar[int]
    EFFECT_SKIPPED_FIELD_NUMBER: _ClassVar[int]
    EXCHANGED_FIELD_NUMBER: _ClassVar[int]
    TILES_SWAPPED_FIELD_NUMBER: _ClassVar[int]
    FOLLOWER_TAKEN_FIELD_NUMBER: _ClassVar[int]
    TAKE_SKIPPED_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    STRUGGLE_RESOLVED_FIELD_NUMBER: _ClassVar[int]
    GAME_ENDED_FIELD_NUMBER: _ClassVar[int]
    card_played: KingOfSiamEvent.CardPlayed
    placed: KingOfSiamEvent.Placed
    effect_skipped: KingOfSiamEvent.EffectSkipped
    exchanged: KingOfSiamEvent.Exchanged
    tiles_swapped: KingOfSiamEvent.TilesSwapped
    follower_taken: KingOfSiamEvent.FollowerTaken
    take_skipped: KingOfSiamEvent.TakeSkipped
    passed: KingOfSiamEvent.Passed
    struggle_resolved: KingOfSiamEvent.StruggleResolved
    game_ended: KingOfSiamEvent.GameEnded
    def __init__(self, card_played: _Optional[_Union[KingOfSiamEvent.CardPlayed, _Mapping]] = ..., placed: _Optional[_Union[KingOfSiamEvent.Placed, _Mapping]] = ..., effect_skipped: _Optional[_Union[KingOfSiamEvent.EffectSkipped, _Mapping]] = ..., exchanged: _Optional[_Union[KingOfSiamEvent.Exchanged, _Mapping]] = ..., tiles_swapped: _Optional[_Union[KingOfSiamEvent.TilesSwapped, _Mapping]] = ..., follower_taken: _Optional[_Union[KingOfSiamEvent.FollowerTaken, _Mapping]] = ..., take_skipped: _Optional[_Union[KingOfSiamEvent.TakeSkipped, _Mapping]] = ..., passed: _Optional[_Union[KingOfSiamEvent.Passed, _Mapping]] = ..., struggle_resolved: _Optional[_Union[KingOfSiamEvent.StruggleResolved, _Mapping]] = ..., game_ended: _Optional[_Union[KingOfSiamEvent.GameEnded, _Mapping]] = ...) -> None: ...

class KingOfSiamView(_message.Message):
    __slots__ = ("players", "current_player", "start_player", "game_over", "struggle", "contested", "passes", "british", "track", "provinces", "pool", "seats", "factions", "card_play", "board_name", "scoring")
    class TrackBox(_message.Message):
        __slots__ = ("number", "province", "face_up", "king_marker")
        NUMBER_FIELD_NUMBER: _ClassVar[int]
        PROVINCE_FIELD_NUMBER: _ClassVar[int]
        FACE_UP_FIELD_NUMBER: _ClassVar[int]
        KING_MARKER_FIELD_NUMBER: _ClassVar[int]
        number: int
        province: KingOfSiamProvince
        face_up: bool
        king_marker: int
        def __init__(self, number: _Optional[int] = ..., province: _Optional[_Union[KingOfSiamProvince, str]] = ..., face_up: _Optional[bool] = ..., king_marker: _Optional[int] = ...) -> None: ...
    class ProvinceState(_message.Message):
        __slots__ = ("province", "id", "name", "home_of", "adjacent", "followers", "controller", "resolved_at", "king_marker", "box_number")
        PROVINCE_FIELD_NUMBER: _ClassVar[int]
        ID_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        HOME_OF_FIELD_NUMBER: _ClassVar[int]
        ADJACENT_FIELD_NUMBER: _ClassVar[int]
        FOLLOWERS_FIELD_NUMBER: _ClassVar[int]
        CONTROLLER_FIELD_NUMBER: _ClassVar[int]
        RESOLVED_AT_FIELD_NUMBER: _ClassVar[int]
        KING_MARKER_FIELD_NUMBER: _ClassVar[int]
        BOX_NUMBER_FIELD_NUMBER: _ClassVar[int]
        province: KingOfSiamProvince
        id: str
        name: str
        home_of: KingOfSiamFaction
        adjacent: _containers.RepeatedScalarFieldContainer[KingOfSiamProvince]
        followers: KingOfSiamFollowers
        controller: KingOfSiamController
        resolved_at: int
        king_marker: int
        box_number: int
        def __init__(self, province: _Optional[_Union[KingOfSiamProvince, str]] = ..., id: _Optional[str] = ..., name: _Optional[str] = ..., home_of: _Optional[_Union[KingOfSiamFaction, str]] = ..., adjacent: _Optional[_Iterable[_Union[KingOfSiamProvince, str]]] = ..., followers: _Optional[_Union[KingOfSiamFollowers, _Mapping]] = ..., controller: _Optional[_Union[KingOfSiamController, str]] = ..., resolved_at: _Optional[int] = ..., king_marker: _Optional[int] = ..., box_number: _Optional[int] = ...) -> None: ...
    class SeatState(_message.Message):
        __slots__ = ("seat", "team", "court", "hand", "played", "king_marker_used", "takes_skipped")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TEAM_FIELD_NUMBER: _ClassVar[int]
        COURT_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        PLAYED_FIELD_NUMBER: _ClassVar[int]
        KING_MARKER_USED_FIELD_NUMBER: _ClassVar[int]
        TAKES_SKIPPED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        team: int
        court: KingOfSiamFollowers
        hand: _containers.RepeatedScalarFieldContainer[KingOfSiamCard]
        played: _containers.RepeatedScalarFieldContainer[KingOfSiamCard]
        king_marker_used: bool
        takes_skipped: int
        def __init__(self, seat: _Optional[int] = ..., team: _Optional[int] = ..., court: _Optional[_Union[KingOfSiamFollowers, _Mapping]] = ..., hand: _Optional[_Iterable[_Union[KingOfSiamCard, str]]] = ..., played: _Optional[_Iterable[_Union[KingOfSiamCard, str]]] = ..., king_marker_used: _Optional[bool] = ..., takes_skipped: _Optional[int] = ...) -> None: ...
    class FactionStanding(_message.Message):
        __slots__ = ("faction", "home", "provinces", "last_conquest")
        FACTION_FIELD_NUMBER: _ClassVar[int]
        HOME_FIELD_NUMBER: _ClassVar[int]
        PROVINCES_FIELD_NUMBER: _ClassVar[int]
        LAST_CONQUEST_FIELD_NUMBER: _ClassVar[int]
        faction: KingOfSiamFaction
        home: KingOfSiamProvince
        provinces: int
        last_conquest: int
        def __init__(self, faction: _Optional[_Union[KingOfSiamFaction, str]] = ..., home: _Optional[_Union[KingOfSiamProvince, str]] = ..., provinces: _Optional[int] = ..., last_conquest: _Optional[int] = ...) -> None: ...
    class CardPlay(_message.Message):
        __slots__ = ("seat", "card", "next_step", "step_faction", "last_card", "choices", "choice_notation")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        NEXT_STEP_FIELD_NUMBER: _ClassVar[int]
        STEP_FACTION_FIELD_NUMBER: _ClassVar[int]
        LAST_CARD_FIELD_NUMBER: _ClassVar[int]
        CHOICES_FIELD_NUMBER: _ClassVar[int]
        CHOICE_NOTATION_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: KingOfSiamCard
        next_step: KingOfSiamStep
        step_faction: KingOfSiamFaction
        last_card: bool
        choices: _containers.RepeatedCompositeFieldContainer[KingOfSiamAction]
        choice_notation: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[KingOfSiamCard, str]] = ..., next_step: _Optional[_Union[KingOfSiamStep, str]] = ..., step_faction: _Optional[_Union[KingOfSiamFaction, str]] = ..., last_card: _Optional[bool] = ..., choices: _Optional[_Iterable[_Union[KingOfSiamAction, _Mapping]]] = ..., choice_notation: _Optional[_Iterable[str]] = ...) -> None: ...
    class Scoring(_message.Message):
        __slots__ = ("ruling", "ranking", "keys", "decided_by")
        class FactionGroup(_message.Message):
            __slots__ = ("factions",)
            FACTIONS_FIELD_NUMBER: _ClassVar[int]
            factions: _containers.RepeatedScalarFieldContainer[KingOfSiamFaction]
            def __init__(self, factions: _Optional[_Iterable[_Union[KingOfSiamFaction, str]]] = ...) -> None: ...
        class Key(_message.Message):
            __slots__ = ("values",)
            VALUES_FIELD_NUMBER: _ClassVar[int]
            values: _containers.RepeatedScalarFieldContainer[int]
            def __init__(self, values: _Optional[_Iterable[int]] = ...) -> None: ...
        RULING_FIELD_NUMBER: _ClassVar[int]
        RANKING_FIELD_NUMBER: _ClassVar[int]
        KEYS_FIELD_NUMBER: _ClassVar[int]
        DECIDED_BY_FIELD_NUMBER: _ClassVar[int]
        ruling: KingOfSiamFaction
        ranking: _containers.RepeatedCompositeFieldContainer[KingOfSiamView.Scoring.FactionGroup]
        keys: _containers.RepeatedCompositeFieldContainer[KingOfSiamView.Scoring.Key]
        decided_by: int
        def __init__(self, ruling: _Optional[_Union[KingOfSiamFaction, str]] = ..., ranking: _Optional[_Iterable[_Union[KingOfSiamView.Scoring.FactionGroup, _Mapping]]] = ..., keys: _Optional[_Iterable[_Union[KingOfSiamView.Scoring.Key, _Mapping]]] = ..., decided_by: _Optional[int] = ...) -> None: ...
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CURRENT_PLAYER_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    STRUGGLE_FIELD_NUMBER: _ClassVar[int]
    CONTESTED_FIELD_NUMBER: _ClassVar[int]
    PASSES_FIELD_NUMBER: _ClassVar[int]
    BRITISH_FIELD_NUMBER: _ClassVar[int]
    TRACK_FIELD_NUMBER: _ClassVar[int]
    PROVINCES_FIELD_NUMBER: _ClassVar[int]
    POOL_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    FACTIONS_FIELD_NUMBER: _ClassVar[int]
    CARD_PLAY_FIELD_NUMBER: _ClassVar[int]
    BOARD_NAME_FIELD_NUMBER: _ClassVar[int]
    SCORING_FIELD_NUMBER: _ClassVar[int]
    players: int
    current_player: int
    start_player: int
    game_over: bool
    struggle: int
    contested: KingOfSiamProvince
    passes: int
    british: int
    track: _containers.RepeatedCompositeFieldContainer[KingOfSiamView.TrackBox]
    provinces: _containers.RepeatedCompositeFieldContainer[KingOfSiamView.ProvinceState]
    pool: KingOfSiamFollowers
    seats: _containers.RepeatedCompositeFieldContainer[KingOfSiamView.SeatState]
    factions: _containers.RepeatedCompositeFieldContainer[KingOfSiamView.FactionStanding]
    card_play: KingOfSiamView.CardPlay
    board_name: str
    scoring: KingOfSiamView.Scoring
    def __init__(self, players: _Optional[int] = ..., current_player: _Optional[int] = ..., start_player: _Optional[int] = ..., game_over: _Optional[bool] = ..., struggle: _Optional[int] = ..., contested: _Optional[_Union[KingOfSiamProvince, str]] = ..., passes: _Optional[int] = ..., british: _Optional[int] = ..., track: _Optional[_Iterable[_Union[KingOfSiamView.TrackBox, _Mapping]]] = ..., provinces: _Optional[_Iterable[_Union[KingOfSiamView.ProvinceState, _Mapping]]] = ..., pool: _Optional[_Union[KingOfSiamFollowers, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[KingOfSiamView.SeatState, _Mapping]]] = ..., factions: _Optional[_Iterable[_Union[KingOfSiamView.FactionStanding, _Mapping]]] = ..., card_play: _Optional[_Union[KingOfSiamView.CardPlay, _Mapping]] = ..., board_name: _Optional[str] = ..., scoring: _Optional[_Union[KingOfSiamView.Scoring, _Mapping]] = ...) -> None: ...
