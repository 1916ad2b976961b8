from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class MingDynastyCard(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MING_DYNASTY_CARD_UNSPECIFIED: _ClassVar[MingDynastyCard]
    MING_DYNASTY_CARD_HORSE: _ClassVar[MingDynastyCard]
    MING_DYNASTY_CARD_RICKSHAW: _ClassVar[MingDynastyCard]
    MING_DYNASTY_CARD_JUNK: _ClassVar[MingDynastyCard]
    MING_DYNASTY_CARD_DRAGON: _ClassVar[MingDynastyCard]

class MingDynastyColour(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MING_DYNASTY_COLOUR_UNSPECIFIED: _ClassVar[MingDynastyColour]
    MING_DYNASTY_COLOUR_RED: _ClassVar[MingDynastyColour]
    MING_DYNASTY_COLOUR_YELLOW: _ClassVar[MingDynastyColour]
    MING_DYNASTY_COLOUR_GREEN: _ClassVar[MingDynastyColour]
    MING_DYNASTY_COLOUR_BLUE: _ClassVar[MingDynastyColour]

class MingDynastyPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MING_DYNASTY_PHASE_UNSPECIFIED: _ClassVar[MingDynastyPhase]
    MING_DYNASTY_PHASE_PLACE_PRINCES: _ClassVar[MingDynastyPhase]
    MING_DYNASTY_PHASE_PLACE_FAMILY: _ClassVar[MingDynastyPhase]
    MING_DYNASTY_PHASE_PLACE_NEUTRAL: _ClassVar[MingDynastyPhase]
    MING_DYNASTY_PHASE_TAKE_CARDS: _ClassVar[MingDynastyPhase]
    MING_DYNASTY_PHASE_TRAVEL: _ClassVar[MingDynastyPhase]
    MING_DYNASTY_PHASE_SELECT_RETURNS: _ClassVar[MingDynastyPhase]
    MING_DYNASTY_PHASE_CHOOSE_RETURNS: _ClassVar[MingDynastyPhase]
    MING_DYNASTY_PHASE_OVER: _ClassVar[MingDynastyPhase]
    MING_DYNASTY_PHASE_SCORING: _ClassVar[MingDynastyPhase]

class MingDynastyStage(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MING_DYNASTY_STAGE_UNSPECIFIED: _ClassVar[MingDynastyStage]
    MING_DYNASTY_STAGE_START: _ClassVar[MingDynastyStage]
    MING_DYNASTY_STAGE_MOVING: _ClassVar[MingDynastyStage]
    MING_DYNASTY_STAGE_AFTER_STAY: _ClassVar[MingDynastyStage]

class MingDynastyScoreReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MING_DYNASTY_SCORE_REASON_UNSPECIFIED: _ClassVar[MingDynastyScoreReason]
    MING_DYNASTY_SCORE_REASON_SIX_COLOUR_SET: _ClassVar[MingDynastyScoreReason]
    MING_DYNASTY_SCORE_REASON_CITY_PIECES: _ClassVar[MingDynastyScoreReason]
    MING_DYNASTY_SCORE_REASON_CLOISTERS: _ClassVar[MingDynastyScoreReason]
    MING_DYNASTY_SCORE_REASON_FIVE_COLOUR_SETS: _ClassVar[MingDynastyScoreReason]
    MING_DYNASTY_SCORE_REASON_LEFTOVER_TILES: _ClassVar[MingDynastyScoreReason]
MING_DYNASTY_CARD_UNSPECIFIED: MingDynastyCard
MING_DYNASTY_CARD_HORSE: MingDynastyCard
MING_DYNASTY_CARD_RICKSHAW: MingDynastyCard
MING_DYNASTY_CARD_JUNK: MingDynastyCard
MING_DYNASTY_CARD_DRAGON: MingDynastyCard
MING_DYNASTY_COLOUR_UNSPECIFIED: MingDynastyColour
MING_DYNASTY_COLOUR_RED: MingDynastyColour
MING_DYNASTY_COLOUR_YELLOW: MingDynastyColour
MING_DYNASTY_COLOUR_GREEN: MingDynastyColour
MING_DYNASTY_COLOUR_BLUE: MingDynastyColour
MING_DYNASTY_PHASE_UNSPECIFIED: MingDynastyPhase
MING_DYNASTY_PHASE_PLACE_PRINCES: MingDynastyPhase
MING_DYNASTY_PHASE_PLACE_FAMILY: MingDynastyPhase
MING_DYNASTY_PHASE_PLACE_NEUTRAL: MingDynastyPhase
MING_DYNASTY_PHASE_TAKE_CARDS: MingDynastyPhase
MING_DYNASTY_PHASE_TRAVEL: MingDynastyPhase
MING_DYNASTY_PHASE_SELECT_RETURNS: MingDynastyPhase
MING_DYNASTY_PHASE_CHOOSE_RETURNS: MingDynastyPhase
MING_DYNASTY_PHASE_OVER: MingDynastyPhase
MING_DYNASTY_PHASE_SCORING: MingDynastyPhase
MING_DYNASTY_STAGE_UNSPECIFIED: MingDynastyStage
MING_DYNASTY_STAGE_START: MingDynastyStage
MING_DYNASTY_STAGE_MOVING: MingDynastyStage
MING_DYNASTY_STAGE_AFTER_STAY: MingDynastyStage
MING_DYNASTY_SCORE_REASON_UNSPECIFIED: MingDynastyScoreReason
MING_DYNASTY_SCORE_REASON_SIX_COLOUR_SET: MingDynastyScoreReason
MING_DYNASTY_SCORE_REASON_CITY_PIECES: MingDynastyScoreReason
MING_DYNASTY_SCORE_REASON_CLOISTERS: MingDynastyScoreReason
MING_DYNASTY_SCORE_REASON_FIVE_COLOUR_SETS: MingDynastyScoreReason
MING_DYNASTY_SCORE_REASON_LEFTOVER_TILES: MingDynastyScoreReason

class MingDynastyOptions(_message.Message):
    __slots__ = ("start_player",)
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    start_player: int
    def __init__(self, start_player: _Optional[int] = ...) -> None: ...

class MingDynastyAction(_message.Message):
    __slots__ = ("place_prince", "place_on_space", "neutral_place", "take_display", "take_dragon", "move_step", "stay", "deploy", "select_return", "choose_returns")
    class PlacePrince(_message.Message):
        __slots__ = ("district",)
        DISTRICT_FIELD_NUMBER: _ClassVar[int]
        district: str
        def __init__(self, district: _Optional[str] = ...) -> None: ...
    class PlaceOnSpace(_message.Message):
        __slots__ = ("space",)
        SPACE_FIELD_NUMBER: _ClassVar[int]
        space: int
        def __init__(self, space: _Optional[int] = ...) -> None: ...
    class NeutralPlace(_message.Message):
        __slots__ = ("district",)
        DISTRICT_FIELD_NUMBER: _ClassVar[int]
        district: str
        def __init__(self, district: _Optional[str] = ...) -> None: ...
    class TakeDisplay(_message.Message):
        __slots__ = ("slot",)
        SLOT_FIELD_NUMBER: _ClassVar[int]
        slot: int
        def __init__(self, slot: _Optional[int] = ...) -> None: ...
    class TakeDragon(_message.Message):
        __slots__ = ("space",)
        SPACE_FIELD_NUMBER: _ClassVar[int]
        space: int
        def __init__(self, space: _Optional[int] = ...) -> None: ...
    class MoveStep(_message.Message):
        __slots__ = ("district", "card")
        DISTRICT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        district: str
        card: MingDynastyCard
        def __init__(self, district: _Optional[str] = ..., card: _Optional[_Union[MingDynastyCard, str]] = ...) -> None: ...
    class Stay(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: MingDynastyCard
        def __init__(self, card: _Optional[_Union[MingDynastyCard, str]] = ...) -> None: ...
    class Deploy(_message.Message):
        __slots__ = ("count", "cloister")
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CLOISTER_FIELD_NUMBER: _ClassVar[int]
        count: int
        cloister: bool
        def __init__(self, count: _Optional[int] = ..., cloister: _Optional[bool] = ...) -> None: ...
    class Pass(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class SelectReturn(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class DistrictCount(_message.Message):
        __slots__ = ("district", "count")
        DISTRICT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        district: str
        count: int
        def __init__(self, district: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...
    class ChooseReturns(_message.Message):
        __slots__ = ("returns",)
        RETURNS_FIELD_NUMBER: _ClassVar[int]
        returns: _containers.RepeatedCompositeFieldContainer[MingDynastyAction.DistrictCount]
        def __init__(self, returns: _Optional[_Iterable[_Union[MingDynastyAction.DistrictCount, _Mapping]]] = ...) -> None: ...
    PLACE_PRINCE_FIELD_NUMBER: _ClassVar[int]
    PLACE_ON_SPACE_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_PLACE_FIELD_NUMBER: _ClassVar[int]
    TAKE_DISPLAY_FIELD_NUMBER: _ClassVar[int]
    TAKE_DRAGON_FIELD_NUMBER: _ClassVar[int]
    MOVE_STEP_FIELD_NUMBER: _ClassVar[int]
    STAY_FIELD_NUMBER: _ClassVar[int]
    DEPLOY_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    SELECT_RETURN_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_RETURNS_FIELD_NUMBER: _ClassVar[int]
    place_prince: MingDynastyAction.PlacePrince
    place_on_space: MingDynastyAction.PlaceOnSpace
    neutral_place: MingDynastyAction.NeutralPlace
    take_display: MingDynastyAction.TakeDisplay
    take_dragon: MingDynastyAction.TakeDragon
    move_step: MingDynastyAction.MoveStep
    stay: MingDynastyAction.Stay
    deploy: MingDynastyAction.Deploy
    select_return: MingDynastyAction.SelectReturn
    choose_returns: MingDynastyAction.ChooseReturns
    def __init__(self, place_prince: _Optional[_Union[MingDynastyAction.PlacePrince, _Mapping]] = ..., place_on_space: _Optional[_Union[MingDynastyAction.PlaceOnSpace, _Mapping]] = ..., neutral_place: _Optional[_Union[MingDynastyAction.NeutralPlace, _Mapping]] = ..., take_display: _Optional[_Union[MingDynastyAction.TakeDisplay, _Mapping]] = ..., take_dragon: _Optional[_Union[MingDynastyAction.TakeDragon, _Mapping]] = ..., move_step: _Optional[_Union[MingDynastyAction.MoveStep, _Mapping]] = ..., stay: _Optional[_Union[MingDynastyAction.Stay, _Mapping]] = ..., deploy: _Optional[_Union[MingDynastyAction.Deploy, _Mapping]] = ..., select_return: _Optional[_Union[MingDynastyAction.SelectReturn, _Mapping]] = ..., choose_returns: _Optional[_Union[MingDynastyAction.ChooseReturns, _Mapping]] = ..., **kwargs) -> None: ...

class MingDynastyEvent(_message.Message):
    __slots__ = ("prince_placed", "phase_started", "family_placed", "neutral_placed", "slot_refilled", "reshuffled", "display_taken", "dragon_taken", "stepped", "stayed", "deployed", "passed", "moved_to_city", "tile_taken", "set_exchanged", "return_committed", "returns_revealed", "pieces_returned", "pieces_boxed", "scored", "round_started", "game_ended")
    class PrincePlaced(_message.Message):
        __slots__ = ("seat", "district", "tile")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DISTRICT_FIELD_NUMBER: _ClassVar[int]
        TILE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        district: str
        tile: bool
        def __init__(self, seat: _Optional[int] = ..., district: _Optional[str] = ..., tile: _Optional[bool] = ...) -> None: ...
    class PhaseStarted(_message.Message):
        __slots__ = ("round", "phase")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        PHASE_FIELD_NUMBER: _ClassVar[int]
        round: int
        phase: MingDynastyPhase
        def __init__(self, round: _Optional[int] = ..., phase: _Optional[_Union[MingDynastyPhase, str]] = ...) -> None: ...
    class FamilyPlaced(_message.Message):
        __slots__ = ("seat", "space")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        space: int
        def __init__(self, seat: _Optional[int] = ..., space: _Optional[int] = ...) -> None: ...
    class NeutralPlaced(_message.Message):
        __slots__ = ("seat", "district")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DISTRICT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        district: str
        def __init__(self, seat: _Optional[int] = ..., district: _Optional[str] = ...) -> None: ...
    class SlotRefilled(_message.Message):
        __slots__ = ("slot", "card")
        SLOT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        slot: int
        card: MingDynastyCard
        def __init__(self, slot: _Optional[int] = ..., card: _Optional[_Union[MingDynastyCard, str]] = ...) -> None: ...
    class Reshuffled(_message.Message):
        __slots__ = ("cards", "dragons_returned")
        CARDS_FIELD_NUMBER: _ClassVar[int]
        DRAGONS_RETURNED_FIELD_NUMBER: _ClassVar[int]
        cards: int
        dragons_returned: int
        def __init__(self, cards: _Optional[int] = ..., dragons_returned: _Optional[int] = ...) -> None: ...
    class DisplayTaken(_message.Message):
        __slots__ = ("seat", "slot", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        slot: int
        card: MingDynastyCard
        def __init__(self, seat: _Optional[int] = ..., slot: _Optional[int] = ..., card: _Optional[_Union[MingDynastyCard, str]] = ...) -> None: ...
    class DragonTaken(_message.Message):
        __slots__ = ("seat", "space")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        space: int
        def __init__(self, seat: _Optional[int] = ..., space: _Optional[int] = ...) -> None: ...
    class Stepped(_message.Message):
        __slots__ = ("seat", "to", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        FROM_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        to: str
        card: MingDynastyCard
        def __init__(self, seat: _Optional[int] = ..., to: _Optional[str] = ..., card: _Optional[_Union[MingDynastyCard, str]] = ..., **kwargs) -> None: ...
    class Stayed(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: MingDynastyCard
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[MingDynastyCard, str]] = ...) -> None: ...
    class Deployed(_message.Message):
        __slots__ = ("seat", "district", "count", "cloister", "ousted")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DISTRICT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        CLOISTER_FIELD_NUMBER: _ClassVar[int]
        OUSTED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        district: str
        count: int
        cloister: bool
        ousted: int
        def __init__(self, seat: _Optional[int] = ..., district: _Optional[str] = ..., count: _Optional[int] = ..., cloister: _Optional[bool] = ..., ousted: _Optional[int] = ...) -> None: ...
    class Passed(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class MovedToCity(_message.Message):
        __slots__ = ("seat", "neutral", "district", "count")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        NEUTRAL_FIELD_NUMBER: _ClassVar[int]
        DISTRICT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        neutral: bool
        district: str
        count: int
        def __init__(self, seat: _Optional[int] = ..., neutral: _Optional[bool] = ..., district: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...
    class TileTaken(_message.Message):
        __slots__ = ("seat", "province", "taken")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PROVINCE_FIELD_NUMBER: _ClassVar[int]
        TAKEN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        province: str
        taken: bool
        def __init__(self, seat: _Optional[int] = ..., province: _Optional[str] = ..., taken: _Optional[bool] = ...) -> None: ...
    class SetExchanged(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class ReturnCommitted(_message.Message):
        __slots__ = ("seat", "province", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PROVINCE_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        province: str
        cards: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat: _Optional[int] = ..., province: _Optional[str] = ..., cards: _Optional[_Iterable[int]] = ...) -> None: ...
    class RevealedChoice(_message.Message):
        __slots__ = ("seat", "cards", "returns")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        RETURNS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[int]
        returns: int
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[int]] = ..., returns: _Optional[int] = ...) -> None: ...
    class ReturnsRevealed(_message.Message):
        __slots__ = ("province", "choices")
        PROVINCE_FIELD_NUMBER: _ClassVar[int]
        CHOICES_FIELD_NUMBER: _ClassVar[int]
        province: str
        choices: _containers.RepeatedCompositeFieldContainer[MingDynastyEvent.RevealedChoice]
        def __init__(self, province: _Optional[str] = ..., choices: _Optional[_Iterable[_Union[MingDynastyEvent.RevealedChoice, _Mapping]]] = ...) -> None: ...
    class PiecesReturned(_message.Message):
        __slots__ = ("seat", "district", "count")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DISTRICT_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        district: str
        count: int
        def __init__(self, seat: _Optional[int] = ..., district: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...
    class PiecesBoxed(_message.Message):
        __slots__ = ("seat", "neutral", "province", "count")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        NEUTRAL_FIELD_NUMBER: _ClassVar[int]
        PROVINCE_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        neutral: bool
        province: str
        count: int
        def __init__(self, seat: _Optional[int] = ..., neutral: _Optional[bool] = ..., province: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...
    class Scored(_message.Message):
        __slots__ = ("seat", "points", "reason")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        seat: int
        points: int
        reason: MingDynastyScoreReason
        def __init__(self, seat: _Optional[int] = ..., points: _Optional[int] = ..., reason: _Optional[_Union[MingDynastyScoreReason, str]] = ...) -> None: ...
    class RoundStarted(_message.Message):
        __slots__ = ("round", "start_player")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        START_PLAYER_FIELD_NUMBER: _ClassVar[int]
        round: int
        start_player: int
        def __init__(self, round: _Optional[int] = ..., start_player: _Optional[int] = ...) -> None: ...
    class GameEnded(_message.Message):
        __slots__ = ("winners", "summary")
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        SUMMARY_FIELD_NUMBER: _ClassVar[int]
        winners: _containers.RepeatedScalarFieldContainer[int]
        summary: str
        def __init__(self, winners: _Optional[_Iterable[int]] = ..., summary: _Optional[str] = ...) -> None: ...
    PRINCE_PLACED_FIELD_NUMBER: _ClassVar[int]
    PHASE_STARTED_FIELD_NUMBER: _ClassVar[int]
    FAMILY_PLACED_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_PLACED_FIELD_NUMBER: _ClassVar[int]
    SLOT_REFILLED_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLED_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_TAKEN_FIELD_NUMBER: _ClassVar[int]
    DRAGON_TAKEN_FIELD_NUMBER: _ClassVar[int]
    STEPPED_FIELD_NUMBER: _ClassVar[int]
    STAYED_FIELD_NUMBER: _ClassVar[int]
    DEPLOYED_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    MOVED_TO_CITY_FIELD_NUMBER: _ClassVar[int]
    TILE_TAKEN_FIELD_NUMBER: _ClassVar[int]
    SET_EXCHANGED_FIELD_NUMBER: _ClassVar[int]
    RETURN_COMMITTED_FIELD_NUMBER: _ClassVar[int]
    RETURNS_REVEALED_FIELD_NUMBER: _ClassVar[int]
    PIECES_RETURNED_FIELD_NUMBER: _ClassVar[int]
    PIECES_BOXED_FIELD_NUMBER: _ClassVar[int]
    SCORED_FIELD_NUMBER: _ClassVar[int]
    ROUND_STARTED_FIELD_NUMBER: _ClassVar[int]
    GAME_ENDED_FIELD_NUMBER: _ClassVar[int]
    prince_placed: MingDynastyEvent.PrincePlaced
    phase_started: MingDynastyEvent.PhaseStarted
    family_placed: MingDynastyEvent.FamilyPlaced
    neutral_placed: MingDynastyEvent.NeutralPlaced
    slot_refilled: MingDynastyEvent.SlotRefilled
    reshuffled: MingDynastyEvent.Reshuffled
    display_taken: MingDynastyEvent.DisplayTaken
    dragon_taken: MingDynastyEvent.DragonTaken
    stepped: MingDynastyEvent.Stepped
    stayed: MingDynastyEvent.Stayed
    deployed: MingDynastyEvent.Deployed
    passed: MingDynastyEvent.Passed
    moved_to_city: MingDynastyEvent.MovedToCity
    tile_taken: MingDynastyEvent.TileTaken
    set_exchanged: MingDynastyEvent.SetExchanged
    return_committed: MingDynastyEvent.ReturnCommitted
    returns_revealed: MingDynastyEvent.ReturnsRevealed
    pieces_returned: MingDynastyEvent.PiecesReturned
    pieces_boxed: MingDynastyEvent.PiecesBoxed
    scored: MingDynastyEvent.Scored
    round_started: MingDynastyEvent.RoundStarted
    game_ended: MingDynastyEvent.GameEnded
    def __init__(self, prince_placed: _Optional[_Union[MingDynastyEvent.PrincePlaced, _Mapping]] = ..., phase_started: _Optional[_Union[MingDynastyEvent.PhaseStarted, _Mapping]] = ..., family_placed: _Optional[_Union[MingDynastyEvent.FamilyPlaced, _Mapping]] = ..., neutral_placed: _Optional[_Union[MingDynastyEvent.NeutralPlaced, _Mapping]] = ..., slot_refilled: _Optional[_Union[MingDynastyEvent.SlotRefilled, _Mapping]] = ..., reshuffled: _Optional[_Union[MingDynastyEvent.Reshuffled, _Mapping]] = ..., display_taken: _Optional[_Union[MingDynastyEvent.DisplayTaken, _Mapping]] = ..., dragon_taken: _Optional[_Union[MingDynastyEvent.DragonTaken, _Mapping]] = ..., stepped: _Optional[_Union[MingDynastyEvent.Stepped, _Mapping]] = ..., stayed: _Optional[_Union[MingDynastyEvent.Stayed, _Mapping]] = ..., deployed: _Optional[_Union[MingDynastyEvent.Deployed, _Mapping]] = ..., passed: _Optional[_Union[MingDynastyEvent.Passed, _Mapping]] = ..., moved_to_city: _Optional[_Union[MingDynastyEvent.MovedToCity, _Mapping]] = ..., tile_taken: _Optional[_Union[MingDynastyEvent.TileTaken, _Mapping]] = ..., set_exchanged: _Optional[_Union[MingDynastyEvent.SetExchanged, _Mapping]] = ..., return_committed: _Optional[_Union[MingDynastyEvent.ReturnCommitted, _Mapping]] = ..., returns_revealed: _Optional[_Union[MingDynastyEvent.ReturnsRevealed, _Mapping]] = ..., pieces_returned: _Optional[_Union[MingDynastyEvent.PiecesReturned, _Mapping]] = ..., pieces_boxed: _Optional[_Union[MingDynastyEvent.PiecesBoxed, _Mapping]] = ..., scored: _Optional[_Union[MingDynastyEvent.Scored, _Mapping]] = ..., round_started: _Optional[_Union[MingDynastyEvent.RoundStarted, _Mapping]] = ..., game_ended: _Optional[_Union[MingDynastyEvent.GameEnded, _Mapping]] = ...) -> None: ...

class MingDynastyView(_message.Message):
    __slots__ = ("players", "round", "phase", "stage", "steps", "start_player", "to_act", "seats", "neutral_colour", "neutral_supply", "neutral_boxed", "provinces", "districts", "movement_supply", "discard", "dragon_supply", "city", "returns", "board_name", "game_over")
    class CardCount(_message.Message):
        __slots__ = ("card", "count")
        CARD_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        card: MingDynastyCard
        count: int
        def __init__(self, card: _Optional[_Union[MingDynastyCard, str]] = ..., count: _Optional[int] = ...) -> None: ...
    class SeatState(_message.Message):
        __slots__ = ("seat", "colour", "hand", "hand_size", "to_place", "supply", "boxed", "score", "tiles", "prince", "passed", "committed", "return_cards", "finished")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
        TO_PLACE_FIELD_NUMBER: _ClassVar[int]
        SUPPLY_FIELD_NUMBER: _ClassVar[int]
        BOXED_FIELD_NUMBER: _ClassVar[int]
        SCORE_FIELD_NUMBER: _ClassVar[int]
        TILES_FIELD_NUMBER: _ClassVar[int]
        PRINCE_FIELD_NUMBER: _ClassVar[int]
        PASSED_FIELD_NUMBER: _ClassVar[int]
        COMMITTED_FIELD_NUMBER: _ClassVar[int]
        RETURN_CARDS_FIELD_NUMBER: _ClassVar[int]
        FINISHED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        colour: MingDynastyColour
        hand: _containers.RepeatedCompositeFieldContainer[MingDynastyView.CardCount]
        hand_size: int
        to_place: int
        supply: int
        boxed: int
        score: int
        tiles: _containers.RepeatedScalarFieldContainer[int]
        prince: str
        passed: bool
        committed: bool
        return_cards: _containers.RepeatedScalarFieldContainer[int]
        finished: bool
        def __init__(self, seat: _Optional[int] = ..., colour: _Optional[_Union[MingDynastyColour, str]] = ..., hand: _Optional[_Iterable[_Union[MingDynastyView.CardCount, _Mapping]]] = ..., hand_size: _Optional[int] = ..., to_place: _Optional[int] = ..., supply: _Optional[int] = ..., boxed: _Optional[int] = ..., score: _Optional[int] = ..., tiles: _Optional[_Iterable[int]] = ..., prince: _Optional[str] = ..., passed: _Optional[bool] = ..., committed: _Optional[bool] = ..., return_cards: _Optional[_Iterable[int]] = ..., finished: _Optional[bool] = ...) -> None: ...
    class Neighbour(_message.Message):
        __slots__ = ("district", "transport")
        DISTRICT_FIELD_NUMBER: _ClassVar[int]
        TRANSPORT_FIELD_NUMBER: _ClassVar[int]
        district: str
        transport: MingDynastyCard
        def __init__(self, district: _Optional[str] = ..., transport: _Optional[_Union[MingDynastyCard, str]] = ...) -> None: ...
    class DistrictState(_message.Message):
        __slots__ = ("id", "province", "part", "x", "y", "neighbours", "open", "cloister", "houses", "prince")
        ID_FIELD_NUMBER: _ClassVar[int]
        PROVINCE_FIELD_NUMBER: _ClassVar[int]
        PART_FIELD_NUMBER: _ClassVar[int]
        X_FIELD_NUMBER: _ClassVar[int]
        Y_FIELD_NUMBER: _ClassVar[int]
        NEIGHBOURS_FIELD_NUMBER: _ClassVar[int]
        OPEN_FIELD_NUMBER: _ClassVar[int]
        CLOISTER_FIELD_NUMBER: _ClassVar[int]
        HOUSES_FIELD_NUMBER: _ClassVar[int]
        PRINCE_FIELD_NUMBER: _ClassVar[int]
        id: str
        province: str
        part: str
        x: float
        y: float
        neighbours: _containers.RepeatedCompositeFieldContainer[MingDynastyView.Neighbour]
        open: _containers.RepeatedScalarFieldContainer[int]
        cloister: int
        houses: _containers.RepeatedScalarFieldContainer[int]
        prince: int
        def __init__(self, id: _Optional[str] = ..., province: _Optional[str] = ..., part: _Optional[str] = ..., x: _Optional[float] = ..., y: _Optional[float] = ..., neighbours: _Optional[_Iterable[_Union[MingDynastyView.Neighbour, _Mapping]]] = ..., open: _Optional[_Iterable[int]] = ..., cloister: _Optional[int] = ..., houses: _Optional[_Iterable[int]] = ..., prince: _Optional[int] = ...) -> None: ...
    class ProvinceState(_message.Message):
        __slots__ = ("id", "name", "color", "space", "space_pieces", "display", "districts", "tile_supply")
        ID_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        COLOR_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        SPACE_PIECES_FIELD_NUMBER: _ClassVar[int]
        DISPLAY_FIELD_NUMBER: _ClassVar[int]
        DISTRICTS_FIELD_NUMBER: _ClassVar[int]
        TILE_SUPPLY_FIELD_NUMBER: _ClassVar[int]
        id: str
        name: str
        color: str
        space: int
        space_pieces: _containers.RepeatedScalarFieldContainer[int]
        display: MingDynastyCard
        districts: _containers.RepeatedScalarFieldContainer[str]
        tile_supply: int
        def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., color: _Optional[str] = ..., space: _Optional[int] = ..., space_pieces: _Optional[_Iterable[int]] = ..., display: _Optional[_Union[MingDynastyCard, str]] = ..., districts: _Optional[_Iterable[str]] = ..., tile_supply: _Optional[int] = ...) -> None: ...
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_COLOUR_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_BOXED_FIELD_NUMBER: _ClassVar[int]
    PROVINCES_FIELD_NUMBER: _ClassVar[int]
    DISTRICTS_FIELD_NUMBER: _ClassVar[int]
    MOVEMENT_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    DRAGON_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    CITY_FIELD_NUMBER: _ClassVar[int]
    RETURNS_FIELD_NUMBER: _ClassVar[int]
    BOARD_NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    players: int
    round: int
    phase: MingDynastyPhase
    stage: MingDynastyStage
    steps: int
    start_player: int
    to_act: _containers.RepeatedScalarFieldContainer[int]
    seats: _containers.RepeatedCompositeFieldContainer[MingDynastyView.SeatState]
    neutral_colour: MingDynastyColour
    neutral_supply: int
    neutral_boxed: int
    provinces: _containers.RepeatedCompositeFieldContainer[MingDynastyView.ProvinceState]
    districts: _containers.RepeatedCompositeFieldContainer[MingDynastyView.DistrictState]
    movement_supply: int
    discard: _containers.RepeatedScalarFieldContainer[MingDynastyCard]
    dragon_supply: int
    city: str
    returns: _containers.RepeatedScalarFieldContainer[int]
    board_name: str
    game_over: bool
    def __init__(self, players: _Optional[int] = ..., round: _Optional[int] = ..., phase: _Optional[_Union[MingDynastyPhase, str]] = ..., stage: _Optional[_Union[MingDynastyStage, str]] = ..., steps: _Optional[int] = ..., start_player: _Optional[int] = ..., to_act: _Optional[_Iterable[int]] = ..., seats: _Optional[_Iterable[_Union[MingDynastyView.SeatState, _Mapping]]] = ..., neutral_colour: _Optional[_Union[MingDynastyColour, str]] = ..., neutral_supply: _Optional[int] = ..., neutral_boxed: _Optional[int] = ..., provinces: _Optional[_Iterable[_Union[MingDynastyView.ProvinceState, _Mapping]]] = ..., districts: _Optional[_Iterable[_Union[MingDynastyView.DistrictState, _Mapping]]] = ..., movement_supply: _Optional[int] = ..., discard: _Optional[_Iterable[_Union[MingDynastyCard, str]]] = ..., dragon_supply: _Optional[int] = ..., city: _Optional[str] = ..., returns: _Optional[_Iterable[int]] = ..., board_name: _Optional[str] = ..., game_over: _Optional[bool] = ...) -> None: ...
