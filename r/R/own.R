# A user's R function as a ranker inside every split (`rankers = list(my_ranker = function(x, y) ...)`). The
# compiled side (r/src/rust/src/own.rs) calls the wrapper below with a split's training rows; the wrapper gives the
# function what R users hold — `x` a matrix with column names (a `dgCMatrix` when the data are sparse), `y` a factor,
# numbers, a `survival::Surv` or a label matrix — and returns its scores, or the message of the error it raised.

# Spec texts and functions of `rankers` apart: list(texts = <character>, own = <named list of wrappers> or NULL,
# at = <the functions' 0-based places in the list>).
split_rankers <- function(rankers, parameter = "rankers") {
  if (is.null(rankers)) return(list(texts = character(), own = NULL, at = integer()))
  if (is.function(rankers)) rankers <- list(rankers)
  if (!is.character(rankers) && !is.list(rankers)) {
    featrank_abort("parameter", sprintf("%s: spec texts and R functions (a character vector or a list)", parameter),
                   parameter = parameter)
  }
  rankers <- as.list(rankers)
  given <- names(rankers)
  if (is.null(given)) given <- rep("", length(rankers))
  texts <- character()
  own <- list()
  at <- integer()
  for (i in seq_along(rankers)) {
    r <- rankers[[i]]
    if (is.character(r) && length(r) == 1 && !is.na(r)) {
      texts <- c(texts, r)
    } else if (is.function(r)) {
      name <- if (nzchar(given[i])) given[i] else paste0("function_", length(own) + 1)
      own[[name]] <- wrap_ranker(r, name)
      at <- c(at, i - 1L)
    } else {
      featrank_abort("parameter", sprintf("%s[[%d]]: a spec text or an R function", parameter, i),
                     parameter = parameter)
    }
  }
  list(texts = texts, own = if (length(own)) own else NULL, at = at)
}

wrap_ranker <- function(f, name) {
  force(f)
  takes_seed <- "seed" %in% names(formals(f))
  function(x, n_rows, names, target, seed) {
    tryCatch({
      x <- split_matrix(x, n_rows, names)
      y <- split_target(target)
      scores <- if (takes_seed) f(x, y, seed = seed) else f(x, y)
      if (!is.null(names(scores))) {
        missing <- setdiff(names, names(scores))
        if (length(missing)) stop(sprintf("no score for %s", paste(utils::head(missing, 5), collapse = ", ")))
        scores <- scores[names]
      }
      if (!is.numeric(scores)) stop(sprintf("returned a %s, not numbers", class(scores)[1]))
      list(scores = as.double(scores))
    },
    error = function(e) list(error = conditionMessage(e)),
    interrupt = function(i) list(interrupted = TRUE))
  }
}

split_matrix <- function(x, n_rows, names) {
  if (!is.list(x)) return(matrix(x, nrow = n_rows, dimnames = list(NULL, names)))
  if (!requireNamespace("Matrix", quietly = TRUE)) stop("sparse data need the Matrix package")
  Matrix::sparseMatrix(i = x$i, p = x$p, x = x$x, dims = c(n_rows, length(names)),
                       dimnames = list(NULL, names), index1 = FALSE)
}

split_target <- function(target) {
  switch(target$kind,
    classes = factor(target$levels[target$codes], levels = target$levels),
    values = target$values,
    survival = if (requireNamespace("survival", quietly = TRUE)) {
      survival::Surv(target$time, target$event)
    } else {
      data.frame(time = target$time, event = target$event)
    },
    set = {
      # a label set as a 0/1 matrix (a column per label); several targets as a data.frame of them
      binary <- vapply(target$members, function(m) {
        m$kind == "classes" && all(m$levels %in% c("0", "1", "false", "true", "FALSE", "TRUE"))
      }, logical(1))
      if (all(binary)) {
        vapply(target$members, function(m) as.integer(m$levels[m$codes] %in% c("1", "true", "TRUE")),
               integer(length(target$members[[1]]$codes)))
      } else {
        as.data.frame(lapply(target$members, split_target), optional = TRUE)
      }
    }
  )
}
