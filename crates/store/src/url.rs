//! `--database URL` → a store.

use std::path::PathBuf;
use std::sync::Arc;

use super::{Deadlines, GameStore, MemoryStore, PostgresStore, SqliteStore, StoreError};

/// Why a `--database` URL could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error(
        "unsupported database URL {0:?}: use sqlite://PATH, memory:// or postgres://USER:PASSWORD@HOST/DB"
    )]
    Unsupported(String),
    #[error("cannot open {url}: {source}")]
    Backend {
        url: String,
        #[source]
        source: StoreError,
    },
}

/// Which backend a URL names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    Memory,
    /// `sqlite://satrap.db` (relative to the working directory) or
    /// `sqlite:///var/lib/satrap/satrap.db` (absolute).
    Sqlite(PathBuf),
    Postgres(String),
}

impl Location {
    pub fn parse(url: &str) -> Result<Self, OpenError> {
        let unsupported = || OpenError::Unsupported(url.to_owned());
        if matches!(url, "memory://" | "memory:" | "memory") {
            return Ok(Self::Memory);
        }
        if let Some(path) = url.strip_prefix("sqlite://") {
            if path.is_empty() {
                return Err(unsupported());
            }
            return Ok(Self::Sqlite(PathBuf::from(path)));
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(Self::Postgres(url.to_owned()));
        }
        Err(unsupported())
    }
}

/// Open the store named by a `--database` URL (creating the SQLite file and
/// running schema migrations as needed), with the default [`Deadlines`].
/// `max_games` bounds the number of stored games.
pub async fn open(url: &str, max_games: usize) -> Result<Arc<dyn GameStore>, OpenError> {
    open_with(url, max_games, Deadlines::default()).await
}

/// [`open`] with the database deadlines of the `--db-*-timeout` flags.
pub async fn open_with(
    url: &str,
    max_games: usize,
    deadlines: Deadlines,
) -> Result<Arc<dyn GameStore>, OpenError> {
    let backend = |source| OpenError::Backend {
        url: redact(url),
        source,
    };
    Ok(match Location::parse(url)? {
        Location::Memory => Arc::new(MemoryStore::new(max_games)),
        Location::Sqlite(path) => Arc::new(
            SqliteStore::open_with(&path, max_games, deadlines)
                .await
                .map_err(backend)?,
        ),
        Location::Postgres(conn) => Arc::new(
            PostgresStore::connect_with(&conn, max_games, deadlines)
                .await
                .map_err(backend)?,
        ),
    })
}

/// The URL without its password (in the user info or as a `password=`
/// parameter), for logs and errors.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let (location, query) = match rest.split_once('?') {
        Some((location, query)) => (location, Some(query)),
        None => (rest, None),
    };
    // The user info ends at the last '@' (a password may hold an '@').
    let location = match location.rsplit_once('@') {
        Some((userinfo, host)) => {
            let user = userinfo.split(':').next().unwrap_or_default();
            format!("{user}:***@{host}")
        }
        None => location.to_owned(),
    };
    let query = query.map(|q| {
        q.split('&')
            .map(|pair| match pair.split_once('=') {
                Some(("password", _)) => "password=***".to_owned(),
                _ => pair.to_owned(),
            })
            .collect::<Vec<_>>()
            .join("&")
    });
    match query {
        Some(q) => format!("{scheme}://{location}?{q}"),
        None => format!("{scheme}://{location}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_scheme() {
        assert_eq!(Location::parse("memory://").ok(), Some(Location::Memory));
        assert_eq!(
            Location::parse("sqlite://satrap.db").ok(),
            Some(Location::Sqlite("satrap.db".into()))
        );
        assert_eq!(
            Location::parse("sqlite:///var/lib/satrap.db").ok(),
            Some(Location::Sqlite("/var/lib/satrap.db".into()))
        );
        assert!(matches!(
            Location::parse("postgres://u:p@h/db"),
            Ok(Location::Postgres(_))
        ));
        assert!(Location::parse("sqlite://").is_err());
        assert!(Location::parse("mysql://x").is_err());
    }

    #[test]
    fn redacts_passwords() {
        assert_eq!(redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
        assert_eq!(redact("sqlite://satrap.db"), "sqlite://satrap.db");
        assert_eq!(
            redact("postgres://u:p@ss@h/db?sslmode=require&sslrootcert=/ca.pem"),
            "postgres://u:***@h/db?sslmode=require&sslrootcert=/ca.pem"
        );
        assert_eq!(
            redact("postgres://u@h/db?password=secret&sslmode=verify-full"),
            "postgres://u:***@h/db?password=***&sslmode=verify-full"
        );
    }
}
