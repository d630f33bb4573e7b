//! A user's R function as a ranker inside every split (`rankers = list(my_ranker = function(x, y) …)`), as a
//! Python callable is in the Python door: the library ranker [`featrank::rankers::from_fn`], whose work sends the
//! split's rows to R's thread and waits for the scores (R runs one thing at a time; featrank's own work around it
//! stays parallel). `r/R/own.R` wraps each function so that it receives a matrix with column names and the target
//! as R holds it (a factor, numbers, a `Surv`, a label matrix), and so that an error it raises comes back as a
//! message; the scores are then held to the library's contract (one finite score per feature).

use std::sync::mpsc::{self, Sender};

use featrank::data::{Dataset, Target, Task};
use featrank::rankers::{from_fn, Ranker};
use savvy::{FunctionArgs, FunctionSexp, ListSexp, OwnedIntegerSexp, OwnedListSexp, OwnedRealSexp, Sexp, TypedSexp};

/// The user's R functions of one call, each with its name: held and called on R's thread only.
pub(crate) struct Functions {
    functions: Vec<FunctionSexp>,
    names: Vec<String>,
}

/// One split's rows for the R function at `index`, and where its scores go.
pub(crate) struct Call {
    index: usize,
    rows: Rows,
    seed: u64,
    reply: Sender<featrank::Result<Vec<f64>>>,
}

/// A split's rows as the R side receives them.
struct Rows {
    n_rows: usize,
    names: Vec<String>,
    /// Column-major values (dense), or CSC parts (sparse: pointers, 0-based rows, values).
    x: Matrix,
    target: Target,
    target_names: Vec<String>,
}

enum Matrix {
    Dense(Vec<f64>),
    Sparse(Vec<usize>, Vec<u32>, Vec<f64>),
}

/// What the work's thread holds to reach R's: it makes the rankers of the user's functions.
#[derive(Clone)]
pub(crate) struct Caller {
    calls: Sender<Call>,
}

impl Caller {
    pub(crate) fn new(calls: Sender<Call>) -> Caller {
        Caller { calls }
    }

    /// The ranker of the R function at `index`, named `name`.
    pub(crate) fn ranker(&self, index: usize, name: &str) -> Box<dyn Ranker> {
        let (calls, label) = (self.calls.clone(), name.to_string());
        let ranker = from_fn(name, move |data: &Dataset, seed| {
            let (reply, answer) = mpsc::channel();
            let rows = Rows::of(data)?;
            let gone = || featrank::Error::external(&label, "R stopped answering (the call was interrupted)");
            calls.send(Call { index, rows, seed, reply }).map_err(|_| gone())?;
            answer.recv().map_err(|_| gone())?
        });
        // every task: the function receives the target as R holds it
        Box::new(ranker.tasks(&Task::ALL).sparse(true))
    }
}

impl Rows {
    fn of(data: &Dataset) -> featrank::Result<Rows> {
        let x = match data.sparse() {
            Some(sparse) => {
                let (pointers, rows, values) = sparse.parts();
                Matrix::Sparse(pointers.into_owned(), rows.to_vec(), values.to_vec())
            }
            None => {
                let rows: Vec<usize> = (0..data.n_rows()).collect();
                let features: Vec<usize> = (0..data.n_features()).collect();
                // the matrix is row-major: R's is column-major, so it goes over as its transpose's rows
                let m = data.matrix(&rows, &features)?;
                Matrix::Dense(m.t().iter().copied().collect())
            }
        };
        Ok(Rows {
            n_rows: data.n_rows(),
            names: data.feature_names().to_vec(),
            x,
            target: data.target().clone(),
            target_names: data.target_names().iter().map(|s| s.to_string()).collect(),
        })
    }
}

impl Functions {
    /// The functions of a named list (the names from `r/R/own.R`).
    pub(crate) fn new(list: Option<ListSexp>) -> savvy::Result<Functions> {
        let mut out = Functions { functions: Vec::new(), names: Vec::new() };
        if let Some(list) = list {
            for (name, value) in list.iter() {
                let TypedSexp::Function(f) = value.into_typed() else {
                    return Err(savvy::Error::new("rankers: a list of functions"));
                };
                out.functions.push(f);
                out.names.push(name.to_string());
            }
        }
        Ok(out)
    }

    /// The names of the functions, in order.
    pub(crate) fn names(&self) -> &[String] {
        &self.names
    }

    /// Call the function a split asks for, on R's thread, and send back its scores or what went wrong.
    pub(crate) fn answer(&self, call: Call) {
        let name = &self.names[call.index];
        let out = self.call(call.index, &call.rows, call.seed).map_err(|e| match e {
            Failure::R(message) => featrank::Error::external(name, message),
            Failure::Savvy(e) => featrank::Error::external(name, e.to_string()),
            Failure::Interrupted => {
                featrank::progress::interrupt();
                featrank::progress::check_interrupt(name)
                    .err()
                    .unwrap_or_else(|| featrank::Error::external(name, "interrupted"))
            }
        });
        let _ = call.reply.send(out);
    }

    fn call(&self, index: usize, rows: &Rows, seed: u64) -> Result<Vec<f64>, Failure> {
        let mut args = FunctionArgs::new();
        match &rows.x {
            Matrix::Dense(values) => args.add("x", OwnedRealSexp::try_from_slice(values)?)?,
            Matrix::Sparse(pointers, indices, values) => {
                let mut parts = OwnedListSexp::new(3, true)?;
                let p: Vec<i32> = pointers.iter().map(|&v| v as i32).collect();
                let i: Vec<i32> = indices.iter().map(|&v| v as i32).collect();
                parts.set_name_and_value(0, "p", OwnedIntegerSexp::try_from_slice(p)?)?;
                parts.set_name_and_value(1, "i", OwnedIntegerSexp::try_from_slice(i)?)?;
                parts.set_name_and_value(2, "x", OwnedRealSexp::try_from_slice(values)?)?;
                args.add("x", parts)?
            }
        }
        args.add("n_rows", OwnedRealSexp::try_from_scalar(rows.n_rows as f64)?)?;
        args.add("names", crate::texts(&rows.names)?)?;
        args.add("target", target(&rows.target, &rows.target_names)?)?;
        args.add("seed", OwnedRealSexp::try_from_scalar(seed as f64)?)?;
        let out: Sexp = self.functions[index].call(args)?.into();
        let TypedSexp::List(out) = out.into_typed() else { return Err(Failure::R("no scores".into())) };
        if out.get("interrupted").is_some() {
            return Err(Failure::Interrupted);
        }
        if let Some(message) = out.get("error") {
            let message = match message.into_typed() {
                TypedSexp::String(s) => s.iter().next().unwrap_or("an error").to_string(),
                _ => "an error".to_string(),
            };
            return Err(Failure::R(message));
        }
        match out.get("scores").map(Sexp::into_typed) {
            Some(TypedSexp::Real(scores)) => Ok(scores.as_slice().to_vec()),
            _ => Err(Failure::R("no scores".into())),
        }
    }
}

enum Failure {
    /// The function raised an error: its message.
    R(String),
    /// The user pressed Ctrl-C while it ran.
    Interrupted,
    Savvy(savvy::Error),
}

impl From<savvy::Error> for Failure {
    fn from(e: savvy::Error) -> Failure {
        Failure::Savvy(e)
    }
}

/// The target as a list `r/R/own.R` turns into R's own: `kind` and its parts.
fn target(t: &Target, names: &[String]) -> savvy::Result<Sexp> {
    let mut parts: Vec<(&str, Sexp)> = Vec::new();
    match t {
        Target::Classes { codes, names: levels } => {
            parts.push(("kind", crate::text("classes")?));
            let codes: Vec<i32> = codes.iter().map(|&c| c as i32 + 1).collect();
            parts.push(("codes", OwnedIntegerSexp::try_from_slice(codes)?.into()));
            parts.push(("levels", crate::texts(levels)?));
        }
        Target::Values(values) => {
            parts.push(("kind", crate::text("values")?));
            parts.push(("values", OwnedRealSexp::try_from_slice(values)?.into()));
        }
        Target::Survival(s) => {
            parts.push(("kind", crate::text("survival")?));
            parts.push(("time", OwnedRealSexp::try_from_slice(s.time())?.into()));
            let event: Vec<f64> = s.event().iter().map(|&e| f64::from(u8::from(e))).collect();
            parts.push(("event", OwnedRealSexp::try_from_slice(event)?.into()));
        }
        Target::Set(members) => {
            parts.push(("kind", crate::text("set")?));
            let mut list = OwnedListSexp::new(members.len(), true)?;
            for (i, (member, name)) in members.iter().zip(names).enumerate() {
                list.set_name_and_value(i, name, target(member, &[])?)?;
            }
            parts.push(("members", list.into()));
        }
    }
    let mut out = OwnedListSexp::new(parts.len(), true)?;
    for (i, (name, value)) in parts.into_iter().enumerate() {
        out.set_name_and_value(i, name, value)?;
    }
    out.into()
}
