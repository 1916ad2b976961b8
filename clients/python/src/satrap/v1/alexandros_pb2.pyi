from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AlexandrosSymbol(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ALEXANDROS_SYMBOL_UNSPECIFIED: _ClassVar[AlexandrosSymbol]
    ALEXANDROS_SYMBOL_TEMPLE: _ClassVar[AlexandrosSymbol]
    ALEXANDROS_SYMBOL_AMPHORA: _ClassVar[AlexandrosSymbol]
    ALEXANDROS_SYMBOL_HORSE: _ClassVar[AlexandrosSymbol]
    ALEXANDROS_SYMBOL_LYRE: _ClassVar[AlexandrosSymbol]
    ALEXANDROS_SYMBOL_SOLDIER: _ClassVar[AlexandrosSymbol]

class AlexandrosColour(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ALEXANDROS_COLOUR_UNSPECIFIED: _ClassVar[AlexandrosColour]
    ALEXANDROS_COLOUR_RED: _ClassVar[AlexandrosColour]
    ALEXANDROS_COLOUR_YELLOW: _ClassVar[AlexandrosColour]
    ALEXANDROS_COLOUR_BLUE: _ClassVar[AlexandrosColour]
    ALEXANDROS_COLOUR_GREEN: _ClassVar[AlexandrosColour]

class AlexandrosWallColour(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ALEXANDROS_WALL_COLOUR_UNSPECIFIED: _ClassVar[AlexandrosWallColour]
    ALEXANDROS_WALL_COLOUR_BLACK: _ClassVar[AlexandrosWallColour]
    ALEXANDROS_WALL_COLOUR_RED: _ClassVar[AlexandrosWallColour]

class AlexandrosSlot(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ALEXANDROS_SLOT_UNSPECIFIED: _ClassVar[AlexandrosSlot]
    ALEXANDROS_SLOT_ONE: _ClassVar[AlexandrosSlot]
    ALEXANDROS_SLOT_TWO: _ClassVar[AlexandrosSlot]

class AlexandrosTakeFrom(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ALEXANDROS_TAKE_FROM_UNSPECIFIED: _ClassVar[AlexandrosTakeFrom]
    ALEXANDROS_TAKE_FROM_SLOT1: _ClassVar[AlexandrosTakeFrom]
    ALEXANDROS_TAKE_FROM_SLOT2: _ClassVar[AlexandrosTakeFrom]
    ALEXANDROS_TAKE_FROM_DECK: _ClassVar[AlexandrosTakeFrom]

class AlexandrosMoveKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ALEXANDROS_MOVE_KIND_UNSPECIFIED: _ClassVar[AlexandrosMoveKind]
    ALEXANDROS_MOVE_KIND_NORMAL: _ClassVar[AlexandrosMoveKind]
    ALEXANDROS_MOVE_KIND_SPECIAL: _ClassVar[AlexandrosMoveKind]
    ALEXANDROS_MOVE_KIND_JOKER: _ClassVar[AlexandrosMoveKind]

class AlexandrosStage(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ALEXANDROS_STAGE_UNSPECIFIED: _ClassVar[AlexandrosStage]
    ALEXANDROS_STAGE_ALEX_SOURCE: _ClassVar[AlexandrosStage]
    ALEXANDROS_STAGE_ALEX_DESTINATION: _ClassVar[AlexandrosStage]
    ALEXANDROS_STAGE_ALEX_ROUTE: _ClassVar[AlexandrosStage]
    ALEXANDROS_STAGE_ACTIONS: _ClassVar[AlexandrosStage]
    ALEXANDROS_STAGE_OCCUPYING: _ClassVar[AlexandrosStage]
    ALEXANDROS_STAGE_COMPENSATING: _ClassVar[AlexandrosStage]
    ALEXANDROS_STAGE_OVER: _ClassVar[AlexandrosStage]

class AlexandrosEnding(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ALEXANDROS_ENDING_UNSPECIFIED: _ClassVar[AlexandrosEnding]
    ALEXANDROS_ENDING_HUNDRED_POINTS: _ClassVar[AlexandrosEnding]
    ALEXANDROS_ENDING_WALLS: _ClassVar[AlexandrosEnding]
    ALEXANDROS_ENDING_TURN_LIMIT: _ClassVar[AlexandrosEnding]
ALEXANDROS_SYMBOL_UNSPECIFIED: AlexandrosSymbol
ALEXANDROS_SYMBOL_TEMPLE: AlexandrosSymbol
ALEXANDROS_SYMBOL_AMPHORA: AlexandrosSymbol
ALEXANDROS_SYMBOL_HORSE: AlexandrosSymbol
ALEXANDROS_SYMBOL_LYRE: AlexandrosSymbol
ALEXANDROS_SYMBOL_SOLDIER: AlexandrosSymbol
ALEXANDROS_COLOUR_UNSPECIFIED: AlexandrosColour
ALEXANDROS_COLOUR_RED: AlexandrosColour
ALEXANDROS_COLOUR_YELLOW: AlexandrosColour
ALEXANDROS_COLOUR_BLUE: AlexandrosColour
ALEXANDROS_COLOUR_GREEN: AlexandrosColour
ALEXANDROS_WALL_COLOUR_UNSPECIFIED: AlexandrosWallColour
ALEXANDROS_WALL_COLOUR_BLACK: AlexandrosWallColour
ALEXANDROS_WALL_COLOUR_RED: AlexandrosWallColour
ALEXANDROS_SLOT_UNSPECIFIED: AlexandrosSlot
ALEXANDROS_SLOT_ONE: AlexandrosSlot
ALEXANDROS_SLOT_TWO: AlexandrosSlot
ALEXANDROS_TAKE_FROM_UNSPECIFIED: AlexandrosTakeFrom
ALEXANDROS_TAKE_FROM_SLOT1: AlexandrosTakeFrom
ALEXANDROS_TAKE_FROM_SLOT2: AlexandrosTakeFrom
ALEXANDROS_TAKE_FROM_DECK: AlexandrosTakeFrom
ALEXANDROS_MOVE_KIND_UNSPECIFIED: AlexandrosMoveKind
ALEXANDROS_MOVE_KIND_NORMAL: AlexandrosMoveKind
ALEXANDROS_MOVE_KIND_SPECIAL: AlexandrosMoveKind
ALEXANDROS_MOVE_KIND_JOKER: AlexandrosMoveKind
ALEXANDROS_STAGE_UNSPECIFIED: AlexandrosStage
ALEXANDROS_STAGE_ALEX_SOURCE: AlexandrosStage
ALEXANDROS_STAGE_ALEX_DESTINATION: AlexandrosStage
ALEXANDROS_STAGE_ALEX_ROUTE: AlexandrosStage
ALEXANDROS_STAGE_ACTIONS: AlexandrosStage
ALEXANDROS_STAGE_OCCUPYING: AlexandrosStage
ALEXANDROS_STAGE_COMPENSATING: AlexandrosStage
ALEXANDROS_STAGE_OVER: AlexandrosStage
ALEXANDROS_ENDING_UNSPECIFIED: AlexandrosEnding
ALEXANDROS_ENDING_HUNDRED_POINTS: AlexandrosEnding
ALEXANDROS_ENDING_WALLS: AlexandrosEnding
ALEXANDROS_ENDING_TURN_LIMIT: AlexandrosEnding

class AlexandrosOptions(_message.Message):
    __slots__ = ("start_player", "colours", "turn_limit")
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    COLOURS_FIELD_NUMBER: _ClassVar[int]
    TURN_LIMIT_FIELD_NUMBER: _ClassVar[int]
    start_player: int
    colours: _containers.RepeatedScalarFieldContainer[AlexandrosColour]
    turn_limit: int
    def __init__(self, start_player: _Optional[int] = ..., colours: _Optional[_Iterable[_Union[AlexandrosColour, str]]] = ..., turn_limit: _Optional[int] = ...) -> None: ...

class AlexandrosCards(_message.Message):
    __slots__ = ("temple", "amphora", "horse", "lyre", "soldier")
    TEMPLE_FIELD_NUMBER: _ClassVar[int]
    AMPHORA_FIELD_NUMBER: _ClassVar[int]
    HORSE_FIELD_NUMBER: _ClassVar[int]
    LYRE_FIELD_NUMBER: _ClassVar[int]
    SOLDIER_FIELD_NUMBER: _ClassVar[int]
    temple: int
    amphora: int
    horse: int
    lyre: int
    soldier: int
    def __init__(self, temple: _Optional[int] = ..., amphora: _Optional[int] = ..., horse: _Optional[int] = ..., lyre: _Optional[int] = ..., soldier: _Optional[int] = ...) -> None: ...

class AlexandrosAction(_message.Message):
    __slots__ = ("alex_card", "alex_hand", "alex_idle", "alex_dest", "alex_step", "take_card", "occupy", "take_over", "place_guard", "confirm_occupation", "give_card", "levy", "take_back", "end_turn")
    class AlexCard(_message.Message):
        __slots__ = ("slot", "symbol")
        SLOT_FIELD_NUMBER: _ClassVar[int]
        SYMBOL_FIELD_NUMBER: _ClassVar[int]
        slot: AlexandrosSlot
        symbol: AlexandrosSymbol
        def __init__(self, slot: _Optional[_Union[AlexandrosSlot, str]] = ..., symbol: _Optional[_Union[AlexandrosSymbol, str]] = ...) -> None: ...
    class AlexHand(_message.Message):
        __slots__ = ("symbol",)
        SYMBOL_FIELD_NUMBER: _ClassVar[int]
        symbol: AlexandrosSymbol
        def __init__(self, symbol: _Optional[_Union[AlexandrosSymbol, str]] = ...) -> None: ...
    class AlexIdle(_message.Message):
        __slots__ = ("slot",)
        SLOT_FIELD_NUMBER: _ClassVar[int]
        slot: AlexandrosSlot
        def __init__(self, slot: _Optional[_Union[AlexandrosSlot, str]] = ...) -> None: ...
    class AlexDest(_message.Message):
        __slots__ = ("point",)
        POINT_FIELD_NUMBER: _ClassVar[int]
        point: str
        def __init__(self, point: _Optional[str] = ...) -> None: ...
    class AlexStep(_message.Message):
        __slots__ = ("point",)
        POINT_FIELD_NUMBER: _ClassVar[int]
        point: str
        def __init__(self, point: _Optional[str] = ...) -> None: ...
    class TakeCard(_message.Message):
        __slots__ = ("source",)
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        source: AlexandrosTakeFrom
        def __init__(self, source: _Optional[_Union[AlexandrosTakeFrom, str]] = ...) -> None: ...
    class Occupy(_message.Message):
        __slots__ = ("anchor",)
        ANCHOR_FIELD_NUMBER: _ClassVar[int]
        anchor: str
        def __init__(self, anchor: _Optional[str] = ...) -> None: ...
    class TakeOver(_message.Message):
        __slots__ = ("anchor",)
        ANCHOR_FIELD_NUMBER: _ClassVar[int]
        anchor: str
        def __init__(self, anchor: _Optional[str] = ...) -> None: ...
    class PlaceGuard(_message.Message):
        __slots__ = ("space",)
        SPACE_FIELD_NUMBER: _ClassVar[int]
        space: str
        def __init__(self, space: _Optional[str] = ...) -> None: ...
    class ConfirmOccupation(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class GiveCard(_message.Message):
        __slots__ = ("symbol",)
        SYMBOL_FIELD_NUMBER: _ClassVar[int]
        symbol: AlexandrosSymbol
        def __init__(self, symbol: _Optional[_Union[AlexandrosSymbol, str]] = ...) -> None: ...
    class Levy(_message.Message):
        __slots__ = ("symbol",)
        SYMBOL_FIELD_NUMBER: _ClassVar[int]
        symbol: AlexandrosSymbol
        def __init__(self, symbol: _Optional[_Union[AlexandrosSymbol, str]] = ...) -> None: ...
    class TakeBack(_message.Message):
        __slots__ = ("space",)
        SPACE_FIELD_NUMBER: _ClassVar[int]
        space: str
        def __init__(self, space: _Optional[str] = ...) -> None: ...
    class EndTurn(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    ALEX_CARD_FIELD_NUMBER: _ClassVar[int]
    ALEX_HAND_FIELD_NUMBER: _ClassVar[int]
    ALEX_IDLE_FIELD_NUMBER: _ClassVar[int]
    ALEX_DEST_FIELD_NUMBER: _ClassVar[int]
    ALEX_STEP_FIELD_NUMBER: _ClassVar[int]
    TAKE_CARD_FIELD_NUMBER: _ClassVar[int]
    OCCUPY_FIELD_NUMBER: _ClassVar[int]
    TAKE_OVER_FIELD_NUMBER: _ClassVar[int]
    PLACE_GUARD_FIELD_NUMBER: _ClassVar[int]
    CONFIRM_OCCUPATION_FIELD_NUMBER: _ClassVar[int]
    GIVE_CARD_FIELD_NUMBER: _ClassVar[int]
    LEVY_FIELD_NUMBER: _ClassVar[int]
    TAKE_BACK_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    alex_card: AlexandrosAction.AlexCard
    alex_hand: AlexandrosAction.AlexHand
    alex_idle: AlexandrosAction.AlexIdle
    alex_dest: AlexandrosAction.AlexDest
    alex_step: AlexandrosAction.AlexStep
    take_card: AlexandrosAction.TakeCard
    occupy: AlexandrosAction.Occupy
    take_over: AlexandrosAction.TakeOver
    place_guard: AlexandrosAction.PlaceGuard
    confirm_occupation: AlexandrosAction.ConfirmOccupation
    give_card: AlexandrosAction.GiveCard
    levy: AlexandrosAction.Levy
    take_back: AlexandrosAction.TakeBack
    end_turn: AlexandrosAction.EndTurn
    def __init__(self, alex_card: _Optional[_Union[AlexandrosAction.AlexCard, _Mapping]] = ..., alex_hand: _Optional[_Union[AlexandrosAction.AlexHand, _Mapping]] = ..., alex_idle: _Optional[_Union[AlexandrosAction.AlexIdle, _Mapping]] = ..., alex_dest: _Optional[_Union[AlexandrosAction.AlexDest, _Mapping]] = ..., alex_step: _Optional[_Union[AlexandrosAction.AlexStep, _Mapping]] = ..., take_card: _Optional[_Union[AlexandrosAction.TakeCard, _Mapping]] = ..., occupy: _Optional[_Union[AlexandrosAction.Occupy, _Mapping]] = ..., take_over: _Optional[_Union[AlexandrosAction.TakeOver, _Mapping]] = ..., place_guard: _Optional[_Union[AlexandrosAction.PlaceGuard, _Mapping]] = ..., confirm_occupation: _Optional[_Union[AlexandrosAction.ConfirmOccupation, _Mapping]] = ..., give_card: _Optional[_Union[AlexandrosAction.GiveCard, _Mapping]] = ..., levy: _Optional[_Union[AlexandrosAction.Levy, _Mapping]] = ..., take_back: _Optional[_Union[AlexandrosAction.TakeBack, _Mapping]] = ..., end_turn: _Optional[_Union[AlexandrosAction.EndTurn, _Mapping]] = ...) -> None: ...

class AlexandrosEvent(_message.Message):
    __slots__ = ("turn_started", "alexander_skipped", "alexander_card", "card_revealed", "reshuffled", "destination_chosen", "alexander_stepped", "final_turn", "alexander_arrived", "card_taken", "occupation_started", "guard_chosen", "guards_removed", "occupied", "card_given", "cards_discarded", "levied", "scored", "guard_taken_back", "turn_ended", "game_ended")
    class TurnStarted(_message.Message):
        __slots__ = ("seat", "turn")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TURN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        turn: int
        def __init__(self, seat: _Optional[int] = ..., turn: _Optional[int] = ...) -> None: ...
    class AlexanderSkipped(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class AlexanderCard(_message.Message):
        __slots__ = ("seat", "kind", "slot", "card", "symbol")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        SLOT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        SYMBOL_FIELD_NUMBER: _ClassVar[int]
        seat: int
        kind: AlexandrosMoveKind
        slot: AlexandrosSlot
        card: AlexandrosSymbol
        symbol: AlexandrosSymbol
        def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[AlexandrosMoveKind, str]] = ..., slot: _Optional[_Union[AlexandrosSlot, str]] = ..., card: _Optional[_Union[AlexandrosSymbol, str]] = ..., symbol: _Optional[_Union[AlexandrosSymbol, str]] = ...) -> None: ...
    class CardRevealed(_message.Message):
        __slots__ = ("slot", "symbol")
        SLOT_FIELD_NUMBER: _ClassVar[int]
        SYMBOL_FIELD_NUMBER: _ClassVar[int]
        slot: AlexandrosSlot
        symbol: AlexandrosSymbol
        def __init__(self, slot: _Optional[_Union[AlexandrosSlot, str]] = ..., symbol: _Optional[_Union[AlexandrosSymbol, str]] = ...) -> None: ...
    class Reshuffled(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: int
        def __init__(self, cards: _Optional[int] = ...) -> None: ...
    class DestinationChosen(_message.Message):
        __slots__ = ("seat", "point")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POINT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        point: str
        def __init__(self, seat: _Optional[int] = ..., point: _Optional[str] = ...) -> None: ...
    class AlexanderStepped(_message.Message):
        __slots__ = ("seat", "from_point", "to_point", "side", "wall")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        FROM_POINT_FIELD_NUMBER: _ClassVar[int]
        TO_POINT_FIELD_NUMBER: _ClassVar[int]
        SIDE_FIELD_NUMBER: _ClassVar[int]
        WALL_FIELD_NUMBER: _ClassVar[int]
        seat: int
        from_point: str
        to_point: str
        side: str
        wall: AlexandrosWallColour
        def __init__(self, seat: _Optional[int] = ..., from_point: _Optional[str] = ..., to_point: _Optional[str] = ..., side: _Optional[str] = ..., wall: _Optional[_Union[AlexandrosWallColour, str]] = ...) -> None: ...
    class FinalTurn(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class AlexanderArrived(_message.Message):
        __slots__ = ("seat", "point", "provinces")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POINT_FIELD_NUMBER: _ClassVar[int]
        PROVINCES_FIELD_NUMBER: _ClassVar[int]
        seat: int
        point: str
        provinces: int
        def __init__(self, seat: _Optional[int] = ..., point: _Optional[str] = ..., provinces: _Optional[int] = ...) -> None: ...
    class CardTaken(_message.Message):
        __slots__ = ("seat", "source", "symbol")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        SYMBOL_FIELD_NUMBER: _ClassVar[int]
        seat: int
        source: AlexandrosTakeFrom
        symbol: AlexandrosSymbol
        def __init__(self, seat: _Optional[int] = ..., source: _Optional[_Union[AlexandrosTakeFrom, str]] = ..., symbol: _Optional[_Union[AlexandrosSymbol, str]] = ...) -> None: ...
    class OccupationStarted(_message.Message):
        __slots__ = ("seat", "anchor", "former_owner", "reserved")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ANCHOR_FIELD_NUMBER: _ClassVar[int]
        FORMER_OWNER_FIELD_NUMBER: _ClassVar[int]
        RESERVED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        anchor: str
        former_owner: int
        reserved: AlexandrosCards
        def __init__(self, seat: _Optional[int] = ..., anchor: _Optional[str] = ..., former_owner: _Optional[int] = ..., reserved: _Optional[_Union[AlexandrosCards, _Mapping]] = ...) -> None: ...
    class GuardChosen(_message.Message):
        __slots__ = ("seat", "space")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        space: str
        def __init__(self, seat: _Optional[int] = ..., space: _Optional[str] = ...) -> None: ...
    class GuardsRemoved(_message.Message):
        __slots__ = ("owner", "spaces")
        OWNER_FIELD_NUMBER: _ClassVar[int]
        SPACES_FIELD_NUMBER: _ClassVar[int]
        owner: int
        spaces: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, owner: _Optional[int] = ..., spaces: _Optional[_Iterable[str]] = ...) -> None: ...
    class Occupied(_message.Message):
        __slots__ = ("seat", "anchor", "guards", "paid", "former_owner")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ANCHOR_FIELD_NUMBER: _ClassVar[int]
        GUARDS_FIELD_NUMBER: _ClassVar[int]
        PAID_FIELD_NUMBER: _ClassVar[int]
        FORMER_OWNER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        anchor: str
        guards: _containers.RepeatedScalarFieldContainer[str]
        paid: AlexandrosCards
        former_owner: int
        def __init__(self, seat: _Optional[int] = ..., anchor: _Optional[str] = ..., guards: _Optional[_Iterable[str]] = ..., paid: _Optional[_Union[AlexandrosCards, _Mapping]] = ..., former_owner: _Optional[int] = ...) -> None: ...
    class CardGiven(_message.Message):
        __slots__ = ("seat", "to", "symbol")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        SYMBOL_FIELD_NUMBER: _ClassVar[int]
        seat: int
        to: int
        symbol: AlexandrosSymbol
        def __init__(self, seat: _Optional[int] = ..., to: _Optional[int] = ..., symbol: _Optional[_Union[AlexandrosSymbol, str]] = ...) -> None: ...
    class CardsDiscarded(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: AlexandrosCards
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Union[AlexandrosCards, _Mapping]] = ...) -> None: ...
    class Levied(_message.Message):
        __slots__ = ("seat", "symbol")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SYMBOL_FIELD_NUMBER: _ClassVar[int]
        seat: int
        symbol: AlexandrosSymbol
        def __init__(self, seat: _Optional[int] = ..., symbol: _Optional[_Union[AlexandrosSymbol, str]] = ...) -> None: ...
    class Scored(_message.Message):
        __slots__ = ("seat", "points", "total")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        TOTAL_FIELD_NUMBER: _ClassVar[int]
        seat: int
        points: int
        total: int
        def __init__(self, seat: _Optional[int] = ..., points: _Optional[int] = ..., total: _Optional[int] = ...) -> None: ...
    class GuardTakenBack(_message.Message):
        __slots__ = ("seat", "space")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        space: str
        def __init__(self, seat: _Optional[int] = ..., space: _Optional[str] = ...) -> None: ...
    class TurnEnded(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class GameEnded(_message.Message):
        __slots__ = ("ending", "winners", "summary")
        ENDING_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        SUMMARY_FIELD_NUMBER: _ClassVar[int]
        ending: AlexandrosEnding
        winners: _containers.RepeatedScalarFieldContainer[int]
        summary: str
        def __init__(self, ending: _Optional[_Union[AlexandrosEnding, str]] = ..., winners: _Optional[_Iterable[int]] = ..., summary: _Optional[str] = ...) -> None: ...
    TURN_STARTED_FIELD_NUMBER: _ClassVar[int]
    ALEXANDER_SKIPPED_FIELD_NUMBER: _ClassVar[int]
    ALEXANDER_CARD_FIELD_NUMBER: _ClassVar[int]
    CARD_REVEALED_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLED_FIELD_NUMBER: _ClassVar[int]
    DESTINATION_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    ALEXANDER_STEPPED_FIELD_NUMBER: _ClassVar[int]
    FINAL_TURN_FIELD_NUMBER: _ClassVar[int]
    ALEXANDER_ARRIVED_FIELD_NUMBER: _ClassVar[int]
    CARD_TAKEN_FIELD_NUMBER: _ClassVar[int]
    OCCUPATION_STARTED_FIELD_NUMBER: _ClassVar[int]
    GUARD_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    GUARDS_REMOVED_FIELD_NUMBER: _ClassVar[int]
    OCCUPIED_FIELD_NUMBER: _ClassVar[int]
    CARD_GIVEN_FIELD_NUMBER: _ClassVar[int]
    CARDS_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    LEVIED_FIELD_NUMBER: _ClassVar[int]
    SCORED_FIELD_NUMBER: _ClassVar[int]
    GUARD_TAKEN_BACK_FIELD_NUMBER: _ClassVar[int]
    TURN_ENDED_FIELD_NUMBER: _ClassVar[int]
    GAME_ENDED_FIELD_NUMBER: _ClassVar[int]
    turn_started: AlexandrosEvent.TurnStarted
    alexander_skipped: AlexandrosEvent.AlexanderSkipped
    alexander_card: AlexandrosEvent.AlexanderCard
    card_revealed: AlexandrosEvent.CardRevealed
    reshuffled: AlexandrosEvent.Reshuffled
    destination_chosen: AlexandrosEvent.DestinationChosen
    alexander_stepped: AlexandrosEvent.AlexanderStepped
    final_turn: AlexandrosEvent.FinalTurn
    alexander_arrived: AlexandrosEvent.AlexanderArrived
    card_taken: AlexandrosEvent.CardTaken
    occupation_started: AlexandrosEvent.OccupationStarted
    guard_chosen: AlexandrosEvent.GuardChosen
    guards_removed: AlexandrosEvent.GuardsRemoved
    occupied: AlexandrosEvent.Occupied
    card_given: AlexandrosEvent.CardGiven
    cards_discarded: AlexandrosEvent.CardsDiscarded
    levied: AlexandrosEvent.Levied
    scored: AlexandrosEvent.Scored
    guard_taken_back: AlexandrosEvent.GuardTakenBack
    turn_ended: AlexandrosEvent.TurnEnded
    game_ended: AlexandrosEvent.GameEnded
    def __init__(self, turn_started: _Optional[_Union[AlexandrosEvent.TurnStarted, _Mapping]] = ..., alexander_skipped: _Optional[_Union[AlexandrosEvent.AlexanderSkipped, _Mapping]] = ..., alexander_card: _Optional[_Union[AlexandrosEvent.AlexanderCard, _Mapping]] = ..., card_revealed: _Optional[_Union[AlexandrosEvent.CardRevealed, _Mapping]] = ..., reshuffled: _Optional[_Union[AlexandrosEvent.Reshuffled, _Mapping]] = ..., destination_chosen: _Optional[_Union[AlexandrosEvent.DestinationChosen, _Mapping]] = ..., alexander_stepped: _Optional[_Union[AlexandrosEvent.AlexanderStepped, _Mapping]] = ..., final_turn: _Optional[_Union[AlexandrosEvent.FinalTurn, _Mapping]] = ..., alexander_arrived: _Optional[_Union[AlexandrosEvent.AlexanderArrived, _Mapping]] = ..., card_taken: _Optional[_Union[AlexandrosEvent.CardTaken, _Mapping]] = ..., occupation_started: _Optional[_Union[AlexandrosEvent.OccupationStarted, _Mapping]] = ..., guard_chosen: _Optional[_Union[AlexandrosEvent.GuardChosen, _Mapping]] = ..., guards_removed: _Optional[_Union[AlexandrosEvent.GuardsRemoved, _Mapping]] = ..., occupied: _Optional[_Union[AlexandrosEvent.Occupied, _Mapping]] = ..., card_given: _Optional[_Union[AlexandrosEvent.CardGiven, _Mapping]] = ..., cards_discarded: _Optional[_Union[AlexandrosEvent.CardsDiscarded, _Mapping]] = ..., levied: _Optional[_Union[AlexandrosEvent.Levied, _Mapping]] = ..., scored: _Optional[_Union[AlexandrosEvent.Scored, _Mapping]] = ..., guard_taken_back: _Optional[_Union[AlexandrosEvent.GuardTakenBack, _Mapping]] = ..., turn_ended: _Optional[_Union[AlexandrosEvent.TurnEnded, _Mapping]] = ..., game_ended: _Optional[_Union[AlexandrosEvent.GameEnded, _Mapping]] = ...) -> None: ...

class AlexandrosView(_message.Message):
    __slots__ = ("players", "current_player", "start_player", "turn", "turn_limit", "stage", "progress", "actions_used", "levied", "final_turn", "seats", "alexander", "walls", "black_left", "red_left", "guards", "provinces", "display_slot1", "display_slot2", "draw_count", "discard", "ending", "winners", "board_name")
    class Seat(_message.Message):
        __slots__ = ("seat", "colour", "score", "supply", "hand_count", "hand", "tax")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        SCORE_FIELD_NUMBER: _ClassVar[int]
        SUPPLY_FIELD_NUMBER: _ClassVar[int]
        HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        TAX_FIELD_NUMBER: _ClassVar[int]
        seat: int
        colour: AlexandrosColour
        score: int
        supply: int
        hand_count: int
        hand: AlexandrosCards
        tax: int
        def __init__(self, seat: _Optional[int] = ..., colour: _Optional[_Union[AlexandrosColour, str]] = ..., score: _Optional[int] = ..., supply: _Optional[int] = ..., hand_count: _Optional[int] = ..., hand: _Optional[_Union[AlexandrosCards, _Mapping]] = ..., tax: _Optional[int] = ...) -> None: ...
    class Wall(_message.Message):
        __slots__ = ("side", "colour")
        SIDE_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        side: str
        colour: AlexandrosWallColour
        def __init__(self, side: _Optional[str] = ..., colour: _Optional[_Union[AlexandrosWallColour, str]] = ...) -> None: ...
    class Guard(_message.Message):
        __slots__ = ("space", "seat")
        SPACE_FIELD_NUMBER: _ClassVar[int]
        SEAT_FIELD_NUMBER: _ClassVar[int]
        space: str
        seat: int
        def __init__(self, space: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...
    class Province(_message.Message):
        __slots__ = ("anchor", "spaces", "open_spaces", "symbols", "owner", "guards")
        ANCHOR_FIELD_NUMBER: _ClassVar[int]
        SPACES_FIELD_NUMBER: _ClassVar[int]
        OPEN_SPACES_FIELD_NUMBER: _ClassVar[int]
        SYMBOLS_FIELD_NUMBER: _ClassVar[int]
        OWNER_FIELD_NUMBER: _ClassVar[int]
        GUARDS_FIELD_NUMBER: _ClassVar[int]
        anchor: str
        spaces: _containers.RepeatedScalarFieldContainer[str]
        open_spaces: int
        symbols: AlexandrosCards
        owner: int
        guards: int
        def __init__(self, anchor: _Optional[str] = ..., spaces: _Optional[_Iterable[str]] = ..., open_spaces: _Optional[int] = ..., symbols: _Optional[_Union[AlexandrosCards, _Mapping]] = ..., owner: _Optional[int] = ..., guards: _Optional[int] = ...) -> None: ...
    class Progress(_message.Message):
        __slots__ = ("symbol", "kind", "destination", "anchor", "former_owner", "reserved", "chosen", "remaining", "owed", "last")
        SYMBOL_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        DESTINATION_FIELD_NUMBER: _ClassVar[int]
        ANCHOR_FIELD_NUMBER: _ClassVar[int]
        FORMER_OWNER_FIELD_NUMBER: _ClassVar[int]
        RESERVED_FIELD_NUMBER: _ClassVar[int]
        CHOSEN_FIELD_NUMBER: _ClassVar[int]
        REMAINING_FIELD_NUMBER: _ClassVar[int]
        OWED_FIELD_NUMBER: _ClassVar[int]
        LAST_FIELD_NUMBER: _ClassVar[int]
        symbol: AlexandrosSymbol
        kind: AlexandrosMoveKind
        destination: str
        anchor: str
        former_owner: int
        reserved: AlexandrosCards
        chosen: _containers.RepeatedScalarFieldContainer[str]
        remaining: AlexandrosCards
        owed: int
        last: AlexandrosSymbol
        def __init__(self, symbol: _Optional[_Union[AlexandrosSymbol, str]] = ..., kind: _Optional[_Union[AlexandrosMoveKind, str]] = ..., destination: _Optional[str] = ..., anchor: _Optional[str] = ..., former_owner: _Optional[int] = ..., reserved: _Optional[_Union[AlexandrosCards, _Mapping]] = ..., chosen: _Optional[_Iterable[str]] = ..., remaining: _Optional[_Union[AlexandrosCards, _Mapping]] = ..., owed: _Optional[int] = ..., last: _Optional[_Union[AlexandrosSymbol, str]] = ...) -> None: ...
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CURRENT_PLAYER_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    TURN_LIMIT_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_USED_FIELD_NUMBER: _ClassVar[int]
    LEVIED_FIELD_NUMBER: _ClassVar[int]
    FINAL_TURN_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    ALEXANDER_FIELD_NUMBER: _ClassVar[int]
    WALLS_FIELD_NUMBER: _ClassVar[int]
    BLACK_LEFT_FIELD_NUMBER: _ClassVar[int]
    RED_LEFT_FIELD_NUMBER: _ClassVar[int]
    GUARDS_FIELD_NUMBER: _ClassVar[int]
    PROVINCES_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_SLOT1_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_SLOT2_FIELD_NUMBER: _ClassVar[int]
    DRAW_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    ENDING_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    BOARD_NAME_FIELD_NUMBER: _ClassVar[int]
    players: int
    current_player: int
    start_player: int
    turn: int
    turn_limit: int
    stage: AlexandrosStage
    progress: AlexandrosView.Progress
    actions_used: int
    levied: bool
    final_turn: bool
    seats: _containers.RepeatedCompositeFieldContainer[AlexandrosView.Seat]
    alexander: str
    walls: _containers.RepeatedCompositeFieldContainer[AlexandrosView.Wall]
    black_left: int
    red_left: int
    guards: _containers.RepeatedCompositeFieldContainer[AlexandrosView.Guard]
    provinces: _containers.RepeatedCompositeFieldContainer[AlexandrosView.Province]
    display_slot1: AlexandrosSymbol
    display_slot2: AlexandrosSymbol
    draw_count: int
    discard: _containers.RepeatedScalarFieldContainer[AlexandrosSymbol]
    ending: AlexandrosEnding
    winners: _containers.RepeatedScalarFieldContainer[int]
    board_name: str
    def __init__(self, players: _Optional[int] = ..., current_player: _Optional[int] = ..., start_player: _Optional[int] = ..., turn: _Optional[int] = ..., turn_limit: _Optional[int] = ..., stage: _Optional[_Union[AlexandrosStage, str]] = ..., progress: _Optional[_Union[AlexandrosView.Progress, _Mapping]] = ..., actions_used: _Optional[int] = ..., levied: _Optional[bool] = ..., final_turn: _Optional[bool] = ..., seats: _Optional[_Iterable[_Union[AlexandrosView.Seat, _Mapping]]] = ..., alexander: _Optional[str] = ..., walls: _Optional[_Iterable[_Union[AlexandrosView.Wall, _Mapping]]] = ..., black_left: _Optional[int] = ..., red_left: _Optional[int] = ..., guards: _Optional[_Iterable[_Union[AlexandrosView.Guard, _Mapping]]] = ..., provinces: _Optional[_Iterable[_Union[AlexandrosView.Province, _Mapping]]] = ..., display_slot1: _Optional[_Union[AlexandrosSymbol, str]] = ..., display_slot2: _Optional[_Union[AlexandrosSymbol, str]] = ..., draw_count: _Optional[int] = ..., discard: _Optional[_Iterable[_Union[AlexandrosSymbol, str]]] = ..., ending: _Optional[_Union[AlexandrosEnding, str]] = ..., winners: _Optional[_Iterable[int]] = ..., board_name: _Optional[str] = ...) -> None: ...
