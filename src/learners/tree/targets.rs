//! What a tree predicts and how impure a node is, for one target or a target set.
//!
//! For a target set the tree is a predictive clustering tree (Blockeel, De Raedt & Ramon 1998; Clus, as in
//! Kocev et al. 2013 for multi-target ensembles): one tree for all targets, whose splits minimise the
//! impurity summed over the targets — n·Gini per class or label target, and for a numeric target the sum of
//! squared errors divided by the target's variance on the tree's training rows (so targets on different
//! scales weigh alike; a single numeric target keeps its plain SSE). A leaf holds every target's output side
//! by side: a class distribution per class target, a mean per numeric one.

use crate::data::{Dataset, Target};
use crate::learners::argmax;
use crate::resampling::Prediction;

/// One target of the tree, where its statistics sit in a [`Side`].
#[derive(Debug, Clone, Copy)]
enum Member<'a> {
    /// Class codes; their counts from `offset` in [`Side::counts`].
    Classes { codes: &'a [usize], classes: usize, offset: usize },
    /// Values, their SSE times `scale`; sums at `slot` in [`Side::sum`] / [`Side::sumsq`].
    Values { y: &'a [f64], scale: f64, slot: usize },
}

/// The targets a tree grows on.
pub(super) struct NodeTarget<'a> {
    members: Vec<Member<'a>>,
    counts: usize,
    values: usize,
}

impl<'a> NodeTarget<'a> {
    /// `data`'s target; a set's numeric members scaled by 1 / their variance on `rows` (0 when constant).
    pub(super) fn of(data: &'a Dataset, rows: &[usize]) -> Self {
        let set = matches!(data.target(), Target::Set(_));
        let (mut members, mut counts, mut values) = (Vec::new(), 0, 0);
        for target in members_of(data.target()) {
            match target {
                Target::Classes { codes, names } => {
                    members.push(Member::Classes { codes, classes: names.len(), offset: counts });
                    counts += names.len();
                }
                Target::Values(y) => {
                    let scale = if set { inverse_variance(y, rows) } else { 1.0 };
                    members.push(Member::Values { y, scale, slot: values });
                    values += 1;
                }
                Target::Set(_) => unreachable!("a target set's members are single targets"),
                Target::Survival(_) => unreachable!("checked: trees do not take a survival target"),
            }
        }
        NodeTarget { members, counts, values }
    }

    /// The leaf output of `rows`: each target's class distribution or mean, in target order.
    pub(super) fn leaf(&self, rows: &[usize]) -> Vec<f64> {
        let mut out = Vec::with_capacity(self.counts + self.values);
        for member in &self.members {
            match *member {
                Member::Classes { codes, classes, .. } => {
                    let mut d = vec![0.0; classes];
                    rows.iter().for_each(|&i| d[codes[i]] += 1.0);
                    d.iter_mut().for_each(|v| *v /= rows.len() as f64);
                    out.extend(d);
                }
                Member::Values { y, .. } => out.push(rows.iter().map(|&i| y[i]).sum::<f64>() / rows.len() as f64),
            }
        }
        out
    }
}

/// 1 / the population variance of `y` on `rows` (0 when constant).
fn inverse_variance(y: &[f64], rows: &[usize]) -> f64 {
    let n = rows.len() as f64;
    let mean = rows.iter().map(|&i| y[i]).sum::<f64>() / n;
    let var = rows.iter().map(|&i| (y[i] - mean) * (y[i] - mean)).sum::<f64>() / n;
    if var > 0.0 {
        1.0 / var
    } else {
        0.0
    }
}

/// A target's members: itself, or a set's.
fn members_of(target: &Target) -> &[Target] {
    match target {
        Target::Set(members) => members,
        single => std::slice::from_ref(single),
    }
}

/// The width of a leaf's output for `target`: its classes, 1 for values, the sum over a set.
pub(crate) fn leaf_width(target: &Target) -> usize {
    match target {
        Target::Classes { names, .. } => names.len(),
        Target::Values(_) | Target::Survival(_) => 1,
        Target::Set(members) => members.iter().map(leaf_width).sum(),
    }
}

/// Running statistics of the rows on one side of a split: their count, class counts, sums and sums of squares.
#[derive(Clone)]
pub(super) struct Side {
    pub(super) n: f64,
    counts: Vec<f64>,
    sum: Vec<f64>,
    sumsq: Vec<f64>,
}

impl Side {
    pub(super) fn new(t: &NodeTarget<'_>) -> Side {
        Side { n: 0.0, counts: vec![0.0; t.counts], sum: vec![0.0; t.values], sumsq: vec![0.0; t.values] }
    }

    /// Add (`sign` = 1) or remove (−1) `row`.
    pub(super) fn add(&mut self, t: &NodeTarget<'_>, row: usize, sign: f64) {
        self.n += sign;
        for member in &t.members {
            match *member {
                Member::Classes { codes, offset, .. } => self.counts[offset + codes[row]] += sign,
                Member::Values { y, slot, .. } => {
                    self.sum[slot] += sign * y[row];
                    self.sumsq[slot] += sign * y[row] * y[row];
                }
            }
        }
    }

    /// The rows of `self` not in `part` (a subset of them).
    pub(super) fn without(&self, part: &Side) -> Side {
        let minus = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x - y).collect();
        Side {
            n: self.n - part.n,
            counts: minus(&self.counts, &part.counts),
            sum: minus(&self.sum, &part.sum),
            sumsq: minus(&self.sumsq, &part.sumsq),
        }
    }

    /// n × impurity summed over the targets: n·Gini per class target, SSE × scale per numeric one.
    pub(super) fn cost(&self, t: &NodeTarget<'_>) -> f64 {
        if self.n <= 0.0 {
            return 0.0;
        }
        let mut cost = 0.0;
        for member in &t.members {
            cost += match *member {
                Member::Classes { classes, offset, .. } => {
                    self.n - self.counts[offset..offset + classes].iter().map(|c| c * c).sum::<f64>() / self.n
                }
                Member::Values { scale, slot, .. } => {
                    scale * (self.sumsq[slot] - self.sum[slot] * self.sum[slot] / self.n).max(0.0)
                }
            };
        }
        cost
    }
}

/// Averaged leaf outputs of the test rows as a prediction of `target` (a set: one prediction per member).
pub(super) fn prediction(target: &Target, outputs: Vec<Vec<f64>>) -> Prediction {
    match target {
        Target::Classes { .. } => Prediction::Classes {
            labels: outputs.iter().map(|o| argmax(o)).collect(),
            scores: outputs.into_iter().flatten().collect(),
        },
        Target::Values(_) | Target::Survival(_) => Prediction::Values(outputs.into_iter().map(|o| o[0]).collect()),
        Target::Set(members) => {
            let mut offset = 0;
            let per_member = members.iter().map(|member| {
                let width = leaf_width(member);
                let part = outputs.iter().map(|o| o[offset..offset + width].to_vec()).collect();
                offset += width;
                prediction(member, part)
            });
            Prediction::Set(per_member.collect())
        }
    }
}

/// The error of a leaf's output on one row, as the forest's permutation importance measures it: 0/1
/// misclassification or squared error; for a target set their mean over the targets, each squared error
/// divided by the target's variance over the data (the forest's multi-target measure).
pub(crate) struct RowError<'a> {
    target: &'a Target,
    /// Per member: 1 / variance for numeric members of a set, 1 otherwise.
    scales: Vec<f64>,
}

impl<'a> RowError<'a> {
    /// The error of `data`'s target.
    pub(crate) fn of(data: &'a Dataset) -> RowError<'a> {
        let rows: Vec<usize> = (0..data.n_rows()).collect();
        let scales = match data.target() {
            Target::Set(members) => members
                .iter()
                .map(|m| match m {
                    Target::Values(y) => inverse_variance(y, &rows),
                    _ => 1.0,
                })
                .collect(),
            _ => vec![1.0],
        };
        RowError { target: data.target(), scales }
    }

    /// The error of `leaf` on dataset row `row`.
    pub(crate) fn at(&self, leaf: &[f64], row: usize) -> f64 {
        match self.target {
            Target::Set(members) => {
                let (mut offset, mut total) = (0, 0.0);
                for (member, scale) in members.iter().zip(&self.scales) {
                    let width = leaf_width(member);
                    total += scale * single(member, &leaf[offset..offset + width], row);
                    offset += width;
                }
                total / members.len() as f64
            }
            single_target => single(single_target, leaf, row),
        }
    }

    /// The smallest error above 0 a tree can make on `rows` rows when every target is a class target
    /// (one cell wrong); `None` with a numeric target.
    pub(crate) fn smallest(&self, rows: usize) -> Option<f64> {
        let members = members_of(self.target);
        members.iter().all(|m| matches!(m, Target::Classes { .. })).then(|| 1.0 / (rows * members.len()) as f64)
    }
}

/// A single target's error of `leaf` on `row`.
fn single(target: &Target, leaf: &[f64], row: usize) -> f64 {
    match target {
        Target::Classes { codes, .. } => (argmax(leaf) != codes[row]) as u8 as f64,
        Target::Values(y) => (leaf[0] - y[row]).powi(2),
        Target::Set(_) | Target::Survival(_) => unreachable!("a target set's members are single targets"),
    }
}
