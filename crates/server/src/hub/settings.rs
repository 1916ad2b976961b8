//! The clock and lobby settings chosen at creation, stored with the game
//! (`GameRecord::settings`) as a small protobuf message of our own so that
//! later settings can be added without a migration.

use prost::Message;

use crate::echo::Echo;
use crate::error::ServiceError;
use crate::proto;
use satrap_search as bots;

/// Longest accepted clock or wait (about 49 days): far beyond any game, and
/// small enough that deadlines never overflow.
pub(super) const MAX_MS: u64 = 1 << 32;

/// What is stored. Field numbers are the storage format: never reuse one.
#[derive(Clone, PartialEq, Message)]
pub(super) struct StoredSettings {
    #[prost(message, optional, tag = "1")]
    pub time_control: Option<proto::TimeControl>,
    #[prost(enumeration = "proto::TimeoutPolicy", tag = "2")]
    pub on_timeout: i32,
    #[prost(message, optional, tag = "3")]
    pub bot_fill: Option<proto::BotFill>,
    #[prost(bool, tag = "4")]
    pub client_seed: bool,
    #[prost(enumeration = "proto::TakebackPolicy", tag = "5")]
    pub takebacks: i32,
}

/// The settings a game runs with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Settings {
    pub control: Control,
    pub on_timeout: proto::TimeoutPolicy,
    /// Fill open seats with `bot` this long after creation.
    pub bot_fill: Option<(u64, &'static str)>,
    /// The creator chose the seed (`GameSnapshot.client_seed`).
    pub client_seed: bool,
    /// CreateGameRequest.takebacks as asked (resolved against `rated` by
    /// `talk::offers::takebacks`).
    pub takebacks: proto::TakebackPolicy,
}

/// A time control in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Control {
    None,
    PerMove(u64),
    Fischer { budget: u64, increment: u64 },
}

impl Control {
    pub fn to_proto(self) -> proto::TimeControl {
        use proto::time_control::Kind;
        proto::TimeControl {
            kind: Some(match self {
                Control::None => Kind::None(proto::NoClock {}),
                Control::PerMove(ms) => Kind::PerMoveMs(ms),
                Control::Fischer { budget, increment } => Kind::Fischer(proto::Fischer {
                    budget_ms: budget,
                    increment_ms: increment,
                }),
            }),
        }
    }

    fn from_proto(tc: Option<&proto::TimeControl>) -> Result<Self, String> {
        use proto::time_control::Kind;
        let check = |what: &str, ms: u64, min: u64| {
            if ms < min || ms > MAX_MS {
                Err(format!("time_control.{what} must be {min} to {MAX_MS} ms"))
            } else {
                Ok(ms)
            }
        };
        Ok(match tc.and_then(|t| t.kind.as_ref()) {
            None | Some(Kind::None(_)) => Control::None,
            Some(Kind::PerMoveMs(ms)) => Control::PerMove(check("per_move_ms", *ms, 1)?),
            Some(Kind::Fischer(f)) => Control::Fischer {
                budget: check("fischer.budget_ms", f.budget_ms, 1)?,
                increment: check("fischer.increment_ms", f.increment_ms, 0)?,
            },
        })
    }
}

impl Settings {
    pub const NONE: Settings = Settings {
        control: Control::None,
        on_timeout: proto::TimeoutPolicy::BotMoves,
        bot_fill: None,
        client_seed: false,
        takebacks: proto::TakebackPolicy::Unspecified,
    };

    /// The settings a CreateGame request asks for (checked), and their
    /// stored form.
    pub fn from_request(
        req: &proto::CreateGameRequest,
        perfect_information: bool,
    ) -> Result<(Self, Vec<u8>), ServiceError> {
        let control = Control::from_proto(req.time_control.as_ref())
            .map_err(ServiceError::InvalidArgument)?;
        let on_timeout = match proto::TimeoutPolicy::try_from(req.on_timeout) {
            Ok(proto::TimeoutPolicy::Unspecified) => proto::TimeoutPolicy::BotMoves,
            Ok(p) => p,
            Err(_) => {
                return Err(ServiceError::InvalidArgument(format!(
                    "unknown on_timeout {}",
                    req.on_timeout
                )));
            }
        };
        let bot_fill = match &req.bot_fill {
            None => None,
            Some(f) => {
                if f.after_ms > MAX_MS {
                    return Err(ServiceError::InvalidArgument(format!(
                        "bot_fill.after_ms must be at most {MAX_MS}"
                    )));
                }
                let name = if f.bot.is_empty() { "random" } else { &f.bot };
                let bot = bots::find(name)
                    .filter(|b| b.supports(perfect_information))
                    .ok_or_else(|| {
                        ServiceError::InvalidArgument(format!(
                            "bot_fill: no bot {} for this game (available: {})",
                            Echo(name),
                            bots::names_for(perfect_information).join(", ")
                        ))
                    })?;
                Some((f.after_ms, bot.name()))
            }
        };
        let takebacks = proto::TakebackPolicy::try_from(req.takebacks).map_err(|_| {
            ServiceError::InvalidArgument(format!("unknown takebacks {}", req.takebacks))
        })?;
        let settings = Settings {
            control,
            on_timeout,
            bot_fill,
            client_seed: req.seed.is_some(),
            takebacks,
        };
        Ok((settings, settings.encode()))
    }

    fn encode(&self) -> Vec<u8> {
        if *self == Settings::NONE {
            return Vec::new();
        }
        StoredSettings {
            time_control: Some(self.control.to_proto()),
            on_timeout: self.on_timeout as i32,
            bot_fill: self.bot_fill.map(|(after_ms, bot)| proto::BotFill {
                after_ms,
                bot: bot.to_owned(),
            }),
            client_seed: self.client_seed,
            takebacks: self.takebacks as i32,
        }
        .encode_to_vec()
    }

    /// The settings of a stored game.
    pub fn decode(bytes: &[u8]) -> Result<Self, String> {
        let stored = StoredSettings::decode(bytes).map_err(|e| e.to_string())?;
        let control = Control::from_proto(stored.time_control.as_ref())?;
        let on_timeout = match proto::TimeoutPolicy::try_from(stored.on_timeout) {
            Ok(proto::TimeoutPolicy::Unspecified) | Err(_) => proto::TimeoutPolicy::BotMoves,
            Ok(p) => p,
        };
        let bot_fill = match stored.bot_fill {
            None => None,
            Some(f) => Some((
                f.after_ms,
                bots::find(&f.bot)
                    .map(|b| b.name())
                    .ok_or_else(|| format!("unknown fill bot {}", f.bot))?,
            )),
        };
        Ok(Settings {
            control,
            on_timeout,
            bot_fill,
            client_seed: stored.client_seed,
            takebacks: proto::TakebackPolicy::try_from(stored.takebacks)
                .unwrap_or(proto::TakebackPolicy::Unspecified),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_storage() {
        let req = proto::CreateGameRequest {
            time_control: Some(
                Control::Fischer {
                    budget: 5_000,
                    increment: 250,
                }
                .to_proto(),
            ),
            on_timeout: proto::TimeoutPolicy::Forfeit as i32,
            bot_fill: Some(proto::BotFill {
                after_ms: 900,
                bot: String::new(),
            }),
            seed: Some(7),
            ..proto::CreateGameRequest::default()
        };
        let (settings, bytes) = Settings::from_request(&req, true).expect("valid");
        assert_eq!(Settings::decode(&bytes), Ok(settings));
        assert!(settings.client_seed);
        assert_eq!(settings.bot_fill, Some((900, "random")));
        assert_eq!(Settings::decode(&[]), Ok(Settings::NONE));
    }

    #[test]
    fn bad_settings_are_refused() {
        for tc in [
            Control::PerMove(0).to_proto(),
            Control::PerMove(MAX_MS + 1).to_proto(),
            Control::Fischer {
                budget: 0,
                increment: 1,
            }
            .to_proto(),
        ] {
            let req = proto::CreateGameRequest {
                time_control: Some(tc),
                ..proto::CreateGameRequest::default()
            };
            assert!(Settings::from_request(&req, true).is_err());
        }
        let req = proto::CreateGameRequest {
            on_timeout: 99,
            ..proto::CreateGameRequest::default()
        };
        assert!(Settings::from_request(&req, true).is_err());
    }
}
