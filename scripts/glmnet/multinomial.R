# R glmnet's multinomial elastic-net paths (type.multinomial = "ungrouped", glmnet's default) on bundled datasets:
# the reference featrank's multinomial family is checked against (tests/suite/glmnet.rs). Needs R with glmnet
# (Debian: r-cran-glmnet).
# usage: Rscript scripts/glmnet/multinomial.R > tests/reference/glmnet_multinomial.csv
suppressPackageStartupMessages(library(glmnet))
glmnet.control(fdev = 1e-5, devmax = 0.999, mnlam = 5)  # glmnet's defaults, stated
read_arff <- function(path) {
  lines <- readLines(path)
  at <- grep("^@data", lines, ignore.case = TRUE)
  rows <- lines[(at + 1):length(lines)]
  read.csv(text = rows[!grepl("^%", rows) & nzchar(trimws(rows))], header = FALSE)  # no comments, no blank lines
}
iris <- read_arff("data/iris.arff")
wine <- read.csv("data/wine.csv", check.names = FALSE)
small <- wine[seq(1, nrow(wine), by = 15), ]  # 12 rows of 13 features: more features than rows
cases <- list(
  list(name = "iris-lasso", x = as.matrix(iris[, 1:4]), y = iris[, 5], alpha = 1),
  list(name = "wine-enet", x = as.matrix(wine[, 1:13]), y = wine$class, alpha = 0.5),
  list(name = "wine-small-lasso", x = as.matrix(small[, 1:13]), y = small$class, alpha = 1)
)
# one row per λ kept, class and non-zero term (term 0 the intercept, j the j-th feature column); absent terms are zero
cat("case,k,lambda,dev_ratio,class,term,value\n")
for (case in cases) {
  fit <- glmnet(case$x, factor(case$y), family = "multinomial", alpha = case$alpha, thresh = 1e-14, maxit = 1e7)
  last <- length(fit$lambda)
  for (class in names(fit$beta)) {
    beta <- rbind(fit$a0[class, ], as.matrix(fit$beta[[class]]))
    for (k in unique(c(seq(1, last, by = 3), last))) {  # every third λ and the last (the path's length)
      for (t in seq_len(nrow(beta))) {
        if (t == 1 || beta[t, k] != 0) {
          cat(sprintf("%s,%d,%.15g,%.15g,%s,%d,%.15g\n", case$name, k - 1, fit$lambda[k], fit$dev.ratio[k], class,
                      t - 1, beta[t, k]))
        }
      }
    }
  }
}
