//! Games the shipped backgammon net plays against itself at 0 ply, for the tests of the
//! searches (the checker-play search and the cube search).

use crate::base::color::Color;
use crate::base::dice::Dice;
use crate::base::rng::{game_stream, Stream};
use crate::base::variant::{RulesFamily, Variant};
use crate::policy::{NetPolicy, Policy};
use crate::rules::backgammon::Backgammon;
use crate::rules::position::Position;
use rand_core::Rng;

/// One turn of [`net_turns`].
pub(crate) struct Turn {
    /// The position on roll.
    pub(crate) before: Backgammon,
    /// Its roll.
    pub(crate) dice: Dice,
    /// How many plays the roll has (0: the turn passes).
    pub(crate) plays: usize,
    /// The position after the net's play (or the pass).
    pub(crate) after: Backgammon,
}

/// The turns of games the shipped net plays against itself at 0 ply from the standard start,
/// White first, the dice and the net's choices drawn from game 0's stream of choices of
/// `seed`. A game starts again from the start once it is over or `restart` says so of the
/// position after a turn (that turn is still yielded). Endless.
pub(crate) fn net_turns(
    seed: u64,
    restart: impl Fn(&Backgammon) -> bool,
) -> impl Iterator<Item = Turn> {
    let net = NetPolicy::shipped(RulesFamily::Backgammon).unwrap();
    let mut rng = game_stream(seed, 0, Stream::Choices);
    let start = Backgammon::start(Variant::Backgammon, Color::White).unwrap();
    let mut pos = start;
    std::iter::from_fn(move || {
        let mut die = || (rng.next_u32() % 6 + 1) as u8;
        let dice = Dice::new(die(), die()).unwrap();
        let plays = pos.legal_plays(dice);
        let before = pos;
        let after = match plays.len() {
            0 => pos.pass_turn(),
            _ => pos.play_unchecked(&plays[net.choose(&pos, dice, &plays, &mut rng).unwrap()]),
        };
        pos = if after.is_game_over() || restart(&after) {
            start
        } else {
            after
        };
        Some(Turn {
            before,
            dice,
            plays: plays.len(),
            after,
        })
    })
}
