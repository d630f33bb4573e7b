test_that("library errors are conditions classed by kind, carrying their fields", {
  e <- tryCatch(curves("iris", rankers = "relieff:k=0", folds = 3), error = identity)
  expect_s3_class(e, c("featrank_parameter_error", "featrank_error", "error", "condition"))
  expect_identical(e$parameter, "k")
  e <- tryCatch(curves("iris", rankers = "relieff", learner = "svn"), error = identity)
  expect_s3_class(e, "featrank_spec_error")
  expect_true("svm" %in% e$suggestions)
  e <- tryCatch(dataset(iris, target = "Specie"), error = identity)
  expect_s3_class(e, "featrank_column_not_found_error")
  expect_identical(e$column, "Specie")
  expect_identical(e$suggestions[1], "Species")
  expect_error(dataset(file.path(tempdir(), "nothing-here.csv")), class = "featrank_missing_file_error")
})

test_that("numbers a user gives are checked by name, before any work", {
  for (bad in list(-1, 2.5, NA, "a", 1e300, c(2, 3))) {
    e <- tryCatch(curves("iris", rankers = "fisher", folds = bad, repeats = 1, expected = 0), error = identity)
    expect_s3_class(e, "featrank_parameter_error")
  }
  e <- tryCatch(curves("iris", rankers = "fisher", expected = 1e12, folds = 3, repeats = 1), error = identity)
  expect_s3_class(e, "featrank_error")
  expect_s3_class(tryCatch(rank("iris", "fisher", seed = -1), error = identity), "featrank_parameter_error")
})

test_that("an R function's error names the function and the split; wrong scores are refused", {
  boom <- function(x, y) stop("boom")
  e <- tryCatch(curves("iris", rankers = list(boom = boom), folds = 3, repeats = 1, expected = 0), error = identity)
  expect_s3_class(e, "featrank_external_error")
  expect_identical(e$method, "boom")
  expect_match(conditionMessage(e), "boom")
  short <- function(x, y) 1
  expect_error(curves("iris", rankers = list(short = short), folds = 3, repeats = 1, expected = 0),
               class = "featrank_external_error")
  expect_error(curves("iris", rankers = list(function(x, y) "a"), folds = 3, repeats = 1, expected = 0),
               class = "featrank_external_error")
})
