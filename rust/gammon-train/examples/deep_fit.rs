//! An experiment, not a product: does a second hidden layer let the 0-ply contact net hold
//! the 2-ply search's choices that the one-layer net cannot?
//!
//! The ranking fits (`gammon-train fit ... loss=rank`) stop at about 83-85% agreement with the
//! teacher's best sibling on the *training* decisions as on the held-out ones: the one-layer
//! net underfits, and wider one-layer nets did no better (train/README.md). Here the contact
//! net of INIT gets a second sigmoid layer of `h2` units between its hidden layer and its
//! outputs, the outputs reading both layers (a skip connection), the new output weights zero:
//! the deep net starts as INIT's values exactly. Then the same ranking loss as `rank_epoch`
//! (listwise cross-entropy at `temp` plus `beta` times the squared error), one plain gradient
//! step a sibling through both layers; race boards step INIT's race net as `fit` does.
//! `h2=0` runs the one-layer fit through the same code: the baseline.
//!
//! ```text
//! cargo run --release -p gammon-train --example deep_fit -- INIT LABELLERS LABELS[,..] JUDGE_DB \
//!     [h2=32 epochs=12 alpha=0.003 alpha_final=0.0005 beta=1 temp=0.05 seed=1 holdout=20
//!      init=1 deep_alpha=1 sane=0 skip_race=0 skip_crashed=0 avg=0 scratch=0]
//! ```
//!
//! LABELLERS are the nets that played the labels files' games (`gammon-train fit`'s
//! `labeller=`). `sane=1` ranks by the equity the policy ranks by (`sanity`'s zeros applied;
//! the ranking term off the outputs they zero); `skip_race=1` and `skip_crashed=1` leave out
//! the training decisions whose first sibling is a race or (gnubg's class) crashed; `avg=K`
//! also reports the mean weights of the last K epochs; `scratch=H` starts the contact net
//! from random weights with `H` units in its first layer (a net trained from scratch on the
//! labels, the race net still INIT's). With `h2=0` each epoch's nets are
//! written to `$OUT-E.gnet` (`OUT` from the environment, `deep` by default), the mean to
//! `$OUT-avgK.gnet`.
//!
//! Prints, each epoch, the held-out and (as many) training decisions' agreement with the
//! labels' best sibling and what the choices lose by the labels, and the mean loss on the
//! judged decisions (`gammon-train judge`'s, at 0 ply; exact values for game ends and
//! bear-offs as the nets' policy), by class.

use std::collections::HashMap;
use std::fs;

use gammon_core::eval::net::{
    is_race, probabilities_of, sanity, sigmoid, AfterState, Mlp, NetEvaluator, NetPosition,
    MAX_HIDDEN, NET_OUTPUTS,
};
use gammon_core::{position_id, Backgammon, PlayList, Position, RulesFamily};
use gammon_train::judge::{mean_se, parse_db, Decision};
use gammon_train::supervised::{
    equity_of, nets_crc, read_labels, shuffled, sibling_groups, softmax, RankLoss, Sample,
    EQUITY_WEIGHTS,
};
use gammon_train::{average_nets, sgd_step};

const MAX_H2: usize = 256;

/// The contact net with a second hidden layer.
#[derive(Clone)]
struct Deep {
    /// Layer 1 (`w1`, `b1`), the outputs' weights on layer 1 (`w2`, the skip) and biases.
    base: Mlp,
    h2: usize,
    /// Layer 2, unit-major: unit `j`'s weights on layer 1 are `u[j * hidden..(j + 1) * hidden]`.
    u: Vec<f32>,
    c: Vec<f32>,
    /// The outputs' weights on layer 2, output-major.
    v: Vec<f32>,
}

struct Acts {
    h: [f32; MAX_HIDDEN],
    g: [f32; MAX_H2],
    y: [f32; NET_OUTPUTS],
}

impl Deep {
    /// `scratch`: layer 1 and the outputs' weights drawn at random too (a net trained from
    /// scratch) instead of `base`'s values.
    fn new(mut base: Mlp, h2: usize, init: f32, seed: u64, scratch: bool) -> Deep {
        let hn = base.hidden;
        let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut rnd = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        };
        let scale = init / (hn as f32).sqrt();
        let mut v = vec![0.0; NET_OUTPUTS * h2];
        if scratch {
            // About 30 of the inputs are non-zero: the first layer's sums start near ±init.
            let s1 = init / 30f32.sqrt();
            base.w1.iter_mut().for_each(|w| *w = rnd() * s1);
            base.b1.iter_mut().for_each(|w| *w = 0.0);
            base.w2.iter_mut().for_each(|w| *w = rnd() * scale);
            base.b2 = [0.0; NET_OUTPUTS];
            let s2 = init / (h2.max(1) as f32).sqrt();
            v.iter_mut().for_each(|w| *w = rnd() * s2);
        }
        Deep {
            u: (0..h2 * hn).map(|_| rnd() * scale).collect(),
            c: vec![0.0; h2],
            v,
            h2,
            base,
        }
    }

    fn forward(&self, x: &[f32]) -> Acts {
        let hn = self.base.hidden;
        let mut a = Acts {
            h: [0.0; MAX_HIDDEN],
            g: [0.0; MAX_H2],
            y: [0.0; NET_OUTPUTS],
        };
        self.base.hidden_into(x, &mut a.h);
        let h = &a.h[..hn];
        for j in 0..self.h2 {
            let row = &self.u[j * hn..(j + 1) * hn];
            let s: f32 = row.iter().zip(h).map(|(w, x)| w * x).sum();
            a.g[j] = sigmoid(self.c[j] + s);
        }
        for k in 0..NET_OUTPUTS {
            let skip: f32 = self.base.w2[k * hn..(k + 1) * hn]
                .iter()
                .zip(h)
                .map(|(w, x)| w * x)
                .sum();
            let deep: f32 = self.v[k * self.h2..(k + 1) * self.h2]
                .iter()
                .zip(&a.g[..self.h2])
                .map(|(w, x)| w * x)
                .sum();
            a.y[k] = sigmoid(self.base.b2[k] + skip + deep);
        }
        a
    }

    /// One step towards `target` (`w += α (target − y) ∂y/∂w`), the new layer's weights at
    /// `deep_alpha` times `alpha`.
    #[allow(clippy::needless_range_loop)] // the indices name the units, as in the equations
    fn step(&mut self, x: &[f32], target: &[f32; NET_OUTPUTS], alpha: f32, deep_alpha: f32) {
        let hn = self.base.hidden;
        let h2 = self.h2;
        let a = self.forward(x);
        let d_out: [f32; NET_OUTPUTS] =
            std::array::from_fn(|k| (target[k] - a.y[k]) * a.y[k] * (1.0 - a.y[k]));
        let mut d_g = [0f32; MAX_H2];
        let mut d_h = [0f32; MAX_HIDDEN];
        let ad = alpha * deep_alpha;
        for k in 0..NET_OUTPUTS {
            let d = d_out[k];
            let row = &mut self.v[k * h2..(k + 1) * h2];
            for j in 0..h2 {
                d_g[j] += d * row[j];
                row[j] += ad * d * a.g[j];
            }
            let row = &mut self.base.w2[k * hn..(k + 1) * hn];
            for j in 0..hn {
                d_h[j] += d * row[j];
                row[j] += alpha * d * a.h[j];
            }
            self.base.b2[k] += alpha * d;
        }
        for j in 0..h2 {
            let dg = d_g[j] * a.g[j] * (1.0 - a.g[j]);
            let row = &mut self.u[j * hn..(j + 1) * hn];
            for i in 0..hn {
                d_h[i] += dg * row[i];
                row[i] += ad * dg * a.h[i];
            }
            self.c[j] += ad * dg;
        }
        for j in 0..hn {
            d_h[j] *= a.h[j] * (1.0 - a.h[j]) * alpha;
            self.base.b1[j] += d_h[j];
        }
        for (i, &xi) in x.iter().enumerate() {
            if xi != 0.0 {
                let row = &mut self.base.w1[i * hn..(i + 1) * hn];
                for (w, &d) in row.iter_mut().zip(&d_h[..hn]) {
                    *w += xi * d;
                }
            }
        }
    }
}

/// The deep contact net (or, with `h2` 0, its one-layer base) and the race net.
struct Model {
    deep: Deep,
    race: Mlp,
    /// What the fit ranks by: with `sane`, the play's equity rather than the raw outputs'.
    loss: RankLoss,
}

impl Model {
    /// The equity the fit ranks `board` by, from its outputs `y`.
    fn equity(&self, board: &[i8; 26], y: &[f32; NET_OUTPUTS]) -> f32 {
        self.loss.equity(RulesFamily::Backgammon, board, 15, y).0
    }

    /// The one-layer contact net (the deep net's first layer and skip weights) and the race
    /// net, as a weights file holds them.
    fn nets(&self) -> NetEvaluator {
        NetEvaluator {
            family: RulesFamily::Backgammon,
            contact: self.deep.base.clone(),
            race: Some(self.race.clone()),
        }
    }

    /// Encodes `board` into `x` for the net that values it: whether that is the race net,
    /// and the number of inputs.
    fn encode(&self, board: &[i8; 26], x: &mut [f32]) -> (bool, usize) {
        let race = is_race(board);
        let net = if race { &self.race } else { &self.deep.base };
        let n = net.inputs();
        net.encoding.encode_into(board, 15, false, &mut x[..n]);
        (race, n)
    }

    fn forward(&self, board: &[i8; 26], x: &mut [f32]) -> [f32; NET_OUTPUTS] {
        let (race, n) = self.encode(board, x);
        if race {
            self.race.forward(&x[..n])
        } else if self.deep.h2 == 0 {
            self.deep.base.forward(&x[..n])
        } else {
            self.deep.forward(&x[..n]).y
        }
    }

    fn step(
        &mut self,
        board: &[i8; 26],
        target: &[f32; NET_OUTPUTS],
        alpha: f32,
        deep_alpha: f32,
        x: &mut [f32],
    ) {
        let (race, n) = self.encode(board, x);
        if race {
            sgd_step(&mut self.race, &x[..n], target, alpha);
        } else if self.deep.h2 == 0 {
            sgd_step(&mut self.deep.base, &x[..n], target, alpha);
        } else {
            self.deep.step(&x[..n], target, alpha, deep_alpha);
        }
    }
}

/// gnubg's "crashed" class (its `ClassifyPosition`, eval.c: a side with at most 6 checkers
/// left outside its deep points, counted as gnubg counts them) for a contact board, owner's
/// view: either side.
fn crashed(board: &[i8; 26]) -> bool {
    const N: i32 = 6;
    // Each side's 25 counts from its own ace point (0) to its bar (24).
    let mine: [i32; 25] = std::array::from_fn(|i| i32::from(board[i + 1].max(0)));
    let theirs: [i32; 25] = std::array::from_fn(|i| i32::from((-board[24 - i]).max(0)));
    [mine, theirs].iter().any(|b| {
        let tot: i32 = b.iter().sum();
        if tot <= N {
            return true;
        }
        if b[0] > 1 {
            tot <= N + b[0] || (b[1] > 1 && 1 + tot - (b[0] + b[1]) <= N)
        } else {
            tot <= N + (b[1] - 1)
        }
    })
}

fn argmax(xs: &[f32]) -> usize {
    (0..xs.len()).fold(0, |b, i| if xs[i] > xs[b] { i } else { b })
}

/// Agreement with the labels' best sibling and the mean loss by the labels.
fn ranking(model: &Model, samples: &[Sample], groups: &[std::ops::Range<usize>]) -> (f64, f64) {
    let mut x = [0f32; 256];
    let (mut agree, mut loss) = (0usize, 0f64);
    for r in groups {
        let g = &samples[r.clone()];
        let e: Vec<f32> = g
            .iter()
            .map(|s| model.equity(&s.board, &model.forward(&s.board, &mut x)))
            .collect();
        let v: Vec<f32> = g.iter().map(|s| equity_of(&s.target)).collect();
        let (ie, iv) = (argmax(&e), argmax(&v));
        agree += usize::from(ie == iv);
        loss += f64::from(v[iv] - v[ie]);
    }
    let n = groups.len().max(1) as f64;
    (agree as f64 / n, loss / n)
}

/// What the model's 0-ply choice loses on each judged decision.
fn judged(model: &Model, nets: &NetEvaluator, db: &[Decision]) -> Vec<f64> {
    let mut plays: PlayList<Backgammon> = PlayList::new();
    let mut x = [0f32; 256];
    db.iter()
        .map(|d| {
            d.position.legal_plays_into(d.dice, &mut plays);
            let eq: Vec<f32> = plays
                .iter()
                .map(|p| {
                    let after = p.after();
                    match AfterState::<Backgammon>::exact_after(nets, after) {
                        Some(pr) => pr.equity(),
                        None => {
                            let b = after.owner_board();
                            let out = model.forward(&b, &mut x);
                            sanity(RulesFamily::Backgammon, &b, 15, probabilities_of(&out)).equity()
                        }
                    }
                })
                .collect();
            let best = argmax(&eq);
            let id = position_id(&plays[best].after().pass_turn());
            d.best() - d.values[&id]
        })
        .collect()
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        return Err("usage: deep_fit INIT LABELLERS LABELS[,..] JUDGE_DB [key=value..]".into());
    }
    let mut o: HashMap<&str, f64> = [
        ("h2", 32.0),
        ("epochs", 12.0),
        ("alpha", 0.003),
        ("alpha_final", 0.0005),
        ("beta", 1.0),
        ("temp", 0.05),
        ("seed", 1.0),
        ("holdout", 20.0),
        ("init", 1.0),
        ("deep_alpha", 1.0),
        ("sane", 0.0),
        ("skip_crashed", 0.0),
        ("skip_race", 0.0),
        ("avg", 0.0),
        ("scratch", 0.0),
    ]
    .into_iter()
    .collect();
    for a in &args[4..] {
        let (k, v) = a.split_once('=').ok_or(format!("not key=value: {a}"))?;
        let slot = o.get_mut(k).ok_or(format!("unknown option {k}"))?;
        *slot = v.parse().map_err(|_| format!("bad value {v}"))?;
    }
    let load = |p: &str| -> Result<(NetEvaluator, u32), String> {
        let b = fs::read(p).map_err(|e| format!("{p}: {e}"))?;
        let n = NetEvaluator::from_bytes(&b).map_err(|e| format!("{p}: {e}"))?;
        Ok((n, nets_crc(&b)))
    };
    let (nets, _) = load(&args[0])?;
    let labellers: Vec<(NetEvaluator, u32)> =
        args[1].split(',').map(load).collect::<Result<_, _>>()?;
    let mut samples = Vec::new();
    let mut groups = Vec::new();
    for f in args[2].split(',') {
        let l = read_labels(std::path::Path::new(f))?;
        let by = l.header.played_by();
        let (ln, _) = labellers
            .iter()
            .find(|(_, c)| *c == by)
            .ok_or(format!("{f}: no labeller"))?;
        let at = samples.len();
        groups.extend(
            sibling_groups(ln, &l)?
                .into_iter()
                .map(|r| r.start + at..r.end + at),
        );
        samples.extend(l.samples);
    }
    let db = parse_db(&fs::read_to_string(&args[3]).map_err(|e| e.to_string())?)?;
    {
        // The classifier against the judge's classes (gnubg's own).
        let (mut same, mut n) = (0, 0);
        for d in &db {
            let b = d.position.owner_board();
            if d.class == "contact" || d.class == "crashed" {
                n += 1;
                same += usize::from(crashed(&b) == (d.class == "crashed"));
            }
        }
        println!("crashed classifier: {same} of {n} contact/crashed decisions as gnubg's");
    }
    let held = ((groups.len() as f64) * o["holdout"] / 1000.0) as usize;
    let (train, test) = groups.split_at(groups.len() - held);
    let test = &test[test.len().saturating_sub(20_000)..];
    let seen = &train[train.len().saturating_sub(test.len().min(20_000))..];
    let kept: Vec<std::ops::Range<usize>> = train
        .iter()
        .filter(|r| {
            let b = &samples[r.start].board;
            let race = is_race(b);
            let skip = (o["skip_race"] != 0.0 && race)
                || (o["skip_crashed"] != 0.0 && !race && crashed(b));
            !skip
        })
        .cloned()
        .collect();
    println!("training on {} of {} decisions", kept.len(), train.len());
    let train = &kept[..];
    let h2 = o["h2"] as usize;
    assert!(h2 <= MAX_H2);
    let mut model = Model {
        deep: Deep::new(
            if o["scratch"] > 0.0 {
                Mlp::zeros(nets.contact.encoding, o["scratch"] as usize)
            } else {
                nets.contact.clone()
            },
            h2,
            o["init"] as f32,
            o["seed"] as u64,
            o["scratch"] > 0.0,
        ),
        race: nets.race.clone().ok_or("no race net")?,
        loss: RankLoss {
            sane: o["sane"] != 0.0,
            ..RankLoss::new(o["temp"] as f32, o["beta"] as f32)
        },
    };
    let base_judged = judged(&model, &nets, &db);
    let report = |model: &Model, e: usize| {
        let (ta, tl) = ranking(model, &samples, test);
        let (sa, sl) = ranking(model, &samples, seen);
        let j = judged(model, &nets, &db);
        let (m, _) = mean_se(&j);
        let diff: Vec<f64> = j.iter().zip(&base_judged).map(|(a, b)| a - b).collect();
        let (dm, dse) = mean_se(&diff);
        let mut by: Vec<(String, f64, usize)> = Vec::new();
        for (d, l) in db.iter().zip(&j) {
            match by.iter_mut().find(|(c, _, _)| *c == d.class) {
                Some(t) => {
                    t.1 += l;
                    t.2 += 1;
                }
                None => by.push((d.class.clone(), *l, 1)),
            }
        }
        let classes: Vec<String> = by
            .iter()
            .map(|(c, s, n)| format!("{c} {:.5}", s / *n as f64))
            .collect();
        println!(
            "epoch {e}: held-out agreed {:.1}% loss {tl:.5}; training agreed {:.1}% loss {sl:.5}; judged {m:.5} ({dm:+.5} ± {dse:.5}) {}",
            100.0 * ta,
            100.0 * sa,
            classes.join(", ")
        );
    };
    println!(
        "{} training decisions, {} held out, {} samples, h2 {h2}, {o:?}",
        train.len(),
        test.len(),
        samples.len()
    );
    report(&model, 0);
    let epochs = o["epochs"] as usize;
    let (alpha, alpha_final) = (o["alpha"] as f32, o["alpha_final"] as f32);
    let (temp, beta, deep_alpha) = (o["temp"] as f32, o["beta"] as f32, o["deep_alpha"] as f32);
    let mut x = [0f32; 256];
    let avg = o["avg"] as usize;
    let mut last: Vec<NetEvaluator> = Vec::new();
    let out_prefix = std::env::var("OUT").unwrap_or_else(|_| "deep".into());
    for e in 1..=epochs {
        let frac = if epochs > 1 {
            (e - 1) as f32 / (epochs - 1) as f32
        } else {
            0.0
        };
        let a = alpha * (alpha_final / alpha).powf(frac);
        let order = shuffled(
            train.len(),
            (o["seed"] as u64) ^ (e as u64).wrapping_mul(0x9e37_79b9),
        );
        let (mut p, mut q) = (Vec::new(), Vec::new());
        for &gi in &order {
            let g = &samples[train[gi as usize].clone()];
            let ys: Vec<[f32; NET_OUTPUTS]> =
                g.iter().map(|s| model.forward(&s.board, &mut x)).collect();
            // The equities ranked and the outputs their gradient reaches, found once.
            let ranked: Vec<(f32, [bool; NET_OUTPUTS])> = g
                .iter()
                .zip(&ys)
                .map(|(s, y)| model.loss.equity(RulesFamily::Backgammon, &s.board, 15, y))
                .collect();
            let e: Vec<f32> = ranked.iter().map(|r| r.0).collect();
            let v: Vec<f32> = g.iter().map(|s| equity_of(&s.target)).collect();
            softmax(&e, temp, &mut p);
            softmax(&v, temp, &mut q);
            for (k, s) in g.iter().enumerate() {
                let grad = (p[k] - q[k]) / temp;
                let kept = ranked[k].1;
                let target: [f32; NET_OUTPUTS] = std::array::from_fn(|o| {
                    let rank = if kept[o] {
                        grad * EQUITY_WEIGHTS[o]
                    } else {
                        0.0
                    };
                    ys[k][o] + beta * (s.target[o] - ys[k][o]) - rank
                });
                model.step(&s.board, &target, a, deep_alpha, &mut x);
            }
        }
        report(&model, e);
        let out = model.nets();
        if h2 == 0 {
            fs::write(format!("{out_prefix}-{e}.gnet"), out.to_bytes())
                .map_err(|e| e.to_string())?;
        }
        if avg > 0 && e + avg > epochs {
            last.push(out);
        }
    }
    if !last.is_empty() {
        let mean = average_nets(&last)?;
        model.deep.base = mean.contact.clone();
        model.race = mean.race.clone().ok_or("no race net")?;
        println!("the mean of the last {avg} epochs:");
        report(&model, epochs);
        fs::write(format!("{out_prefix}-avg{avg}.gnet"), mean.to_bytes())
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}
