test_that("a data.frame's factors keep their levels' order, NA stays missing, text is nominal with a warning", {
  df <- data.frame(x = c(1, NA, 3, 4, 5, 6), colour = c("red", "blue", "red", NA, "blue", "red"),
                   y = factor(c("lo", "hi", "lo", "hi", "lo", "hi"), levels = c("lo", "hi")))
  expect_warning(d <- dataset(df, target = "y"), class = "featrank_warning")
  expect_identical(d$classes, c("lo", "hi"))
  expect_identical(d$features, c("x", "colour"))
  expect_identical(d$task, "classification")
  expect_identical(dataset(df[, c("x", "y")], target = "y")$rows, 6)
})

test_that("a matrix with its outcome beside, and a dgCMatrix kept sparse, rank alike", {
  skip_if_not_installed("Matrix")
  set.seed(1)
  x <- matrix(rbinom(60 * 8, 3, 0.3), 60, 8, dimnames = list(NULL, paste0("g", 1:8)))
  y <- factor(ifelse(x[, 3] + x[, 5] > 2, "case", "control"))
  dense <- dataset(x, y)
  sparse <- dataset(Matrix::Matrix(x, sparse = TRUE), y)
  expect_false(dense$sparse)
  expect_true(sparse$sparse)
  expect_identical(rank(sparse, "info-gain"), rank(dense, "info-gain"))
  expect_true(all(rank(dense, "info-gain")$feature[1:2] %in% c("g3", "g5")))
})

test_that("a SummarizedExperiment's rows are the features and colData holds the target", {
  skip_if_not_installed("SummarizedExperiment")
  set.seed(2)
  counts <- matrix(rnorm(5 * 40), 5, 40, dimnames = list(paste0("gene", 1:5), paste0("s", 1:40)))
  status <- factor(rep(c("tumour", "normal"), 20))
  counts["gene4", ] <- counts["gene4", ] + 3 * (status == "tumour")
  se <- SummarizedExperiment::SummarizedExperiment(assays = list(counts = counts),
                                                   colData = data.frame(status = status))
  d <- dataset(se, target = "status")
  expect_identical(d$features, paste0("gene", 1:5))
  expect_identical(d$rows, 40)
  expect_identical(rank(se, "fisher", target = "status")$feature[1], "gene4")
  expect_error(dataset(se, target = "stat"), class = "featrank_column_not_found_error")
})

test_that("a Surv target is a survival task, and univariate Cox agrees with survival::coxph", {
  skip_if_not_installed("survival")
  set.seed(3)
  n <- 80
  df <- data.frame(a = rnorm(n), b = rnorm(n), c = rnorm(n))
  time <- rexp(n, exp(0.9 * df$b))
  event <- rbinom(n, 1, 0.8)
  df$outcome <- survival::Surv(time, event)
  d <- dataset(df, target = "outcome")
  expect_identical(d$task, "survival")
  expect_identical(d$features, c("a", "b", "c"))
  mine <- rank(df, "univariate-cox:statistic=wald", target = "outcome")
  expect_identical(mine$feature[1], "b")
  for (f in c("a", "b", "c")) {
    fit <- summary(survival::coxph(survival::Surv(time, event) ~ df[[f]]))
    expect_equal(mine$p[mine$feature == f], unname(fit$waldtest["pvalue"]), tolerance = 1e-6)
  }
  expect_identical(dataset(as.matrix(df[, 1:3]), survival::Surv(time, event))$task, "survival")
  # a feature named like the outcome's columns keeps its name; the outcome's are named apart
  df$time <- df$a
  expect_identical(dataset(df, target = "outcome")$features, c("a", "b", "c", "time"))
  expect_identical(dataset(df, target = "outcome")$targets, c("time_1", "event"))
})

test_that("groups given beside the data keep each group on one side of every split", {
  df <- data.frame(x = rnorm(40), y = factor(rep(c("a", "b"), 20)))
  patient <- rep(1:10, each = 4)
  seen <- new.env()
  seen$calls <- list()
  spy <- function(x, y) {
    seen$calls[[length(seen$calls) + 1]] <- nrow(x)
    rep(1, ncol(x))
  }
  curves(df, target = "y", rankers = list(spy = spy), scheme = "group-kfold", folds = 5, repeats = 1,
         expected = 0, groups = patient, seed = 1)
  expect_true(all(unlist(seen$calls) %% 4 == 0))
})
