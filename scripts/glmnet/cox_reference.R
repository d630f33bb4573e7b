# R glmnet's Cox paths (Breslow's ties, glmnet 4.1's default) on bundled datasets with survival times built from
# them: the reference of featrank's Cox family (tests/suite/glmnet.rs, which builds the same times). Needs R with
# glmnet and survival (Debian: r-cran-glmnet, r-cran-survival).
# usage: Rscript scripts/glmnet/cox_reference.R > tests/reference/glmnet_cox.csv
suppressPackageStartupMessages({ library(glmnet); library(survival) })
glmnet.control(fdev = 1e-5, devmax = 0.999, mnlam = 5)  # glmnet's defaults, stated
read_arff <- function(path) {
  lines <- readLines(path)
  at <- grep("^@data", lines, ignore.case = TRUE)
  read.csv(text = lines[(at + 1):length(lines)], header = FALSE)
}
diabetes <- read.csv("data/diabetes-progression.csv")
sonar <- read_arff("data/sonar.arff")
sonar <- sonar[seq(1, nrow(sonar), by = 5), ]  # 42 rows of 60 features: more features than rows
i <- seq_len(nrow(diabetes)) - 1
s <- seq_len(nrow(sonar)) - 1
cases <- list(
  # times 1000 / progression: many ties; every fourth row censored
  list(name = "diabetes-cox", x = as.matrix(diabetes[, 1:10]), time = 1000 / diabetes$progression,
       event = as.numeric(i %% 4 != 0), alpha = 1),
  # the same times, each nudged apart (no ties)
  list(name = "diabetes-cox-enet", x = as.matrix(diabetes[, 1:10]), time = 1000 / diabetes$progression + i * 1e-4,
       event = as.numeric(i %% 4 != 0), alpha = 0.5),
  # one time per row in the file's order; every third row censored
  list(name = "sonar-cox", x = as.matrix(sonar[, 1:60]), time = 1 + s, event = as.numeric(s %% 3 != 0), alpha = 1)
)
# one row per λ kept and non-zero coefficient (term j the j-th feature column; term 0, the intercept, is always 0)
cat("case,k,lambda,dev_ratio,term,value\n")
for (case in cases) {
  fit <- glmnet(case$x, Surv(case$time, case$event), family = "cox", alpha = case$alpha, thresh = 1e-20, maxit = 1e9)
  beta <- as.matrix(coef(fit))
  last <- length(fit$lambda)
  for (k in unique(c(seq(1, last, by = 3), last))) {  # every third λ and the last (the path's length)
    cat(sprintf("%s,%d,%.15g,%.15g,0,0\n", case$name, k - 1, fit$lambda[k], fit$dev.ratio[k]))
    for (t in seq_len(nrow(beta))) {
      if (beta[t, k] != 0) cat(sprintf("%s,%d,%.15g,%.15g,%d,%.15g\n", case$name, k - 1, fit$lambda[k], fit$dev.ratio[k], t, beta[t, k]))
    }
  }
}
