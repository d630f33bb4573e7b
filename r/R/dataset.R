#' Data for featrank
#'
#' Numeric and nominal features (missing values kept) and a target — a class, a number, a label set, several
#' targets, or a survival time with its event — from the ways R users hold data. Every function of featrank takes
#' what this takes and calls it; call it yourself to check the data once or to reuse it.
#'
#' * A **data.frame** (or tibble): factors and text are nominal features, `NA` is missing; `target` names a
#'   column (default: the last), `c("time", "status")` a survival target, or a column holding a
#'   `survival::Surv`.
#' * A **matrix** or a **`Matrix::dgCMatrix`** (kept sparse: rankers that score one feature at a time never
#'   densify it) with `target` the outcome itself: a factor, numbers, a `Surv`, or a 0/1 label matrix.
#' * A **`SummarizedExperiment`**: the features are its rows (genes), the samples its columns; `target` names a
#'   column of `colData` (as do `groups` and `order`), `assay` picks the assay.
#' * A file's path (.csv, .csv.gz, .arff, .parquet, svmlight) or a bundled dataset's name (see [datasets()]),
#'   read as the command line reads it.
#'
#' @param data The data (see above).
#' @param target The target (see above); `NULL`: the last column, or a bundled dataset's own.
#' @param task `"auto"` (from the target's type: doubles are regression), `"classification"`, `"regression"` or
#'   `"survival"`.
#' @param groups A column name, or one value per row: a patient, batch or subject id; each group stays on one
#'   side of every split.
#' @param order A column name, or one time per row: the rows' order for the time-ordered schemes.
#' @param assay The assay of a `SummarizedExperiment` (its first by default).
#' @param allow_identifiers Keep a text column that looks like a row identifier as a nominal feature.
#' @return A `featrank_dataset`: `print()` shows its shape and task; `$features`, `$task`, `$targets`, `$classes`.
#' @examples
#' iris_data <- dataset(iris, target = "Species")
#' iris_data
#' dataset("vote")$task
#' @export
dataset <- function(data, target = NULL, task = "auto", groups = NULL, order = NULL, assay = 1,
                    allow_identifiers = FALSE) {
  if (inherits(data, "featrank_dataset")) return(data)
  featrank_call({
    ptr <- if (is.character(data) && length(data) == 1) {
      read_dataset(data, target, task, groups, order)
    } else if (inherits(data, "SummarizedExperiment")) {
      if (!requireNamespace("SummarizedExperiment", quietly = TRUE)) {
        featrank_abort("data", "a SummarizedExperiment needs the SummarizedExperiment package")
      }
      x <- Matrix_t(SummarizedExperiment::assay(data, assay))
      samples <- as.data.frame(SummarizedExperiment::colData(data), optional = TRUE)
      outcome <- function(value, what) {
        if (is.null(value) || !is.character(value) || length(value) != 1 && what != "target") return(value)
        missing <- setdiff(value, names(samples))
        if (length(missing)) {
          featrank_abort("column_not_found", sprintf("column '%s' not found in colData; it has: %s", missing[1],
                         paste(names(samples), collapse = ", ")), column = missing[1], suggestions = names(samples))
        }
        if (length(value) == 1) samples[[value]] else samples[value]
      }
      if (is.null(target)) featrank_abort("parameter", "target: a column of colData", parameter = "target")
      from_matrix(x, outcome(target, "target"), task, outcome(groups, "groups"), outcome(order, "order"),
                  allow_identifiers)
    } else if (is.data.frame(data)) {
      from_frame(data, target, task, groups, order, allow_identifiers)
    } else if (is.matrix(data) || inherits(data, "dgCMatrix")) {
      if (is.null(target)) featrank_abort("parameter", "target: the outcome of each row, beside a matrix",
                                          parameter = "target")
      from_matrix(data, target, task, groups, order, allow_identifiers)
    } else {
      featrank_abort("parameter", sprintf(
        "data: a data.frame, matrix, dgCMatrix, SummarizedExperiment, a file's path or a dataset's name; got a %s",
        class(data)[1]), parameter = "data")
    }
    new_dataset(ptr)
  })
}

new_dataset <- function(ptr) {
  structure(c(list(ptr = ptr), fr_dataset_info(ptr)), class = "featrank_dataset")
}

# t() of a samples-by-features matrix, dense or sparse (a dgCMatrix stays one)
Matrix_t <- function(x) if (inherits(x, "Matrix")) Matrix::t(x) else t(as.matrix(x))

read_dataset <- function(path, target, task, groups, order) {
  if (!is.null(groups) && !is.character(groups) || !is.null(order) && !is.character(order)) {
    featrank_abort("parameter", "groups and order: column names of the file", parameter = "groups")
  }
  fr_read(path, as.character(target %||% character()), task, groups, order)
}

`%||%` <- function(a, b) if (is.null(a)) b else a

# A column of values per row given for `what` (groups, order) beside the data: added under that name.
per_row <- function(columns, value, what, rows) {
  if (is.null(value) || is.character(value) && length(value) == 1 && rows != 1) return(list(columns, value))
  if (length(value) != rows) {
    featrank_abort("parameter", sprintf("%s: %d values for %d rows", what, length(value), rows), parameter = what)
  }
  columns[[what]] <- value
  list(columns, what)
}

# The outcome given as a vector, a Surv or a label matrix, as target columns (named apart from the columns `taken`)
# and the task it implies.
outcome_columns <- function(y, task, rows, taken = character()) {
  if (inherits(y, "Surv")) {
    s <- unclass(y)
    if (!all(c("time", "status") %in% colnames(s))) {
      featrank_abort("column", "a Surv target must be right-censored: Surv(time, event)", column = "target")
    }
    names <- make.unique(c(taken, "time", "event"), sep = "_")[length(taken) + 1:2]
    columns <- stats::setNames(list(s[, "time"], as.integer(s[, "status"])), names)
    return(list(columns = columns, task = "survival"))
  }
  if (is.matrix(y) || is.data.frame(y)) {
    y <- as.data.frame(y, optional = TRUE)
    if (is.null(names(y)) || any(!nzchar(names(y)))) names(y) <- paste0("y", seq_along(y))
    return(list(columns = as.list(y), task = task))
  }
  if (length(y) != rows) {
    featrank_abort("parameter", sprintf("target: %d values for %d rows", length(y), rows), parameter = "target")
  }
  list(columns = stats::setNames(list(y), make.unique(c(taken, "target"), sep = "_")[length(taken) + 1]), task = task)
}

from_matrix <- function(x, y, task, groups, order, allow_identifiers) {
  rows <- nrow(x)
  names <- colnames(x) %||% paste0("x", seq_len(ncol(x)) - 1)
  out <- outcome_columns(y, task, rows, taken = names)
  columns <- out$columns
  g <- per_row(columns, groups, "groups", rows); columns <- g[[1]]
  o <- per_row(columns, order, "order", rows); columns <- o[[1]]
  targets <- names(out$columns)
  if (inherits(x, "dgCMatrix")) {
    sparse <- list(p = x@p, i = x@i, x = as.double(x@x), n_rows = as.double(rows), names = as.character(names))
    parts <- column_parts(as.data.frame(columns, optional = TRUE, stringsAsFactors = FALSE))
    return(fr_dataset(parts$columns, parts$levels, targets, out$task, allow_identifiers, g[[2]], o[[2]], sparse))
  }
  x <- as.matrix(x)
  frame <- as.data.frame(x, optional = TRUE)
  names(frame) <- names
  for (name in names(columns)) frame[[name]] <- columns[[name]]
  parts <- column_parts(frame)
  fr_dataset(parts$columns, parts$levels, targets, out$task, allow_identifiers, g[[2]], o[[2]], NULL)
}

from_frame <- function(df, target, task, groups, order, allow_identifiers) {
  rows <- nrow(df)
  columns <- as.list(df)
  if (is.null(target)) target <- names(df)[length(df)]
  if (is.character(target) && length(target) == 1 && inherits(df[[target]], "Surv")) {
    columns[[target]] <- NULL
    target <- df[[target]]
  }
  if (is.character(target)) {
    targets <- target
  } else {
    out <- outcome_columns(target, task, rows, taken = names(columns))
    for (name in names(out$columns)) columns[[name]] <- out$columns[[name]]
    targets <- names(out$columns)
    task <- out$task
  }
  g <- per_row(columns, groups, "groups", rows); columns <- g[[1]]
  o <- per_row(columns, order, "order", rows); columns <- o[[1]]
  parts <- column_parts(columns)
  fr_dataset(parts$columns, parts$levels, targets, task, allow_identifiers, g[[2]], o[[2]], NULL)
}

# A table's columns as the compiled side reads them: numbers, integers, logicals, text; a factor as its values'
# text with its levels beside (their order kept); dates as numbers.
column_parts <- function(columns) {
  columns <- as.list(columns)
  levels <- vector("list", length(columns))
  names(levels) <- names(columns)
  for (name in names(columns)) {
    v <- columns[[name]]
    if (is.factor(v)) {
      levels[name] <- list(levels(v))
      v <- as.character(v)
    } else if (inherits(v, c("Date", "POSIXt"))) {
      v <- as.numeric(v)
    } else if (!is.atomic(v) || is.complex(v) || !is.null(dim(v))) {
      featrank_abort("column", sprintf("column '%s': a %s; featrank reads numbers, logicals, text and factors",
                                       name, class(v)[1]), column = name)
    }
    columns[[name]] <- if (is.numeric(v) || is.logical(v) || is.character(v)) as.vector(v) else v
  }
  list(columns = columns, levels = levels)
}

#' @export
print.featrank_dataset <- function(x, ...) {
  cat(sprintf("<featrank dataset> %d rows, %d features%s; task: %s; target: %s\n", x$rows, length(x$features),
              if (x$sparse) " (sparse)" else "", x$task, paste(x$targets, collapse = ", ")))
  if (length(x$classes)) cat("classes:", paste(x$classes, collapse = ", "), "\n")
  invisible(x)
}
