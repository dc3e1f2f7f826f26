//! How the supervised fits step: plain stochastic gradient descent, one step a sample (TD
//! training's [`sgd_step`]), or Adam over minibatches (D. P. Kingma, J. Ba, "Adam: A Method
//! for Stochastic Optimization", ICLR 2015), which scales each weight's step by the running
//! size of its own gradient.
//!
//! Both follow the same direction for a sample: the squared error of the five sigmoid outputs
//! against a target, as [`sgd_step`] computes it. Adam sums that direction over `batch`
//! samples, then moves every weight of the nets that had samples in the batch.
//! [`Optimizer::state_bytes`] and [`Optimizer::restore`] carry Adam's state across the
//! stops of a resumable fit.

use gammon_core::eval::net::{Mlp, NetEvaluator, MAX_HIDDEN, NET_OUTPUTS};
use gammon_core::RulesFamily;

use crate::{output_deltas, sgd_step};

/// Adam's decay rate of the gradient's running mean (Kingma and Ba's default).
const BETA1: f32 = 0.9;
/// Adam's decay rate of the squared gradient's running mean (Kingma and Ba's default).
const BETA2: f32 = 0.999;
/// Added to the root of the squared gradient's running mean (Kingma and Ba's default).
const EPSILON: f32 = 1e-8;

/// The first bytes of an optimizer state ([`Optimizer::state_bytes`]).
pub const STATE_MAGIC: [u8; 8] = *b"GAMMONAD";
/// The optimizer state version this code writes and reads.
pub const STATE_VERSION: u32 = 1;

/// Adds the descent direction of the squared error of `net`'s outputs on input `x` against
/// `target` to `g` (a net of the same shape used as a gradient buffer): the change
/// [`sgd_step`] would make at learning rate 1, from the weights as they are.
#[allow(clippy::needless_range_loop)] // the indices name the units, as in the equations
pub fn add_direction(net: &Mlp, x: &[f32], target: &[f32; NET_OUTPUTS], g: &mut Mlp) {
    let hn = net.hidden;
    let (h, d_out) = output_deltas(net, x, target);
    let mut d_hid = [0f32; MAX_HIDDEN];
    for k in 0..NET_OUTPUTS {
        let d = d_out[k];
        let row = &net.w2[k * hn..(k + 1) * hn];
        let grow = &mut g.w2[k * hn..(k + 1) * hn];
        for j in 0..hn {
            d_hid[j] += d * row[j];
            grow[j] += d * h[j];
        }
        g.b2[k] += d;
    }
    for j in 0..hn {
        d_hid[j] *= h[j] * (1.0 - h[j]);
        g.b1[j] += d_hid[j];
    }
    for (i, &xi) in x.iter().enumerate() {
        if xi != 0.0 {
            for (w, &d) in g.w1[i * hn..(i + 1) * hn].iter_mut().zip(&d_hid[..hn]) {
                *w += xi * d;
            }
        }
    }
}

/// Adam's state for one net: the summed direction of the current batch and the running
/// means of the direction and of its square.
#[derive(Clone, Debug)]
struct AdamNet {
    g: Mlp,
    m: Mlp,
    v: Mlp,
    /// Steps taken (for the bias correction).
    t: i32,
    /// Samples summed in `g` since the last step.
    pending: usize,
}

impl AdamNet {
    fn new(net: &Mlp) -> AdamNet {
        let z = Mlp::zeros(net.encoding, net.hidden);
        AdamNet {
            g: z.clone(),
            m: z.clone(),
            v: z,
            t: 0,
            pending: 0,
        }
    }

    /// Moves `net`'s weights by one Adam step of size `alpha` along the batch's direction,
    /// and empties the batch.
    fn step(&mut self, net: &mut Mlp, alpha: f32) {
        if self.pending == 0 {
            return;
        }
        self.t += 1;
        let c1 = 1.0 - BETA1.powi(self.t);
        let c2 = 1.0 - BETA2.powi(self.t);
        let update = |w: &mut [f32], g: &mut [f32], m: &mut [f32], v: &mut [f32]| {
            for (((w, g), m), v) in w.iter_mut().zip(g.iter_mut()).zip(m).zip(v) {
                *m = BETA1 * *m + (1.0 - BETA1) * *g;
                *v = BETA2 * *v + (1.0 - BETA2) * *g * *g;
                *w += alpha * (*m / c1) / ((*v / c2).sqrt() + EPSILON);
                *g = 0.0;
            }
        };
        update(&mut net.w1, &mut self.g.w1, &mut self.m.w1, &mut self.v.w1);
        update(&mut net.b1, &mut self.g.b1, &mut self.m.b1, &mut self.v.b1);
        update(&mut net.w2, &mut self.g.w2, &mut self.m.w2, &mut self.v.w2);
        update(&mut net.b2, &mut self.g.b2, &mut self.m.b2, &mut self.v.b2);
        self.pending = 0;
    }
}

/// How a fit moves the nets towards its targets: [`Optimizer::sgd`] or [`Optimizer::adam`].
#[derive(Clone, Debug)]
pub struct Optimizer {
    adam: Option<Adam>,
}

/// Adam's state for a contact net and a race net.
#[derive(Clone, Debug)]
struct Adam {
    /// The nets' rules family (for the state's files).
    family: RulesFamily,
    /// Samples a step.
    batch: usize,
    /// Samples summed since the last step, both nets.
    pending: usize,
    contact: AdamNet,
    race: Option<AdamNet>,
}

impl Optimizer {
    /// One [`sgd_step`] a sample.
    #[must_use]
    pub fn sgd() -> Optimizer {
        Optimizer { adam: None }
    }

    /// Adam over batches of `batch` samples (at least 1; counted over both nets), for nets
    /// shaped as `nets`.
    #[must_use]
    pub fn adam(nets: &NetEvaluator, batch: usize) -> Optimizer {
        Optimizer {
            adam: Some(Adam {
                family: nets.family,
                batch: batch.max(1),
                pending: 0,
                contact: AdamNet::new(&nets.contact),
                race: nets.race.as_ref().map(AdamNet::new),
            }),
        }
    }

    /// Moves `nets` towards `target` on the sample `x` (the encoding of `board`, owner's
    /// view, by the net that values it) at learning rate `alpha`: at once with SGD, at the
    /// end of the batch with Adam.
    pub fn sample(
        &mut self,
        nets: &mut NetEvaluator,
        board: &[i8; 26],
        x: &[f32],
        target: &[f32; NET_OUTPUTS],
        alpha: f32,
    ) {
        // The net that values the board, as the evaluator chooses it.
        let race = matches!(&nets.race, Some(r) if std::ptr::eq(nets.net_for(board), r));
        let net = match (&mut nets.race, race) {
            (Some(r), true) => r,
            _ => &mut nets.contact,
        };
        let Some(adam) = &mut self.adam else {
            sgd_step(net, x, target, alpha);
            return;
        };
        let state = match (adam.race.as_mut(), race) {
            (Some(r), true) => r,
            _ => &mut adam.contact,
        };
        add_direction(net, x, target, &mut state.g);
        state.pending += 1;
        adam.pending += 1;
        if adam.pending >= adam.batch {
            self.flush(nets, alpha);
        }
    }

    /// Adam's state after a flushed batch, as bytes (`None` for SGD, which has none): its
    /// step counts and running means, so that a fit resumed from them continues exactly as
    /// an uninterrupted one. The means are written as two weights files (the nets' shape,
    /// with their checksums), after [`STATE_MAGIC`], a version and the step counts.
    #[must_use]
    pub fn state_bytes(&self) -> Option<Vec<u8>> {
        let adam = self.adam.as_ref()?;
        let means = |pick: fn(&AdamNet) -> &Mlp| NetEvaluator {
            family: adam.family,
            contact: pick(&adam.contact).clone(),
            race: adam.race.as_ref().map(|r| pick(r).clone()),
        };
        let m = means(|a| &a.m).to_bytes();
        let mut out = Vec::from(STATE_MAGIC);
        out.extend_from_slice(&STATE_VERSION.to_le_bytes());
        out.extend_from_slice(&adam.contact.t.to_le_bytes());
        out.extend_from_slice(&adam.race.as_ref().map_or(0, |r| r.t).to_le_bytes());
        out.extend_from_slice(&(m.len() as u32).to_le_bytes());
        out.extend_from_slice(&m);
        out.extend_from_slice(&means(|a| &a.v).to_bytes());
        Some(out)
    }

    /// Takes Adam's state from [`Optimizer::state_bytes`] of a fit of nets of this shape.
    ///
    /// # Errors
    /// Names what is wrong: SGD (no state), another file, a damaged one, other nets' shape.
    pub fn restore(&mut self, bytes: &[u8]) -> Result<(), String> {
        let Some(adam) = &mut self.adam else {
            return Err("a plain-gradient fit keeps no optimizer state".into());
        };
        let u32_at = |at: usize| -> Result<u32, String> {
            bytes
                .get(at..at + 4)
                .map(|b| u32::from_le_bytes(b.try_into().unwrap_or_default()))
                .ok_or_else(|| "the optimizer state is cut short".to_string())
        };
        if !bytes.starts_with(&STATE_MAGIC) {
            return Err("not an optimizer state (its first bytes)".into());
        }
        let version = u32_at(8)?;
        if version != STATE_VERSION {
            return Err(format!(
                "optimizer state version {version}, not {STATE_VERSION}"
            ));
        }
        let (t_contact, t_race, m_len) = (u32_at(12)?, u32_at(16)?, u32_at(20)? as usize);
        let m_bytes = bytes
            .get(24..24 + m_len)
            .ok_or("the optimizer state is cut short")?;
        let read =
            |b: &[u8]| NetEvaluator::from_bytes(b).map_err(|e| format!("optimizer state: {e}"));
        let (m, v) = (read(m_bytes)?, read(&bytes[24 + m_len..])?);
        let same = |a: &Mlp, b: &Mlp| a.encoding == b.encoding && a.hidden == b.hidden;
        let fits = |n: &NetEvaluator| {
            n.family == adam.family
                && same(&n.contact, &adam.contact.m)
                && match (&n.race, &adam.race) {
                    (Some(a), Some(b)) => same(a, &b.m),
                    (None, None) => true,
                    _ => false,
                }
        };
        if !(fits(&m) && fits(&v)) {
            return Err("the optimizer state is of nets of another shape".into());
        }
        let take = |state: &mut AdamNet, m: Mlp, v: Mlp, t: u32| {
            state.m = m;
            state.v = v;
            state.t = i32::try_from(t).unwrap_or(i32::MAX);
        };
        take(&mut adam.contact, m.contact, v.contact, t_contact);
        if let (Some(state), Some(mr), Some(vr)) = (adam.race.as_mut(), m.race, v.race) {
            take(state, mr, vr, t_race);
        }
        Ok(())
    }

    /// Takes the step of a part-filled Adam batch (nothing for SGD, which has none): call
    /// at the end of an epoch, before the nets are written.
    pub fn flush(&mut self, nets: &mut NetEvaluator, alpha: f32) {
        if let Some(adam) = &mut self.adam {
            adam.pending = 0;
            adam.contact.step(&mut nets.contact, alpha);
            if let (Some(state), Some(net)) = (adam.race.as_mut(), nets.race.as_mut()) {
                state.step(net, alpha);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{random_net, SplitMix};
    use gammon_core::encode::Encoding;

    /// A contact-encoded sample (some inputs zero, as in play) and a target.
    fn sample(rng: &mut SplitMix) -> (Vec<f32>, [f32; NET_OUTPUTS]) {
        let x = (0..Encoding::Contact.units())
            .map(|i| if i % 3 == 0 { 0.0 } else { rng.uniform() })
            .collect();
        let target = std::array::from_fn(|_| 0.5 + 0.5 * rng.uniform());
        (x, target)
    }

    fn nets(rng: &mut SplitMix) -> NetEvaluator {
        NetEvaluator {
            family: RulesFamily::Backgammon,
            contact: random_net(Encoding::Contact, 8, 0.5, rng),
            race: None,
        }
    }

    fn weights(net: &Mlp) -> Vec<f32> {
        [&net.w1[..], &net.b1, &net.w2, &net.b2].concat()
    }

    /// A board with contact (the starting position, owner's view).
    const START: [i8; 26] = [
        0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0,
    ];

    #[test]
    fn the_direction_is_the_change_of_a_plain_gradient_step() {
        let mut rng = SplitMix(7);
        let net = random_net(Encoding::Contact, 8, 0.5, &mut rng);
        let (x, target) = sample(&mut rng);
        let mut g = Mlp::zeros(net.encoding, net.hidden);
        add_direction(&net, &x, &target, &mut g);
        let alpha = 1e-3;
        let mut stepped = net.clone();
        sgd_step(&mut stepped, &x, &target, alpha);
        let (w0, w1, d) = (weights(&net), weights(&stepped), weights(&g));
        let mut moved = 0;
        for ((a, b), d) in w0.iter().zip(&w1).zip(&d) {
            assert!(
                ((b - a) - alpha * d).abs() < 1e-6,
                "{a} -> {b}, direction {d}"
            );
            moved += usize::from(*d != 0.0);
        }
        // Every weight but those of the zero inputs moves.
        assert!(moved > w0.len() / 2, "{moved} of {}", w0.len());
    }

    #[test]
    fn adam_steps_once_a_batch_and_its_first_step_moves_each_weight_by_alpha() {
        let mut rng = SplitMix(11);
        let start = nets(&mut rng);
        let mut nets = start.clone();
        let batch = 4;
        let mut opt = Optimizer::adam(&nets, batch);
        let samples: Vec<_> = (0..batch + 1).map(|_| sample(&mut rng)).collect();
        let mut direction = Mlp::zeros(start.contact.encoding, start.contact.hidden);
        let alpha = 1e-3;
        for (i, (x, t)) in samples.iter().enumerate() {
            if i < batch {
                add_direction(&start.contact, x, t, &mut direction);
            }
            opt.sample(&mut nets, &START, x, t, alpha);
            if i + 1 < batch {
                assert_eq!(nets, start, "no step before the batch is full");
            }
            if i + 1 == batch {
                // Adam's first step is alpha times the sign of the batch's direction.
                for ((a, b), d) in weights(&start.contact)
                    .iter()
                    .zip(weights(&nets.contact))
                    .zip(weights(&direction))
                {
                    // (The sign, to within Adam's epsilon against the direction's size.)
                    let expected = alpha * d / (d.abs() + EPSILON);
                    assert!(
                        ((b - a) - expected).abs() < 1e-3 * alpha,
                        "{a} -> {b}, direction {d}"
                    );
                }
            }
        }
        // The fifth sample waits in a part-filled batch until the flush.
        let after_batch = nets.clone();
        opt.flush(&mut nets, alpha);
        assert_ne!(nets, after_batch);
        let flushed = nets.clone();
        opt.flush(&mut nets, alpha);
        assert_eq!(nets, flushed, "an empty batch takes no step");
    }

    #[test]
    fn adam_resumed_from_its_state_continues_as_uninterrupted() {
        let mut rng = SplitMix(3);
        let mut nets = nets(&mut rng);
        nets.race = Some(random_net(Encoding::Contact, 8, 0.5, &mut rng));
        let samples: Vec<_> = (0..12).map(|_| sample(&mut rng)).collect();
        let mut opt = Optimizer::adam(&nets, 3);
        for (x, t) in &samples[..6] {
            opt.sample(&mut nets, &START, x, t, 0.01);
        }
        opt.flush(&mut nets, 0.01);
        let state = opt.state_bytes().expect("Adam has a state");
        let mut resumed = Optimizer::adam(&nets, 3);
        resumed.restore(&state).unwrap();
        assert_eq!(resumed.state_bytes(), Some(state.clone()));
        let mut other = nets.clone();
        for (x, t) in &samples[6..] {
            opt.sample(&mut nets, &START, x, t, 0.01);
            resumed.sample(&mut other, &START, x, t, 0.01);
        }
        assert_eq!(nets, other);
        // A fresh Adam (its moments empty) would have stepped otherwise.
        let mut fresh = Optimizer::adam(&nets, 3);
        let mut third = other.clone();
        fresh.sample(&mut third, &START, &samples[0].0, &samples[0].1, 0.01);
        resumed.sample(&mut other, &START, &samples[0].0, &samples[0].1, 0.01);
        fresh.flush(&mut third, 0.01);
        resumed.flush(&mut other, 0.01);
        assert_ne!(third, other);

        // Refused, naming why: SGD, another file, a damaged state, nets of another shape.
        let err = Optimizer::sgd().restore(&state).unwrap_err();
        assert!(err.contains("plain-gradient"), "{err}");
        let err = Optimizer::adam(&nets, 3)
            .restore(b"GAMMONNT....")
            .unwrap_err();
        assert!(err.contains("not an optimizer state"), "{err}");
        let mut damaged = state.clone();
        damaged[40] ^= 1;
        let err = Optimizer::adam(&nets, 3).restore(&damaged).unwrap_err();
        assert!(err.contains("optimizer state"), "{err}");
        let err = Optimizer::adam(&nets, 3).restore(&state[..30]).unwrap_err();
        assert!(err.contains("cut short"), "{err}");
        let mut wider = nets.clone();
        wider.contact = random_net(Encoding::Contact, 9, 0.5, &mut rng);
        let err = Optimizer::adam(&wider, 3).restore(&state).unwrap_err();
        assert!(err.contains("another shape"), "{err}");
    }

    #[test]
    fn adam_fits_a_sample_as_sgd_does() {
        let mut rng = SplitMix(5);
        let start = nets(&mut rng);
        let (x, target) = sample(&mut rng);
        let error = |n: &NetEvaluator| -> f32 {
            let y = n.contact.forward(&x);
            y.iter().zip(&target).map(|(y, t)| (y - t) * (y - t)).sum()
        };
        for (mut opt, alpha) in [(Optimizer::sgd(), 0.1), (Optimizer::adam(&start, 2), 0.01)] {
            let mut n = start.clone();
            for _ in 0..200 {
                opt.sample(&mut n, &START, &x, &target, alpha);
            }
            opt.flush(&mut n, alpha);
            assert!(
                error(&n) < 0.2 * error(&start),
                "{opt:?}: {} -> {}",
                error(&start),
                error(&n)
            );
        }
    }
}
