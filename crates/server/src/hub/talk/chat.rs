//! The chat's channels: who reads a message and who may write to a
//! channel. Everyone at the table (and watching), the seats only, or one
//! team (games with teams: King of Siam with four players). A spectator
//! is whoever may see the game without a seat (a private game's only with
//! its spectator token), so a private game's chat is as private as it.

use satrap_engine::Seat;

use super::TalkError;
use crate::proto::{ChatChannel, ChatMessage};

/// The channel a request names (unspecified: everyone's).
pub fn channel(value: i32) -> Result<ChatChannel, TalkError> {
    match ChatChannel::try_from(value) {
        Ok(ChatChannel::Unspecified) => Ok(ChatChannel::Everyone),
        Ok(c) => Ok(c),
        Err(_) => Err(TalkError::UnknownChannel(value)),
    }
}

/// Whether `teams` (each seat's team) has a team of more than one seat.
pub fn has_teams(teams: &[usize]) -> bool {
    let mut seen = teams.to_vec();
    seen.sort_unstable();
    seen.windows(2).any(|w| w[0] == w[1])
}

/// Whether `writer` (a seat, or `None` for a spectator) may write to
/// `channel`, and the team a team message is for.
pub fn may_write(
    channel: ChatChannel,
    writer: Option<Seat>,
    teams: &[usize],
) -> Result<u32, TalkError> {
    match (channel, writer) {
        (ChatChannel::Everyone | ChatChannel::Unspecified, _) => Ok(0),
        (_, None) => Err(TalkError::SpectatorChannel),
        (ChatChannel::Seats, Some(_)) => Ok(0),
        (ChatChannel::Team, Some(seat)) => match teams.get(seat) {
            Some(&team) if has_teams(teams) => Ok(team as u32),
            _ => Err(TalkError::NoTeams),
        },
    }
}

/// Whether `reader` (a seat, or `None` for a spectator) reads `message`.
pub fn may_read(message: &ChatMessage, reader: Option<Seat>, teams: &[usize]) -> bool {
    match (message.channel(), reader) {
        (ChatChannel::Everyone | ChatChannel::Unspecified, _) => true,
        (_, None) => false,
        (ChatChannel::Seats, Some(_)) => true,
        (ChatChannel::Team, Some(seat)) => teams.get(seat) == Some(&(message.team as usize)),
    }
}

/// The messages of `messages` that `reader` reads.
pub fn readable(
    messages: &[ChatMessage],
    reader: Option<Seat>,
    teams: &[usize],
) -> Vec<ChatMessage> {
    messages
        .iter()
        .filter(|m| may_read(m, reader, teams))
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(channel: ChatChannel, team: u32) -> ChatMessage {
        ChatMessage {
            channel: channel as i32,
            team,
            ..ChatMessage::default()
        }
    }

    #[test]
    fn spectators_read_and_write_only_the_public_channel() {
        let teams = [0, 1, 0, 1];
        assert!(may_read(&message(ChatChannel::Everyone, 0), None, &teams));
        assert!(!may_read(&message(ChatChannel::Seats, 0), None, &teams));
        assert!(!may_read(&message(ChatChannel::Team, 0), None, &teams));
        assert_eq!(
            may_write(ChatChannel::Seats, None, &teams),
            Err(TalkError::SpectatorChannel)
        );
        assert_eq!(may_write(ChatChannel::Everyone, None, &teams), Ok(0));
    }

    #[test]
    fn a_team_message_reaches_its_team_only() {
        let teams = [0, 1, 0, 1];
        assert_eq!(may_write(ChatChannel::Team, Some(3), &teams), Ok(1));
        let to_team_1 = message(ChatChannel::Team, 1);
        let readers: Vec<Seat> = (0..4)
            .filter(|&s| may_read(&to_team_1, Some(s), &teams))
            .collect();
        assert_eq!(readers, vec![1, 3]);
        assert!(may_read(&message(ChatChannel::Seats, 0), Some(2), &teams));
    }

    #[test]
    fn a_game_without_teams_has_no_team_channel() {
        assert_eq!(
            may_write(ChatChannel::Team, Some(0), &[0, 1, 2]),
            Err(TalkError::NoTeams)
        );
        assert!(!has_teams(&[0, 1]));
        assert!(has_teams(&[0, 1, 0, 1]));
    }

    #[test]
    fn unknown_channels_are_refused_and_unspecified_is_everyone() {
        assert_eq!(channel(0), Ok(ChatChannel::Everyone));
        assert_eq!(channel(3), Ok(ChatChannel::Team));
        assert_eq!(channel(9), Err(TalkError::UnknownChannel(9)));
    }
}
