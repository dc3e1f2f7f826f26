//! The doubling cube: the session's [`CubeRules`], the cube's [`CubeState`] and a pending
//! [`CubeOffer`], with the transitions of CUBE-1 to CUBE-20 and MONEY-2.
//!
//! These are plain `Copy` values with no per-move logic. The game loop with the cube
//! ([`crate::play::cube_game`]) adds what depends on the game: whose turn it is, the opening roll
//! (BG-12), the Crawford game (MATCH-3) and dead cubes (MATCH-7). The Python classes
//! `gammon.CubeRules` and `gammon.Cube` follow the same rules for single games; the tests of
//! `tests/test_simulate.py` replay simulated matches through them.
//!
//! ```
//! use gammon_core::{CubeRules, CubeState};
//! use gammon_core::Color;
//!
//! let rules = CubeRules::default();
//! let cube = CubeState::default();
//! assert!(cube.can_double(Color::White, &rules));
//! let offer = cube.offer(Color::White);
//! let taken = offer.take(&rules);
//! assert_eq!((taken.value, taken.owner), (2, Some(Color::Black)));
//! ```

use std::fmt;

use crate::base::color::Color;

/// The default cap on the cube value, as a power of two: 2^6 = 64, the largest face of a
/// physical cube (CUBE-10, MONEY-3).
pub const DEFAULT_MAX_CUBE_LOG2: u8 = 6;

/// The largest cap, as a power of two: 2^15, the limit of the Match ID's cube field
/// (CUBE-10, ID-4).
pub const MAX_CUBE_LOG2_LIMIT: u8 = 15;

/// The largest automatic-doubles limit gnubg accepts (CUBE-20).
pub const MAX_AUTO_DOUBLES: u8 = 12;

/// The default number of beavers and raccoons one chain may hold (CUBE-13, gnubg `set
/// beavers 3`).
pub const DEFAULT_MAX_BEAVERS: u32 = 3;

/// The cube settings of a session (CUBE-2, CUBE-10 to CUBE-20, MONEY-2, MONEY-3, MATCH-7),
/// field for field those of the Python class `gammon.CubeRules`.
///
/// The defaults are the spec's (MONEY-3): cube on, cap 64, no Jacoby, no beavers, no
/// raccoons, three beavers/raccoons per chain when enabled, no automatic doubles, dead-cube
/// doubles allowed. Jacoby, beavers, raccoons and automatic doubles apply in money play only:
/// a match plays under [`CubeRules::for_match`] (CUBE-11, MATCH-2). Build it with struct
/// syntax and check it with [`CubeRules::validate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubeRules {
    /// The cap as a power of two: nobody may double past `2^max_cube_log2` (CUBE-10);
    /// 0 to `MAX_CUBE_LOG2_LIMIT`.
    pub max_cube_log2: u8,
    /// The Jacoby rule: a game borne off with the cube centred scores as a single (MONEY-2).
    pub jacoby: bool,
    /// A doubled player may beaver: take and redouble at once, keeping the cube (CUBE-12).
    pub beavers: bool,
    /// The doubler may answer a beaver with a raccoon (CUBE-13); needs `beavers`.
    pub raccoons: bool,
    /// How many beavers and raccoons one chain may hold (CUBE-13), at least 1.
    pub max_beavers: u32,
    /// Each tie of the opening roll doubles the centred cube while its value is below
    /// `2^auto_doubles` (CUBE-20, BG-11); 0 to `MAX_AUTO_DOUBLES`.
    pub auto_doubles: u8,
    /// Cube use at all (CUBE-2): off, nobody doubles and ties never double.
    pub enabled: bool,
    /// In match play, refuse doubles that cannot gain anything, as gnubg does (MATCH-7).
    pub refuse_dead_cube: bool,
    /// After a beaver chain, give the cube to the originally doubled player as gnubg's code
    /// does, instead of the player who made the last beaver or raccoon (CUBE-13).
    pub gnubg_raccoon_owner: bool,
}

impl Default for CubeRules {
    fn default() -> Self {
        CubeRules {
            max_cube_log2: DEFAULT_MAX_CUBE_LOG2,
            jacoby: false,
            beavers: false,
            raccoons: false,
            max_beavers: DEFAULT_MAX_BEAVERS,
            auto_doubles: 0,
            enabled: true,
            refuse_dead_cube: false,
            gnubg_raccoon_owner: false,
        }
    }
}

/// A setting of [`CubeRules`] is out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CubeRulesError {
    /// The cap is past 2^15.
    #[error("max_cube must be a power of two from 1 to 32768, not 2^{0} (CUBE-10)")]
    MaxCube(u8),
    /// Raccoons without beavers.
    #[error("raccoons need beavers (CUBE-13)")]
    RaccoonsWithoutBeavers,
    /// A chain that may hold no beaver.
    #[error("max_beavers must be at least 1 (CUBE-13)")]
    NoBeavers,
    /// More automatic doubles than gnubg accepts.
    #[error("auto_doubles must be 0 to 12, not {0} (CUBE-20)")]
    AutoDoubles(u8),
}

impl CubeRules {
    /// The names of the settings, in order: those of `gammon.CubeRules` and of the
    /// `cube_rules` of checkpoint records (`max_cube` is the cap's value, not its log).
    pub const FIELDS: [&'static str; 9] = [
        "max_cube",
        "jacoby",
        "beavers",
        "raccoons",
        "max_beavers",
        "auto_doubles",
        "enabled",
        "refuse_dead_cube",
        "gnubg_raccoon_owner",
    ];

    /// The cap on the cube value (CUBE-10).
    #[inline]
    #[must_use]
    pub const fn max_cube(&self) -> u32 {
        1 << self.max_cube_log2
    }

    /// Checks every setting and returns the rules.
    ///
    /// # Errors
    /// [`CubeRulesError`] naming the first setting out of range.
    pub fn validate(self) -> Result<CubeRules, CubeRulesError> {
        if self.max_cube_log2 > MAX_CUBE_LOG2_LIMIT {
            return Err(CubeRulesError::MaxCube(self.max_cube_log2));
        }
        if self.raccoons && !self.beavers {
            return Err(CubeRulesError::RaccoonsWithoutBeavers);
        }
        if self.max_beavers == 0 {
            return Err(CubeRulesError::NoBeavers);
        }
        if self.auto_doubles > MAX_AUTO_DOUBLES {
            return Err(CubeRulesError::AutoDoubles(self.auto_doubles));
        }
        Ok(self)
    }

    /// These rules as match play uses them: Jacoby, beavers, raccoons and automatic doubles
    /// off; the cap, `enabled` and `refuse_dead_cube` kept (CUBE-11, MATCH-2).
    #[must_use]
    pub const fn for_match(self) -> CubeRules {
        CubeRules {
            jacoby: false,
            beavers: false,
            raccoons: false,
            auto_doubles: 0,
            ..self
        }
    }
}

/// The doubling cube between cube actions: its value and owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubeState {
    /// The cube value (1, 2, 4, ...): the stake the game's points are multiplied by.
    pub value: u32,
    /// The player who owns the cube, or `None` when it is centred (CUBE-1).
    pub owner: Option<Color>,
}

impl Default for CubeState {
    /// The cube of a new game: 1, centred (CUBE-1).
    fn default() -> Self {
        CubeState {
            value: 1,
            owner: None,
        }
    }
}

impl fmt::Display for CubeState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.owner {
            None => write!(f, "cube {} centred", self.value),
            Some(c) => write!(f, "cube {} owned by {c}", self.value),
        }
    }
}

impl CubeState {
    /// True while nobody owns the cube (CUBE-1); automatic doubles keep it centred.
    #[inline]
    #[must_use]
    pub const fn is_centred(&self) -> bool {
        self.owner.is_none()
    }

    /// True when `player` has access to the cube: centred or theirs (CUBE-3).
    #[inline]
    #[must_use]
    pub fn may_turn(&self, player: Color) -> bool {
        match self.owner {
            None => true,
            Some(o) => o == player,
        }
    }

    /// True when the cube lets `player` double: cube use on (CUBE-2), access (CUBE-3) and
    /// room under the cap (CUBE-10). The game decides the rest (whose turn, the dice, the
    /// Crawford game, dead cubes).
    #[inline]
    #[must_use]
    pub fn can_double(&self, player: Color, rules: &CubeRules) -> bool {
        rules.enabled && self.may_turn(player) && self.value * 2 <= rules.max_cube()
    }

    /// `player` offers to double: the opponent must answer (CUBE-4). The caller checks
    /// [`CubeState::can_double`].
    #[inline]
    #[must_use]
    pub const fn offer(&self, player: Color) -> CubeOffer {
        CubeOffer {
            doubler: player,
            proposer: player,
            value: self.value * 2,
            redoubles: 0,
        }
    }

    /// The cube after one tie of the opening roll: doubled and still centred while cube use
    /// is on, the value is below `2^auto_doubles` and within the cap; otherwise unchanged
    /// (CUBE-20, BG-11).
    #[inline]
    #[must_use]
    pub fn automatic_double(&self, rules: &CubeRules) -> CubeState {
        if rules.enabled
            && self.owner.is_none()
            && self.value < (1 << rules.auto_doubles)
            && self.value * 2 <= rules.max_cube()
        {
            CubeState {
                value: self.value * 2,
                owner: None,
            }
        } else {
            *self
        }
    }

    /// The points of a game won at `level` (1 single, 2 gammon, 3 backgammon) at this cube:
    /// `level x value`, the level forced to 1 by the Jacoby rule when the rules have it and
    /// the cube is centred (SCORE-2, MONEY-2).
    #[inline]
    #[must_use]
    pub fn points(&self, level: u32, rules: &CubeRules) -> u32 {
        let level = if rules.jacoby && self.owner.is_none() {
            1
        } else {
            level
        };
        level * self.value
    }
}

/// A double awaiting an answer, possibly grown by beavers and raccoons (CUBE-4, CUBE-12,
/// CUBE-13); the Python class `gammon.CubeOffer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubeOffer {
    /// The player on roll who offered the double.
    pub doubler: Color,
    /// The player who made the latest offer: the doubler, or whoever made the last beaver or
    /// raccoon. The other player answers.
    pub proposer: Color,
    /// The cube value if the offer is taken.
    pub value: u32,
    /// Beavers and raccoons made in this chain so far.
    pub redoubles: u32,
}

impl CubeOffer {
    /// The player who must answer: take, drop, or redouble where allowed.
    #[inline]
    #[must_use]
    pub fn responder(&self) -> Color {
        !self.proposer
    }

    /// What the proposer wins if the offer is dropped: the value before it (CUBE-6).
    #[inline]
    #[must_use]
    pub const fn stake(&self) -> u32 {
        self.value / 2
    }

    /// True when the responder may redouble: a beaver answering a plain double (CUBE-12,
    /// `beavers` on) or a raccoon answering a beaver or raccoon (CUBE-13, `raccoons` on),
    /// within `max_beavers` and the cap (CUBE-10). In match play the rules have both off
    /// (CUBE-11).
    #[inline]
    #[must_use]
    pub fn may_redouble(&self, rules: &CubeRules) -> bool {
        let allowed = if self.redoubles == 0 {
            rules.beavers
        } else {
            rules.raccoons
        };
        allowed && self.redoubles < rules.max_beavers && self.value * 2 <= rules.max_cube()
    }

    /// The cube after the responder takes (CUBE-5): the offered value, owned by the taker
    /// after a plain double; after a chain by the player who made the last beaver or raccoon
    /// (CUBE-12, CUBE-13), or with `gnubg_raccoon_owner` by the originally doubled player.
    #[inline]
    #[must_use]
    pub fn take(&self, rules: &CubeRules) -> CubeState {
        let owner = if self.redoubles == 0 {
            self.responder()
        } else if rules.gnubg_raccoon_owner {
            !self.doubler
        } else {
            self.proposer
        };
        CubeState {
            value: self.value,
            owner: Some(owner),
        }
    }

    /// The responder redoubles (a beaver or raccoon): the cube goes to the offered value in
    /// the redoubler's hands (or, with `gnubg_raccoon_owner`, the originally doubled
    /// player's), and the other player now answers at twice that. The caller checks
    /// [`CubeOffer::may_redouble`].
    #[inline]
    #[must_use]
    pub fn redouble(&self, rules: &CubeRules) -> (CubeState, CubeOffer) {
        let player = self.responder();
        let owner = if rules.gnubg_raccoon_owner {
            !self.doubler
        } else {
            player
        };
        (
            CubeState {
                value: self.value,
                owner: Some(owner),
            },
            CubeOffer {
                doubler: self.doubler,
                proposer: player,
                value: self.value * 2,
                redoubles: self.redoubles + 1,
            },
        )
    }
}

/// What an answer to a pending offer does, for the messages of [`CubeActionError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CubeAnswer {
    /// Take the offer (CUBE-5).
    Take,
    /// Drop the offer (CUBE-6).
    Drop,
    /// Take and redouble a plain double (CUBE-12).
    Beaver,
    /// Take and redouble a beaver (CUBE-13).
    Raccoon,
}

impl CubeAnswer {
    /// Every answer, in the order of the words a player may say.
    pub const ALL: [CubeAnswer; 4] = [
        CubeAnswer::Take,
        CubeAnswer::Drop,
        CubeAnswer::Beaver,
        CubeAnswer::Raccoon,
    ];

    /// The word: `"take"`, `"drop"`, `"beaver"` or `"raccoon"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            CubeAnswer::Take => "take",
            CubeAnswer::Drop => "drop",
            CubeAnswer::Beaver => "beaver",
            CubeAnswer::Raccoon => "raccoon",
        }
    }
}

impl fmt::Display for CubeAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that answers no offer: not `take`, `drop`, `beaver` or `raccoon`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not an answer to a double: {0:?} (take, drop, beaver or raccoon)")]
pub struct ParseCubeAnswerError(pub String);

impl std::str::FromStr for CubeAnswer {
    type Err = ParseCubeAnswerError;

    /// Reads `"take"`, `"drop"`, `"beaver"` or `"raccoon"` (exactly, lower case).
    fn from_str(s: &str) -> Result<CubeAnswer, ParseCubeAnswerError> {
        CubeAnswer::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| ParseCubeAnswerError(s.to_owned()))
    }
}

/// A cube action the cube's rules forbid; the message leads with the rule it breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CubeActionError {
    /// Cube use is off (CUBE-2).
    #[error("CUBE-2: cube use is disabled in this session")]
    Disabled,
    /// A double already awaits an answer (CUBE-4).
    #[error("CUBE-4: a double is already awaiting an answer")]
    Pending,
    /// The opponent owns the cube (CUBE-3).
    #[error("CUBE-3: {player} may not double: {owner} owns the cube")]
    NoAccess {
        /// Who tried to double.
        player: Color,
        /// Who owns the cube.
        owner: Color,
    },
    /// Doubling would pass the cap (CUBE-10).
    #[error("CUBE-10: the cube is at {value}; doubling would pass max_cube {max_cube}")]
    AtCap {
        /// The cube value.
        value: u32,
        /// The cap.
        max_cube: u32,
    },
    /// Nothing to take or drop (CUBE-4).
    #[error("CUBE-4: no double to {0}: none is pending")]
    NothingPending(CubeAnswer),
    /// The other player must answer (CUBE-4).
    #[error("CUBE-4: {player} cannot {answer}: {responder} must answer the offer")]
    NotTheResponder {
        /// Who tried to answer.
        player: Color,
        /// The answer tried.
        answer: CubeAnswer,
        /// Who must answer.
        responder: Color,
    },
    /// Beavers are off (CUBE-12, CUBE-11).
    #[error("CUBE-12: beavers are not allowed (money play with beavers on only, CUBE-11)")]
    BeaversOff,
    /// Raccoons are off (CUBE-13).
    #[error("CUBE-13: raccoons are not allowed (money play with raccoons on only)")]
    RaccoonsOff,
    /// A beaver with no offer pending (CUBE-12, CUBE-14).
    #[error("CUBE-12: a beaver answers a pending offer; none is pending (CUBE-14)")]
    NoOfferToBeaver,
    /// A raccoon with no offer pending (CUBE-13, CUBE-14).
    #[error("CUBE-13: a raccoon answers a pending offer; none is pending (CUBE-14)")]
    NoOfferToRaccoon,
    /// A beaver answering a beaver (CUBE-13).
    #[error("CUBE-13: a beaver is answered by a raccoon, not another beaver")]
    BeaverOnBeaver,
    /// A raccoon answering a plain double (CUBE-12).
    #[error("CUBE-12: a plain double is answered by a beaver, not a raccoon")]
    RaccoonOnDouble,
    /// The chain is full (CUBE-13).
    #[error("CUBE-13: the chain already holds max_beavers = {0} redoubles")]
    ChainFull(u32),
    /// A redouble would pass the cap (CUBE-10).
    #[error("CUBE-10: a {answer} to {value} would pass max_cube {max_cube}")]
    RedoubleAtCap {
        /// Beaver or raccoon.
        answer: CubeAnswer,
        /// The value the redouble would offer.
        value: u32,
        /// The cap.
        max_cube: u32,
    },
    /// An automatic double with the cube turned or an offer pending (CUBE-20).
    #[error("CUBE-20: automatic doubles happen at the opening roll, with the cube centred")]
    NotAtOpening,
}

/// A [`Cube`] built from fields that cannot go together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CubeError {
    /// The value is not a power of two within the cap (CUBE-10).
    #[error(
        "Cube: value must be a power of two from 1 to max_cube {max_cube}, not {value} (CUBE-10)"
    )]
    Value {
        /// The value given.
        value: u32,
        /// The cap.
        max_cube: u32,
    },
    /// The pending offer is not worth twice the cube, or passes the cap (CUBE-4, CUBE-10).
    #[error(
        "Cube: a pending offer on a cube at {value} must be worth {} within max_cube {max_cube}, \
         not {offered} (CUBE-4, CUBE-10)",
        2 * u64::from(*value)
    )]
    Offer {
        /// The cube value.
        value: u32,
        /// The value offered.
        offered: u32,
        /// The cap.
        max_cube: u32,
    },
}

/// The doubling cube with its pending offer and its rules: the one cube state machine of
/// gammon (the Python class `gammon.Cube`). Every action checks the cube's own rules and
/// returns the next cube or a [`CubeActionError`] naming the rule; whose turn it is, the
/// dice, the Crawford game and dead cubes are the game's to check.
///
/// ```
/// use gammon_core::{Color, Cube, CubeRules};
///
/// let cube = Cube::new(CubeRules { beavers: true, ..CubeRules::default() });
/// let cube = cube.double(Color::White)?.beaver(Color::Black)?.take(Color::White)?;
/// assert_eq!((cube.value, cube.owner), (4, Some(Color::Black)));
/// # Ok::<(), gammon_core::CubeActionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    /// The cube value (1, 2, 4, ...).
    pub value: u32,
    /// The owner, `None` while centred (CUBE-1).
    pub owner: Option<Color>,
    /// A double awaiting an answer.
    pub offer: Option<CubeOffer>,
    /// The rules the cube follows.
    pub rules: CubeRules,
}

impl Cube {
    /// The cube of a new game under `rules`: 1, centred, nothing pending (CUBE-1).
    #[must_use]
    pub const fn new(rules: CubeRules) -> Cube {
        Cube {
            value: 1,
            owner: None,
            offer: None,
            rules,
        }
    }

    /// A cube set up from its parts, checked.
    ///
    /// # Errors
    /// [`CubeError`] for a value that is not a power of two within the cap, or an offer not
    /// worth twice the value or past the cap.
    pub fn from_parts(
        value: u32,
        owner: Option<Color>,
        offer: Option<CubeOffer>,
        rules: CubeRules,
    ) -> Result<Cube, CubeError> {
        let max_cube = rules.max_cube();
        if !value.is_power_of_two() || value > max_cube {
            return Err(CubeError::Value { value, max_cube });
        }
        if let Some(o) = offer {
            if u64::from(o.value) != 2 * u64::from(value) || o.value > max_cube {
                return Err(CubeError::Offer {
                    value,
                    offered: o.value,
                    max_cube,
                });
            }
        }
        Ok(Cube {
            value,
            owner,
            offer,
            rules,
        })
    }

    /// The value and owner, without the offer.
    #[inline]
    #[must_use]
    pub const fn state(&self) -> CubeState {
        CubeState {
            value: self.value,
            owner: self.owner,
        }
    }

    /// True when the cube cannot be doubled any more: `2 x value > max_cube` (CUBE-10).
    #[inline]
    #[must_use]
    pub const fn at_cap(&self) -> bool {
        self.value as u64 * 2 > self.rules.max_cube() as u64
    }

    /// Whether the cube lets `player` double now (CUBE-2, CUBE-4, CUBE-3, CUBE-10).
    ///
    /// # Errors
    /// [`CubeActionError`] naming the first rule that forbids it.
    pub fn check_double(&self, player: Color) -> Result<(), CubeActionError> {
        if !self.rules.enabled {
            return Err(CubeActionError::Disabled);
        }
        if self.offer.is_some() {
            return Err(CubeActionError::Pending);
        }
        if let Some(owner) = self.owner {
            if owner != player {
                return Err(CubeActionError::NoAccess { player, owner });
            }
        }
        if self.at_cap() {
            return Err(CubeActionError::AtCap {
                value: self.value,
                max_cube: self.rules.max_cube(),
            });
        }
        Ok(())
    }

    /// `player` offers to double; the opponent must answer (CUBE-4).
    ///
    /// # Errors
    /// As [`Cube::check_double`].
    pub fn double(&self, player: Color) -> Result<Cube, CubeActionError> {
        self.check_double(player)?;
        Ok(Cube {
            offer: Some(self.state().offer(player)),
            ..*self
        })
    }

    fn answering(&self, player: Color, answer: CubeAnswer) -> Result<CubeOffer, CubeActionError> {
        let offer = self.offer.ok_or(CubeActionError::NothingPending(answer))?;
        if player != offer.responder() {
            return Err(CubeActionError::NotTheResponder {
                player,
                answer,
                responder: offer.responder(),
            });
        }
        Ok(offer)
    }

    /// `player` takes the pending offer (CUBE-5); see [`CubeOffer::take`] for the owner.
    ///
    /// # Errors
    /// [`CubeActionError`] when nothing is pending or `player` must not answer (CUBE-4).
    pub fn take(&self, player: Color) -> Result<Cube, CubeActionError> {
        let offer = self.answering(player, CubeAnswer::Take)?;
        let state = offer.take(&self.rules);
        Ok(Cube {
            value: state.value,
            owner: state.owner,
            offer: None,
            rules: self.rules,
        })
    }

    /// `player` drops the pending offer: the game ends, the proposer winning the offer's
    /// [`CubeOffer::stake`] (CUBE-6). Returns the dropped offer.
    ///
    /// # Errors
    /// [`CubeActionError`] when nothing is pending or `player` must not answer (CUBE-4).
    pub fn drop_offer(&self, player: Color) -> Result<CubeOffer, CubeActionError> {
        self.answering(player, CubeAnswer::Drop)
    }

    /// Whether `player` may answer the pending offer with a beaver (`beaver` true, CUBE-12)
    /// or a raccoon (CUBE-13).
    ///
    /// # Errors
    /// [`CubeActionError`] naming the first rule that forbids it.
    pub fn check_redouble(&self, player: Color, beaver: bool) -> Result<(), CubeActionError> {
        let r = &self.rules;
        if beaver && !r.beavers {
            return Err(CubeActionError::BeaversOff);
        }
        if !beaver && !r.raccoons {
            return Err(CubeActionError::RaccoonsOff);
        }
        let answer = if beaver {
            CubeAnswer::Beaver
        } else {
            CubeAnswer::Raccoon
        };
        let Some(offer) = self.offer else {
            return Err(if beaver {
                CubeActionError::NoOfferToBeaver
            } else {
                CubeActionError::NoOfferToRaccoon
            });
        };
        if player != offer.responder() {
            return Err(CubeActionError::NotTheResponder {
                player,
                answer,
                responder: offer.responder(),
            });
        }
        if beaver && offer.redoubles > 0 {
            return Err(CubeActionError::BeaverOnBeaver);
        }
        if !beaver && offer.redoubles == 0 {
            return Err(CubeActionError::RaccoonOnDouble);
        }
        if offer.redoubles >= r.max_beavers {
            return Err(CubeActionError::ChainFull(r.max_beavers));
        }
        if u64::from(offer.value) * 2 > u64::from(r.max_cube()) {
            return Err(CubeActionError::RedoubleAtCap {
                answer,
                value: offer.value.saturating_mul(2),
                max_cube: r.max_cube(),
            });
        }
        Ok(())
    }

    fn redouble(&self, player: Color, beaver: bool) -> Result<Cube, CubeActionError> {
        self.check_redouble(player, beaver)?;
        let Some(offer) = self.offer else {
            return Err(CubeActionError::NoOfferToBeaver);
        };
        let (state, next) = offer.redouble(&self.rules);
        Ok(Cube {
            value: state.value,
            owner: state.owner,
            offer: Some(next),
            rules: self.rules,
        })
    }

    /// `player`, just doubled, takes and redoubles at once, keeping the cube (CUBE-12).
    ///
    /// # Errors
    /// As [`Cube::check_redouble`].
    pub fn beaver(&self, player: Color) -> Result<Cube, CubeActionError> {
        self.redouble(player, true)
    }

    /// `player`, facing a beaver, takes and redoubles again (CUBE-13).
    ///
    /// # Errors
    /// As [`Cube::check_redouble`].
    pub fn raccoon(&self, player: Color) -> Result<Cube, CubeActionError> {
        self.redouble(player, false)
    }

    /// The cube after one tie of the opening roll (CUBE-20, BG-11); see
    /// [`CubeState::automatic_double`].
    ///
    /// # Errors
    /// [`CubeActionError::NotAtOpening`] unless the cube is centred and idle.
    pub fn automatic_double(&self) -> Result<Cube, CubeActionError> {
        if self.owner.is_some() || self.offer.is_some() {
            return Err(CubeActionError::NotAtOpening);
        }
        let state = self.state().automatic_double(&self.rules);
        Ok(Cube {
            value: state.value,
            ..*self
        })
    }

    /// The points of a game won at `level` (1 to 3) at this cube (SCORE-2, MONEY-2).
    #[inline]
    #[must_use]
    pub fn points(&self, level: u32) -> u32 {
        self.state().points(level, &self.rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn cube7_after_a_take_only_the_taker_may_redouble() {
        let rules = CubeRules::default();
        let cube = CubeState::default().offer(White).take(&rules);
        assert_eq!(
            cube,
            CubeState {
                value: 2,
                owner: Some(Black)
            }
        );
        assert!(!cube.can_double(White, &rules));
        assert!(cube.can_double(Black, &rules));
        let cube = cube.offer(Black).take(&rules);
        assert_eq!(
            cube,
            CubeState {
                value: 4,
                owner: Some(White)
            }
        );
    }

    #[test]
    fn cube6_a_drop_pays_the_value_before_the_double() {
        let cube = CubeState {
            value: 4,
            owner: Some(White),
        };
        let offer = cube.offer(White);
        assert_eq!(
            (offer.value, offer.stake(), offer.responder()),
            (8, 4, Black)
        );
    }

    #[test]
    fn cube10_nobody_doubles_past_the_cap() {
        let rules = CubeRules::default();
        assert_eq!(rules.max_cube(), 64);
        let at32 = CubeState {
            value: 32,
            owner: Some(White),
        };
        assert!(at32.can_double(White, &rules));
        let at64 = at32.offer(White).take(&rules);
        assert!(!at64.can_double(Black, &rules));
        let one = CubeRules {
            max_cube_log2: 0,
            ..rules
        };
        assert!(!CubeState::default().can_double(White, &one));
    }

    #[test]
    fn cube2_with_cube_use_off_nobody_doubles_and_ties_do_not_double() {
        let rules = CubeRules {
            enabled: false,
            auto_doubles: 3,
            ..CubeRules::default()
        };
        assert!(!CubeState::default().can_double(White, &rules));
        assert_eq!(
            CubeState::default().automatic_double(&rules),
            CubeState::default()
        );
    }

    #[test]
    fn cube12_a_beaver_keeps_the_cube_and_the_doubler_answers_at_twice_the_value() {
        let rules = CubeRules {
            beavers: true,
            ..CubeRules::default()
        };
        let offer = CubeState::default().offer(White);
        assert!(offer.may_redouble(&rules));
        let (cube, beaver) = offer.redouble(&rules);
        assert_eq!(
            cube,
            CubeState {
                value: 2,
                owner: Some(Black)
            }
        );
        assert_eq!(
            (beaver.value, beaver.proposer, beaver.responder()),
            (4, Black, White)
        );
        // C11: the doubler takes: cube 4 owned by the beaverer. C12: drops: the beaverer wins 2.
        assert_eq!(
            beaver.take(&rules),
            CubeState {
                value: 4,
                owner: Some(Black)
            }
        );
        assert_eq!(beaver.stake(), 2);
        // Without raccoons the doubler may not redouble again.
        assert!(!beaver.may_redouble(&rules));
    }

    #[test]
    fn cube13_a_raccoon_gives_the_cube_to_the_raccooner_or_with_the_gnubg_flag_to_the_doubled_player(
    ) {
        let rules = CubeRules {
            beavers: true,
            raccoons: true,
            ..CubeRules::default()
        };
        let (_, beaver) = CubeState::default().offer(White).redouble(&rules);
        assert!(beaver.may_redouble(&rules));
        let (cube, raccoon) = beaver.redouble(&rules);
        assert_eq!(
            cube,
            CubeState {
                value: 4,
                owner: Some(White)
            }
        );
        // C13: the beaverer takes: cube 8 owned by the raccooner (gnubg: by the doubled player).
        assert_eq!(
            raccoon.take(&rules),
            CubeState {
                value: 8,
                owner: Some(White)
            }
        );
        let gnubg = CubeRules {
            gnubg_raccoon_owner: true,
            ..rules
        };
        assert_eq!(
            raccoon.take(&gnubg),
            CubeState {
                value: 8,
                owner: Some(Black)
            }
        );
        // The chain holds at most max_beavers redoubles.
        let one = CubeRules {
            max_beavers: 2,
            ..rules
        };
        assert!(!raccoon.may_redouble(&one));
        assert!(raccoon.may_redouble(&rules));
    }

    #[test]
    fn cube10_a_beaver_needs_room_for_four_times_the_value() {
        let rules = CubeRules {
            beavers: true,
            max_cube_log2: 1,
            ..CubeRules::default()
        };
        let offer = CubeState::default().offer(White);
        assert!(!offer.may_redouble(&rules));
    }

    #[test]
    fn cube20_ties_double_the_centred_cube_up_to_the_limit() {
        let rules = CubeRules {
            auto_doubles: 2,
            ..CubeRules::default()
        };
        let mut cube = CubeState::default();
        for expected in [2, 4, 4] {
            cube = cube.automatic_double(&rules);
            assert_eq!(
                cube,
                CubeState {
                    value: expected,
                    owner: None
                }
            );
        }
        let capped = CubeRules {
            max_cube_log2: 1,
            ..rules
        };
        let twice = CubeState::default()
            .automatic_double(&capped)
            .automatic_double(&capped);
        assert_eq!(twice.value, 2);
    }

    #[test]
    fn money2_jacoby_scores_a_single_only_while_the_cube_is_centred() {
        let jacoby = CubeRules {
            jacoby: true,
            ..CubeRules::default()
        };
        assert_eq!(CubeState::default().points(3, &jacoby), 1);
        // C21: an automatic double keeps the cube centred.
        assert_eq!(
            CubeState {
                value: 2,
                owner: None
            }
            .points(2, &jacoby),
            2
        );
        // C20: once a double is taken, gammons count.
        assert_eq!(
            CubeState {
                value: 2,
                owner: Some(Black)
            }
            .points(2, &jacoby),
            4
        );
        assert_eq!(CubeState::default().points(2, &CubeRules::default()), 2);
    }

    #[test]
    fn match2_match_play_drops_the_money_options() {
        let money = CubeRules {
            jacoby: true,
            beavers: true,
            raccoons: true,
            auto_doubles: 2,
            refuse_dead_cube: true,
            max_cube_log2: 9,
            ..CubeRules::default()
        };
        let m = money.for_match();
        assert!(!m.jacoby && !m.beavers && !m.raccoons && m.auto_doubles == 0);
        assert!(m.refuse_dead_cube && m.max_cube() == 512);
        assert_eq!(
            CubeState::default().automatic_double(&m),
            CubeState::default()
        );
    }

    #[test]
    fn settings_out_of_range_are_refused() {
        let ok = CubeRules::default();
        assert_eq!(ok.validate(), Ok(ok));
        let bad = [
            (
                CubeRules {
                    max_cube_log2: 16,
                    ..ok
                },
                CubeRulesError::MaxCube(16),
            ),
            (
                CubeRules {
                    raccoons: true,
                    ..ok
                },
                CubeRulesError::RaccoonsWithoutBeavers,
            ),
            (
                CubeRules {
                    max_beavers: 0,
                    ..ok
                },
                CubeRulesError::NoBeavers,
            ),
            (
                CubeRules {
                    auto_doubles: 13,
                    ..ok
                },
                CubeRulesError::AutoDoubles(13),
            ),
        ];
        for (rules, err) in bad {
            assert_eq!(rules.validate(), Err(err));
            assert!(err.to_string().contains("CUBE-"));
        }
    }
}
