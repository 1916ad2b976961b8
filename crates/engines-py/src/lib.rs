//! The rules engines as a Python extension module, `satrap_engines._core`:
//! the games of the catalog played in-process, with the service's own
//! action ids, notation, observation tensors and masks, so researchers can
//! train and search without a server (clients/engines).
//!
//! Pure rules only: this crate reaches the games through the catalog's
//! object-safe [`GameInstance`], exactly as the service does, so a game
//! played here and the same seed and actions played through the service
//! give the same observations (clients/engines/tests check it).
//!
//! The Python-facing wrapper (numpy arrays, environments, OpenSpiel) lives
//! in clients/engines/python/satrap_engines; this module hands it bytes and
//! plain values.

use prost::Message;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use satrap_catalog::{ActionInput, ApplyError, CreateError, GameInstance, GameKind};
use satrap_engine::{GameRng, Seat};
use satrap_proto as proto;
use serde::{Deserialize, Serialize};
use zerocopy::{Immutable, IntoBytes};

mod mask;
use mask::{LARGE_MASK, MaskPool, mask_array, mask_bytes, read_only};
use numpy::PyArray1;

create_exception!(
    _core,
    SatrapEngineError,
    PyValueError,
    "Base of every error of satrap_engines (a ValueError)."
);
create_exception!(
    _core,
    UnknownGameError,
    SatrapEngineError,
    "No hosted game has this id."
);
create_exception!(
    _core,
    SetupError,
    SatrapEngineError,
    "The game cannot be set up: a player count out of range or options that do not fit."
);
create_exception!(
    _core,
    InvalidActionError,
    SatrapEngineError,
    "Not an action of this game at all: unknown notation, an id out of range, a seat that does not exist."
);
create_exception!(
    _core,
    IllegalActionError,
    SatrapEngineError,
    "A well-formed action the rules forbid now (nothing changed)."
);
create_exception!(
    _core,
    StateError,
    SatrapEngineError,
    "A saved game that cannot be restored, or a game that cannot be saved."
);

/// The deadline of a bot decision that starts now: the service's cap by
/// default, none (far in the future) for a cap of 0.
fn deadline_after(time_cap_ms: Option<u64>) -> std::time::Instant {
    match time_cap_ms {
        None => satrap_search::deadline(),
        Some(0) => std::time::Instant::now() + std::time::Duration::from_secs(86_400),
        Some(ms) => std::time::Instant::now() + std::time::Duration::from_millis(ms),
    }
}

/// Values as one Python byte string, 4 little-endian bytes each: on a
/// little-endian machine the values' own bytes in one copy (Territories'
/// tensor is 81,380 bytes a step), elsewhere written one by one.
fn le_bytes<'py, T: Copy + Into<LeWord> + IntoBytes + Immutable>(
    py: Python<'py>,
    values: &[T],
) -> PyResult<Bound<'py, PyBytes>> {
    if cfg!(target_endian = "little") {
        return Ok(PyBytes::new(py, values.as_bytes()));
    }
    PyBytes::new_with(py, values.len() * 4, |out| {
        for (chunk, v) in out.chunks_exact_mut(4).zip(values) {
            chunk.copy_from_slice(&(*v).into().0);
        }
        Ok(())
    })
}

/// A 4-byte value in little-endian order (`f32` tensors, `u32` ids).
struct LeWord([u8; 4]);

impl From<f32> for LeWord {
    fn from(v: f32) -> Self {
        Self(v.to_le_bytes())
    }
}

impl From<u32> for LeWord {
    fn from(v: u32) -> Self {
        Self(v.to_le_bytes())
    }
}

/// The format tag of [`Game::serialize`]'s text.
const FORMAT: &str = "satrap-engines/1";

/// A saved game: the engines are deterministic from the seed, the options
/// and the action log, so these replay it exactly.
#[derive(Serialize, Deserialize)]
struct Saved {
    format: String,
    game: String,
    players: usize,
    seed: u64,
    /// The encoded `satrap.v1.GameOptions`.
    options: Vec<u8>,
    /// `(seat, action id)` in the order applied.
    actions: Vec<(u32, u32)>,
}

/// A running game of any hosted type, played locally.
#[pyclass(module = "satrap_engines._core", name = "Game")]
struct Game {
    kind: &'static GameKind,
    inner: Box<dyn GameInstance>,
    seed: u64,
    /// The encoded options the game was created with.
    options: Vec<u8>,
    /// `(seat, action id)` of every action applied.
    log: Vec<(u32, u32)>,
    /// A world made by `resample`: no seed and log lead to it.
    resampled: bool,
    /// Territories' wide masks, written again once Python drops them.
    /// Taken with `try_lock`: a second thread observing the same game
    /// meanwhile gets a fresh mask instead of waiting (it holds the GIL).
    masks: std::sync::Mutex<MaskPool>,
}

fn kind_of(game: &str) -> PyResult<&'static GameKind> {
    satrap_catalog::find(game).ok_or_else(|| {
        let known: Vec<&str> = satrap_catalog::registry().iter().map(|k| k.id).collect();
        UnknownGameError::new_err(format!(
            "no game {game:?}; the games are {}",
            known.join(", ")
        ))
    })
}

fn create_error(e: CreateError) -> PyErr {
    SetupError::new_err(e.to_string())
}

fn apply_error(e: ApplyError) -> PyErr {
    match e {
        ApplyError::Rule(_) | ApplyError::ActionIdNotLegal { .. } | ApplyError::Forfeited(_) => {
            IllegalActionError::new_err(e.to_string())
        }
        ApplyError::Wire(_)
        | ApplyError::Notation(_)
        | ApplyError::NoSuchLegalAction { .. }
        | ApplyError::ActionIdOutOfRange { .. }
        | ApplyError::NoSuchSeat(_) => InvalidActionError::new_err(e.to_string()),
    }
}

fn u32_of(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl Game {
    fn create(
        kind: &'static GameKind,
        players: usize,
        seed: u64,
        options: Option<&[u8]>,
    ) -> PyResult<Self> {
        let options = options
            .map(proto::GameOptions::decode)
            .transpose()
            .map_err(|e| SetupError::new_err(format!("options are no GameOptions message: {e}")))?;
        let inner = kind
            .create(options.as_ref(), players, seed)
            .map_err(create_error)?;
        let options = inner.options().encode_to_vec();
        Ok(Self {
            kind,
            inner,
            seed,
            options,
            log: Vec::new(),
            resampled: false,
            masks: Default::default(),
        })
    }

    fn copy(&self) -> Self {
        Self {
            kind: self.kind,
            inner: self.inner.clone_box(),
            seed: self.seed,
            options: self.options.clone(),
            log: self.log.clone(),
            resampled: self.resampled,
            masks: Default::default(),
        }
    }

    /// `seat`, or the seat to act now (the lowest when several must).
    fn seat_or_current(&self, seat: Option<Seat>) -> PyResult<Seat> {
        match seat {
            Some(s) if s < self.inner.players() => Ok(s),
            Some(s) => Err(InvalidActionError::new_err(format!(
                "seat {s} does not exist in this {}-player game",
                self.inner.players()
            ))),
            None => {
                self.inner.to_act().into_iter().min().ok_or_else(|| {
                    IllegalActionError::new_err("the game is over: no seat is to act")
                })
            }
        }
    }

    fn check_viewer(&self, viewer: Option<Seat>) -> PyResult<()> {
        match viewer {
            Some(s) if s >= self.inner.players() => Err(InvalidActionError::new_err(format!(
                "seat {s} does not exist in this {}-player game",
                self.inner.players()
            ))),
            _ => Ok(()),
        }
    }

    fn apply_input(&mut self, seat: Seat, input: ActionInput<'_>) -> PyResult<String> {
        let notation = self.inner.apply(seat, input).map_err(apply_error)?;
        // Every applied action has an id (the catalog's instances say so);
        // without one the log could not replay the game.
        let id = self.inner.last_action_id().ok_or_else(|| {
            StateError::new_err("the engine applied an action without an action id")
        })?;
        self.log.push((u32_of(seat), id));
        Ok(notation)
    }
}

#[pymethods]
impl Game {
    /// A new game of `game` (an id of `games()`) for `players` seats, set
    /// up from `seed`; `options` is an encoded `satrap.v1.GameOptions`
    /// (none: the game's defaults).
    #[new]
    #[pyo3(signature = (game, players, seed = 0, options = None))]
    fn new(game: &str, players: usize, seed: u64, options: Option<&[u8]>) -> PyResult<Self> {
        Self::create(kind_of(game)?, players, seed, options)
    }

    #[getter]
    fn game_type(&self) -> &'static str {
        self.kind.id
    }

    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The encoded `satrap.v1.GameOptions` the game was created with.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.options)
    }

    /// Number of actions applied.
    #[getter]
    fn version(&self) -> u64 {
        self.inner.version()
    }

    /// The size of the game's fixed action space.
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.inner.num_distinct_actions()
    }

    /// Whether this is a world made by `resample` (it cannot be saved).
    #[getter]
    fn resampled(&self) -> bool {
        self.resampled
    }

    /// `(seat, action id)` of every action applied, in order.
    fn history(&self) -> Vec<(u32, u32)> {
        self.log.clone()
    }

    /// The seats that must act now; empty once the game is over.
    fn to_act(&self) -> Vec<Seat> {
        self.inner.to_act()
    }

    /// The lowest seat to act (the one an action without a seat is for),
    /// or None once the game is over.
    fn current_player(&self) -> Option<Seat> {
        self.inner.to_act().into_iter().min()
    }

    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// `(action id, notation)` of every legal action of `seat` (default:
    /// the current player), in the game's order.
    #[pyo3(signature = (seat = None))]
    fn legal_actions(&self, seat: Option<Seat>) -> PyResult<Vec<(u32, String)>> {
        if seat.is_none() && self.inner.is_over() {
            return Ok(Vec::new());
        }
        let seat = self.seat_or_current(seat)?;
        Ok(self
            .inner
            .legal_actions(seat)
            .into_iter()
            .map(|a| (a.action_id, a.notation))
            .collect())
    }

    /// The ids of `seat`'s legal actions, ascending.
    #[pyo3(signature = (seat = None))]
    fn legal_action_ids(&self, seat: Option<Seat>) -> PyResult<Vec<u32>> {
        if seat.is_none() && self.inner.is_over() {
            return Ok(Vec::new());
        }
        let seat = self.seat_or_current(seat)?;
        let mut ids = self.inner.legal_action_ids(seat);
        ids.sort_unstable();
        Ok(ids)
    }

    /// Apply `action` (an action id, or notation text) for `seat`
    /// (default: the current player); returns its canonical notation. On
    /// an error nothing changed.
    #[pyo3(signature = (action, seat = None))]
    fn apply(&mut self, action: &Bound<'_, PyAny>, seat: Option<Seat>) -> PyResult<String> {
        let seat = self.seat_or_current(seat)?;
        if let Ok(text) = action.extract::<String>() {
            return self.apply_input(seat, ActionInput::Notation(&text));
        }
        let id: i64 = action.extract().map_err(|_| {
            InvalidActionError::new_err("an action is an action id (int) or notation (str)")
        })?;
        let id = u32::try_from(id).map_err(|_| {
            InvalidActionError::new_err(format!(
                "action id {id} is out of range: this game has {} action ids",
                self.inner.num_distinct_actions()
            ))
        })?;
        self.apply_input(seat, ActionInput::Id(id))
    }

    /// The outcome once the game is over (None before): winners, draw,
    /// each seat's rank and score, the ending and a summary.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(o) = self.inner.outcome() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("winners", o.winners)?;
        d.set_item("draw", o.draw)?;
        let results = PyList::empty(py);
        for r in &o.results {
            let rd = PyDict::new(py);
            rd.set_item("seat", r.seat)?;
            rd.set_item("rank", r.rank)?;
            rd.set_item("score", r.score)?;
            results.append(rd)?;
        }
        d.set_item("results", results)?;
        d.set_item("ending", o.ending)?;
        d.set_item("summary", o.summary)?;
        Ok(Some(d))
    }

    /// Each seat's return: +1 for a winner, -1 for the others, 0 for all in
    /// a draw (the service environments' rewards); all 0 before the end.
    fn returns(&self) -> Vec<f64> {
        let players = self.inner.players();
        match self.inner.outcome() {
            None => vec![0.0; players],
            Some(o) if o.draw || o.winners.is_empty() => vec![0.0; players],
            Some(o) => (0..players)
                .map(|s| {
                    if o.winners.contains(&u32_of(s)) {
                        1.0
                    } else {
                        -1.0
                    }
                })
                .collect(),
        }
    }

    /// Each seat's team (seats of one team win or lose together).
    fn teams(&self) -> Vec<usize> {
        self.inner.teams()
    }

    /// The observation of `viewer` (None: a spectator) as two byte
    /// strings: the tensor as little-endian float32 and the legal-action
    /// mask as one byte (0 or 1) per action id. The same values as the
    /// service's `Observation` (see `observation_proto`).
    #[pyo3(signature = (viewer = None))]
    fn observe<'py>(
        &self,
        py: Python<'py>,
        viewer: Option<Seat>,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        self.check_viewer(viewer)?;
        let obs = self.inner.observation(viewer);
        // Written straight into the Python objects: no intermediate copies
        // (Territories' mask has 278,545 entries, its tensor 20,345).
        let tensor = le_bytes(py, &obs.tensor)?;
        let mask = mask_bytes(py, &obs.action_mask, obs.num_distinct_actions as usize)?;
        Ok((tensor, mask))
    }

    /// `{"observation": float32 tensor, "action_mask": int8 mask}` of
    /// `viewer` (None: a spectator, whose mask is all zero) as numpy
    /// arrays, the observations of the service environments. Both arrays
    /// are read-only (copy one to change it); a Territories mask the
    /// caller no longer holds is written again later (`mask.rs`).
    #[pyo3(signature = (viewer = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        viewer: Option<Seat>,
    ) -> PyResult<Bound<'py, PyDict>> {
        self.check_viewer(viewer)?;
        // The tensor's own vector becomes the array (no copy); the mask is
        // written from the legal ids (no packed mask to scan).
        let tensor = read_only(PyArray1::from_vec(
            py,
            self.inner.observation_tensor(viewer),
        ));
        let ids = viewer.map_or_else(Vec::new, |seat| self.inner.legal_action_ids(seat));
        let n = self.inner.num_distinct_actions();
        let mask = if n >= LARGE_MASK {
            match self.masks.try_lock() {
                Ok(mut pool) => pool.mask(py, &ids, n),
                Err(_) => MaskPool::default().mask(py, &ids, n),
            }
        } else {
            mask_array(py, &ids, n)
        };
        let d = PyDict::new(py);
        d.set_item("observation", tensor)?;
        d.set_item("action_mask", mask)?;
        Ok(d)
    }

    /// Pickling saves the game with `serialize`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let restore = py.get_type::<Game>().getattr("deserialize")?;
        Ok((restore, (self.serialize()?,)))
    }

    /// The observation of `viewer` as the service sends it: an encoded
    /// `satrap.v1.Observation` (mask packed 8 ids a byte, version set).
    #[pyo3(signature = (viewer = None))]
    fn observation_proto<'py>(
        &self,
        py: Python<'py>,
        viewer: Option<Seat>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        self.check_viewer(viewer)?;
        Ok(PyBytes::new(
            py,
            &self.inner.observation(viewer).encode_to_vec(),
        ))
    }

    /// The length of the observation tensor.
    #[getter]
    fn observation_size(&self) -> usize {
        self.inner.observation(None).tensor.len()
    }

    /// The board as text, as `viewer` (None: a spectator) may see it.
    #[pyo3(signature = (viewer = None))]
    fn text(&self, viewer: Option<Seat>) -> PyResult<String> {
        self.check_viewer(viewer)?;
        Ok(self.inner.text(viewer))
    }

    /// A world `seat` cannot tell from this game: everything hidden from
    /// it (other hands, face-down piles, others' secret choices, future
    /// draws) dealt anew from `seed` (the engines' `Game::determinize`),
    /// what a search samples instead of the real state. The world can be
    /// played on and cloned, but not saved: no seed and log lead to it.
    fn resample(&self, seat: Seat, seed: u64) -> PyResult<Self> {
        self.check_viewer(Some(seat))?;
        let mut rng = GameRng::from_seed(seed);
        let mut world = self.copy();
        world.inner = self.inner.determinize(seat, &mut rng);
        world.resampled = true;
        Ok(world)
    }

    /// The action id the built-in bot `bot` (`random`, `montecarlo`,
    /// `mcts-easy`, `mcts`, `mcts-hard`; the search bots only in games
    /// without hidden information) picks for `seat` (default: the current
    /// player). Without `seed` its generator is the one the service gives
    /// a bot seat at this version, so a local game with bots plays as the
    /// service would. `time_cap_ms`: the wall-clock cap of the decision
    /// (default: the service's 200 ms; 0: none, so a search spends its
    /// whole iteration budget and the choice depends on the seed only).
    #[pyo3(signature = (bot, seat = None, seed = None, time_cap_ms = None))]
    fn bot_action(
        &self,
        bot: &str,
        seat: Option<Seat>,
        seed: Option<u64>,
        time_cap_ms: Option<u64>,
    ) -> PyResult<u32> {
        let seat = self.seat_or_current(seat)?;
        let perfect = self.kind.perfect_information;
        let chosen = satrap_search::find(bot)
            .filter(|b| b.supports(perfect))
            .ok_or_else(|| {
                SetupError::new_err(format!(
                    "no bot {bot:?} for {}; its bots are {}",
                    self.kind.id,
                    satrap_search::names_for(perfect).join(", ")
                ))
            })?;
        let mut rng = match seed {
            Some(seed) => GameRng::from_seed(seed),
            None => satrap_search::rng_for(self.seed, self.inner.version(), seat),
        };
        let legal = self.inner.legal_actions(seat);
        let index = chosen
            .choose(
                self.inner.position(),
                seat,
                &mut rng,
                deadline_after(time_cap_ms),
            )
            .ok_or_else(|| {
                IllegalActionError::new_err(format!("seat {seat} has no legal action"))
            })?;
        legal.get(index).map(|a| a.action_id).ok_or_else(|| {
            StateError::new_err(format!(
                "bot {bot} chose action number {index} of {}",
                legal.len()
            ))
        })
    }

    /// Each seat's result of one uniformly random playout to the end from
    /// here, on a copy (this game does not change): the search bots'
    /// playout score (1 for a sole winner, shared wins split, a little for
    /// rank) mapped to `[-1, 1]`. For rollout evaluators of outside
    /// searches (clients/engines/baselines.py), so their playouts run at
    /// the engine's speed instead of Python's; all 0 if the playout did
    /// not end within `max_actions`.
    #[pyo3(signature = (seed, max_actions = 20_000))]
    fn rollout(&self, seed: u64, max_actions: usize) -> Vec<f64> {
        let mut rng = GameRng::from_seed(seed);
        match self.inner.position().rollout(&mut rng, max_actions) {
            Some(scores) if !scores.is_empty() => scores.iter().map(|s| 2.0 * s - 1.0).collect(),
            _ => vec![0.0; self.inner.players()],
        }
    }

    /// The most playouts or search iterations one decision of the built-in
    /// bot `bot` spends in this game (its level's budget for this game and
    /// player count); `None` for `random`. Outside searches get this count
    /// to play at equal simulations (clients/engines/baselines.py).
    fn bot_iterations(&self, bot: &str) -> PyResult<Option<u32>> {
        let chosen = satrap_search::find(bot)
            .ok_or_else(|| SetupError::new_err(format!("no bot {bot:?}")))?;
        Ok(chosen.iterations(self.inner.position()))
    }

    /// An independent copy (the state is plain data).
    fn clone(&self) -> Self {
        self.copy()
    }

    fn __copy__(&self) -> Self {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.copy()
    }

    /// The game as text (JSON): game, players, seed, options and the
    /// action log; `Game.deserialize` replays it.
    fn serialize(&self) -> PyResult<String> {
        if self.resampled {
            return Err(StateError::new_err(
                "a resampled world cannot be saved: no seed and action log lead to it",
            ));
        }
        let saved = Saved {
            format: FORMAT.to_owned(),
            game: self.kind.id.to_owned(),
            players: self.inner.players(),
            seed: self.seed,
            options: self.options.clone(),
            actions: self.log.clone(),
        };
        serde_json::to_string(&saved).map_err(|e| StateError::new_err(e.to_string()))
    }

    /// The game `serialize` saved, replayed from its seed and log.
    #[staticmethod]
    fn deserialize(text: &str) -> PyResult<Self> {
        let saved: Saved = serde_json::from_str(text)
            .map_err(|e| StateError::new_err(format!("not a saved game: {e}")))?;
        if saved.format != FORMAT {
            return Err(StateError::new_err(format!(
                "saved in format {:?}, this version reads {FORMAT:?}",
                saved.format
            )));
        }
        let kind = kind_of(&saved.game)?;
        let mut game = Self::create(kind, saved.players, saved.seed, Some(&saved.options))?;
        for (i, (seat, id)) in saved.actions.iter().enumerate() {
            game.apply_input(*seat as Seat, ActionInput::Id(*id))
                .map_err(|e| {
                    StateError::new_err(format!(
                        "action {i} of the saved log (seat {seat}, id {id}) does not replay: {e}"
                    ))
                })?;
        }
        Ok(game)
    }

    fn __repr__(&self) -> String {
        format!(
            "<satrap_engines.Game {} players={} seed={} version={}{}>",
            self.kind.id,
            self.inner.players(),
            self.seed,
            self.inner.version(),
            if self.resampled { " resampled" } else { "" }
        )
    }
}

/// Every hosted game: id, name, player counts, whether it has hidden
/// information, and per player count the action-space and observation sizes.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let out = PyList::empty(py);
    for kind in satrap_catalog::registry() {
        let d = PyDict::new(py);
        let described = kind.to_proto();
        d.set_item("id", kind.id)?;
        d.set_item("name", kind.name)?;
        d.set_item("min_players", kind.min_players)?;
        d.set_item("max_players", kind.max_players)?;
        d.set_item("perfect_information", kind.perfect_information)?;
        let spaces = PyDict::new(py);
        for s in described.action_spaces {
            let n = s.observation_shape.first().copied().unwrap_or(0);
            spaces.set_item(s.players, (s.num_distinct_actions, n))?;
        }
        d.set_item("spaces", spaces)?;
        out.append(d)?;
    }
    Ok(out)
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Game>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add("SatrapEngineError", py.get_type::<SatrapEngineError>())?;
    m.add("UnknownGameError", py.get_type::<UnknownGameError>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("InvalidActionError", py.get_type::<InvalidActionError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("StateError", py.get_type::<StateError>())?;
    Ok(())
}
