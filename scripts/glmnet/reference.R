# R glmnet's elastic-net paths on bundled datasets: the reference featrank's glmnet engine is checked against
# (tests/suite/glmnet.rs). Needs R with glmnet (Debian: r-cran-glmnet).
# usage: Rscript scripts/glmnet/reference.R > tests/reference/glmnet_paths.csv
suppressPackageStartupMessages(library(glmnet))
glmnet.control(fdev = 1e-5, devmax = 0.999, mnlam = 5)  # glmnet's defaults, stated
read_arff <- function(path) {
  lines <- readLines(path)
  at <- grep("^@data", lines, ignore.case = TRUE)
  read.csv(text = lines[(at + 1):length(lines)], header = FALSE)
}
diabetes <- read.csv("data/diabetes-progression.csv")
wdbc <- read.csv("data/wdbc.csv", check.names = FALSE)
sonar <- read_arff("data/sonar.arff")
sonar <- sonar[seq(1, nrow(sonar), by = 5), ]  # 42 rows of 60 features: more features than rows
cases <- list(
  list(name = "diabetes-lasso", x = as.matrix(diabetes[, 1:10]), y = diabetes$progression, family = "gaussian", alpha = 1),
  list(name = "diabetes-enet", x = as.matrix(diabetes[, 1:10]), y = diabetes$progression, family = "gaussian", alpha = 0.5),
  list(name = "diabetes-ridge", x = as.matrix(diabetes[, 1:10]), y = diabetes$progression, family = "gaussian", alpha = 0),
  list(name = "sonar-gaussian", x = as.matrix(sonar[, 2:60]), y = sonar[, 1], family = "gaussian", alpha = 0.3),
  list(name = "wdbc-lasso", x = as.matrix(wdbc[, 1:30]), y = as.numeric(wdbc$diagnosis == "malignant"), family = "binomial", alpha = 1),
  list(name = "sonar-lasso", x = as.matrix(sonar[, 1:60]), y = as.numeric(sonar[, 61] == "M"), family = "binomial", alpha = 1),
  list(name = "sonar-enet", x = as.matrix(sonar[, 1:60]), y = as.numeric(sonar[, 61] == "M"), family = "binomial", alpha = 0.5)
)
# one row per λ kept and non-zero term (term 0 the intercept, j the j-th feature column); absent terms are zero
cat("case,k,lambda,dev_ratio,term,value\n")
for (case in cases) {
  fit <- glmnet(case$x, case$y, family = case$family, alpha = case$alpha, thresh = 1e-20, maxit = 1e9)
  beta <- as.matrix(coef(fit))
  last <- length(fit$lambda)
  for (k in unique(c(seq(1, last, by = 3), last))) {  # every third λ and the last (the path's length)
    for (t in seq_len(nrow(beta))) {
      if (t == 1 || beta[t, k] != 0) cat(sprintf("%s,%d,%.15g,%.15g,%d,%.15g\n", case$name, k - 1, fit$lambda[k], fit$dev.ratio[k], t - 1, beta[t, k]))
    }
  }
}
