#' Rank features with one method
#'
#' One ranking method on all the rows given, as the command line's `featrank rank` writes it. Called with a plain
#' vector (no `method`), it is base R's [base::rank()], which this function masks.
#'
#' @inheritParams dataset
#' @param method A spec text (`"relieff:k=10"`; see [methods()]) or an R function `function(x, y)` (see
#'   [curves()]).
#' @param seed The seed of the method's random choices.
#' @param ... Passed to [base::rank()] when `data` is a plain vector.
#' @return A data.frame: feature, score, rank (shadow features add p_value, q_value, verdict), best first.
#' @examples
#' rank(iris, "relieff", target = "Species")
#' rank(c(10, 30, 20)) # base R's rank
#' @export
rank <- function(data, method, target = NULL, seed = default("seed"), task = "auto", ...) {
  if (missing(method)) return(base::rank(data, ...))
  data <- dataset(data, target = target, task = task)
  featrank_call({
    if (is.function(method)) {
      own <- split_rankers(list(method = method), "method")$own
      as_frame(fr_rank(data$ptr, seed, NULL, own))
    } else if (is.character(method) && length(method) == 1) {
      as_frame(fr_rank(data$ptr, seed, method, NULL))
    } else {
      featrank_abort("parameter", "method: one spec text or an R function", parameter = "method")
    }
  })
}
