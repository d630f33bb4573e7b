# R cv.glmnet's cross-validated loss (cvm, cvsd) and its λ choices (lambda.min, lambda.1se) on bundled datasets,
# with given fold ids: the reference of featrank's `ElasticNet::cross_validate` and, for the Cox family (Breslow's
# ties, the grouped partial-likelihood deviance), `cross_validate_survival` (tests/suite/glmnet.rs). Needs R with
# glmnet and survival (Debian: r-cran-glmnet, r-cran-survival).
# usage: Rscript scripts/glmnet/cv_reference.R > tests/reference/glmnet_cv.csv
suppressPackageStartupMessages({ library(glmnet); library(survival) })
glmnet.control(fdev = 1e-5, devmax = 0.999, mnlam = 5)  # glmnet's defaults, stated
diabetes <- read.csv("data/diabetes-progression.csv")
wdbc <- read.csv("data/wdbc.csv", check.names = FALSE)
cases <- list(
  list(name = "diabetes-lasso", x = as.matrix(diabetes[, 1:10]), y = diabetes$progression, family = "gaussian", alpha = 1),
  list(name = "diabetes-enet", x = as.matrix(diabetes[, 1:10]), y = diabetes$progression, family = "gaussian", alpha = 0.5),
  list(name = "wdbc-lasso", x = as.matrix(wdbc[, 1:30]), y = as.numeric(wdbc$diagnosis == "malignant"), family = "binomial", alpha = 1),
  # survival times 1000 / progression (many ties; every fourth row censored), and the same nudged apart
  list(name = "diabetes-cox", x = as.matrix(diabetes[, 1:10]), y = Surv(1000 / diabetes$progression,
       as.numeric((seq_len(nrow(diabetes)) - 1) %% 4 != 0)), family = "cox", alpha = 1),
  list(name = "diabetes-cox-enet", x = as.matrix(diabetes[, 1:10]), y = Surv(1000 / diabetes$progression +
       (seq_len(nrow(diabetes)) - 1) * 1e-4, as.numeric((seq_len(nrow(diabetes)) - 1) %% 4 != 0)), family = "cox", alpha = 0.5)
)
# one row per λ: its index, value, cvm and cvsd; `min` and `1se` are the indices (0-based) of lambda.min and lambda.1se
cat("case,k,lambda,cvm,cvsd,min,one_se\n")
for (case in cases) {
  n <- nrow(case$x)
  foldid <- ((seq_len(n) - 1) %% 10) + 1  # row i in fold (i mod 10): featrank's test builds the same ids
  fit <- cv.glmnet(case$x, case$y, family = case$family, alpha = case$alpha, foldid = foldid, thresh = 1e-20, maxit = 1e9)
  kmin <- match(fit$lambda.min, fit$lambda) - 1
  k1se <- match(fit$lambda.1se, fit$lambda) - 1
  for (k in seq_along(fit$lambda)) {
    cat(sprintf("%s,%d,%.15g,%.15g,%.15g,%d,%d\n", case$name, k - 1, fit$lambda[k], fit$cvm[k], fit$cvsd[k], kmin, k1se))
  }
}
