//! What decides a rollout's games, as one value: [`RolloutSetup`].
//!
//! Two rollouts whose setups are equal play the same game *i* for every *i*, so their games
//! can be merged and a checkpoint of one can be continued by the other. The setup names its
//! policies (a built-in kind, a net of one's own by its checksum name, a policy written in the
//! host language by its class name), so that it can be compared, written to a checkpoint and
//! read back without the objects themselves. [`RolloutSetup::validate`] refuses the
//! combinations that cannot be played; [`RolloutSetup::mismatches`] lists the fields in which
//! two setups differ, each with both values.

use std::fmt;

use crate::base::color::Color;
use crate::base::variant::{RulesFamily, Variant};
use crate::play::truncate::BearoffTruncation;
use crate::policy::cube_kind::{CubePolicyError, CubePolicyKind};
use crate::policy::cube_searched::MAX_CUBE_POLICY_PLIES;
use crate::policy::{PolicyError, PolicyKind, MAX_POLICY_PLIES};
use crate::rules::nardy::NardyOptions;
use crate::scoring::cube::{CubeRules, CubeRulesError};
use crate::scoring::nardy_referee::{EndVariant, Koks, NardyReferee};
use crate::variant_position::VariantPosition;

/// Who chooses one side's plays, by name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PolicyName {
    /// A policy built into the core.
    Builtin(PolicyKind),
    /// A net of one's own: `"net:"` and its weights' checksum (eight hexadecimal digits).
    Net(String),
    /// A policy written in the host language, by its class name.
    Foreign(String),
}

/// True for `"net:"` followed by eight lower-case hexadecimal digits: the name of a net.
#[must_use]
pub fn is_net_name(name: &str) -> bool {
    name.strip_prefix("net:").is_some_and(|h| {
        h.len() == 8
            && h.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}

impl PolicyName {
    /// The name a checkpoint records: `"pubeval"`, `"net:1a2b3c4d"`, `"MyPolicy"`.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            PolicyName::Builtin(k) => k.name(),
            PolicyName::Net(n) | PolicyName::Foreign(n) => n,
        }
    }

    /// Reads a recorded name: a built-in policy's, a net's, else a foreign policy's.
    #[must_use]
    pub fn from_name(name: &str) -> PolicyName {
        match name.parse::<PolicyKind>() {
            Ok(k) if k.name() == name => PolicyName::Builtin(k),
            _ if is_net_name(name) => PolicyName::Net(name.to_string()),
            _ => PolicyName::Foreign(name.to_string()),
        }
    }
}

/// The position evaluator of truncation (`truncate_after`) and variance reduction.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum EvaluatorName {
    /// The bear-off databases (exact in bear-offs, a pip-count estimate elsewhere).
    Bearoff,
    /// The shipped net of the variant.
    Net,
    /// A net of one's own: `"net:"` and its checksum.
    NetFile(String),
}

impl EvaluatorName {
    /// The built-in evaluators' names.
    pub const NAMES: [&'static str; 2] = ["bearoff", "net"];

    /// `"bearoff"`, `"net"` or a net's `"net:..."` name.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            EvaluatorName::Bearoff => "bearoff",
            EvaluatorName::Net => "net",
            EvaluatorName::NetFile(n) => n,
        }
    }

    /// Reads a name of [`EvaluatorName::name`] (`None` for anything else).
    #[must_use]
    pub fn from_name(name: &str) -> Option<EvaluatorName> {
        match name {
            "bearoff" => Some(EvaluatorName::Bearoff),
            "net" => Some(EvaluatorName::Net),
            n if is_net_name(n) => Some(EvaluatorName::NetFile(n.to_string())),
            _ => None,
        }
    }
}

/// Who decides one side's cube actions, by name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CubePolicyName {
    /// A cube policy built into the core.
    Builtin(CubePolicyKind),
    /// Janowski's model over a net of one's own: `"net:"` and its checksum.
    Net(String),
    /// A cube policy written in the host language, by its class name.
    Foreign(String),
}

impl CubePolicyName {
    /// The name a checkpoint records.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            CubePolicyName::Builtin(k) => k.name(),
            CubePolicyName::Net(n) | CubePolicyName::Foreign(n) => n,
        }
    }

    /// Reads a recorded name.
    #[must_use]
    pub fn from_name(name: &str) -> CubePolicyName {
        match name.parse::<CubePolicyKind>() {
            Ok(k) if k.name() == name => CubePolicyName::Builtin(k),
            _ if is_net_name(name) => CubePolicyName::Net(name.to_string()),
            _ => CubePolicyName::Foreign(name.to_string()),
        }
    }
}

/// Who makes the first move of a series' next game (LN-11): a setting recorded with the
/// Long Nardy settings of a rollout (it does not change a rollout's games).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SeriesStart {
    /// The loser of the previous game (the default).
    #[default]
    ToLoser,
    /// The players alternate.
    Alternate,
}

impl SeriesStart {
    /// `"to_loser"` or `"alternate"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SeriesStart::ToLoser => "to_loser",
            SeriesStart::Alternate => "alternate",
        }
    }

    /// Reads a name (case, `_`, `-` and spaces ignored: `toLoser` works too).
    #[must_use]
    pub fn from_name(name: &str) -> Option<SeriesStart> {
        match crate::rules::nardy::options::squash(name).as_str() {
            "toloser" => Some(SeriesStart::ToLoser),
            "alternate" => Some(SeriesStart::Alternate),
            _ => None,
        }
    }
}

/// The Long Nardy settings of a rollout (§9): the scoring and the series setting, and the
/// position options the settings name (which must be the position's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NardySetup {
    /// LN-33 to LN-37: how the games are scored.
    pub scoring: NardyReferee,
    /// LN-11.
    pub first_move_in_series: SeriesStart,
    /// The §9 compatibility options the settings name.
    pub options: NardyOptions,
}

/// The cube of a cubeful rollout: the cube policies (player on roll, opponent), the cube
/// every game starts with, and the money session's rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CubeSetup {
    /// The cube policies of the player on roll and of the opponent.
    pub policies: [CubePolicyName; 2],
    /// The cube value at the start of every game (a power of two).
    pub value: u32,
    /// Who owns the cube at the start (`None`: centred).
    pub owner: Option<Color>,
    /// Jacoby, beavers, raccoons, the cap (money play).
    pub rules: CubeRules,
    /// How deep the cube decisions of the player on roll and of the opponent are searched (0
    /// to [`MAX_CUBE_POLICY_PLIES`]; above 0 only for the net's cube policy,
    /// [`crate::SearchedCube`]).
    pub plies: [u32; 2],
}

/// What decides a rollout's games (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RolloutSetup {
    /// The position rolled out (its variant, the player on roll and Long Nardy's options).
    pub position: VariantPosition,
    /// The policies of the player on roll and of the opponent.
    pub policies: [PolicyName; 2],
    /// The master seed: game `i` depends on `(seed, i)` only.
    pub seed: u64,
    /// The first roll is an opening roll, never a double (BG-10).
    pub opening: bool,
    /// The first two rolls are stratified.
    pub quasi_random: bool,
    /// The Long Nardy settings (`None` for backgammon).
    pub nardy: Option<NardySetup>,
    /// Where games are settled from the bear-off databases (or Long Nardy's race endings).
    pub truncate: BearoffTruncation,
    /// Settle games still going after this many turns at the evaluator's value.
    pub truncate_after: Option<u32>,
    /// Take the luck of each roll, as the evaluator measures it, off the game's points.
    pub variance_reduction: bool,
    /// The evaluator of `truncate_after` and `variance_reduction` (`None` when neither is used).
    pub evaluator: Option<EvaluatorName>,
    /// The cube of a cubeful rollout (`None`: cubeless).
    pub cube: Option<CubeSetup>,
    /// How deep the checker play of the player on roll and of the opponent searches (0 to
    /// [`MAX_POLICY_PLIES`]; above 0 only for a net's policy, [`crate::NetPolicy::with_plies`]).
    pub plies: [u32; 2],
    /// How many replies of each roll the pruning net keeps for the full nets inside the
    /// search of the shipped backgammon nets (0: no pruning, every reply valued by the nets;
    /// [`crate::DEFAULT_PRUNE_KEEP`] by default). It decides the games of a searched rollout only;
    /// nets of one's own and Long Nardy's are never pruned ([`crate::WithPlies::with_prune`]).
    pub prune: u32,
}

/// A combination of settings that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RolloutSetupError {
    /// A policy cannot play the variant.
    #[error(transparent)]
    Policy(#[from] PolicyError),
    /// A cube policy cannot play the variant.
    #[error(transparent)]
    CubePolicy(#[from] CubePolicyError),
    /// Cube rules out of range.
    #[error(transparent)]
    CubeRules(#[from] CubeRulesError),
    /// An opening roll in Long Nardy.
    #[error("a Long Nardy rollout has no opening roll (LN-10)")]
    NardyOpening,
    /// Long Nardy settings for a backgammon position.
    #[error("Long Nardy settings (nardy=) apply to Long Nardy rollouts only")]
    NardyForBackgammon,
    /// A Long Nardy rollout without its settings.
    #[error("a Long Nardy rollout needs its Long Nardy settings")]
    NardyMissing,
    /// Koks under `oin`.
    #[error(
        "koks={0:?} needs end_variant='mars': under 'oin' every win is worth 1 (LN-34, LN-35)"
    )]
    KoksWithoutMars(&'static str),
    /// The settings name other §9 options than the position plays.
    #[error(
        "nardy.{field}={wanted:?} but the position plays {field}={played:?}; the position's \
         options decide the play, so build it with {field}={wanted:?} (§9)"
    )]
    NardyOptions {
        /// `first_turn_exception` or `block_check`.
        field: &'static str,
        /// The settings' value.
        wanted: &'static str,
        /// The position's value.
        played: &'static str,
    },
    /// An evaluator named without `truncate_after` or variance reduction, or the reverse.
    #[error("an evaluator serves truncate_after and variance_reduction only: name one with them")]
    Evaluator,
    /// A cubeful rollout with an option that settles or reweights games cubeless, or in
    /// Long Nardy.
    #[error(
        "{option}={value} does not combine with cube= ({why}): leave {option} out of a \
         cubeful rollout, or cube= out for a cubeless one"
    )]
    CubeConflict {
        /// The option.
        option: &'static str,
        /// Its value, as written.
        value: String,
        /// Why it does not combine.
        why: &'static str,
    },
    /// Long Nardy with a cube.
    #[error(
        "Long Nardy is played without a doubling cube: leave cube= out of a Long Nardy rollout"
    )]
    NardyCube,
    /// A search depth out of range, or asked of a policy that does not search.
    #[error(
        "plies={plies} {why}: plies is 0, 1 or 2 (up to {max}), searched by the net's policy \
         only (policy='net' or a gammon.Net)"
    )]
    Plies {
        /// The depth asked for.
        plies: u32,
        /// What is wrong with it.
        why: String,
        /// The deepest search.
        max: u32,
    },
    /// A cube search depth out of range, or asked of a cube policy that does not search.
    #[error(
        "cube_plies={plies} {why}: cube_plies is 0, 1 or 2 (up to {max}), searched by the \
         net's cube policy only (cube='net' or a gammon.Net)"
    )]
    CubePlies {
        /// The depth asked for.
        plies: u32,
        /// What is wrong with it.
        why: String,
        /// The deepest search.
        max: u32,
    },
    /// An initial cube that is not a power of two within the cap.
    #[error("cube_value must be a power of two (1, 2, 4, ...) up to {max}, not {value} (CUBE-10)")]
    CubeValue {
        /// The value asked for.
        value: u32,
        /// The cap of the rules.
        max: u32,
    },
}

/// A field in which two setups differ, with both values written as the Python API spells
/// them (`'pubeval'`, `True`, `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The field: `"seed"`, `"policy"`, ...
    pub field: &'static str,
    /// The value of the setup asked about (`self`).
    pub here: String,
    /// The value of the other setup.
    pub there: String,
}

/// `'text'`, as Python's `repr` writes a plain string.
#[must_use]
pub fn quoted(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

fn py_bool(b: bool) -> String {
    if b { "True" } else { "False" }.to_string()
}

fn py_opt<T: fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "None".to_string(), |x| x.to_string())
}

fn py_pair(a: &str, b: &str) -> String {
    format!("({}, {})", quoted(a), quoted(b))
}

/// A camelCase §9 name in snake_case: `noCheckerHome` is `no_checker_home`.
#[must_use]
pub fn snake(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The snake_case §9 name of the first-turn option of `o`.
#[must_use]
pub fn first_turn_name(o: NardyOptions) -> &'static str {
    if o.contains(NardyOptions::UNCONDITIONAL_FIRST_TURN) {
        "unconditional"
    } else {
        "head_blocked"
    }
}

/// The snake_case §9 name of the block-check option of `o`.
#[must_use]
pub fn block_check_name(o: NardyOptions) -> &'static str {
    if o.contains(NardyOptions::END_OF_TURN_BLOCK_CHECK) {
        "end_of_turn"
    } else {
        "every_step"
    }
}

impl NardySetup {
    /// The settings as a Python `NardySettings` repr names them, for messages.
    #[must_use]
    pub fn describe(&self) -> String {
        format!(
            "NardySettings(end_variant={}, koks={}, last_roll={}, first_move_in_series={}, \
             first_turn_exception={}, block_check={})",
            quoted(self.scoring.end_variant.name()),
            quoted(&snake(self.scoring.koks.name())),
            py_bool(self.scoring.last_roll),
            quoted(self.first_move_in_series.name()),
            quoted(first_turn_name(self.options)),
            quoted(block_check_name(self.options)),
        )
    }
}

impl RolloutSetup {
    /// True for a Long Nardy rollout.
    #[must_use]
    pub fn is_long_nardy(&self) -> bool {
        self.position.variant().family() == RulesFamily::LongNardy
    }

    /// True when the luck of a variance reduction is measured with the net's values screened
    /// by pubeval (backgammon rules, the net as evaluator): the estimator since that screen.
    #[must_use]
    pub fn screens_luck(&self) -> bool {
        self.variance_reduction
            && self.nardy.is_none()
            && matches!(
                self.evaluator,
                Some(EvaluatorName::Net | EvaluatorName::NetFile(_))
            )
    }

    /// The variant played.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    /// Checks that the settings can be played together.
    ///
    /// # Errors
    /// [`RolloutSetupError`] naming the first conflict: a policy (or cube policy) that does not play
    /// the variant, an opening roll or a cube in Long Nardy, Long Nardy settings that are
    /// missing, misplaced or disagree with the position's options, an evaluator without its
    /// use, or a cubeful rollout with truncation or variance reduction.
    pub fn validate(&self) -> Result<(), RolloutSetupError> {
        let variant = self.variant();
        for p in &self.policies {
            match p {
                PolicyName::Builtin(k) => k.check(variant)?,
                PolicyName::Net(_) | PolicyName::Foreign(_) => {}
            }
        }
        for (p, &plies) in self.policies.iter().zip(&self.plies) {
            let why = if plies > MAX_POLICY_PLIES {
                "is too deep".to_string()
            } else if plies > 0
                && !matches!(p, PolicyName::Builtin(PolicyKind::Net) | PolicyName::Net(_))
            {
                format!("cannot be searched by the policy {}", quoted(p.name()))
            } else {
                continue;
            };
            return Err(RolloutSetupError::Plies {
                plies,
                why,
                max: MAX_POLICY_PLIES,
            });
        }
        let nardy_game = self.is_long_nardy();
        if let Some(cube) = &self.cube {
            if nardy_game {
                return Err(RolloutSetupError::NardyCube);
            }
            let why_cut = "a truncated game would be settled at its cubeless value";
            let conflicts = [
                (
                    "truncate",
                    self.truncate != BearoffTruncation::Off,
                    quoted(self.truncate.name()),
                    why_cut,
                ),
                (
                    "truncate_after",
                    self.truncate_after.is_some(),
                    py_opt(self.truncate_after),
                    why_cut,
                ),
                (
                    "variance_reduction",
                    self.variance_reduction,
                    py_bool(true),
                    "the luck of the dice is measured cubeless",
                ),
                (
                    "evaluator",
                    self.evaluator.is_some(),
                    self.evaluator
                        .as_ref()
                        .map_or_else(String::new, |e| quoted(e.name())),
                    "it serves truncate_after and variance_reduction only",
                ),
            ];
            if let Some((option, _, value, why)) = conflicts.into_iter().find(|c| c.1) {
                return Err(RolloutSetupError::CubeConflict { option, value, why });
            }
            for p in &cube.policies {
                if let CubePolicyName::Builtin(k) = p {
                    k.check(variant)?;
                }
            }
            for (p, &plies) in cube.policies.iter().zip(&cube.plies) {
                let why = if plies > MAX_CUBE_POLICY_PLIES {
                    "is too deep".to_string()
                } else if plies > 0
                    && !matches!(
                        p,
                        CubePolicyName::Builtin(CubePolicyKind::Net) | CubePolicyName::Net(_)
                    )
                {
                    format!("cannot be searched by the cube policy {}", quoted(p.name()))
                } else {
                    continue;
                };
                return Err(RolloutSetupError::CubePlies {
                    plies,
                    why,
                    max: MAX_CUBE_POLICY_PLIES,
                });
            }
            let rules = cube.rules.validate()?;
            if !cube.value.is_power_of_two() || cube.value > rules.max_cube() {
                return Err(RolloutSetupError::CubeValue {
                    value: cube.value,
                    max: rules.max_cube(),
                });
            }
        }
        if nardy_game && self.opening {
            return Err(RolloutSetupError::NardyOpening);
        }
        match (&self.nardy, nardy_game) {
            (Some(_), false) => return Err(RolloutSetupError::NardyForBackgammon),
            (None, true) => return Err(RolloutSetupError::NardyMissing),
            (Some(n), true) => {
                if n.scoring.koks != Koks::Off && n.scoring.end_variant != EndVariant::Mars {
                    return Err(RolloutSetupError::KoksWithoutMars(match n.scoring.koks {
                        Koks::NoCheckerHome => "no_checker_home",
                        _ => "checker_in_start_quarter",
                    }));
                }
                let played = self.position.nardy_options().unwrap_or_default();
                let checks = [
                    ("first_turn_exception", first_turn_name as fn(_) -> _),
                    ("block_check", block_check_name),
                ];
                for (field, name) in checks {
                    if name(n.options) != name(played) {
                        return Err(RolloutSetupError::NardyOptions {
                            field,
                            wanted: name(n.options),
                            played: name(played),
                        });
                    }
                }
            }
            (None, false) => {}
        }
        let uses_evaluator = self.truncate_after.is_some() || self.variance_reduction;
        if uses_evaluator != self.evaluator.is_some() {
            return Err(RolloutSetupError::Evaluator);
        }
        Ok(())
    }

    /// The fields in which `self` differs from `other` (empty when the setups are equal),
    /// each with both values.
    #[must_use]
    pub fn mismatches(&self, other: &RolloutSetup) -> Vec<Mismatch> {
        let mut out = Vec::new();
        let mut put = |field: &'static str, here: String, there: String| {
            if here != there {
                out.push(Mismatch { field, here, there });
            }
        };
        let (a, b) = (&self.position, &other.position);
        put("position", quoted(&a.id()), quoted(&b.id()));
        put(
            "variant",
            quoted(a.variant().name()),
            quoted(b.variant().name()),
        );
        put(
            "turn",
            a.turn().name().to_string(),
            b.turn().name().to_string(),
        );
        let options = |p: &VariantPosition| {
            p.nardy_options().map_or("None".to_string(), |o| {
                format!("({}, {})", first_turn_name(o), block_check_name(o))
            })
        };
        put("position options", options(a), options(b));
        let names = |s: &RolloutSetup| py_pair(s.policies[0].name(), s.policies[1].name());
        put("policy", names(self), names(other));
        let plies = |s: &RolloutSetup| format!("({}, {})", s.plies[0], s.plies[1]);
        put("plies", plies(self), plies(other));
        put("prune", self.prune.to_string(), other.prune.to_string());
        let cube_plies = |s: &RolloutSetup| {
            let p = s.cube.as_ref().map_or([0, 0], |c| c.plies);
            format!("({}, {})", p[0], p[1])
        };
        put("cube_plies", cube_plies(self), cube_plies(other));
        put("seed", self.seed.to_string(), other.seed.to_string());
        put("opening", py_bool(self.opening), py_bool(other.opening));
        put(
            "quasi_random",
            py_bool(self.quasi_random),
            py_bool(other.quasi_random),
        );
        put(
            "truncate",
            quoted(self.truncate.name()),
            quoted(other.truncate.name()),
        );
        put(
            "truncate_after",
            py_opt(self.truncate_after),
            py_opt(other.truncate_after),
        );
        put(
            "variance_reduction",
            py_bool(self.variance_reduction),
            py_bool(other.variance_reduction),
        );
        let evaluator = |s: &RolloutSetup| {
            s.evaluator
                .as_ref()
                .map_or("None".to_string(), |e| quoted(e.name()))
        };
        put("evaluator", evaluator(self), evaluator(other));
        let nardy = |s: &RolloutSetup| s.nardy.map_or("None".to_string(), |n| n.describe());
        put("nardy", nardy(self), nardy(other));
        let cube = |s: &RolloutSetup| {
            s.cube.as_ref().map_or("None".to_string(), |c| {
                format!(
                    "({}, value {}, owner {}, {:?})",
                    py_pair(c.policies[0].name(), c.policies[1].name()),
                    c.value,
                    c.owner.map_or("centred", Color::name),
                    c.rules
                )
            })
        };
        put("cube", cube(self), cube(other));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::DEFAULT_PRUNE_KEEP;

    fn setup() -> RolloutSetup {
        RolloutSetup {
            position: VariantPosition::start(Variant::Backgammon, Color::White),
            policies: [
                PolicyName::Builtin(PolicyKind::Pubeval),
                PolicyName::Builtin(PolicyKind::Pubeval),
            ],
            seed: 1,
            opening: true,
            quasi_random: true,
            nardy: None,
            truncate: BearoffTruncation::Off,
            truncate_after: None,
            variance_reduction: false,
            evaluator: None,
            cube: None,
            plies: [0, 0],
            prune: DEFAULT_PRUNE_KEEP as u32,
        }
    }

    #[test]
    fn names_read_back_as_what_they_name() {
        for name in [
            "pubeval",
            "net",
            "net:0123abcd",
            "MyPolicy",
            "Net:0123abcd",
            "PUBEVAL",
        ] {
            assert_eq!(PolicyName::from_name(name).name(), name);
        }
        assert_eq!(
            PolicyName::from_name("net:0123abcd"),
            PolicyName::Net("net:0123abcd".into())
        );
        assert!(matches!(
            PolicyName::from_name("PUBEVAL"),
            PolicyName::Foreign(_)
        ));
        assert_eq!(EvaluatorName::from_name("netx"), None);
        assert_eq!(
            SeriesStart::from_name("toLoser"),
            Some(SeriesStart::ToLoser)
        );
    }

    #[test]
    fn bg10_ln10_cube_and_long_nardy_refusals() {
        let ok = setup();
        assert_eq!(ok.validate(), Ok(()));
        let nardy_start = VariantPosition::start(Variant::LongNardy, Color::White);
        let nardy = RolloutSetup {
            position: nardy_start,
            nardy: Some(NardySetup::default()),
            opening: false,
            policies: [
                PolicyName::Builtin(PolicyKind::Random),
                PolicyName::Builtin(PolicyKind::Random),
            ],
            ..ok.clone()
        };
        assert_eq!(nardy.validate(), Ok(()));
        let opening = RolloutSetup {
            opening: true,
            ..nardy.clone()
        };
        assert_eq!(opening.validate(), Err(RolloutSetupError::NardyOpening));
        let pubeval = RolloutSetup {
            policies: ok.policies.clone(),
            ..nardy.clone()
        };
        assert!(matches!(
            pubeval.validate(),
            Err(RolloutSetupError::Policy(_))
        ));
        let options = RolloutSetup {
            nardy: Some(NardySetup {
                options: NardyOptions::UNCONDITIONAL_FIRST_TURN,
                ..NardySetup::default()
            }),
            ..nardy.clone()
        };
        assert!(matches!(
            options.validate(),
            Err(RolloutSetupError::NardyOptions {
                field: "first_turn_exception",
                ..
            })
        ));
        let cube = CubeSetup {
            policies: [
                CubePolicyName::Builtin(CubePolicyKind::Never),
                CubePolicyName::Builtin(CubePolicyKind::Never),
            ],
            value: 1,
            owner: None,
            rules: CubeRules::default(),
            plies: [0, 0],
        };
        let cut = RolloutSetup {
            cube: Some(cube.clone()),
            truncate: BearoffTruncation::Exact,
            ..ok.clone()
        };
        let err = cut.validate().unwrap_err().to_string();
        assert!(
            err.starts_with("truncate='bearoff' does not combine with cube="),
            "{err}"
        );
        let three = RolloutSetup {
            cube: Some(CubeSetup { value: 3, ..cube }),
            ..ok.clone()
        };
        assert!(matches!(
            three.validate(),
            Err(RolloutSetupError::CubeValue { .. })
        ));
        let lonely = RolloutSetup {
            evaluator: Some(EvaluatorName::Net),
            ..ok
        };
        assert_eq!(lonely.validate(), Err(RolloutSetupError::Evaluator));
    }

    #[test]
    fn plies_are_searched_by_the_net_only_and_at_most_two_deep() {
        let pubeval = RolloutSetup {
            plies: [0, 1],
            ..setup()
        };
        let err = pubeval.validate().unwrap_err().to_string();
        assert!(
            err.starts_with("plies=1 cannot be searched by the policy 'pubeval'"),
            "{err}"
        );
        let net = RolloutSetup {
            policies: [
                PolicyName::Builtin(PolicyKind::Net),
                PolicyName::Net("net:0123abcd".into()),
            ],
            plies: [2, 1],
            ..setup()
        };
        assert_eq!(net.validate(), Ok(()));
        let deep = RolloutSetup {
            plies: [3, 0],
            ..net.clone()
        };
        assert!(deep
            .validate()
            .unwrap_err()
            .to_string()
            .contains("too deep"));
        let m = net.mismatches(&RolloutSetup {
            plies: [0, 0],
            ..net.clone()
        });
        assert_eq!(
            m,
            vec![Mismatch {
                field: "plies",
                here: "(2, 1)".into(),
                there: "(0, 0)".into()
            }]
        );
        let m = net.mismatches(&RolloutSetup {
            prune: 0,
            ..net.clone()
        });
        assert_eq!(
            m,
            vec![Mismatch {
                field: "prune",
                here: DEFAULT_PRUNE_KEEP.to_string(),
                there: "0".into()
            }]
        );
    }

    #[test]
    fn mismatches_name_each_field_with_both_values() {
        let a = setup();
        assert!(a.mismatches(&a.clone()).is_empty());
        let b = RolloutSetup {
            seed: 2,
            quasi_random: false,
            ..a.clone()
        };
        let m = a.mismatches(&b);
        assert_eq!(
            m,
            vec![
                Mismatch {
                    field: "seed",
                    here: "1".into(),
                    there: "2".into()
                },
                Mismatch {
                    field: "quasi_random",
                    here: "True".into(),
                    there: "False".into()
                },
            ]
        );
    }
}
