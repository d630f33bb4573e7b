# featrank's errors and notices as R conditions. A library error reaches R as an error whose message starts with
# "featrank error: " (r/src/rust/src/lib.rs); `featrank_call()` replaces it by a condition of class
# `featrank_<kind>_error` (then `featrank_error`, `error`, `condition`) carrying the error's fields (parameter,
# column, suggestions, method, ...), and gives each notice of the call as a warning of class `featrank_warning`.

featrank_call <- function(expr, call = sys.call(-1)) {
  out <- withCallingHandlers(
    tryCatch(expr, error = function(e) {
      if (!startsWith(conditionMessage(e), "featrank error: ")) stop(e)
      take_notices()
      stop(featrank_condition(fr_last_error(), call))
    }),
    interrupt = function(i) take_notices()
  )
  take_notices()
  out
}

featrank_condition <- function(fields, call) {
  if (is.null(fields)) fields <- list(kind = "other", message = "featrank failed")
  kind <- fields$kind
  structure(
    class = c(paste0("featrank_", kind, "_error"), "featrank_error", "error", "condition"),
    c(list(message = fields$message, call = call), fields[setdiff(names(fields), c("message"))])
  )
}

# The notices the last call gave, each as a warning of class `featrank_warning`.
take_notices <- function() {
  for (message in fr_take_notices()) {
    warning(structure(class = c("featrank_warning", "warning", "condition"),
                      list(message = message, call = NULL)))
  }
}

# An error of featrank's kind `kind` raised on the R side (a value the library never sees).
featrank_abort <- function(kind, message, ..., call = sys.call(-1)) {
  stop(featrank_condition(c(list(kind = kind, message = message), list(...)), call))
}
