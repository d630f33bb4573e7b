# R cv.glmnet's cross-validated multinomial deviance (cvm, cvsd) and its λ choices (lambda.min, lambda.1se) on the
# bundled wine data with given fold ids: the reference of featrank's `ElasticNet::cross_validate_multinomial`
# (tests/suite/multinomial.rs). Needs R with glmnet (Debian: r-cran-glmnet).
# usage: Rscript scripts/glmnet/multinomial_cv.R > tests/reference/glmnet_multinomial_cv.csv
suppressPackageStartupMessages(library(glmnet))
glmnet.control(fdev = 1e-5, devmax = 0.999, mnlam = 5)  # glmnet's defaults, stated
wine <- read.csv("data/wine.csv", check.names = FALSE)
x <- as.matrix(wine[, 1:13])
foldid <- ((seq_len(nrow(x)) - 1) %% 10) + 1  # row i in fold (i mod 10): featrank's test builds the same ids
# one row per λ: its index, value, cvm and cvsd; `min` and `1se` are the indices (0-based) of lambda.min and lambda.1se
cat("case,k,lambda,cvm,cvsd,min,one_se\n")
for (alpha in c(1, 0.5)) {
  fit <- cv.glmnet(x, factor(wine$class), family = "multinomial", alpha = alpha, foldid = foldid, thresh = 1e-14,
                   maxit = 1e7)
  kmin <- match(fit$lambda.min, fit$lambda) - 1
  k1se <- match(fit$lambda.1se, fit$lambda) - 1
  for (k in seq_along(fit$lambda)) {
    cat(sprintf("wine-alpha%g,%d,%.15g,%.15g,%.15g,%d,%d\n", alpha, k - 1, fit$lambda[k], fit$cvm[k], fit$cvsd[k],
                kmin, k1se))
  }
}
