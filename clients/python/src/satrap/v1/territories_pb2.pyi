from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TerritoriesSuit(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TERRITORIES_SUIT_UNSPECIFIED: _ClassVar[TerritoriesSuit]
    TERRITORIES_SUIT_HEARTS: _ClassVar[TerritoriesSuit]
    TERRITORIES_SUIT_SPADES: _ClassVar[TerritoriesSuit]
    TERRITORIES_SUIT_CLUBS: _ClassVar[TerritoriesSuit]
    TERRITORIES_SUIT_DIAMONDS: _ClassVar[TerritoriesSuit]

class TerritoriesBuilding(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TERRITORIES_BUILDING_UNSPECIFIED: _ClassVar[TerritoriesBuilding]
    TERRITORIES_BUILDING_TOWN: _ClassVar[TerritoriesBuilding]
    TERRITORIES_BUILDING_FORT: _ClassVar[TerritoriesBuilding]
    TERRITORIES_BUILDING_BARRACKS: _ClassVar[TerritoriesBuilding]
    TERRITORIES_BUILDING_TEMPLE: _ClassVar[TerritoriesBuilding]
    TERRITORIES_BUILDING_PALACE: _ClassVar[TerritoriesBuilding]
    TERRITORIES_BUILDING_CAPITAL: _ClassVar[TerritoriesBuilding]

class TerritoriesAbility(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TERRITORIES_ABILITY_UNSPECIFIED: _ClassVar[TerritoriesAbility]
    TERRITORIES_ABILITY_SWAP: _ClassVar[TerritoriesAbility]
    TERRITORIES_ABILITY_DESTROY: _ClassVar[TerritoriesAbility]
    TERRITORIES_ABILITY_CONVERT: _ClassVar[TerritoriesAbility]
    TERRITORIES_ABILITY_EXPAND: _ClassVar[TerritoriesAbility]

class TerritoriesStep(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TERRITORIES_STEP_UNSPECIFIED: _ClassVar[TerritoriesStep]
    TERRITORIES_STEP_SETUP: _ClassVar[TerritoriesStep]
    TERRITORIES_STEP_ROLL: _ClassVar[TerritoriesStep]
    TERRITORIES_STEP_MAIN: _ClassVar[TerritoriesStep]
    TERRITORIES_STEP_DISCARD: _ClassVar[TerritoriesStep]
    TERRITORIES_STEP_CHOOSE_TEMPLE: _ClassVar[TerritoriesStep]
    TERRITORIES_STEP_PAY: _ClassVar[TerritoriesStep]
    TERRITORIES_STEP_DRAFT: _ClassVar[TerritoriesStep]
    TERRITORIES_STEP_RESPOND: _ClassVar[TerritoriesStep]
    TERRITORIES_STEP_OVER: _ClassVar[TerritoriesStep]

class TerritoriesEnding(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TERRITORIES_ENDING_UNSPECIFIED: _ClassVar[TerritoriesEnding]
    TERRITORIES_ENDING_POINTS: _ClassVar[TerritoriesEnding]
    TERRITORIES_ENDING_HOMELESS: _ClassVar[TerritoriesEnding]
    TERRITORIES_ENDING_TURN_LIMIT: _ClassVar[TerritoriesEnding]
TERRITORIES_SUIT_UNSPECIFIED: TerritoriesSuit
TERRITORIES_SUIT_HEARTS: TerritoriesSuit
TERRITORIES_SUIT_SPADES: TerritoriesSuit
TERRITORIES_SUIT_CLUBS: TerritoriesSuit
TERRITORIES_SUIT_DIAMONDS: TerritoriesSuit
TERRITORIES_BUILDING_UNSPECIFIED: TerritoriesBuilding
TERRITORIES_BUILDING_TOWN: TerritoriesBuilding
TERRITORIES_BUILDING_FORT: TerritoriesBuilding
TERRITORIES_BUILDING_BARRACKS: TerritoriesBuilding
TERRITORIES_BUILDING_TEMPLE: TerritoriesBuilding
TERRITORIES_BUILDING_PALACE: TerritoriesBuilding
TERRITORIES_BUILDING_CAPITAL: TerritoriesBuilding
TERRITORIES_ABILITY_UNSPECIFIED: TerritoriesAbility
TERRITORIES_ABILITY_SWAP: TerritoriesAbility
TERRITORIES_ABILITY_DESTROY: TerritoriesAbility
TERRITORIES_ABILITY_CONVERT: TerritoriesAbility
TERRITORIES_ABILITY_EXPAND: TerritoriesAbility
TERRITORIES_STEP_UNSPECIFIED: TerritoriesStep
TERRITORIES_STEP_SETUP: TerritoriesStep
TERRITORIES_STEP_ROLL: TerritoriesStep
TERRITORIES_STEP_MAIN: TerritoriesStep
TERRITORIES_STEP_DISCARD: TerritoriesStep
TERRITORIES_STEP_CHOOSE_TEMPLE: TerritoriesStep
TERRITORIES_STEP_PAY: TerritoriesStep
TERRITORIES_STEP_DRAFT: TerritoriesStep
TERRITORIES_STEP_RESPOND: TerritoriesStep
TERRITORIES_STEP_OVER: TerritoriesStep
TERRITORIES_ENDING_UNSPECIFIED: TerritoriesEnding
TERRITORIES_ENDING_POINTS: TerritoriesEnding
TERRITORIES_ENDING_HOMELESS: TerritoriesEnding
TERRITORIES_ENDING_TURN_LIMIT: TerritoriesEnding

class TerritoriesOptions(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TerritoriesPoint(_message.Message):
    __slots__ = ("x", "y")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    x: int
    y: int
    def __init__(self, x: _Optional[int] = ..., y: _Optional[int] = ...) -> None: ...

class TerritoriesCell(_message.Message):
    __slots__ = ("c", "r")
    C_FIELD_NUMBER: _ClassVar[int]
    R_FIELD_NUMBER: _ClassVar[int]
    c: int
    r: int
    def __init__(self, c: _Optional[int] = ..., r: _Optional[int] = ...) -> None: ...

class TerritoriesCard(_message.Message):
    __slots__ = ("suit", "number", "name")
    SUIT_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    suit: TerritoriesSuit
    number: int
    name: str
    def __init__(self, suit: _Optional[_Union[TerritoriesSuit, str]] = ..., number: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...

class TerritoriesResources(_message.Message):
    __slots__ = ("h", "s", "c", "d")
    H_FIELD_NUMBER: _ClassVar[int]
    S_FIELD_NUMBER: _ClassVar[int]
    C_FIELD_NUMBER: _ClassVar[int]
    D_FIELD_NUMBER: _ClassVar[int]
    h: int
    s: int
    c: int
    d: int
    def __init__(self, h: _Optional[int] = ..., s: _Optional[int] = ..., c: _Optional[int] = ..., d: _Optional[int] = ...) -> None: ...

class TerritoriesAction(_message.Message):
    __slots__ = ("place_setup", "roll", "discard", "take_free", "pay", "respond_trade", "build_town", "upgrade", "build_capital", "bank_trade", "trade_give", "trade_get", "propose_trade", "swap", "expand", "destroy", "convert", "end_turn")
    class PlaceSetup(_message.Message):
        __slots__ = ("at",)
        AT_FIELD_NUMBER: _ClassVar[int]
        at: TerritoriesPoint
        def __init__(self, at: _Optional[_Union[TerritoriesPoint, _Mapping]] = ...) -> None: ...
    class Roll(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Discard(_message.Message):
        __slots__ = ("suit", "card")
        SUIT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        suit: TerritoriesSuit
        card: TerritoriesCard
        def __init__(self, suit: _Optional[_Union[TerritoriesSuit, str]] = ..., card: _Optional[_Union[TerritoriesCard, _Mapping]] = ...) -> None: ...
    class TakeFree(_message.Message):
        __slots__ = ("suit",)
        SUIT_FIELD_NUMBER: _ClassVar[int]
        suit: TerritoriesSuit
        def __init__(self, suit: _Optional[_Union[TerritoriesSuit, str]] = ...) -> None: ...
    class Pay(_message.Message):
        __slots__ = ("suit",)
        SUIT_FIELD_NUMBER: _ClassVar[int]
        suit: TerritoriesSuit
        def __init__(self, suit: _Optional[_Union[TerritoriesSuit, str]] = ...) -> None: ...
    class RespondTrade(_message.Message):
        __slots__ = ("accept",)
        ACCEPT_FIELD_NUMBER: _ClassVar[int]
        accept: bool
        def __init__(self, accept: _Optional[bool] = ...) -> None: ...
    class BuildTown(_message.Message):
        __slots__ = ("at",)
        AT_FIELD_NUMBER: _ClassVar[int]
        at: TerritoriesPoint
        def __init__(self, at: _Optional[_Union[TerritoriesPoint, _Mapping]] = ...) -> None: ...
    class Upgrade(_message.Message):
        __slots__ = ("at", "to")
        AT_FIELD_NUMBER: _ClassVar[int]
        TO_FIELD_NUMBER: _ClassVar[int]
        at: TerritoriesPoint
        to: TerritoriesBuilding
        def __init__(self, at: _Optional[_Union[TerritoriesPoint, _Mapping]] = ..., to: _Optional[_Union[TerritoriesBuilding, str]] = ...) -> None: ...
    class BuildCapital(_message.Message):
        __slots__ = ("at",)
        AT_FIELD_NUMBER: _ClassVar[int]
        at: TerritoriesPoint
        def __init__(self, at: _Optional[_Union[TerritoriesPoint, _Mapping]] = ...) -> None: ...
    class BankTrade(_message.Message):
        __slots__ = ("give", "get", "territory")
        GIVE_FIELD_NUMBER: _ClassVar[int]
        GET_FIELD_NUMBER: _ClassVar[int]
        TERRITORY_FIELD_NUMBER: _ClassVar[int]
        give: TerritoriesSuit
        get: TerritoriesSuit
        territory: bool
        def __init__(self, give: _Optional[_Union[TerritoriesSuit, str]] = ..., get: _Optional[_Union[TerritoriesSuit, str]] = ..., territory: _Optional[bool] = ...) -> None: ...
    class TradeGive(_message.Message):
        __slots__ = ("suit",)
        SUIT_FIELD_NUMBER: _ClassVar[int]
        suit: TerritoriesSuit
        def __init__(self, suit: _Optional[_Union[TerritoriesSuit, str]] = ...) -> None: ...
    class TradeGet(_message.Message):
        __slots__ = ("suit",)
        SUIT_FIELD_NUMBER: _ClassVar[int]
        suit: TerritoriesSuit
        def __init__(self, suit: _Optional[_Union[TerritoriesSuit, str]] = ...) -> None: ...
    class ProposeTrade(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Swap(_message.Message):
        __slots__ = ("cell", "card")
        CELL_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        cell: TerritoriesCell
        card: TerritoriesCard
        def __init__(self, cell: _Optional[_Union[TerritoriesCell, _Mapping]] = ..., card: _Optional[_Union[TerritoriesCard, _Mapping]] = ...) -> None: ...
    class Expand(_message.Message):
        __slots__ = ("cell", "card")
        CELL_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        cell: TerritoriesCell
        card: TerritoriesCard
        def __init__(self, cell: _Optional[_Union[TerritoriesCell, _Mapping]] = ..., card: _Optional[_Union[TerritoriesCard, _Mapping]] = ...) -> None: ...
    class Destroy(_message.Message):
        __slots__ = ("target",)
        TARGET_FIELD_NUMBER: _ClassVar[int]
        target: TerritoriesPoint
        def __init__(self, target: _Optional[_Union[TerritoriesPoint, _Mapping]] = ...) -> None: ...
    class Convert(_message.Message):
        __slots__ = ("source", "target", "as_building")
        SOURCE_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        AS_BUILDING_FIELD_NUMBER: _ClassVar[int]
        source: TerritoriesPoint
        target: TerritoriesPoint
        as_building: TerritoriesBuilding
        def __init__(self, source: _Optional[_Union[TerritoriesPoint, _Mapping]] = ..., target: _Optional[_Union[TerritoriesPoint, _Mapping]] = ..., as_building: _Optional[_Union[TerritoriesBuilding, str]] = ...) -> None: ...
    class EndTurn(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    PLACE_SETUP_FIELD_NUMBER: _ClassVar[int]
    ROLL_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    TAKE_FREE_FIELD_NUMBER: _ClassVar[int]
    PAY_FIELD_NUMBER: _ClassVar[int]
    RESPOND_TRADE_FIELD_NUMBER: _ClassVar[int]
    BUILD_TOWN_FIELD_NUMBER: _ClassVar[int]
    UPGRADE_FIELD_NUMBER: _ClassVar[int]
    BUILD_CAPITAL_FIELD_NUMBER: _ClassVar[int]
    BANK_TRADE_FIELD_NUMBER: _ClassVar[int]
    TRADE_GIVE_FIELD_NUMBER: _ClassVar[int]
    TRADE_GET_FIELD_NUMBER: _ClassVar[int]
    PROPOSE_TRADE_FIELD_NUMBER: _ClassVar[int]
    SWAP_FIELD_NUMBER: _ClassVar[int]
    EXPAND_FIELD_NUMBER: _ClassVar[int]
    DESTROY_FIELD_NUMBER: _ClassVar[int]
    CONVERT_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    place_setup: TerritoriesAction.PlaceSetup
    roll: TerritoriesAction.Roll
    discard: TerritoriesAction.Discard
    take_free: TerritoriesAction.TakeFree
    pay: TerritoriesAction.Pay
    respond_trade: TerritoriesAction.RespondTrade
    build_town: TerritoriesAction.BuildTown
    upgrade: TerritoriesAction.Upgrade
    build_capital: TerritoriesAction.BuildCapital
    bank_trade: TerritoriesAction.BankTrade
    trade_give: TerritoriesAction.TradeGive
    trade_get: TerritoriesAction.TradeGet
    propose_trade: TerritoriesAction.ProposeTrade
    swap: TerritoriesAction.Swap
    expand: TerritoriesAction.Expand
    destroy: TerritoriesAction.Destroy
    convert: TerritoriesAction.Convert
    end_turn: TerritoriesAction.EndTurn
    def __init__(self, place_setup: _Optional[_Union[TerritoriesAction.PlaceSetup, _Mapping]] = ..., roll: _Optional[_Union[TerritoriesAction.Roll, _Mapping]] = ..., discard: _Optional[_Union[TerritoriesAction.Discard, _Mapping]] = ..., take_free: _Optional[_Union[TerritoriesAction.TakeFree, _Mapping]] = ..., pay: _Optional[_Union[TerritoriesAction.Pay, _Mapping]] = ..., respond_trade: _Optional[_Union[TerritoriesAction.RespondTrade, _Mapping]] = ..., build_town: _Optional[_Union[TerritoriesAction.BuildTown, _Mapping]] = ..., upgrade: _Optional[_Union[TerritoriesAction.Upgrade, _Mapping]] = ..., build_capital: _Optional[_Union[TerritoriesAction.BuildCapital, _Mapping]] = ..., bank_trade: _Optional[_Union[TerritoriesAction.BankTrade, _Mapping]] = ..., trade_give: _Optional[_Union[TerritoriesAction.TradeGive, _Mapping]] = ..., trade_get: _Optional[_Union[TerritoriesAction.TradeGet, _Mapping]] = ..., propose_trade: _Optional[_Union[TerritoriesAction.ProposeTrade, _Mapping]] = ..., swap: _Optional[_Union[TerritoriesAction.Swap, _Mapping]] = ..., expand: _Optional[_Union[TerritoriesAction.Expand, _Mapping]] = ..., destroy: _Optional[_Union[TerritoriesAction.Destroy, _Mapping]] = ..., convert: _Optional[_Union[TerritoriesAction.Convert, _Mapping]] = ..., end_turn: _Optional[_Union[TerritoriesAction.EndTurn, _Mapping]] = ...) -> None: ...

class TerritoriesEvent(_message.Message):
    __slots__ = ("setup_town_placed", "turn_started", "rolled", "produced", "card_drawn", "discard_reshuffled", "discarded", "free_taken", "paid", "free_choices_lost", "built", "bank_traded", "draft_changed", "trade_proposed", "trade_answered", "ability_activated", "price_rolled", "lost_everything", "opposed_roll", "swapped", "expanded", "destroyed", "converted", "turn_ended", "game_ended")
    class SetupTownPlaced(_message.Message):
        __slots__ = ("seat", "at", "collected")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        AT_FIELD_NUMBER: _ClassVar[int]
        COLLECTED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        at: TerritoriesPoint
        collected: TerritoriesResources
        def __init__(self, seat: _Optional[int] = ..., at: _Optional[_Union[TerritoriesPoint, _Mapping]] = ..., collected: _Optional[_Union[TerritoriesResources, _Mapping]] = ...) -> None: ...
    class TurnStarted(_message.Message):
        __slots__ = ("seat", "turn")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TURN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        turn: int
        def __init__(self, seat: _Optional[int] = ..., turn: _Optional[int] = ...) -> None: ...
    class Rolled(_message.Message):
        __slots__ = ("seat", "d1", "d2")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        D1_FIELD_NUMBER: _ClassVar[int]
        D2_FIELD_NUMBER: _ClassVar[int]
        seat: int
        d1: int
        d2: int
        def __init__(self, seat: _Optional[int] = ..., d1: _Optional[int] = ..., d2: _Optional[int] = ...) -> None: ...
    class Produced(_message.Message):
        __slots__ = ("seat", "gained")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GAINED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        gained: TerritoriesResources
        def __init__(self, seat: _Optional[int] = ..., gained: _Optional[_Union[TerritoriesResources, _Mapping]] = ...) -> None: ...
    class CardDrawn(_message.Message):
        __slots__ = ("seat", "card", "drawn")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        DRAWN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: TerritoriesCard
        drawn: bool
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[TerritoriesCard, _Mapping]] = ..., drawn: _Optional[bool] = ...) -> None: ...
    class DiscardReshuffled(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: int
        def __init__(self, cards: _Optional[int] = ...) -> None: ...
    class Discarded(_message.Message):
        __slots__ = ("seat", "suit", "card", "automatic")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SUIT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        AUTOMATIC_FIELD_NUMBER: _ClassVar[int]
        seat: int
        suit: TerritoriesSuit
        card: TerritoriesCard
        automatic: bool
        def __init__(self, seat: _Optional[int] = ..., suit: _Optional[_Union[TerritoriesSuit, str]] = ..., card: _Optional[_Union[TerritoriesCard, _Mapping]] = ..., automatic: _Optional[bool] = ...) -> None: ...
    class FreeTaken(_message.Message):
        __slots__ = ("seat", "suit", "automatic")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SUIT_FIELD_NUMBER: _ClassVar[int]
        AUTOMATIC_FIELD_NUMBER: _ClassVar[int]
        seat: int
        suit: TerritoriesSuit
        automatic: bool
        def __init__(self, seat: _Optional[int] = ..., suit: _Optional[_Union[TerritoriesSuit, str]] = ..., automatic: _Optional[bool] = ...) -> None: ...
    class Paid(_message.Message):
        __slots__ = ("seat", "suit", "automatic")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SUIT_FIELD_NUMBER: _ClassVar[int]
        AUTOMATIC_FIELD_NUMBER: _ClassVar[int]
        seat: int
        suit: TerritoriesSuit
        automatic: bool
        def __init__(self, seat: _Optional[int] = ..., suit: _Optional[_Union[TerritoriesSuit, str]] = ..., automatic: _Optional[bool] = ...) -> None: ...
    class FreeChoicesLost(_message.Message):
        __slots__ = ("seat", "lost")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        LOST_FIELD_NUMBER: _ClassVar[int]
        seat: int
        lost: int
        def __init__(self, seat: _Optional[int] = ..., lost: _Optional[int] = ...) -> None: ...
    class Built(_message.Message):
        __slots__ = ("seat", "at", "building", "replaced")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        AT_FIELD_NUMBER: _ClassVar[int]
        BUILDING_FIELD_NUMBER: _ClassVar[int]
        REPLACED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        at: TerritoriesPoint
        building: TerritoriesBuilding
        replaced: TerritoriesBuilding
        def __init__(self, seat: _Optional[int] = ..., at: _Optional[_Union[TerritoriesPoint, _Mapping]] = ..., building: _Optional[_Union[TerritoriesBuilding, str]] = ..., replaced: _Optional[_Union[TerritoriesBuilding, str]] = ...) -> None: ...
    class BankTraded(_message.Message):
        __slots__ = ("seat", "give", "get")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GIVE_FIELD_NUMBER: _ClassVar[int]
        GET_FIELD_NUMBER: _ClassVar[int]
        seat: int
        give: TerritoriesSuit
        get: TerritoriesSuit
        def __init__(self, seat: _Optional[int] = ..., give: _Optional[_Union[TerritoriesSuit, str]] = ..., get: _Optional[_Union[TerritoriesSuit, str]] = ...) -> None: ...
    class DraftChanged(_message.Message):
        __slots__ = ("seat", "give", "get")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GIVE_FIELD_NUMBER: _ClassVar[int]
        GET_FIELD_NUMBER: _ClassVar[int]
        seat: int
        give: TerritoriesResources
        get: TerritoriesResources
        def __init__(self, seat: _Optional[int] = ..., give: _Optional[_Union[TerritoriesResources, _Mapping]] = ..., get: _Optional[_Union[TerritoriesResources, _Mapping]] = ...) -> None: ...
    class TradeProposed(_message.Message):
        __slots__ = ("seat", "give", "get", "number")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        GIVE_FIELD_NUMBER: _ClassVar[int]
        GET_FIELD_NUMBER: _ClassVar[int]
        NUMBER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        give: TerritoriesResources
        get: TerritoriesResources
        number: int
        def __init__(self, seat: _Optional[int] = ..., give: _Optional[_Union[TerritoriesResources, _Mapping]] = ..., get: _Optional[_Union[TerritoriesResources, _Mapping]] = ..., number: _Optional[int] = ...) -> None: ...
    class TradeAnswered(_message.Message):
        __slots__ = ("seat", "accepted", "give", "get")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ACCEPTED_FIELD_NUMBER: _ClassVar[int]
        GIVE_FIELD_NUMBER: _ClassVar[int]
        GET_FIELD_NUMBER: _ClassVar[int]
        seat: int
        accepted: bool
        give: TerritoriesResources
        get: TerritoriesResources
        def __init__(self, seat: _Optional[int] = ..., accepted: _Optional[bool] = ..., give: _Optional[_Union[TerritoriesResources, _Mapping]] = ..., get: _Optional[_Union[TerritoriesResources, _Mapping]] = ...) -> None: ...
    class AbilityActivated(_message.Message):
        __slots__ = ("seat", "ability")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ABILITY_FIELD_NUMBER: _ClassVar[int]
        seat: int
        ability: TerritoriesAbility
        def __init__(self, seat: _Optional[int] = ..., ability: _Optional[_Union[TerritoriesAbility, str]] = ...) -> None: ...
    class PriceRolled(_message.Message):
        __slots__ = ("seat", "die")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DIE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        die: int
        def __init__(self, seat: _Optional[int] = ..., die: _Optional[int] = ...) -> None: ...
    class LostEverything(_message.Message):
        __slots__ = ("seat", "lost")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        LOST_FIELD_NUMBER: _ClassVar[int]
        seat: int
        lost: TerritoriesResources
        def __init__(self, seat: _Optional[int] = ..., lost: _Optional[_Union[TerritoriesResources, _Mapping]] = ...) -> None: ...
    class OpposedRoll(_message.Message):
        __slots__ = ("attacker", "defender", "success")
        ATTACKER_FIELD_NUMBER: _ClassVar[int]
        DEFENDER_FIELD_NUMBER: _ClassVar[int]
        SUCCESS_FIELD_NUMBER: _ClassVar[int]
        attacker: int
        defender: int
        success: bool
        def __init__(self, attacker: _Optional[int] = ..., defender: _Optional[int] = ..., success: _Optional[bool] = ...) -> None: ...
    class Swapped(_message.Message):
        __slots__ = ("seat", "cell", "placed", "taken")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CELL_FIELD_NUMBER: _ClassVar[int]
        PLACED_FIELD_NUMBER: _ClassVar[int]
        TAKEN_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cell: TerritoriesCell
        placed: TerritoriesCard
        taken: TerritoriesCard
        def __init__(self, seat: _Optional[int] = ..., cell: _Optional[_Union[TerritoriesCell, _Mapping]] = ..., placed: _Optional[_Union[TerritoriesCard, _Mapping]] = ..., taken: _Optional[_Union[TerritoriesCard, _Mapping]] = ...) -> None: ...
    class Expanded(_message.Message):
        __slots__ = ("seat", "cell", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CELL_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cell: TerritoriesCell
        card: TerritoriesCard
        def __init__(self, seat: _Optional[int] = ..., cell: _Optional[_Union[TerritoriesCell, _Mapping]] = ..., card: _Optional[_Union[TerritoriesCard, _Mapping]] = ...) -> None: ...
    class Destroyed(_message.Message):
        __slots__ = ("seat", "at")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        AT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        at: TerritoriesPoint
        def __init__(self, seat: _Optional[int] = ..., at: _Optional[_Union[TerritoriesPoint, _Mapping]] = ...) -> None: ...
    class Converted(_message.Message):
        __slots__ = ("seat", "at", "from_building", "to_building")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        AT_FIELD_NUMBER: _ClassVar[int]
        FROM_BUILDING_FIELD_NUMBER: _ClassVar[int]
        TO_BUILDING_FIELD_NUMBER: _ClassVar[int]
        seat: int
        at: TerritoriesPoint
        from_building: TerritoriesBuilding
        to_building: TerritoriesBuilding
        def __init__(self, seat: _Optional[int] = ..., at: _Optional[_Union[TerritoriesPoint, _Mapping]] = ..., from_building: _Optional[_Union[TerritoriesBuilding, str]] = ..., to_building: _Optional[_Union[TerritoriesBuilding, str]] = ...) -> None: ...
    class TurnEnded(_message.Message):
        __slots__ = ("seat", "homeless")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HOMELESS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        homeless: int
        def __init__(self, seat: _Optional[int] = ..., homeless: _Optional[int] = ...) -> None: ...
    class GameEnded(_message.Message):
        __slots__ = ("winner", "ending", "points")
        WINNER_FIELD_NUMBER: _ClassVar[int]
        ENDING_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        winner: int
        ending: TerritoriesEnding
        points: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, winner: _Optional[int] = ..., ending: _Optional[_Union[TerritoriesEnding, str]] = ..., points: _Optional[_Iterable[int]] = ...) -> None: ...
    SETUP_TOWN_PLACED_FIELD_NUMBER: _ClassVar[int]
    TURN_STARTED_FIELD_NUMBER: _ClassVar[int]
    ROLLED_FIELD_NUMBER: _ClassVar[int]
    PRODUCED_FIELD_NUMBER: _ClassVar[int]
    CARD_DRAWN_FIELD_NUMBER: _ClassVar[int]
    DISCARD_RESHUFFLED_FIELD_NUMBER: _ClassVar[int]
    DISCARDED_FIELD_NUMBER: _ClassVar[int]
    FREE_TAKEN_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    FREE_CHOICES_LOST_FIELD_NUMBER: _ClassVar[int]
    BUILT_FIELD_NUMBER: _ClassVar[int]
    BANK_TRADED_FIELD_NUMBER: _ClassVar[int]
    DRAFT_CHANGED_FIELD_NUMBER: _ClassVar[int]
    TRADE_PROPOSED_FIELD_NUMBER: _ClassVar[int]
    TRADE_ANSWERED_FIELD_NUMBER: _ClassVar[int]
    ABILITY_ACTIVATED_FIELD_NUMBER: _ClassVar[int]
    PRICE_ROLLED_FIELD_NUMBER: _ClassVar[int]
    LOST_EVERYTHING_FIELD_NUMBER: _ClassVar[int]
    OPPOSED_ROLL_FIELD_NUMBER: _ClassVar[int]
    SWAPPED_FIELD_NUMBER: _ClassVar[int]
    EXPANDED_FIELD_NUMBER: _ClassVar[int]
    DESTROYED_FIELD_NUMBER: _ClassVar[int]
    CONVERTED_FIELD_NUMBER: _ClassVar[int]
    TURN_ENDED_FIELD_NUMBER: _ClassVar[int]
    GAME_ENDED_FIELD_NUMBER: _ClassVar[int]
    setup_town_placed: TerritoriesEvent.SetupTownPlaced
    turn_started: TerritoriesEvent.TurnStarted
    rolled: TerritoriesEvent.Rolled
    produced: TerritoriesEvent.Produced
    card_drawn: TerritoriesEvent.CardDrawn
    discard_reshuffled: TerritoriesEvent.DiscardReshuffled
    discarded: TerritoriesEvent.Discarded
    free_taken: TerritoriesEvent.FreeTaken
    paid: TerritoriesEvent.Paid
    free_choices_lost: TerritoriesEvent.FreeChoicesLost
    built: TerritoriesEvent.Built
    bank_traded: TerritoriesEvent.BankTraded
    draft_changed: TerritoriesEvent.DraftChanged
    trade_proposed: TerritoriesEvent.TradeProposed
    trade_answered: TerritoriesEvent.TradeAnswered
    ability_activated: TerritoriesEvent.AbilityActivated
    price_rolled: TerritoriesEvent.PriceRolled
    lost_everything: TerritoriesEvent.LostEverything
    opposed_roll: TerritoriesEvent.OpposedRoll
    swapped: TerritoriesEvent.Swapped
    expanded: TerritoriesEvent.Expanded
    destroyed: TerritoriesEvent.Destroyed
    converted: TerritoriesEvent.Converted
    turn_ended: TerritoriesEvent.TurnEnded
    game_ended: TerritoriesEvent.GameEnded
    def __init__(self, setup_town_placed: _Optional[_Union[TerritoriesEvent.SetupTownPlaced, _Mapping]] = ..., turn_started: _Optional[_Union[TerritoriesEvent.TurnStarted, _Mapping]] = ..., rolled: _Optional[_Union[TerritoriesEvent.Rolled, _Mapping]] = ..., produced: _Optional[_Union[TerritoriesEvent.Produced, _Mapping]] = ..., card_drawn: _Optional[_Union[TerritoriesEvent.CardDrawn, _Mapping]] = ..., discard_reshuffled: _Optional[_Union[TerritoriesEvent.DiscardReshuffled, _Mapping]] = ..., discarded: _Optional[_Union[TerritoriesEvent.Discarded, _Mapping]] = ..., free_taken: _Optional[_Union[TerritoriesEvent.FreeTaken, _Mapping]] = ..., paid: _Optional[_Union[TerritoriesEvent.Paid, _Mapping]] = ..., free_choices_lost: _Optional[_Union[TerritoriesEvent.FreeChoicesLost, _Mapping]] = ..., built: _Optional[_Union[TerritoriesEvent.Built, _Mapping]] = ..., bank_traded: _Optional[_Union[TerritoriesEvent.BankTraded, _Mapping]] = ..., draft_changed: _Optional[_Union[TerritoriesEvent.DraftChanged, _Mapping]] = ..., trade_proposed: _Optional[_Union[TerritoriesEvent.TradeProposed, _Mapping]] = ..., trade_answered: _Optional[_Union[TerritoriesEvent.TradeAnswered, _Mapping]] = ..., ability_activated: _Optional[_Union[TerritoriesEvent.AbilityActivated, _Mapping]] = ..., price_rolled: _Optional[_Union[TerritoriesEvent.PriceRolled, _Mapping]] = ..., lost_everything: _Optional[_Union[TerritoriesEvent.LostEverything, _Mapping]] = ..., opposed_roll: _Optional[_Union[TerritoriesEvent.OpposedRoll, _Mapping]] = ..., swapped: _Optional[_Union[TerritoriesEvent.Swapped, _Mapping]] = ..., expanded: _Optional[_Union[TerritoriesEvent.Expanded, _Mapping]] = ..., destroyed: _Optional[_Union[TerritoriesEvent.Destroyed, _Mapping]] = ..., converted: _Optional[_Union[TerritoriesEvent.Converted, _Mapping]] = ..., turn_ended: _Optional[_Union[TerritoriesEvent.TurnEnded, _Mapping]] = ..., game_ended: _Optional[_Union[TerritoriesEvent.GameEnded, _Mapping]] = ...) -> None: ...

class TerritoriesView(_message.Message):
    __slots__ = ("grid", "intersections", "growth_cells", "buildings", "bank", "draw_pile_size", "discard_pile", "players", "p1", "turn", "active", "step", "to_act", "setup_step", "decision", "offer", "offers_made", "abilities_used", "last_roll", "opening_rolls", "winner", "ending", "viewer")
    class GridCard(_message.Message):
        __slots__ = ("cell", "card")
        CELL_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        cell: TerritoriesCell
        card: TerritoriesCard
        def __init__(self, cell: _Optional[_Union[TerritoriesCell, _Mapping]] = ..., card: _Optional[_Union[TerritoriesCard, _Mapping]] = ...) -> None: ...
    class PlacedBuilding(_message.Message):
        __slots__ = ("at", "owner", "building")
        AT_FIELD_NUMBER: _ClassVar[int]
        OWNER_FIELD_NUMBER: _ClassVar[int]
        BUILDING_FIELD_NUMBER: _ClassVar[int]
        at: TerritoriesPoint
        owner: int
        building: TerritoriesBuilding
        def __init__(self, at: _Optional[_Union[TerritoriesPoint, _Mapping]] = ..., owner: _Optional[int] = ..., building: _Optional[_Union[TerritoriesBuilding, str]] = ...) -> None: ...
    class Supply(_message.Message):
        __slots__ = ("town", "fort", "barracks", "temple", "palace", "capital")
        TOWN_FIELD_NUMBER: _ClassVar[int]
        FORT_FIELD_NUMBER: _ClassVar[int]
        BARRACKS_FIELD_NUMBER: _ClassVar[int]
        TEMPLE_FIELD_NUMBER: _ClassVar[int]
        PALACE_FIELD_NUMBER: _ClassVar[int]
        CAPITAL_FIELD_NUMBER: _ClassVar[int]
        town: int
        fort: int
        barracks: int
        temple: int
        palace: int
        capital: int
        def __init__(self, town: _Optional[int] = ..., fort: _Optional[int] = ..., barracks: _Optional[int] = ..., temple: _Optional[int] = ..., palace: _Optional[int] = ..., capital: _Optional[int] = ...) -> None: ...
    class Player(_message.Message):
        __slots__ = ("seat", "resources", "territory_count", "known_cards", "hand", "hand_visible", "supply", "homeless", "points")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RESOURCES_FIELD_NUMBER: _ClassVar[int]
        TERRITORY_COUNT_FIELD_NUMBER: _ClassVar[int]
        KNOWN_CARDS_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        HAND_VISIBLE_FIELD_NUMBER: _ClassVar[int]
        SUPPLY_FIELD_NUMBER: _ClassVar[int]
        HOMELESS_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        resources: TerritoriesResources
        territory_count: int
        known_cards: _containers.RepeatedCompositeFieldContainer[TerritoriesCard]
        hand: _containers.RepeatedCompositeFieldContainer[TerritoriesCard]
        hand_visible: bool
        supply: TerritoriesView.Supply
        homeless: int
        points: int
        def __init__(self, seat: _Optional[int] = ..., resources: _Optional[_Union[TerritoriesResources, _Mapping]] = ..., territory_count: _Optional[int] = ..., known_cards: _Optional[_Iterable[_Union[TerritoriesCard, _Mapping]]] = ..., hand: _Optional[_Iterable[_Union[TerritoriesCard, _Mapping]]] = ..., hand_visible: _Optional[bool] = ..., supply: _Optional[_Union[TerritoriesView.Supply, _Mapping]] = ..., homeless: _Optional[int] = ..., points: _Optional[int] = ...) -> None: ...
    class Decision(_message.Message):
        __slots__ = ("kind", "seat", "remaining", "last_suit", "last_card")
        KIND_FIELD_NUMBER: _ClassVar[int]
        SEAT_FIELD_NUMBER: _ClassVar[int]
        REMAINING_FIELD_NUMBER: _ClassVar[int]
        LAST_SUIT_FIELD_NUMBER: _ClassVar[int]
        LAST_CARD_FIELD_NUMBER: _ClassVar[int]
        kind: TerritoriesStep
        seat: int
        remaining: int
        last_suit: TerritoriesSuit
        last_card: TerritoriesCard
        def __init__(self, kind: _Optional[_Union[TerritoriesStep, str]] = ..., seat: _Optional[int] = ..., remaining: _Optional[int] = ..., last_suit: _Optional[_Union[TerritoriesSuit, str]] = ..., last_card: _Optional[_Union[TerritoriesCard, _Mapping]] = ...) -> None: ...
    class Offer(_message.Message):
        __slots__ = ("give", "get", "proposed")
        GIVE_FIELD_NUMBER: _ClassVar[int]
        GET_FIELD_NUMBER: _ClassVar[int]
        PROPOSED_FIELD_NUMBER: _ClassVar[int]
        give: TerritoriesResources
        get: TerritoriesResources
        proposed: bool
        def __init__(self, give: _Optional[_Union[TerritoriesResources, _Mapping]] = ..., get: _Optional[_Union[TerritoriesResources, _Mapping]] = ..., proposed: _Optional[bool] = ...) -> None: ...
    class OpeningRoll(_message.Message):
        __slots__ = ("seat0", "seat1")
        SEAT0_FIELD_NUMBER: _ClassVar[int]
        SEAT1_FIELD_NUMBER: _ClassVar[int]
        seat0: _containers.RepeatedScalarFieldContainer[int]
        seat1: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seat0: _Optional[_Iterable[int]] = ..., seat1: _Optional[_Iterable[int]] = ...) -> None: ...
    GRID_FIELD_NUMBER: _ClassVar[int]
    INTERSECTIONS_FIELD_NUMBER: _ClassVar[int]
    GROWTH_CELLS_FIELD_NUMBER: _ClassVar[int]
    BUILDINGS_FIELD_NUMBER: _ClassVar[int]
    BANK_FIELD_NUMBER: _ClassVar[int]
    DRAW_PILE_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_PILE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    P1_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    SETUP_STEP_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    OFFERS_MADE_FIELD_NUMBER: _ClassVar[int]
    ABILITIES_USED_FIELD_NUMBER: _ClassVar[int]
    LAST_ROLL_FIELD_NUMBER: _ClassVar[int]
    OPENING_ROLLS_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    ENDING_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    grid: _containers.RepeatedCompositeFieldContainer[TerritoriesView.GridCard]
    intersections: _containers.RepeatedCompositeFieldContainer[TerritoriesPoint]
    growth_cells: _containers.RepeatedCompositeFieldContainer[TerritoriesCell]
    buildings: _containers.RepeatedCompositeFieldContainer[TerritoriesView.PlacedBuilding]
    bank: TerritoriesResources
    draw_pile_size: int
    discard_pile: _containers.RepeatedCompositeFieldContainer[TerritoriesCard]
    players: _containers.RepeatedCompositeFieldContainer[TerritoriesView.Player]
    p1: int
    turn: int
    active: int
    step: TerritoriesStep
    to_act: int
    setup_step: int
    decision: TerritoriesView.Decision
    offer: TerritoriesView.Offer
    offers_made: int
    abilities_used: _containers.RepeatedScalarFieldContainer[TerritoriesAbility]
    last_roll: _containers.RepeatedScalarFieldContainer[int]
    opening_rolls: _containers.RepeatedCompositeFieldContainer[TerritoriesView.OpeningRoll]
    winner: int
    ending: TerritoriesEnding
    viewer: int
    def __init__(self, grid: _Optional[_Iterable[_Union[TerritoriesView.GridCard, _Mapping]]] = ..., intersections: _Optional[_Iterable[_Union[TerritoriesPoint, _Mapping]]] = ..., growth_cells: _Optional[_Iterable[_Union[TerritoriesCell, _Mapping]]] = ..., buildings: _Optional[_Iterable[_Union[TerritoriesView.PlacedBuilding, _Mapping]]] = ..., bank: _Optional[_Union[TerritoriesResources, _Mapping]] = ..., draw_pile_size: _Optional[int] = ..., discard_pile: _Optional[_Iterable[_Union[TerritoriesCard, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[TerritoriesView.Player, _Mapping]]] = ..., p1: _Optional[int] = ..., turn: _Optional[int] = ..., active: _Optional[int] = ..., step: _Optional[_Union[TerritoriesStep, str]] = ..., to_act: _Optional[int] = ..., setup_step: _Optional[int] = ..., decision: _Optional[_Union[TerritoriesView.Decision, _Mapping]] = ..., offer: _Optional[_Union[TerritoriesView.Offer, _Mapping]] = ..., offers_made: _Optional[int] = ..., abilities_used: _Optional[_Iterable[_Union[TerritoriesAbility, str]]] = ..., last_roll: _Optional[_Iterable[int]] = ..., opening_rolls: _Optional[_Iterable[_Union[TerritoriesView.OpeningRoll, _Mapping]]] = ..., winner: _Optional[int] = ..., ending: _Optional[_Union[TerritoriesEnding, str]] = ..., viewer: _Optional[int] = ...) -> None: ...
