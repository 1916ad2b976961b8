//! The bidirectional maps between a game's Rust enums and the prost enums of
//! its `.proto` file (an `i32` on the wire).
//!
//! Each map is declared once with [`wire_enum!`]: the one list of pairs gives
//! both directions, so they cannot drift apart, and the `match` it writes to
//! the wire is exhaustive, so a new Rust variant without a wire value does
//! not compile.

use crate::WireError;

/// A Rust enum that travels as a prost enum. Implemented only by
/// [`wire_enum!`].
pub(crate) trait WireEnum: Copy + Sized {
    /// The wire value of the enum's `UNSPECIFIED` (proto3 zero value): what
    /// an absent value (`None`) is sent as.
    const UNSPECIFIED: i32;

    /// The wire value.
    fn to_proto(self) -> i32;

    /// The value a client sent in `field`: `UNSPECIFIED` is
    /// [`WireError::Missing`], a number that is no value of this enum (or
    /// one with no Rust counterpart) is [`WireError::Invalid`]. Never a
    /// panic: the number comes from the client.
    fn from_proto(value: i32, field: &'static str) -> Result<Self, WireError>;

    /// The wire value of an optional one: `None` is `UNSPECIFIED`.
    fn opt_to_proto(value: Option<Self>) -> i32 {
        value.map_or(Self::UNSPECIFIED, Self::to_proto)
    }
}

/// Declares a [`WireEnum`] map between a Rust enum and a prost enum.
///
/// Unit variants, by name:
///
/// ```text
/// wire_enum!(Suit as proto::TerritoriesSuit, "suit" {
///     H => Hearts,
///     S => Spades,
/// });
/// ```
///
/// Or any value that is both a pattern and an expression, in parentheses
/// (variants that carry another enum's variant):
///
/// ```text
/// wire_enum!(TakeFrom as proto::AlexandrosTakeFrom, "source" {
///     (TakeFrom::Slot(Slot::One)) => Slot1,
///     (TakeFrom::Deck) => Deck,
/// });
/// ```
///
/// The string names the value in the error for an unknown number
/// (`unknown suit value 9`).
macro_rules! wire_enum {
    ($rust:ident as $($proto:ident)::+, $noun:literal {
        $($variant:ident => $wire:ident),+ $(,)?
    }) => {
        $crate::wire_enum::wire_enum!($rust as $($proto)::+, $noun {
            $(($rust::$variant) => $wire),+
        });
    };
    ($rust:ty as $($proto:ident)::+, $noun:literal {
        $(($($value:tt)+) => $wire:ident),+ $(,)?
    }) => {
        impl $crate::wire_enum::WireEnum for $rust {
            const UNSPECIFIED: i32 = {
                use $($proto)::+ as P;
                P::Unspecified as i32
            };

            fn to_proto(self) -> i32 {
                use $($proto)::+ as P;
                (match self {
                    $($($value)+ => P::$wire,)+
                }) as i32
            }

            fn from_proto(
                value: i32,
                field: &'static str,
            ) -> Result<Self, $crate::WireError> {
                use $($proto)::+ as P;
                match P::try_from(value) {
                    $(Ok(P::$wire) => Ok($($value)+),)+
                    Ok(P::Unspecified) => Err($crate::WireError::Missing(field)),
                    _ => Err($crate::WireError::Invalid {
                        field,
                        reason: format!(concat!("unknown ", $noun, " value {}"), value),
                    }),
                }
            }
        }
    };
}

pub(crate) use wire_enum;

#[cfg(test)]
mod tests {
    use super::WireEnum;
    use crate::WireError;
    use satrap_proto as proto;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Suit {
        H,
        S,
        C,
        D,
    }

    wire_enum!(Suit as proto::TerritoriesSuit, "suit" {
        H => Hearts,
        S => Spades,
        C => Clubs,
        D => Diamonds,
    });

    /// Only part of a prost enum has a Rust counterpart.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Early {
        Setup,
        Roll,
    }

    wire_enum!(Early as proto::TerritoriesStep, "step" {
        (Early::Setup) => Setup,
        (Early::Roll) => Roll,
    });

    #[test]
    fn both_directions_come_from_one_list() {
        for s in [Suit::H, Suit::S, Suit::C, Suit::D] {
            assert_ne!(s.to_proto(), Suit::UNSPECIFIED);
            assert_eq!(Suit::from_proto(s.to_proto(), "f"), Ok(s));
        }
        assert_eq!(Suit::H.to_proto(), proto::TerritoriesSuit::Hearts as i32);
        assert_eq!(Suit::opt_to_proto(None), 0);
        assert_eq!(Suit::opt_to_proto(Some(Suit::D)), Suit::D.to_proto());
    }

    #[test]
    fn unspecified_is_missing_and_unknown_numbers_are_invalid() {
        assert_eq!(
            Suit::from_proto(0, "pay.suit"),
            Err(WireError::Missing("pay.suit"))
        );
        for bad in [-1, 5, i32::MAX, i32::MIN] {
            assert_eq!(
                Suit::from_proto(bad, "pay.suit"),
                Err(WireError::Invalid {
                    field: "pay.suit",
                    reason: format!("unknown suit value {bad}"),
                })
            );
        }
        // A real wire value without a Rust counterpart is no panic either.
        let main = proto::TerritoriesStep::Main as i32;
        assert_eq!(
            Early::from_proto(main, "s"),
            Err(WireError::Invalid {
                field: "s",
                reason: format!("unknown step value {main}"),
            })
        );
        assert_eq!(
            Early::from_proto(Early::Roll.to_proto(), "s"),
            Ok(Early::Roll)
        );
    }
}
