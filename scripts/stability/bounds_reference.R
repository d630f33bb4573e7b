# The error bounds of stability selection as R's stabs computes them (Hofner, Boccuto & Göker 2015; its
# helpers follow Shah & Samworth's own code): the reference of featrank's `StabilityBound`
# (tests/suite/stability_selection.rs). Needs R with stabs (CRAN).
# One row per case: p, q, cutoff, B, the assumption; `bound` the unrounded E(V) bound of that formula (NA where
# stabs refuses the case); `q_auto` the q stabsel_parameters() chooses for PFER = 1 at that cutoff (NA where it
# refuses).
# usage: Rscript scripts/stability/bounds_reference.R > tests/reference/stabsel_bounds.csv
suppressPackageStartupMessages(library(stabs))
bound <- function(p, q, cutoff, B, assumption) {
  tryCatch(switch(assumption,
    none = q^2 / p / (2 * cutoff - 1),
    unimodal = q^2 / p / stabs:::um_const(cutoff, B, theta = q / p),
    `r-concave` = stabs:::minD(q, p, cutoff, B) * p), error = function(e) NA)
}
q_auto <- function(p, cutoff, B, assumption) {
  sampling <- if (assumption == "none") "MB" else "SS"
  tryCatch(suppressWarnings(stabsel_parameters(p = p, cutoff = cutoff, PFER = 1, B = B,
    assumption = assumption, sampling.type = sampling))$q, error = function(e) NA)
}
cat("p,q,cutoff,B,assumption,bound,q_auto\n")
for (assumption in c("none", "unimodal", "r-concave")) {
  for (p in c(30, 200, 1000)) {
    for (B in c(50, 20)) {
      for (cutoff in c(0.6, 0.75, 0.8, 0.9)) {
        qa <- q_auto(p, cutoff, B, assumption)
        for (q in c(2, 5, 10, 20)) {
          cat(sprintf("%d,%d,%.15g,%d,%s,%.15g,%s\n", p, q, cutoff, B, assumption,
                      bound(p, q, cutoff, B, assumption), ifelse(is.na(qa), "NA", as.character(qa))))
        }
      }
    }
  }
}
