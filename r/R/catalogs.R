#' What featrank has: datasets, ranking methods, learners, measures
#'
#' `datasets()`: the bundled datasets, by name (any function's `data` takes the name). `methods()`: every ranking
#' method with its default spec, tasks, aliases, parameters and reference. `learners()` and `measures()` the same
#' for learners and performance measures. Called with arguments, `methods()` is `utils::methods()`, which it
#' masks.
#' @param ... Passed to [utils::methods()].
#' @return A character vector (`datasets()`) or a data.frame.
#' @examples
#' datasets()
#' head(methods()[, c("method", "spec")])
#' nrow(learners())
#' @export
datasets <- function() featrank_call(fr_datasets())

#' @rdname datasets
#' @export
methods <- function(...) {
  if (...length()) return(utils::methods(...))
  featrank_call(as_frame(fr_catalog("rankers")))
}

#' @rdname datasets
#' @export
learners <- function() featrank_call(as_frame(fr_catalog("learners")))

#' @rdname datasets
#' @export
measures <- function() featrank_call(as_frame(fr_catalog("measures")))

#' Synthetic data with exact ground truth
#'
#' The designs of the papers' validation, as the command line's `featrank synth` makes them: `"single"`,
#' `"pair"`, `"combined"` (features relevant alone, in pairs, both, among noise), `"madelon"`, `"null"` (60 rows,
#' 2000 features, labels independent of them: the selection-bias check), `"survival"`, `"survival-null"`,
#' `"replicates"` (rows per subject: pass `groups = "subject"`).
#' @param design The design.
#' @param rows Rows (`NULL`: the design's own).
#' @param seed The generator's seed.
#' @return A list: `data` (a data.frame: the features, then `class`, or `time` and `event`) and `truth`
#'   (feature, relevance, rank).
#' @examples
#' s <- synth("combined", rows = 100, seed = 1)
#' dim(s$data)
#' head(s$truth)
#' @export
synth <- function(design, rows = NULL, seed = 0) {
  featrank_call({
    s <- fr_synth(design, seed, rows)
    list(data = as_frame(s$data), truth = as_frame(s$truth))
  })
}
