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
#' head(methods()[, c("method", "tasks")])
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
