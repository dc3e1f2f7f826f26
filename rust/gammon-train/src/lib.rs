//! TD(λ) self-play training of gammon's evaluator nets ([`gammon_core::eval::net`]).
//!
//! The method is Tesauro's TD-Gammon (G. Tesauro, "Practical Issues in Temporal Difference
//! Learning", Machine Learning 8, 1992; "Temporal Difference Learning and TD-Gammon", CACM
//! 38(3), 1995): the net plays both sides, choosing at each roll the play whose resulting
//! position (the *after-state*) it values highest, and each after-state's value is moved
//! towards the values of the after-states that follow it. gammon uses the offline λ-return
//! form of TD(λ) (Sutton & Barto, *Reinforcement Learning: An Introduction*, 2nd ed., §12.1):
//! at the end of each game the λ-return of every after-state is computed backwards from the
//! game's result, `G_t = (1 − λ) V(s_{t+1}) + λ G_{t+1}`, and the net takes one gradient step
//! per after-state towards it. With the weights fixed during a game this is the same update
//! as accumulating TD(λ)'s eligibility traces over the game, at the cost of a sparse
//! backward pass instead of a dense trace update per move.
//!
//! Exact values replace the net's where they are known: a play that ends the game is worth
//! its result, and (backgammon) a play reaching a bear-off is worth the bear-off databases'
//! value; the game then ends there for training.
//!
//! Everything depends on the config and the game index only: game `g` takes its dice from
//! `GameDice::new(seed, g, ..)`, so a run stopped at a checkpoint and resumed makes the same
//! weights as an uninterrupted run ([`Trainer::save`], [`Trainer::resume`]).

pub mod judge;
pub mod optim;
pub mod prune;
pub mod supervised;

use std::fmt;
use std::fs;
use std::io::Write;
use std::path::Path;

use gammon_core::encode::Encoding;
use gammon_core::eval::net::{
    finished, outputs_of, probabilities_of, AfterState, Mlp, NetEvaluator, NetPosition, Ranker,
    MAX_HIDDEN, MAX_INPUTS, NET_OUTPUTS,
};
use gammon_core::eval::Probabilities;
use gammon_core::{
    game_stream, mix64, Backgammon, Color, Dice, FirstRoll, GameDice, Nardy, PlayList, Policy,
    Pubeval, Random, RulesFamily, Stream, Variant,
};

/// A training configuration, read from a `key = value` file (`#` starts a comment).
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// `variant`: `backgammon` or `long-nardy`.
    pub variant: Variant,
    /// `encoding` of the contact net: `contact`, `tdgammon` or `nardy`.
    pub encoding: Encoding,
    /// `hidden`: hidden units of the contact net.
    pub hidden: usize,
    /// `race_hidden`: hidden units of the race net (backgammon; 0 = no race net).
    pub race_hidden: usize,
    /// `seed`: the seed of the initial weights and of every game's dice.
    pub seed: u64,
    /// `games`: games to train in all (0 = until stopped).
    pub games: u64,
    /// `lambda`: TD(λ)'s λ.
    pub lambda: f32,
    /// `alpha`: the learning rate at the start.
    pub alpha: f32,
    /// `alpha_final`: the learning rate it decays towards.
    pub alpha_final: f32,
    /// `alpha_decay_games`: games over which `alpha - alpha_final` shrinks by a factor e.
    pub alpha_decay_games: f64,
    /// `init_scale`: initial weights are uniform in ±`init_scale` / sqrt(fan-in).
    pub init_scale: f32,
    /// `checkpoint_seconds`: seconds between checkpoints.
    pub checkpoint_seconds: u64,
    /// `eval_every`: games between strength measurements (0 = never).
    pub eval_every: u64,
    /// `eval_games`: games of each strength measurement (pairs with seats swapped).
    pub eval_games: u64,
    /// `snapshot_every`: games between snapshots, copies of the checkpoint kept as
    /// `RUN_DIR/snapshots/games-N.bin` (0 = none). Taken at fixed game counts, so the
    /// snapshots (and a weight average of them) are the same whenever and however often the
    /// run is interrupted.
    pub snapshot_every: u64,
    /// `init_from`: a weights file or checkpoint whose nets start the run instead of random
    /// weights ([`Trainer::warm_start`]); the path is part of the fingerprint.
    pub init_from: Option<String>,
}

/// A config file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("config line {line}: {message}")]
pub struct ConfigError {
    /// 1-based line number (0 for the whole file).
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

impl Config {
    /// Parses a config file's text. Every key is required except `race_hidden` (0),
    /// `checkpoint_seconds` (300), `eval_every` (0), `eval_games` (2000), `snapshot_every` (0)
    /// and `init_from` (none).
    ///
    /// # Errors
    /// [`ConfigError`] naming the line and the key.
    pub fn parse(text: &str) -> Result<Config, ConfigError> {
        let mut kv = std::collections::BTreeMap::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let Some((k, v)) = line.split_once('=') else {
                return Err(ConfigError {
                    line: i + 1,
                    message: format!("expected key = value, got {line:?}"),
                });
            };
            let k = k.trim().to_string();
            if kv
                .insert(k.clone(), (i + 1, v.trim().to_string()))
                .is_some()
            {
                return Err(ConfigError {
                    line: i + 1,
                    message: format!("{k} is set twice"),
                });
            }
        }
        fn get<T: std::str::FromStr>(
            kv: &mut std::collections::BTreeMap<String, (usize, String)>,
            key: &str,
            default: Option<T>,
        ) -> Result<T, ConfigError> {
            match kv.remove(key) {
                Some((line, v)) => v.parse().map_err(|_| ConfigError {
                    line,
                    message: format!("{key} = {v:?} is not a valid value"),
                }),
                None => default.ok_or(ConfigError {
                    line: 0,
                    message: format!("{key} is missing"),
                }),
            }
        }
        let variant_text: String = get(&mut kv, "variant", None)?;
        let variant = match variant_text.as_str() {
            "backgammon" => Variant::Backgammon,
            "long-nardy" => Variant::LongNardy,
            v => {
                return Err(ConfigError {
                    line: 0,
                    message: format!("variant {v:?}: backgammon or long-nardy"),
                })
            }
        };
        let enc_text: String = get(&mut kv, "encoding", None)?;
        let encoding = Encoding::from_name(&enc_text)
            .filter(|e| e.supports(variant))
            .ok_or(ConfigError {
                line: 0,
                message: format!("encoding {enc_text:?} does not exist or does not fit {variant}"),
            })?;
        let c = Config {
            variant,
            encoding,
            hidden: get(&mut kv, "hidden", None)?,
            race_hidden: get(&mut kv, "race_hidden", Some(0))?,
            seed: get(&mut kv, "seed", None)?,
            games: get(&mut kv, "games", None)?,
            lambda: get(&mut kv, "lambda", None)?,
            alpha: get(&mut kv, "alpha", None)?,
            alpha_final: get(&mut kv, "alpha_final", None)?,
            alpha_decay_games: get(&mut kv, "alpha_decay_games", None)?,
            init_scale: get(&mut kv, "init_scale", None)?,
            checkpoint_seconds: get(&mut kv, "checkpoint_seconds", Some(300))?,
            eval_every: get(&mut kv, "eval_every", Some(0))?,
            eval_games: get(&mut kv, "eval_games", Some(2000))?,
            snapshot_every: get(&mut kv, "snapshot_every", Some(0))?,
            init_from: kv.remove("init_from").map(|(_, v)| v),
        };
        if let Some((k, (line, _))) = kv.into_iter().next() {
            return Err(ConfigError {
                line,
                message: format!("unknown key {k}"),
            });
        }
        let bad = |m: &str| {
            Err(ConfigError {
                line: 0,
                message: m.to_string(),
            })
        };
        if !(1..=MAX_HIDDEN).contains(&c.hidden) || c.race_hidden > MAX_HIDDEN {
            return bad("hidden units must be 1..=256 (race_hidden 0..=256)");
        }
        if c.variant == Variant::LongNardy && c.race_hidden > 0 {
            return bad("Long Nardy has no race net: race_hidden must be 0");
        }
        if !(0.0..=1.0).contains(&c.lambda) {
            return bad("lambda must be in [0, 1]");
        }
        if c.alpha <= 0.0 || c.alpha_final < 0.0 || c.alpha_decay_games <= 0.0 {
            return bad("alpha must be > 0, alpha_final >= 0, alpha_decay_games > 0");
        }
        Ok(c)
    }

    /// The learning rate of game `g`.
    #[must_use]
    pub fn alpha_at(&self, g: u64) -> f32 {
        let decay = (-(g as f64) / self.alpha_decay_games).exp() as f32;
        self.alpha_final + (self.alpha - self.alpha_final) * decay
    }

    /// A fingerprint of the settings that shape the weights (not the checkpoint interval,
    /// the evaluation and snapshot schedules nor the total games, which may change between sessions of a
    /// run): a checkpoint is resumed only under the same fingerprint.
    #[must_use]
    pub fn fingerprint(&self) -> u64 {
        let text = format!(
            "{}|{}|{}|{}|{}|{}|{}|{}|{}|{}",
            self.variant,
            self.encoding.name(),
            self.hidden,
            self.race_hidden,
            self.seed,
            self.lambda,
            self.alpha,
            self.alpha_final,
            self.alpha_decay_games,
            self.init_scale
        ) + &self
            .init_from
            .as_ref()
            .map_or(String::new(), |p| format!("|init_from={p}"));
        // FNV-1a, 64 bit.
        text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
    }
}

/// A small deterministic generator for the initial weights (SplitMix64, with the core's
/// finalizer [`mix64`]).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix64(self.0)
    }
    /// Uniform in [-1, 1).
    fn uniform(&mut self) -> f32 {
        ((self.next() >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }
}

fn random_net(encoding: Encoding, hidden: usize, scale: f32, rng: &mut SplitMix) -> Mlp {
    let mut net = Mlp::zeros(encoding, hidden);
    let s1 = scale / (encoding.units() as f32).sqrt();
    for w in &mut net.w1 {
        *w = s1 * rng.uniform();
    }
    let s2 = scale / (hidden as f32).sqrt();
    for w in &mut net.w2 {
        *w = s2 * rng.uniform();
    }
    net
}

/// Copies `src` into the larger `dst` ([`Trainer::warm_start`], [`grow_contact`]).
fn grow_into(src: &Mlp, dst: &mut Mlp) -> Result<(), String> {
    if !dst.encoding.extends(src.encoding) {
        return Err(format!(
            "a {} net cannot grow into a {} net",
            src.encoding.name(),
            dst.encoding.name()
        ));
    }
    if src.hidden > dst.hidden {
        return Err(format!(
            "{} hidden units do not fit in {}",
            src.hidden, dst.hidden
        ));
    }
    let (hs, hd) = (src.hidden, dst.hidden);
    for i in 0..dst.inputs() {
        let row = &mut dst.w1[i * hd..(i + 1) * hd];
        if i < src.inputs() {
            row[..hs].copy_from_slice(&src.w1[i * hs..(i + 1) * hs]);
        } else {
            row[..hs].fill(0.0);
        }
    }
    dst.b1.fill(0.0);
    dst.b1[..hs].copy_from_slice(&src.b1);
    for k in 0..NET_OUTPUTS {
        let row = &mut dst.w2[k * hd..(k + 1) * hd];
        row.fill(0.0);
        row[..hs].copy_from_slice(&src.w2[k * hs..(k + 1) * hs]);
    }
    dst.b2 = src.b2;
    Ok(())
}

/// One after-state of a training game.
#[derive(Clone, Copy)]
struct Step {
    /// Who made the play.
    owner: Color,
    /// The value of the after-state for its owner (the net's, or exact).
    value: Probabilities,
    /// Which net valued it (`None`: exact, not trained).
    net: Option<bool>,
    /// Offset of its encoded input in the game's input buffer.
    at: usize,
}

/// Result of a strength measurement.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Strength {
    /// Games played.
    pub games: u64,
    /// The net's points a game.
    pub ppg: f64,
    /// The net's share of wins.
    pub win_rate: f64,
    /// Standard error of `ppg`.
    pub std_error: f64,
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:+.3} ppg ± {:.3} (win {:.1}%) over {} games",
            self.ppg,
            self.std_error,
            100.0 * self.win_rate,
            self.games
        )
    }
}

/// The state of a training run: its config, its nets and the games done.
pub struct Trainer {
    /// The config.
    pub config: Config,
    /// The nets.
    pub nets: NetEvaluator,
    /// Games trained so far.
    pub games_done: u64,
    inputs: Vec<f32>,
    steps: Vec<Step>,
    targets: Vec<[f32; NET_OUTPUTS]>,
}

/// A checkpoint could not be read or does not belong to the config.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// I/O.
    #[error("checkpoint I/O: {0}")]
    Io(#[from] std::io::Error),
    /// Bad bytes.
    #[error("bad checkpoint: {0}")]
    Bad(String),
    /// Made under other settings.
    #[error("the checkpoint was made under another config (fingerprint {found:#018x}, this config {expected:#018x}): refusing to resume it")]
    OtherConfig {
        /// The checkpoint's fingerprint.
        found: u64,
        /// The config's.
        expected: u64,
    },
}

const CHECKPOINT_MAGIC: [u8; 8] = *b"GAMMONCK";

/// A position type the trainer can play.
pub trait Trainable: NetPosition
where
    NetEvaluator: AfterState<Self>,
{
    /// The start position.
    fn start() -> Self;
    /// How the first roll is made.
    const FIRST: FirstRoll;
}

impl Trainable for Backgammon {
    fn start() -> Self {
        Backgammon::start(Variant::Backgammon, Color::White).unwrap_or_else(|| unreachable!())
    }
    const FIRST: FirstRoll = FirstRoll::Opening;
}

impl Trainable for Nardy {
    fn start() -> Self {
        Nardy::start(Color::White)
    }
    const FIRST: FirstRoll = FirstRoll::Any;
}

impl Trainer {
    /// A fresh run: random initial weights from the config's seed.
    #[must_use]
    pub fn new(config: Config) -> Trainer {
        let mut rng = SplitMix(config.seed ^ 0x0005_eed0_f7e7);
        let contact = random_net(config.encoding, config.hidden, config.init_scale, &mut rng);
        let race = (config.race_hidden > 0).then(|| {
            random_net(
                config.encoding,
                config.race_hidden,
                config.init_scale,
                &mut rng,
            )
        });
        let family = config.variant.family();
        Trainer {
            config,
            nets: NetEvaluator {
                family,
                contact,
                race,
            },
            games_done: 0,
            inputs: Vec::new(),
            steps: Vec::new(),
            targets: Vec::new(),
        }
    }

    /// The checkpoint bytes: magic, fingerprint, games done, the weights file, CRC-32.
    #[must_use]
    pub fn checkpoint_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(&CHECKPOINT_MAGIC);
        out.extend_from_slice(&self.config.fingerprint().to_le_bytes());
        out.extend_from_slice(&self.games_done.to_le_bytes());
        out.extend_from_slice(&self.nets.to_bytes());
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Reads checkpoint bytes: the fingerprint, games done and weights file bytes.
    ///
    /// # Errors
    /// [`CheckpointError::Bad`] for a damaged checkpoint.
    pub fn parse_checkpoint(bytes: &[u8]) -> Result<(u64, u64, NetEvaluator), CheckpointError> {
        if bytes.len() < 28 || bytes[..8] != CHECKPOINT_MAGIC {
            return Err(CheckpointError::Bad("not a gammon-train checkpoint".into()));
        }
        let body = bytes.len() - 4;
        let stored = u32::from_le_bytes(bytes[body..].try_into().unwrap_or([0; 4]));
        if crc32fast::hash(&bytes[..body]) != stored {
            return Err(CheckpointError::Bad("checksum mismatch".into()));
        }
        let fp = u64::from_le_bytes(bytes[8..16].try_into().unwrap_or([0; 8]));
        let games = u64::from_le_bytes(bytes[16..24].try_into().unwrap_or([0; 8]));
        let nets = NetEvaluator::from_bytes(&bytes[24..body])
            .map_err(|e| CheckpointError::Bad(e.to_string()))?;
        Ok((fp, games, nets))
    }

    /// Writes a checkpoint atomically: a temporary file beside `path`, flushed to disk, then
    /// renamed over `path`.
    ///
    /// # Errors
    /// I/O errors.
    pub fn save(&self, path: &Path) -> Result<(), CheckpointError> {
        let tmp = path.with_extension("tmp");
        {
            let mut f = fs::File::create(&tmp)?;
            f.write_all(&self.checkpoint_bytes())?;
            f.sync_all()?;
        }
        fs::rename(&tmp, path)?;
        if let Some(dir) = path.parent() {
            if let Ok(d) = fs::File::open(dir) {
                let _ = d.sync_all();
            }
        }
        Ok(())
    }

    /// Resumes from the checkpoint at `path` if there is one, else starts fresh.
    ///
    /// # Errors
    /// A damaged checkpoint, or one made under another config.
    pub fn resume(config: Config, path: &Path) -> Result<Trainer, CheckpointError> {
        let mut t = Trainer::new(config);
        if path.exists() {
            let (fp, games, nets) = Trainer::parse_checkpoint(&fs::read(path)?)?;
            let expected = t.config.fingerprint();
            if fp != expected {
                return Err(CheckpointError::OtherConfig {
                    found: fp,
                    expected,
                });
            }
            if nets.contact.hidden != t.nets.contact.hidden
                || nets.race.as_ref().map(|r| r.hidden) != t.nets.race.as_ref().map(|r| r.hidden)
            {
                return Err(CheckpointError::Bad(
                    "net sizes differ from the config".into(),
                ));
            }
            t.nets = nets;
            t.games_done = games;
        }
        Ok(t)
    }

    /// Starts the run from trained nets instead of its random weights (the config's
    /// `init_from`), growing them to the config's shape without changing what they compute:
    /// a net on one of [`Encoding::Contact`], [`Encoding::ContactPlus`],
    /// [`Encoding::ContactExt`] and [`Encoding::ContactShape`] may grow into any later one of
    /// them (each is the one before it with units added at the end; the new inputs start with
    /// zero weights), and hidden units may be
    /// added (their input weights stay this run's random ones, their output weights start at
    /// zero). So the grown nets value every position exactly as `from` does, and training
    /// teaches them to use what was added (Net2Net's function-preserving growth: T. Chen, I.
    /// Goodfellow, J. Shlens, "Net2Net: Accelerating Learning via Knowledge Transfer", ICLR
    /// 2016).
    ///
    /// # Errors
    /// When `from` has another rules family, more hidden units, an encoding that is not a
    /// prefix of the config's, or a race net the config lacks (or lacks one it has).
    pub fn warm_start(&mut self, from: &NetEvaluator) -> Result<(), String> {
        if from.family != self.nets.family {
            return Err("init_from: the nets are of another rules family".into());
        }
        let init_from = |e: String| format!("init_from: {e}");
        grow_into(&from.contact, &mut self.nets.contact).map_err(init_from)?;
        match (&from.race, &mut self.nets.race) {
            (Some(src), Some(dst)) => grow_into(src, dst).map_err(init_from)?,
            (None, None) => {}
            _ => {
                return Err("init_from: the race nets do not match the config's race_hidden".into())
            }
        }
        Ok(())
    }

    /// Plays and learns from one game (game number `games_done`), then counts it.
    pub fn train_game(&mut self) {
        match self.config.variant.family() {
            RulesFamily::Backgammon => self.train_game_of::<Backgammon>(),
            RulesFamily::LongNardy => self.train_game_of::<Nardy>(),
        }
        self.games_done += 1;
    }

    fn train_game_of<P: Trainable>(&mut self)
    where
        NetEvaluator: AfterState<P>,
    {
        let g = self.games_done;
        let mut dice = GameDice::new(self.config.seed, g, P::FIRST, None);
        let mut pos = P::start();
        let mut plays: PlayList<P> = PlayList::new();
        self.inputs.clear();
        self.steps.clear();
        let units = self.config.encoding.units();
        let checkers = pos.checkers();
        loop {
            let roll = dice.next_roll();
            pos.legal_plays_into(roll, &mut plays);
            if plays.is_empty() {
                pos = pos.pass_turn();
                if self.steps.len() > 10_000 {
                    break;
                }
                continue;
            }
            let mut best = 0;
            let mut best_value = Probabilities::default();
            let mut best_eq = f32::NEG_INFINITY;
            // Valued incrementally from the position's first-layer sums (as the "net" policy
            // does): the same values as `after_state` up to float rounding.
            let mut ranker = Ranker::new(&self.nets, &pos);
            for (i, play) in plays.iter().enumerate() {
                let v = ranker.value(play.after());
                let e = v.equity();
                if e > best_eq {
                    best_eq = e;
                    best = i;
                    best_value = v;
                }
            }
            let after = plays[best].after();
            let board = after.owner_board();
            let exact = after.checkers_off()[after.turn()] == checkers
                || (self.nets.family == RulesFamily::Backgammon && is_bg_bearoff(&board));
            let net = if exact {
                None
            } else {
                Some(
                    self.nets.race.is_some()
                        && gammon_core::eval::net::is_race(&board)
                        && self.nets.family == RulesFamily::Backgammon,
                )
            };
            let at = self.inputs.len();
            if net.is_some() {
                self.inputs.resize(at + units, 0.0);
                self.config
                    .encoding
                    .encode_into(&board, checkers, false, &mut self.inputs[at..]);
            }
            self.steps.push(Step {
                owner: pos.turn(),
                value: best_value,
                net,
                at,
            });
            if exact || self.steps.len() > 10_000 {
                break;
            }
            pos = pos.play_unchecked(&plays[best]);
        }
        self.learn(g);
    }

    /// The offline λ-return update of the game just played.
    #[allow(clippy::needless_range_loop)] // the indices name the outputs, as in the equations
    fn learn(&mut self, g: u64) {
        let n = self.steps.len();
        if n == 0 {
            return;
        }
        let lambda = self.config.lambda;
        let alpha = self.config.alpha_at(g);
        self.targets.clear();
        self.targets.resize(n, [0.0; NET_OUTPUTS]);
        // The last step's value is its target (exact, or the net's own when cut short).
        let mut ret = outputs_of(&self.steps[n - 1].value);
        self.targets[n - 1] = ret;
        for t in (0..n - 1).rev() {
            let next = &self.steps[t + 1];
            let same = next.owner == self.steps[t].owner;
            let v = outputs_of(&if same { next.value } else { next.value.flip() });
            let r = if same {
                ret
            } else {
                outputs_of(&probabilities_of(&ret).flip())
            };
            let mut g_t = [0f32; NET_OUTPUTS];
            for k in 0..NET_OUTPUTS {
                g_t[k] = (1.0 - lambda) * v[k] + lambda * r[k];
            }
            self.targets[t] = g_t;
            ret = g_t;
        }
        let units = self.config.encoding.units();
        for t in 0..n {
            let Some(race) = self.steps[t].net else {
                continue;
            };
            let at = self.steps[t].at;
            let x = &self.inputs[at..at + units];
            let net = if race {
                self.nets.race.as_mut().unwrap_or_else(|| unreachable!())
            } else {
                &mut self.nets.contact
            };
            sgd_step(net, x, &self.targets[t], alpha);
        }
    }

    /// Trains until `games` games are done in all.
    pub fn train_until(&mut self, games: u64) {
        while self.games_done < games {
            self.train_game();
        }
    }

    /// The net's strength against pubeval (backgammon) or `random` (Long Nardy): `games`
    /// games (rounded up to pairs), each pair with the same dice and the seats swapped, the
    /// net playing at 0 ply. Uses seeds of its own, so it does not change training.
    #[must_use]
    pub fn strength(&self, games: u64, seed: u64) -> Strength {
        match self.config.variant.family() {
            RulesFamily::Backgammon => strength_vs(&self.nets, &Pubeval::new(), games, seed),
            RulesFamily::LongNardy => strength_vs::<Nardy, _>(&self.nets, &Random, games, seed),
        }
    }
}

/// The nets whose every weight is the mean of that weight over `nets` (which must have the same
/// shapes): the average of snapshots of one run along its last stretch of training, which
/// smooths the noise of its last gradient steps (P. Izmailov et al., "Averaging Weights Leads
/// to Wider Optima and Better Generalization", UAI 2018: stochastic weight averaging).
///
/// # Errors
/// No nets, or nets of other families, encodings or sizes.
pub fn average_nets(nets: &[NetEvaluator]) -> Result<NetEvaluator, String> {
    let Some(first) = nets.first() else {
        return Err("no nets to average".into());
    };
    let shape = |n: &NetEvaluator| {
        (
            n.family,
            n.contact.encoding,
            n.contact.hidden,
            n.race.as_ref().map(|r| (r.encoding, r.hidden)),
        )
    };
    if let Some(i) = nets.iter().position(|n| shape(n) != shape(first)) {
        return Err(format!(
            "net {} has another shape than net 0: {:?} against {:?}",
            i,
            shape(&nets[i]),
            shape(first)
        ));
    }
    let k = nets.len() as f32;
    let mean = |get: &dyn Fn(&NetEvaluator) -> &Mlp| -> Mlp {
        let mut m = get(first).clone();
        for v in
            m.w1.iter_mut()
                .chain(m.b1.iter_mut())
                .chain(m.w2.iter_mut())
                .chain(m.b2.iter_mut())
        {
            *v = 0.0;
        }
        for n in nets {
            let src = get(n);
            for (d, s) in m.w1.iter_mut().zip(&src.w1) {
                *d += s / k;
            }
            for (d, s) in m.b1.iter_mut().zip(&src.b1) {
                *d += s / k;
            }
            for (d, s) in m.w2.iter_mut().zip(&src.w2) {
                *d += s / k;
            }
            for (d, s) in m.b2.iter_mut().zip(&src.b2) {
                *d += s / k;
            }
        }
        m
    };
    let contact = mean(&|n: &NetEvaluator| &n.contact);
    let race = first
        .race
        .as_ref()
        .map(|_| mean(&|n: &NetEvaluator| n.race.as_ref().unwrap_or_else(|| unreachable!())));
    Ok(NetEvaluator {
        family: first.family,
        contact,
        race,
    })
}

/// `nets` with the contact net grown to `hidden` units on `encoding` (a later encoding of
/// the chain [`Encoding::extends`] follows, or the net's own), computing exactly what `nets`
/// compute (the grown units' input weights uniform in ±`init_scale`/√inputs from `seed`, their
/// output weights zero, the added inputs' weights zero: Net2Net's function-preserving growth,
/// as [`Trainer::warm_start`]), for a supervised fit to teach what was added (`gammon-train
/// grow`).
///
/// # Errors
/// When `hidden` is fewer units than the contact net has or more than 256, or `encoding` does
/// not extend the net's.
pub fn grow_contact(
    nets: &NetEvaluator,
    hidden: usize,
    encoding: Encoding,
    init_scale: f32,
    seed: u64,
) -> Result<NetEvaluator, String> {
    if hidden > MAX_HIDDEN {
        return Err(format!("hidden={hidden}: at most {MAX_HIDDEN} units"));
    }
    let mut rng = SplitMix(seed ^ 0x0006_a0e5_f7e7);
    let mut contact = random_net(encoding, hidden, init_scale, &mut rng);
    grow_into(&nets.contact, &mut contact)?;
    Ok(NetEvaluator {
        family: nets.family,
        contact,
        race: nets.race.clone(),
    })
}

/// True for a backgammon board (owner's view) that the bear-off databases cover.
fn is_bg_bearoff(b: &[i8; 26]) -> bool {
    b[7..26].iter().all(|&c| c <= 0)
        && b[0..19].iter().all(|&c| c >= 0)
        && b[1..7].iter().any(|&c| c > 0)
        && b[19..25].iter().any(|&c| c < 0)
}

/// The hidden activations of `net` on input `x` and each output's error signal against
/// `target`, `(target − y) y (1 − y)` (the squared error's descent through the sigmoid): the
/// start of [`sgd_step`] and of [`optim::add_direction`].
fn output_deltas(
    net: &Mlp,
    x: &[f32],
    target: &[f32; NET_OUTPUTS],
) -> ([f32; MAX_HIDDEN], [f32; NET_OUTPUTS]) {
    let mut h = [0f32; MAX_HIDDEN];
    net.hidden_into(x, &mut h);
    let y = net.outputs_from_hidden(&h);
    let d_out = std::array::from_fn(|k| (target[k] - y[k]) * y[k] * (1.0 - y[k]));
    (h, d_out)
}

/// One gradient step of `net` on input `x` towards `target` (TD-Gammon's update:
/// `w += α (target − y) ∂y/∂w`, summed over the outputs).
#[allow(clippy::needless_range_loop)] // the indices name the units, as in the equations
pub fn sgd_step(net: &mut Mlp, x: &[f32], target: &[f32; NET_OUTPUTS], alpha: f32) {
    let hn = net.hidden;
    let (h, d_out) = output_deltas(net, x, target);
    let mut d_hid = [0f32; MAX_HIDDEN];
    for k in 0..NET_OUTPUTS {
        let row = &mut net.w2[k * hn..(k + 1) * hn];
        let d = d_out[k];
        for j in 0..hn {
            d_hid[j] += d * row[j];
            row[j] += alpha * d * h[j];
        }
        net.b2[k] += alpha * d;
    }
    for j in 0..hn {
        d_hid[j] *= h[j] * (1.0 - h[j]) * alpha;
        net.b1[j] += d_hid[j];
    }
    for (i, &xi) in x.iter().enumerate() {
        if xi != 0.0 {
            let row = &mut net.w1[i * hn..(i + 1) * hn];
            for (w, &d) in row.iter_mut().zip(&d_hid[..hn]) {
                *w += xi * d;
            }
        }
    }
    let _ = MAX_INPUTS;
}

/// The net (0 ply) against `opponent`: pairs of games with the same dice, seats swapped.
pub fn strength_vs<P, O>(nets: &NetEvaluator, opponent: &O, games: u64, seed: u64) -> Strength
where
    P: Trainable,
    NetEvaluator: AfterState<P>,
    O: Policy<P>,
{
    let mut plays: PlayList<P> = PlayList::new();
    let pairs = games.div_ceil(2);
    let mut sum = 0f64;
    let mut sum2 = 0f64;
    let mut wins = 0u64;
    let mut n = 0u64;
    for pair in 0..pairs {
        let mut pair_points = 0f64;
        for net_color in [Color::White, Color::Black] {
            let mut dice = GameDice::new(seed, pair, P::FIRST, None);
            let mut rng = game_stream(seed, pair, Stream::Choices);
            let mut pos = P::start();
            let mut plies = 0;
            let result = loop {
                if let Some(o) = pos.outcome() {
                    break Some(o);
                }
                plies += 1;
                if plies > 20_000 {
                    break None;
                }
                let roll: Dice = dice.next_roll();
                pos.legal_plays_into(roll, &mut plays);
                let i = match plays.len() {
                    0 => {
                        pos = pos.pass_turn();
                        continue;
                    }
                    1 => 0,
                    _ if pos.turn() == net_color => nets.best_play_from(&pos, plays.as_slice()),
                    _ => opponent.choose(&pos, roll, &plays, &mut rng).unwrap_or(0),
                };
                pos = pos.play_unchecked(&plays[i]);
            };
            let Some(o) = result else { continue };
            let pts = f64::from(o.points());
            let won = o.winner == net_color;
            if won {
                wins += 1;
            }
            let s = if won { pts } else { -pts };
            pair_points += s;
            n += 1;
        }
        sum += pair_points;
        sum2 += pair_points * pair_points;
    }
    let ppg = sum / n.max(1) as f64;
    // Pairs are the independent units: the error of the mean of pair sums, halved.
    let pm = sum / pairs.max(1) as f64;
    let var = (sum2 / pairs.max(1) as f64 - pm * pm).max(0.0);
    Strength {
        games: n,
        ppg,
        win_rate: wins as f64 / n.max(1) as f64,
        std_error: (var / pairs.max(1) as f64).sqrt() / 2.0,
    }
}

/// The probabilities of a finished game for `me` (re-exported for tests).
#[must_use]
pub fn finished_for(winner: Color, kind: gammon_core::OutcomeKind, me: Color) -> Probabilities {
    finished(winner, kind, me)
}
