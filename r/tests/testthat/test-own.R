test_that("an R function runs inside every training split, and equals the library's method computing the same", {
  seen <- new.env()
  seen$rows <- integer()
  variance <- function(x, y) {
    seen$rows <- c(seen$rows, nrow(x))
    apply(x, 2, var)
  }
  run <- curves("wine", rankers = list(mine = variance, "variance"), folds = 5, repeats = 2, expected = 0,
                seed = 4)
  expect_identical(run$rankings, c("mine", "variance"))
  expect_length(seen$rows, 10)
  expect_true(all(seen$rows < 178 & seen$rows > 178 * 0.7))
  table <- as.data.frame(run)
  expect_identical(table$mean[table$ranking == "mine"], table$mean[table$ranking == "variance"])
})

test_that("an R function is a point of a nested evaluation's grid, ranked inside every inner split", {
  calls <- new.env()
  calls$n <- 0L
  spread <- function(x, y) {
    calls$n <- calls$n + 1L
    apply(x, 2, stats::mad)
  }
  n <- nested("wine", rankers = list("fisher", spread = spread), learner = "knn:k=[1,5]", folds = 3, repeats = 1,
              inner_folds = 3, seed = 2)
  table <- as.data.frame(n)
  expect_identical(nrow(table), 3L)
  expect_true(all(table$ranker %in% c("fisher", "spread")))
  # every outer training split: its inner splits and its own refit
  expect_gte(calls$n, 3L * 4L)
  expect_true(n$estimate[2] <= n$estimate[1] && n$estimate[1] <= n$estimate[3])
})

test_that("the same seed gives the same curves; a function taking seed receives each split's", {
  seeds <- new.env()
  seeds$got <- numeric()
  noisy <- function(x, y, seed) {
    seeds$got <- c(seeds$got, seed)
    set.seed(seed %% .Machine$integer.max)
    stats::runif(ncol(x))
  }
  one <- curves("iris", rankers = list(noisy = noisy), folds = 3, repeats = 2, expected = 3, seed = 9)
  two <- curves("iris", rankers = list(noisy = noisy), folds = 3, repeats = 2, expected = 3, seed = 9)
  expect_identical(as.data.frame(one), as.data.frame(two))
  expect_length(unique(seeds$got), 6)
})

test_that("fixed rankings are compared beside the rankers, given as tables or as names best first", {
  order <- c("petalwidth", "petallength", "sepallength", "sepalwidth")
  run <- curves("iris", rankers = "fisher", rankings = list(by_hand = order, table = rank("iris", "relieff")),
                folds = 3, repeats = 1, expected = 0, seed = 1)
  expect_identical(run$rankings, c("by_hand", "table", "fisher"))
  expect_error(curves("iris", rankings = list(1:3), folds = 3), class = "featrank_parameter_error")
})

test_that("results show themselves: tables, figures, what was run", {
  run <- curves("iris", rankers = c("relieff", "fisher"), folds = 3, repeats = 2, expected = 3, seed = 1)
  expect_match(run$description, "3-fold")
  expect_output(print(run), "relieff")
  expect_true(startsWith(as_svg(run), "<svg"))
  # two repeats: the Wilcoxon test's floor is said as a warning of featrank's class
  expect_warning(tests <- significance(run), class = "featrank_warning")
  expect_true(startsWith(as_svg(trade_off(run, 2)), "<svg"))
  # in Jupyter's IRkernel a result shows itself through repr's SVG method
  if (requireNamespace("repr", quietly = TRUE)) {
    expect_identical(repr::repr_svg(run), as_svg(run))
    expect_true(startsWith(repr::repr_svg(decide(run)), "<svg"))
  }
  for (answer in list(eca(run), tests, stability(run), as.data.frame(decide(run)), as.data.frame(trade_off(run, 2)))) {
    expect_s3_class(answer, "data.frame")
    expect_gt(nrow(answer), 0)
  }
  n <- nested("iris", rankers = "fisher", learner = "knn:k=[1,5]", folds = 3, repeats = 1, inner_folds = 3,
              seed = 1)
  expect_length(n$estimate, 3)
  expect_identical(nrow(as.data.frame(n)), 3L)
  several <- curves("iris", rankers = "fisher", learner = c("knn", "naive-bayes"), folds = 3, repeats = 1,
                    expected = 0, seed = 1)
  expect_identical(names(several), c("knn", "naive-bayes"))
  expect_true(all(c("relieff", "lasso") %in% methods()$method))
  expect_true("pbc" %in% datasets())
})
