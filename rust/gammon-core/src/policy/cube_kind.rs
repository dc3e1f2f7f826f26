//! The built-in cube policies by name: [`CubePolicyKind`] (`"never"`, `"race"`, `"net"`) and
//! [`BackgammonCubePolicy`], the policy of a name chosen at run time.
//!
//! Its own module because `"net"` is a [`JanowskiCube`], which is written against the trait of
//! `cube`: the names sit above both.

use std::fmt;
use std::str::FromStr;

use crate::base::variant::{RulesFamily, Variant};
use crate::policy::cube::{CubeContext, CubePolicy, KeithRace, NeverDouble, Response};
use crate::policy::cube_searched::SearchedCube;
use crate::policy::janowski::JanowskiCube;
use crate::policy::PolicyStop;
use crate::rules::backgammon::Backgammon;
use crate::scoring::cube::CubeOffer;

/// The built-in cube policies by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CubePolicyKind {
    /// [`NeverDouble`]: `"never"`.
    Never,
    /// [`KeithRace`]: `"race"`.
    Race,
    /// [`JanowskiCube`] over the shipped backgammon net: `"net"`. Standard backgammon and
    /// nackgammon (the net was trained on standard backgammon; nackgammon keeps its rules and
    /// its 15 checkers a side, so the same net is asked), not hypergammon or Long Nardy.
    Net,
}

/// The text names no built-in cube policy, or the policy does not play that variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CubePolicyError {
    /// No built-in cube policy has this name.
    #[error("unknown cube policy {0:?}; built-in cube policies: never, race, net")]
    Unknown(String),
    /// The policy does not play this variant ([`CubePolicyKind::plays`] says which it plays).
    #[error("the {policy} cube policy plays {} only, not {variant}", policy.plays())]
    Unsupported {
        /// The policy asked for.
        policy: CubePolicyKind,
        /// The variant it cannot play.
        variant: Variant,
    },
}

impl CubePolicyKind {
    /// Every built-in cube policy.
    pub const ALL: [CubePolicyKind; 3] = [
        CubePolicyKind::Never,
        CubePolicyKind::Race,
        CubePolicyKind::Net,
    ];

    /// The name: `"never"`, `"race"` or `"net"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            CubePolicyKind::Never => "never",
            CubePolicyKind::Race => "race",
            CubePolicyKind::Net => "net",
        }
    }

    /// The variants the policy plays, in words (for error messages).
    #[must_use]
    pub const fn plays(self) -> &'static str {
        match self {
            CubePolicyKind::Never => "every variant",
            CubePolicyKind::Race => "backgammon variants",
            CubePolicyKind::Net => "backgammon and nackgammon (the variants of its net)",
        }
    }

    /// Whether the policy plays `variant`.
    #[must_use]
    pub const fn supports(self, variant: Variant) -> bool {
        match self {
            CubePolicyKind::Never => true,
            CubePolicyKind::Race => matches!(variant.family(), RulesFamily::Backgammon),
            CubePolicyKind::Net => matches!(variant, Variant::Backgammon | Variant::Nackgammon),
        }
    }

    /// Checks that the policy plays `variant`.
    ///
    /// # Errors
    /// [`CubePolicyError::Unsupported`].
    pub fn check(self, variant: Variant) -> Result<(), CubePolicyError> {
        if self.supports(variant) {
            Ok(())
        } else {
            Err(CubePolicyError::Unsupported {
                policy: self,
                variant,
            })
        }
    }
}

impl fmt::Display for CubePolicyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CubePolicyKind {
    type Err = CubePolicyError;

    /// Reads a cube policy name (any case).
    ///
    /// # Errors
    /// [`CubePolicyError::Unknown`].
    fn from_str(s: &str) -> Result<CubePolicyKind, CubePolicyError> {
        let key = s.trim().to_ascii_lowercase();
        CubePolicyKind::ALL
            .into_iter()
            .find(|k| k.name() == key)
            .ok_or_else(|| CubePolicyError::Unknown(s.to_string()))
    }
}

/// A built-in backgammon cube policy chosen at run time (cheap to clone: the net is shared).
#[derive(Clone, Debug)]
pub enum BackgammonCubePolicy {
    /// [`NeverDouble`].
    Never(NeverDouble),
    /// [`KeithRace`].
    Race(KeithRace),
    /// [`JanowskiCube`] over the shipped net.
    Net(JanowskiCube),
    /// The net's cube policy searched 1 or 2 plies deep ([`BackgammonCubePolicy::with_plies`]).
    Searched(SearchedCube),
}

impl BackgammonCubePolicy {
    /// The policy deciding `plies` deep where it is the net's ([`SearchedCube`]; 0: the plain
    /// net), else itself (a caller checks that only the net is asked to search).
    #[must_use]
    pub fn with_plies(self, plies: u32) -> BackgammonCubePolicy {
        match self {
            BackgammonCubePolicy::Net(p) if plies > 0 => {
                BackgammonCubePolicy::Searched(SearchedCube::new(p, plies))
            }
            BackgammonCubePolicy::Searched(p) if plies == 0 => {
                BackgammonCubePolicy::Net(p.inner().clone())
            }
            BackgammonCubePolicy::Searched(p) => {
                BackgammonCubePolicy::Searched(SearchedCube::new(p.inner().clone(), plies))
            }
            other => other,
        }
    }

    /// How deep the policy searches its decisions (0 but for a searched net).
    #[must_use]
    pub fn plies(&self) -> u32 {
        match self {
            BackgammonCubePolicy::Searched(p) => p.plies(),
            _ => 0,
        }
    }
}

impl From<CubePolicyKind> for BackgammonCubePolicy {
    fn from(kind: CubePolicyKind) -> BackgammonCubePolicy {
        match kind {
            CubePolicyKind::Never => BackgammonCubePolicy::Never(NeverDouble),
            CubePolicyKind::Race => BackgammonCubePolicy::Race(KeithRace),
            // The shipped weights are checked by the tests (and by the bindings before a
            // run); should they ever fail to read, the race policy decides rather than a panic.
            CubePolicyKind::Net => match JanowskiCube::shipped_net() {
                Ok(p) => BackgammonCubePolicy::Net(p),
                Err(_) => BackgammonCubePolicy::Race(KeithRace),
            },
        }
    }
}

impl CubePolicy<Backgammon> for BackgammonCubePolicy {
    #[inline]
    fn offer_double(&self, ctx: &CubeContext<'_, Backgammon>) -> Result<bool, PolicyStop> {
        match self {
            BackgammonCubePolicy::Never(p) => p.offer_double(ctx),
            BackgammonCubePolicy::Race(p) => p.offer_double(ctx),
            BackgammonCubePolicy::Net(p) => p.offer_double(ctx),
            BackgammonCubePolicy::Searched(p) => p.offer_double(ctx),
        }
    }

    #[inline]
    fn respond(
        &self,
        ctx: &CubeContext<'_, Backgammon>,
        offer: &CubeOffer,
        may_redouble: bool,
    ) -> Result<Response, PolicyStop> {
        match self {
            BackgammonCubePolicy::Never(p) => p.respond(ctx, offer, may_redouble),
            BackgammonCubePolicy::Race(p) => p.respond(ctx, offer, may_redouble),
            BackgammonCubePolicy::Net(p) => p.respond(ctx, offer, may_redouble),
            BackgammonCubePolicy::Searched(p) => p.respond(ctx, offer, may_redouble),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::color::Color;
    use crate::rules::backgammon::bg;
    use crate::scoring::cube::{CubeRules, CubeState};
    use crate::scoring::scoreboard::{MatchScore, Scoreboard};

    #[test]
    fn cube_policy_names_parse_and_check_variants() {
        for k in CubePolicyKind::ALL {
            assert_eq!(k.name().parse::<CubePolicyKind>(), Ok(k));
        }
        assert_eq!(" Race ".parse::<CubePolicyKind>(), Ok(CubePolicyKind::Race));
        assert!(matches!(
            "gnubg".parse::<CubePolicyKind>(),
            Err(CubePolicyError::Unknown(_))
        ));
        assert!(CubePolicyKind::Race.check(Variant::LongNardy).is_err());
        assert!(CubePolicyKind::Never.check(Variant::LongNardy).is_ok());
        assert!(CubePolicyKind::Race.check(Variant::Hypergammon3).is_ok());
        // The net was trained on standard backgammon: nackgammon yes, hypergammon no.
        assert!(CubePolicyKind::Net.check(Variant::Backgammon).is_ok());
        assert!(CubePolicyKind::Net.check(Variant::Nackgammon).is_ok());
        let e = CubePolicyKind::Net
            .check(Variant::Hypergammon3)
            .unwrap_err();
        assert!(e.to_string().contains("nackgammon"), "{e}");
        assert!(CubePolicyKind::Net.check(Variant::LongNardy).is_err());
        assert!(matches!(
            BackgammonCubePolicy::from(CubePolicyKind::Net),
            BackgammonCubePolicy::Net(_)
        ));
    }

    fn ctx<'a>(
        pos: &'a Backgammon,
        player: Color,
        cube: CubeState,
        rules: &'a CubeRules,
        board: &'a Scoreboard,
    ) -> CubeContext<'a, Backgammon> {
        CubeContext {
            position: pos,
            player,
            cube,
            rules,
            board,
        }
    }

    #[test]
    fn cube4_cube6_the_net_cube_doubles_a_won_race_and_the_opponent_drops_it() {
        let net = BackgammonCubePolicy::from(CubePolicyKind::Net);
        let rules = CubeRules::default();
        let money = Scoreboard::Money;
        let centred = CubeState::default();
        let offer = centred.offer(Color::White);
        // Every roll but 2-1 bears the last two checkers (3 and 1 points) off; the opponent wins at once
        // if ever on roll: 94% with no gammons, past the cash point.
        let pos = bg(&[(3, 1), (1, 1)], &[(1, 1)]);
        assert_eq!(
            net.offer_double(&ctx(&pos, Color::White, centred, &rules, &money)),
            Ok(true)
        );
        assert_eq!(
            net.respond(
                &ctx(&pos, Color::Black, centred, &rules, &money),
                &offer,
                false
            ),
            Ok(Response::Drop)
        );
        // The opening position: nobody doubles; a double is taken, and beavered where the
        // rules allow it (CUBE-12: the doubler's equity after the take is below 0).
        let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
        let c = ctx(&start, Color::White, centred, &rules, &money);
        assert_eq!(net.offer_double(&c), Ok(false));
        let c = ctx(&start, Color::Black, centred, &rules, &money);
        assert_eq!(net.respond(&c, &offer, false), Ok(Response::Take));
        assert_eq!(net.respond(&c, &offer, true), Ok(Response::Redouble));
        let owned = CubeState {
            value: 2,
            owner: Some(Color::White),
        };
        // The owner of the cube redoubles the same position (CUBE-7).
        assert_eq!(
            net.offer_double(&ctx(&pos, Color::White, owned, &rules, &money)),
            Ok(true)
        );
    }

    #[test]
    fn match3_match7_the_net_cube_in_matches() {
        let net = BackgammonCubePolicy::from(CubePolicyKind::Net);
        let rules = CubeRules::default().for_match();
        let pos = bg(&[(3, 1), (1, 1)], &[(1, 1)]);
        let centred = CubeState::default();
        // 2-away 2-away (3-3 in a 5-point match): a sure-ish win is doubled out.
        let mut m = MatchScore::new(5, true).unwrap();
        m.score.white = 3;
        m.score.black = 3;
        let board = Scoreboard::Match(m);
        assert_eq!(
            net.offer_double(&ctx(&pos, Color::White, centred, &rules, &board)),
            Ok(true)
        );
        // Post-Crawford, White needing 1: the cube is dead for White (MATCH-7), no double;
        // and Black, doubled at 4-3, takes since a drop loses the match.
        m.score.white = 4;
        m.post_crawford = true;
        let board = Scoreboard::Match(m);
        assert_eq!(
            net.offer_double(&ctx(&pos, Color::White, centred, &rules, &board)),
            Ok(false)
        );
        let offer = centred.offer(Color::White);
        assert_eq!(
            net.respond(
                &ctx(&pos, Color::Black, centred, &rules, &board),
                &offer,
                false
            ),
            Ok(Response::Take)
        );
    }
}
