#' featrank: compute feature rankings and judge which to trust
#'
#' FFA/RFA error curves under repeated cross-validation with the rankers run inside every training split
#' ([curves()]), nested evaluation ([nested()]), rankings ([rank()]), the methods and datasets that exist
#' ([methods()], [learners()], [datasets()]). The same Rust library as featrank's command line and Python package:
#' the same spec and seed give the same bytes.
#'
#' Errors are conditions of class `featrank_<kind>_error` (`featrank_parameter_error`,
#' `featrank_column_not_found_error`, `featrank_spec_error`, ...; all `featrank_error`) carrying the fields that
#' name what was wrong (`parameter`, `column`, `suggestions`, `method`, ...). What featrank says without stopping
#' comes as warnings of class `featrank_warning`.
#'
#' @keywords internal
"_PACKAGE"

# The library's defaults, read once when the package loads (`defaults()`).
the <- new.env(parent = emptyenv())

.onLoad <- function(libname, pkgname) {
  the$defaults <- fr_defaults()
  .onLoad_display()
}

#' The library's defaults
#'
#' The values featrank's functions take when an argument is left out: `default("folds")` in a signature reads
#' them from here, so R, Python and the command line share one set, defined once in the library.
#'
#' @return A named list: learner, task, scheme, folds, repeats, grid, expected, seed, nested_repeats,
#'   inner_folds, rule.
#' @examples
#' defaults()$folds
#' @export
defaults <- function() the$defaults

#' @rdname defaults
#' @param name One of the names of `defaults()`.
#' @export
default <- function(name) {
  value <- the$defaults[[name]]
  if (is.null(value)) featrank_abort("parameter", sprintf("no default named '%s'", name), parameter = "name")
  value
}
