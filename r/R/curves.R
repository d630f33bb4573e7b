#' FFA/RFA error curves of rankings, judged honestly
#'
#' Each ranker runs inside every training split of a repeated cross-validation; the learner is trained on that
#' split's top-k features (forward feature addition, FFA) and on all but its bottom-k (reverse, RFA) and scored on
#' the split's test rows, for every size of the grid. The expected curve of `expected` random rankings is the
#' yardstick. Read the answers with [as.data.frame()], [plot()], [eca()], [significance()], [stability()] and
#' [decide()].
#'
#' @inheritParams dataset
#' @param rankers Ranking methods: spec texts (`"relieff"`, `"info-gain"`, `"lasso:alpha=0.5"`; see [methods()])
#'   and R functions `function(x, y)` (or `function(x, y, seed)`), named by the list's names: `x` a split's
#'   training rows as a matrix with column names (a `dgCMatrix` for sparse data), `y` their outcome (a factor,
#'   numbers, a `Surv`, a label matrix); it returns one score per feature, higher = more relevant (named or in
#'   the columns' order).
#' @param learner A learner's spec (`"knn"`, `"svm:c=0.1"`; see [learners()]) or several: one curve run per
#'   learner on the same splits, a list of results.
#' @param folds,repeats Folds of the k-fold plan and its repeats.
#' @param scheme The resampling scheme: `"kfold"`, `"holdout:0.3"`, `"bootstrap"`, `"group-kfold"`,
#'   `"time-series"`, ... (the command line's `--scheme`).
#' @param grid Subset sizes: `"full"` (every size), `"paper"` (the papers' grid), `"1,2,5,10"`.
#' @param expected Random rankings for the expected curve (0: none).
#' @param expected_repeats Repeats of the random rankings' plan (`NULL`: the repeats).
#' @param measure The performance measure (`NULL`: the task's default: accuracy, RMSE, Harrell's C, ...).
#' @param seed The seed of every random choice: the same seed gives the same bytes on any number of threads.
#' @param rankings Fixed rankings, computed once beforehand (no split hides its test rows from them: not an
#'   honest estimate, a comparison): a table of `feature` and `score` or `rank` (as [rank()] returns), a
#'   character vector of features best first, or a named list of them.
#' @return A `featrank_curves` (or a list of them, one per learner): `print()` says what was run and shows the
#'   table's head, `plot()` the figure, `as.data.frame()` the long table.
#' @examples
#' run <- curves(iris, target = "Species", rankers = c("relieff", "info-gain"), learner = "knn",
#'               folds = 5, repeats = 2, expected = 5, seed = 1)
#' run
#' head(as.data.frame(run))
#' eca(run)
#'
#' # an R function inside every split: the absolute t statistic of the first two classes
#' t_score <- function(x, y) {
#'   a <- y == levels(y)[1]
#'   abs(colMeans(x[a, , drop = FALSE]) - colMeans(x[!a, , drop = FALSE])) /
#'     sqrt(apply(x[a, , drop = FALSE], 2, var) / sum(a) + apply(x[!a, , drop = FALSE], 2, var) / sum(!a))
#' }
#' curves(iris, target = "Species", rankers = list(t = t_score, "fisher"), folds = 3, repeats = 1,
#'        expected = 0, seed = 1)
#' @export
curves <- function(data, target = NULL, rankers = "relieff", learner = default("learner"),
                   folds = default("folds"), repeats = default("repeats"), scheme = default("scheme"),
                   grid = default("grid"), expected = default("expected"), expected_repeats = NULL,
                   measure = NULL, seed = default("seed"), task = "auto", groups = NULL, order = NULL,
                   rankings = NULL) {
  data <- dataset(data, target = target, task = task, groups = groups, order = order)
  methods <- split_rankers(rankers)
  settings <- list(scheme = scheme, folds = folds, repeats = repeats, grid = grid, expected = expected,
                   expected_repeats = expected_repeats, measure = measure, seed = seed)
  featrank_call({
    if (!is.character(learner) || !length(learner)) {
      featrank_abort("parameter", "learner: one spec text or several", parameter = "learner")
    }
    runs <- fr_curves(data$ptr, methods$texts, learner, settings, methods$at, methods$own, fixed_rankings(rankings))
    out <- lapply(seq_len(fr_runs_len(runs)), function(i) new_curves(fr_runs_get(runs, i)))
    if (length(out) == 1) out[[1]] else stats::setNames(out, learner)
  })
}

# Fixed rankings as the compiled side reads them: a named list of list(columns, levels).
fixed_rankings <- function(rankings) {
  if (is.null(rankings)) return(NULL)
  if (is.data.frame(rankings) || is.character(rankings)) rankings <- list(ranking = rankings)
  if (!is.list(rankings) || is.null(names(rankings)) || any(!nzchar(names(rankings)))) {
    featrank_abort("parameter", "rankings: a table (feature, score or rank) or a named list of them",
                   parameter = "rankings")
  }
  lapply(rankings, function(r) {
    if (is.character(r)) r <- data.frame(feature = r, rank = seq_along(r))
    if (!is.data.frame(r)) {
      featrank_abort("parameter", "rankings: tables of feature and score or rank", parameter = "rankings")
    }
    column_parts(r)
  })
}

new_curves <- function(ptr) structure(c(list(ptr = ptr), fr_curves_info(ptr)), class = "featrank_curves")

#' @export
print.featrank_curves <- function(x, ...) {
  cat(x$description, "\n\n", sep = "")
  table <- as.data.frame(x)
  print(utils::head(table, 10), row.names = FALSE)
  if (nrow(table) > 10) cat(sprintf("... %d rows in all: as.data.frame(x)\n", nrow(table)))
  invisible(x)
}

#' @export
as.data.frame.featrank_curves <- function(x, row.names = NULL, optional = FALSE, ...) {
  featrank_call(as_frame(fr_curves_table(x$ptr)))
}

#' @export
plot.featrank_curves <- function(x, y, ...) show_svg(featrank_call(fr_curves_svg(x$ptr)), "curves")

#' The curves' figure as SVG text
#'
#' What `plot()` shows: the library's own figure.
#' @param x A result of featrank (curves, nested, decisions).
#' @param file Where to write it; `NULL`: return the text.
#' @return The SVG text (invisibly when written).
#' @examples
#' run <- curves("iris", rankers = "fisher", folds = 3, repeats = 1, expected = 2, seed = 1)
#' substr(as_svg(run), 1, 4)
#' @export
as_svg <- function(x, file = NULL) {
  text <- featrank_call(switch(class(x)[1],
    featrank_curves = fr_curves_svg(x$ptr),
    featrank_nested = fr_nested_svg(x$ptr),
    featrank_decision = fr_curves_decide_svg(x$curves$ptr),
    featrank_trade_off = x$svg,
    featrank_abort("parameter", sprintf("x: a result of featrank, not a %s", class(x)[1]), parameter = "x")
  ))
  if (is.null(file)) return(text)
  writeLines(text, file, useBytes = TRUE)
  invisible(text)
}

#' Write or read curves as JSON
#'
#' Everything about a run — per-repeat values and per-fold rankings included — as the command line's `--json`
#' writes it: the same spec and seed give the same bytes from R, Python and the command line.
#' @param x A `featrank_curves`.
#' @param file The file.
#' @return `save_json()`: the file, invisibly; `load_curves()`: a `featrank_curves`.
#' @examples
#' run <- curves("iris", rankers = "fisher", folds = 3, repeats = 1, expected = 2, seed = 1)
#' file <- tempfile(fileext = ".json")
#' save_json(run, file)
#' identical(as.data.frame(load_curves(file)), as.data.frame(run))
#' @export
save_json <- function(x, file) {
  writeLines(featrank_call(fr_curves_json(x$ptr)), file, sep = "", useBytes = TRUE)
  invisible(file)
}

#' @rdname save_json
#' @export
load_curves <- function(file) featrank_call(new_curves(fr_curves_load(path.expand(file))))

#' What the curves answer
#'
#' `eca()`: the ECA score of every pair of rankings and against the expected curve (the area between FFA curves,
#' Slavkov et al.). `significance()`: is each ranking better than the others and than random rankings
#' (corrected resampled t-test over splits, Wilcoxon over repeats, Holm). `stability()`: how alike each ranker's
#' per-split rankings are (Nogueira's phi, Kuncheva, Canberra). `decide()`: the subset size each rule chooses
#' (best, one standard error, tolerance, knee); `plot()` shows them on the curves. `trade_off()`: stability
#' (Nogueira's phi) against accuracy of each per-split ranker's top-k sets, the Pareto front and RPT.
#' @param x A `featrank_curves`.
#' @return A data.frame (`decide()`: a `featrank_decision`, which `as.data.frame()` and `plot()` read).
#' @examples
#' run <- curves("iris", rankers = c("relieff", "fisher"), folds = 3, repeats = 2, expected = 5, seed = 1)
#' eca(run)
#' significance(run)
#' stability(run)
#' decide(run)
#' trade_off(run, 2)
#' @export
eca <- function(x) featrank_call(as_frame(fr_curves_answer(x$ptr, "eca")))

#' @rdname eca
#' @export
significance <- function(x) featrank_call(as_frame(fr_curves_answer(x$ptr, "significance")))

#' @rdname eca
#' @export
stability <- function(x) featrank_call(as_frame(fr_curves_answer(x$ptr, "stability")))

#' @rdname eca
#' @param k The subset size whose top-k sets `trade_off()` compares.
#' @export
trade_off <- function(x, k) {
  t <- featrank_call(fr_curves_trade_off(x$ptr, k))
  structure(list(table = as_frame(t$table), svg = t$svg), class = "featrank_trade_off")
}

#' @export
as.data.frame.featrank_trade_off <- function(x, row.names = NULL, optional = FALSE, ...) x$table

#' @export
print.featrank_trade_off <- function(x, ...) {
  print(x$table, row.names = FALSE)
  invisible(x)
}

#' @export
plot.featrank_trade_off <- function(x, y, ...) show_svg(x$svg, "trade-off")

#' @rdname eca
#' @export
decide <- function(x) {
  table <- featrank_call(as_frame(fr_curves_answer(x$ptr, "decide")))
  structure(list(table = table, curves = x), class = "featrank_decision")
}

#' @export
as.data.frame.featrank_decision <- function(x, row.names = NULL, optional = FALSE, ...) x$table

#' @export
print.featrank_decision <- function(x, ...) {
  print(x$table, row.names = FALSE)
  invisible(x)
}

#' @export
plot.featrank_decision <- function(x, y, ...) show_svg(as_svg(x), "decisions")
