# The R door's curves equal the command line's byte for byte (the JSON of everything a run holds) on the same
# spec and seed: a bundled dataset by name, one with nominal features and missing values, and a synthetic CSV read
# by R's read.csv. FEATRANK_CLI names the CLI (CI sets it; r/check.sh too).

cli <- Sys.getenv("FEATRANK_CLI")

run_cli <- function(...) {
  out <- system2(cli, as.character(c(...)), stdout = TRUE, stderr = TRUE)
  status <- attr(out, "status")
  if (!is.null(status) && status != 0) stop(paste(out, collapse = "\n"))
  out
}

test_that("curves from R equal the CLI's JSON byte for byte", {
  skip_if(!nzchar(cli) || !file.exists(cli), "FEATRANK_CLI does not name featrank's CLI")
  dir <- withr_tempdir()
  run_cli("synth", "combined", "--rows", 200, "--seed", 3, "--out", file.path(dir, "combined.csv"),
          "--truth", file.path(dir, "truth.csv"))
  combined <- utils::read.csv(file.path(dir, "combined.csv"), stringsAsFactors = FALSE)
  cases <- list(
    list(name = "iris", data = "iris", arg = "iris", target = "class"),
    list(name = "vote", data = "vote", arg = "vote", target = "Class"),
    list(name = "combined", data = combined, arg = file.path(dir, "combined.csv"), target = "class")
  )
  for (case in cases) {
    # a fixed ranking too: the CLI's, read back by R as a table
    run_cli("rank", case$arg, "--target", case$target, "--method", "fisher", "--seed", 7,
            "--out", file.path(dir, "r.csv"))
    fixed <- utils::read.csv(file.path(dir, "r.csv"), stringsAsFactors = FALSE)
    mine <- curves(case$data, target = case$target, rankers = c("relieff:k=10", "info-gain"), learner = "knn",
                   folds = 5, repeats = 2, expected = 5, grid = "full", seed = 7, rankings = list(r = fixed))
    save_json(mine, file.path(dir, "r.json"))
    run_cli("curves", case$arg, "--target", case$target, "--ranking", file.path(dir, "r.csv"),
            "--method", "relieff:k=10", "--method", "info-gain",
            "--learner", "knn", "--folds", 5, "--repeats", 2, "--expected", 5, "--grid", "full", "--seed", 7,
            "--quiet", "--out", file.path(dir, "c.csv"), "--json", file.path(dir, "cli.json"))
    theirs <- readBin(file.path(dir, "cli.json"), "raw", file.size(file.path(dir, "cli.json")))
    ours <- readBin(file.path(dir, "r.json"), "raw", file.size(file.path(dir, "r.json")))
    expect_identical(ours, theirs, label = case$name)
    table <- utils::read.csv(file.path(dir, "c.csv"), stringsAsFactors = FALSE)
    expect_equal(as.data.frame(mine)$mean, table$mean, tolerance = 0, label = case$name)
  }
})

test_that("a ranking from R equals the CLI's", {
  skip_if(!nzchar(cli) || !file.exists(cli), "FEATRANK_CLI does not name featrank's CLI")
  dir <- withr_tempdir()
  run_cli("rank", "wine", "--method", "relieff:k=10", "--seed", 7, "--out", file.path(dir, "r.csv"))
  theirs <- utils::read.csv(file.path(dir, "r.csv"), stringsAsFactors = FALSE)
  mine <- rank("wine", "relieff:k=10", seed = 7)
  expect_identical(mine$feature, theirs$feature)
  expect_equal(mine$score, theirs$score, tolerance = 0)
})
