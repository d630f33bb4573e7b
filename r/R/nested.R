#' Nested evaluation: how good is the whole procedure, subset size chosen inside
#'
#' For every outer training split, an inner cross-validation chooses the ranker's and the learner's parameters
#' (grids such as `"knn:k=[1,5,9]"`) and the subset size by `rule`; the choice is refit on the outer training
#' split and scored on its test rows. The estimate is the mean outer value with its interval; the optimism is how
#' much better the ordinary curves' best point looks.
#'
#' @inheritParams curves
#' @param learner A learner's spec, grids allowed (`"knn:k=[1,5,9]"`).
#' @param inner_folds Folds of the inner cross-validation.
#' @param rule How the inner curves choose the size: `"best"`, `"1se"`, `"tolerance:0.01"`, `"knee"`, `"at:10"`.
#' @return A `featrank_nested`: `print()`, `plot()`, `as.data.frame()` (one row per outer split),
#'   `$estimate` (mean, lower, upper), `$optimism`.
#' @examples
#' n <- nested("iris", rankers = "fisher", learner = "knn:k=[1,5]", folds = 3, repeats = 1,
#'             inner_folds = 3, seed = 1)
#' n$estimate
#' @export
nested <- function(data, target = NULL, rankers = "relieff", learner = default("learner"),
                   folds = default("folds"), repeats = default("nested_repeats"), scheme = default("scheme"),
                   inner_folds = default("inner_folds"), rule = default("rule"), grid = default("grid"),
                   measure = NULL, seed = default("seed"), task = "auto", groups = NULL, order = NULL) {
  data <- dataset(data, target = target, task = task, groups = groups, order = order)
  methods <- split_rankers(rankers)
  settings <- list(scheme = scheme, folds = folds, repeats = repeats, inner_folds = inner_folds, rule = rule,
                   grid = grid, measure = measure, seed = seed)
  featrank_call({
    if (!is.character(learner) || length(learner) != 1) {
      featrank_abort("parameter", "learner: one spec text (grids allowed)", parameter = "learner")
    }
    ptr <- fr_nested(data$ptr, methods$texts, learner, settings, methods$own)
    structure(c(list(ptr = ptr), fr_nested_info(ptr)), class = "featrank_nested")
  })
}

#' @export
print.featrank_nested <- function(x, ...) {
  cat(x$description, "\n", sep = "")
  cat(sprintf("estimate (%s): %.4f [%.4f, %.4f]; optimism of the ordinary best point: %.4f\n", x$measure,
              x$estimate[1], x$estimate[2], x$estimate[3], x$optimism))
  invisible(x)
}

#' @export
as.data.frame.featrank_nested <- function(x, row.names = NULL, optional = FALSE, ...) {
  featrank_call(as_frame(fr_nested_table(x$ptr)))
}

#' @export
plot.featrank_nested <- function(x, y, ...) show_svg(featrank_call(fr_nested_svg(x$ptr)), "nested")
