//! The documentation site's method pages, generated from the registries (`rankers::catalog`,
//! `learners::catalog`, `Measure::catalog`) so that the site and `featrank methods` cannot disagree: one
//! Markdown page per ranker and per learner (spec, aliases, tasks, every parameter, the reference, a runnable
//! example from each door), an index of each kind, and the measures' page.
//! `cargo run --example method_pages -- <book source dir>` writes them under `<dir>/methods/` and prints the
//! book's table-of-contents lines for them; `docs/build.sh` runs it.

use featrank::polars::prelude::*;
use featrank::resampling::Measure;

fn main() -> featrank::Result<()> {
    let book = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "target/site-src".into()));
    let dir = book.join("methods");
    std::fs::create_dir_all(&dir).map_err(|e| featrank::Error::io(&dir, e))?;
    let write = |name: &str, text: String| {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| featrank::Error::io(&path, e))
    };
    let mut summary = vec!["- [Methods](methods/index.md)".to_string()];
    let mut index = String::from(
        "# Methods\n\nEvery ranking method and learner featrank has, generated from its registries — the same \
         tables `featrank methods` prints and Python's `featrank.rankers()` / `featrank.learners()` return. \
         A method is written as a spec: its name, then `key=value` parameters (`relieff:k=5`); parameters left \
         out take their defaults.\n",
    );
    for kind in [Kind::Ranker, Kind::Learner] {
        let catalog: DataFrame = kind.catalog()?;
        let text = |column: &str, row: usize| -> String {
            let c = catalog.column(column).ok().and_then(|c| c.get(row).ok().map(|v| v.to_string()));
            c.unwrap_or_default().trim_matches('"').to_string()
        };
        summary.push(format!("  - [{}](methods/{}.md)", kind.title(), kind.word()));
        index.push_str(&format!(
            "\n## {}\n\n| name | spec with its defaults | tasks | reference |\n|---|---|---|---|\n",
            kind.title()
        ));
        let mut list =
            format!("# {}\n\n{}\n\n| name | tasks | reference |\n|---|---|---|\n", kind.title(), kind.intro());
        for row in 0..catalog.height() {
            let name = text(kind.column(), row);
            let tasks = TASKS.iter().filter(|t| text(t, row) == "true").copied().collect::<Vec<_>>().join(", ");
            let (spec, reference, aliases) = (text("spec", row), text("reference", row), text("aliases", row));
            index.push_str(&format!("| [{name}]({}-{name}.md) | `{spec}` | {tasks} | {reference} |\n", kind.word()));
            list.push_str(&format!("| [{name}]({}-{name}.md) | {tasks} | {reference} |\n", kind.word()));
            summary.push(format!("    - [{name}](methods/{}-{name}.md)", kind.word()));
            let parameters = kind.parameters(&name)?;
            write(
                &format!("{}-{name}.md", kind.word()),
                page(kind, &name, &spec, &tasks, &aliases, &reference, &parameters),
            )?;
        }
        write(&format!("{}.md", kind.word()), list)?;
    }
    write("index.md", index)?;
    write("measures.md", measures()?)?;
    summary.push("  - [Measures](methods/measures.md)".into());
    println!("{}", summary.join("\n"));
    Ok(())
}

/// The task columns of the catalogs, in their order.
const TASKS: [&str; 5] = ["classification", "regression", "multi-label", "multi-target", "survival"];

#[derive(Clone, Copy)]
enum Kind {
    Ranker,
    Learner,
}

impl Kind {
    fn catalog(self) -> featrank::Result<DataFrame> {
        Ok(match self {
            Kind::Ranker => featrank::rankers::catalog()?,
            Kind::Learner => featrank::learners::catalog()?,
        }
        .into_inner())
    }

    fn parameters(self, name: &str) -> featrank::Result<DataFrame> {
        Ok(match self {
            Kind::Ranker => featrank::rankers::parameters(name)?,
            Kind::Learner => featrank::learners::parameters(name)?,
        }
        .into_inner())
    }

    /// The catalog's name column.
    fn column(self) -> &'static str {
        match self {
            Kind::Ranker => "method",
            Kind::Learner => "learner",
        }
    }

    fn word(self) -> &'static str {
        match self {
            Kind::Ranker => "ranker",
            Kind::Learner => "learner",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Kind::Ranker => "Ranking methods",
            Kind::Learner => "Learners",
        }
    }

    fn intro(self) -> &'static str {
        match self {
            Kind::Ranker => {
                "A ranking method scores every feature; `featrank rank` runs one on a data set, `featrank curves \
                 --method` runs it inside every training fold of the evaluation (`--method`, Python `rankers=`)."
            }
            Kind::Learner => {
                "A learner is what the error curves are measured with: trained on the top features of a ranking \
                 in every training fold, tested on the fold's test rows (`--learner`, Python `learner=`)."
            }
        }
    }
}

/// One method's page.
fn page(kind: Kind, name: &str, spec: &str, tasks: &str, aliases: &str, reference: &str, params: &DataFrame) -> String {
    let mut p = format!("# {name}\n\n");
    p.push_str(&format!("- **spec with its defaults**: `{spec}`\n"));
    if !aliases.is_empty() {
        p.push_str(&format!(
            "- **also written**: {}\n",
            aliases.split(", ").map(|a| format!("`{a}`")).collect::<Vec<_>>().join(", ")
        ));
    }
    p.push_str(&format!("- **tasks**: {tasks}\n"));
    if !reference.is_empty() {
        p.push_str(&format!("- **reference**: {reference}\n"));
    }
    p.push_str("\n## Parameters\n\n");
    if params.height() == 0 {
        p.push_str("None.\n");
    } else {
        let cols: Vec<&str> = params.get_column_names().iter().map(|c| c.as_str()).collect();
        p.push_str(&format!(
            "| {} |\n|{}|\n",
            cols.join(" | "),
            cols.iter().map(|_| "---").collect::<Vec<_>>().join("|")
        ));
        for row in 0..params.height() {
            let cells: Vec<String> = cols
                .iter()
                .map(|c| {
                    let v =
                        params.column(c).ok().and_then(|c| c.get(row).ok()).map(|v| v.to_string()).unwrap_or_default();
                    let v = v.trim_matches('"').replace('|', "\\|");
                    if v == "null" {
                        "—".to_string()
                    } else {
                        v
                    }
                })
                .collect();
            p.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
    }
    // a bundled data set of a task it handles
    let data = match tasks.split(", ").next() {
        Some("classification") => "iris",
        Some("regression") => "diabetes-progression",
        Some("survival") => "pbc",
        _ => "emotions",
    };
    // the name alone where it runs with its defaults; else the spec the catalog shows (`command:run=…`)
    let runs = match kind {
        Kind::Ranker => featrank::rankers::parse(name).is_ok(),
        Kind::Learner => featrank::learners::parse(name).is_ok(),
    };
    let name = if runs { name } else { spec };
    p.push_str("\n## Example\n\n");
    match kind {
        Kind::Ranker => p.push_str(&format!(
            "```sh\nfeatrank rank {d} --method '{name}' --out ranking.csv\nfeatrank curves {d} --method '{name}' --learner knn --out curves.csv\n```\n\n```python\nimport featrank\nds = featrank.datasets.load(\"{d}\")\nranking = featrank.rank(ds, \"{name}\")\n```\n",
            d = data
        )),
        Kind::Learner => p.push_str(&format!(
            "```sh\nfeatrank curves {d} --method {r} --learner '{name}' --out curves.csv\n```\n\n```python\nimport featrank\ncurves = featrank.curves(featrank.datasets.load(\"{d}\"), rankers=\"{r}\", learner=\"{name}\")\n```\n",
            d = data,
            // a ranker of the data's task
            r = if data == "pbc" { "univariate-cox" } else { "relieff" }
        )),
    }
    let name = spec.split(':').next().unwrap_or(spec);
    p.push_str(&format!("\n`featrank methods {name}` prints this page's parameters; `featrank.parameters(\"{name}\")` returns them as a table.\n"));
    p
}

/// The measures' page.
fn measures() -> featrank::Result<String> {
    let t = Measure::catalog()?.into_inner();
    let mut p = String::from(
        "# Measures\n\nWhat a curve's value is (`--measure`, Python `measure=`); each task has a default.\n\n| measure | task | higher is better | range |\n|---|---|---|---|\n",
    );
    for row in 0..t.height() {
        let cell = |c: &str| t.column(c).ok().and_then(|c| c.get(row).ok()).map(|v| v.to_string()).unwrap_or_default();
        p.push_str(&format!(
            "| `{}` | {} | {} | {} to {} |\n",
            cell("measure").trim_matches('"'),
            cell("task").trim_matches('"'),
            cell("higher_is_better"),
            cell("low"),
            cell("high")
        ));
    }
    p.push_str(&format!("\n{}\n", Measure::help()));
    Ok(p)
}
