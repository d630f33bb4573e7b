# R survival's coxph on bundled data, the reference of featrank's Cox model and univariate-Cox ranker: diabetes
# with survival times built from it (tests/suite/survival.rs builds the same times), and the real survival set
# pbc (data/pbc.csv, written by scripts/survival/pbc_export.R). Needs R with survival (Debian: r-cran-survival).
# usage: Rscript scripts/survival/coxph_reference.R > tests/reference/coxph.csv (in the repository root)
suppressPackageStartupMessages(library(survival))
diabetes <- read.csv("data/diabetes-progression.csv")
i <- seq_len(nrow(diabetes)) - 1
x <- as.matrix(diabetes[, 1:10])
cases <- list(
  # times 1000 / progression: many tied times; every fourth row censored
  list(name = "ties", time = 1000 / diabetes$progression, event = as.numeric(i %% 4 != 0)),
  # the same times, each nudged apart (no ties: Breslow = Efron)
  list(name = "distinct", time = 1000 / diabetes$progression + i * 1e-4, event = as.numeric(i %% 4 != 0))
)
control <- coxph.control(eps = 1e-14, iter.max = 200, toler.chol = 1e-15)
# case, ties, kind, term (1-based feature; 0 for the whole model), value
cat("case,ties,kind,term,value\n")
out <- function(case, ties, kind, term, value) cat(sprintf("%s,%s,%s,%d,%.15g\n", case, ties, kind, term, value))
for (case in cases) {
  for (ties in c("efron", "breslow")) {
    fit <- coxph(Surv(case$time, case$event) ~ x, ties = ties, control = control)
    for (t in seq_len(ncol(x))) {
      out(case$name, ties, "coef", t, coef(fit)[t])
      out(case$name, ties, "se", t, sqrt(diag(vcov(fit)))[t])
    }
    out(case$name, ties, "loglik0", 0, fit$loglik[1])
    out(case$name, ties, "loglik", 0, fit$loglik[2])
    # each feature alone: the score (log-rank) test at beta = 0, the Wald z and the likelihood ratio
    for (t in seq_len(ncol(x))) {
      one <- coxph(Surv(case$time, case$event) ~ x[, t], ties = ties, control = control)
      out(case$name, ties, "score", t, one$score)
      out(case$name, ties, "wald_z", t, coef(one) / sqrt(vcov(one)[1, 1]))
      out(case$name, ties, "lr", t, 2 * (one$loglik[2] - one$loglik[1]))
    }
  }
}
# The bundled real survival set (data/pbc.csv: 17 covariates with missing values, 161 deaths, tied times): each
# feature alone on its complete rows (coxph's na.omit), as the univariate-Cox ranker scores it.
pbc <- read.csv("data/pbc.csv", check.names = FALSE)
features <- setdiff(names(pbc), c("time", "event"))
for (ties in c("efron", "breslow")) {
  for (t in seq_along(features)) {
    one <- coxph(Surv(pbc$time, pbc$event) ~ pbc[[features[t]]], ties = ties, control = control)
    out("pbc", ties, "score", t, one$score)
    out("pbc", ties, "wald_z", t, coef(one) / sqrt(vcov(one)[1, 1]))
    out("pbc", ties, "lr", t, 2 * (one$loglik[2] - one$loglik[1]))
  }
}
